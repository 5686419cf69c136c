/**
 * The merged extra lexicons as a file (models/extra-lexicons.bin): written by `npm run train`, read by the
 * analyser (sentimentAnalyzer.ts, after checking its sha256 against the model's sidecar), so the service builds
 * no lexicon from npm packages. Pure encoding and decoding; extraLexicons.ts holds the tables a thread uses.
 */

/** The merged lexicons keyed as the tables use them (lexiconKey of the word or stem), in the order the tables are filled. */
export interface KeyedExtraLexicons { emoji: Map<string, number>; words: Map<number, number>; stems: Map<number, number> }

/** Beside the models: the merged lexicons the models were trained with (npm run train writes it; the analyzer reads it). */
export const EXTRA_LEXICONS_FILE = 'extra-lexicons.bin';
const LEXICON_MAGIC = 0x314c584d; // "MXL1" little-endian

/**
 * The merged lexicons as a file: magic, then emoji (count; per entry: UTF-8 length as
 * u8, the bytes, the strength as i8), then words and stems (count; per entry: the
 * 30-bit key as u32, the strength as i8), all little-endian, in table-filling order, so
 * the tables read back are the ones extraLexicons() builds. Reading it costs a few ms and
 * no strings beyond the emoji, where building from @nlpjs/lang-all cost ~0.4 s and grew
 * every pool worker's heap (the idle RSS rose ~90 MB).
 */
export function encodeKeyedLexicons(k: KeyedExtraLexicons): Buffer {
  const emoji = [...k.emoji].map(([e, v]) => [Buffer.from(e, 'utf8'), v] as const);
  const size = 4 + 4 + emoji.reduce((a, [b]) => a + 2 + b.length, 0) + 4 + 5 * k.words.size + 4 + 5 * k.stems.size;
  const out = Buffer.alloc(size);
  let at = out.writeUInt32LE(LEXICON_MAGIC, 0);
  at = out.writeUInt32LE(emoji.length, at);
  for (const [b, v] of emoji) {
    at = out.writeUInt8(b.length, at);
    at += b.copy(out, at);
    at = out.writeInt8(v, at);
  }
  for (const m of [k.words, k.stems]) {
    at = out.writeUInt32LE(m.size, at);
    for (const [key, v] of m) {
      at = out.writeUInt32LE(key, at);
      at = out.writeInt8(v, at);
    }
  }
  return out;
}

/** The lexicons of a file encodeKeyedLexicons() wrote (bin, read from `path`); a malformed file is refused by name. */
export function decodeKeyedLexicons(bin: Buffer, path: string): KeyedExtraLexicons {
  const fail = (why: string): never => { throw new Error(`${path} is not a lexicon file of this Meridian (${why}): run \`npm run train\` or restore models/ from git`); };
  const need = (at: number, n: number): void => { if (at + n > bin.length) fail('truncated'); };
  need(0, 8);
  if (bin.readUInt32LE(0) !== LEXICON_MAGIC) fail('no MXL1 header');
  let at = 4;
  const emoji = new Map<string, number>();
  const emojiCount = bin.readUInt32LE(at);
  at += 4;
  for (let i = 0; i < emojiCount; i++) {
    need(at, 1);
    const n = bin.readUInt8(at);
    need(at, 2 + n);
    emoji.set(bin.toString('utf8', at + 1, at + 1 + n), bin.readInt8(at + 1 + n));
    at += 2 + n;
  }
  const keyed: Map<number, number>[] = [];
  for (let t = 0; t < 2; t++) {
    need(at, 4);
    const count = bin.readUInt32LE(at);
    at += 4;
    need(at, 5 * count);
    const m = new Map<number, number>();
    for (let i = 0; i < count; i++, at += 5) m.set(bin.readUInt32LE(at), bin.readInt8(at + 4));
    keyed.push(m);
  }
  if (at !== bin.length) fail('trailing bytes');
  return { emoji, words: keyed[0]!, stems: keyed[1]! };
}
