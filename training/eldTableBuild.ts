/**
 * Writes models/language-eld.bin and language-eld.json, the re-encoding of eld's medium n-gram database that
 * src/sentiment/eldTable.ts reads (eld is a devDependency: the served core never imports this file).
 * Run: `npx tsx training/eldTableBuild.ts [--out DIR]`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cliArgs } from '../lib/cliArgs.js';
import { projectRoot } from '../src/paths.js';
import { fnv, type EldSidecar } from '../src/sentiment/eldTable.js';

/** Builds the table from the installed eld (its medium database and its tokeniser's tables). */
export async function buildEldTable(modelsDir: string): Promise<EldSidecar> {
  const entry = import.meta.resolve('eld/medium');
  const at = (p: string): string => new URL(p, entry).href;
  const { ngramsData } = (await import(at('../ngrams/medium.js'))) as { ngramsData: { type: string; languages: Record<number, string>; ngrams: Record<string, Record<string, number>> } };
  const { dictionary } = (await import(at('../dictionary.js'))) as { dictionary: string[] };
  const { separators } = (await import(at('../regexPatterns.js'))) as { separators: RegExp };
  const { avgScore } = (await import(at('../avgScore.js'))) as { avgScore: Record<string, number> };
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', entry), 'utf8')) as { version: string };
  const labels = Object.keys(ngramsData.languages).sort((a, b) => +a - +b).map((k) => ngramsData.languages[+k]!);
  const keys = Object.keys(ngramsData.ngrams);
  const hashes = new Uint32Array(keys.length);
  const starts = new Uint32Array(keys.length + 1);
  if (dictionary.length !== 256) throw new Error(`eld's byte dictionary has ${dictionary.length} entries, not 256`);
  let hashSeed = 0;
  for (;; hashSeed++) {
    const seen = new Set<number>();
    if (keys.every((k) => seen.size < seen.add(fnv(k, hashSeed)).size)) break;
  }
  let entries = 0;
  keys.forEach((k, i) => {
    hashes[i] = fnv(k, hashSeed);
    starts[i] = entries;
    entries += Object.keys(ngramsData.ngrams[k]!).length;
  });
  starts[keys.length] = entries;
  const langs = new Uint8Array(entries);
  const scores = new Uint8Array(entries);
  keys.forEach((k, i) => {
    let e = starts[i]!;
    for (const [lang, score] of Object.entries(ngramsData.ngrams[k]!).sort(([a], [b]) => +a - +b)) {
      if (!Number.isInteger(score) || score < 0 || score > 255) throw new Error(`eld score ${score} does not fit a byte`);
      langs[e] = +lang;
      scores[e++] = score;
    }
  });
  const bin = Buffer.concat([Buffer.from(hashes.buffer), Buffer.from(starts.buffer), Buffer.from(langs), Buffer.from(scores)]);
  let slotsBits = 1;
  while (2 ** slotsBits < keys.length * 2) slotsBits++;
  const sidecar: EldSidecar = {
    name: 'language-eld',
    binFile: 'language-eld.bin',
    binSha256: createHash('sha256').update(bin).digest('hex'),
    source: `eld ${pkg.version}, database ${ngramsData.type} (medium)`,
    licence: 'Apache-2.0, eld by Nito T.M. (npmjs.com/package/eld); the n-gram scores are its database, re-encoded',
    labels,
    dictionary: dictionary.join(''),
    separators: { source: separators.source, flags: separators.flags },
    avgScore: labels.map((l) => avgScore[l] ?? 0.8),
    ngrams: keys.length,
    entries,
    slotsBits,
    hashSeed,
  };
  writeFileSync(join(modelsDir, sidecar.binFile), bin);
  writeFileSync(join(modelsDir, 'language-eld.json'), JSON.stringify(sidecar, null, 1) + '\n');
  return sidecar;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = cliArgs({
    name: 'eldTableBuild',
    usage: 'npx tsx training/eldTableBuild.ts [--out DIR]',
    about: "Re-encodes eld's medium n-gram database as language-eld.bin and language-eld.json.",
    options: { out: { type: 'string', default: join(projectRoot, 'models') } },
  });
  const s = await buildEldTable(values.out);
  console.log(`wrote ${join(values.out, s.binFile)} (${s.ngrams} n-grams, ${s.entries} scores, ${s.labels.length} languages) and language-eld.json`);
}
