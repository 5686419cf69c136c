/**
 * The language stage alone, µs per text in one thread: LanguageIdentifier.identify on texts the featuriser already
 * read (GENERAL's bags, as in the service), the head alone (`withEld: false`, the stage before session 19) and with
 * eld's table as second opinion, alternated in rounds in this process (medians of the rounds). Sets: the sentiment
 * sets' held-out tweets (the common path: most are trusted head verdicts that never ask eld) and the everyday
 * sentences (data/sentiment/everyday/), where eld is asked more often. Prints the share of texts that ask eld.
 *
 *   npx tsx bench/languageStage.ts          (BENCH_ROUNDS=7)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Featurizer, loadExtraLexicons } from '../src/sentiment/featurizer.js';
import { cleanText } from '../src/sentiment/textInput.js';
import { CONSULT_BELOW, LanguageIdentifier, sentimentLanguages } from '../src/sentiment/languageDetector.js';
import { loadGeneralCorpus } from '../training/corpus.js';
import { MODELS_DIR } from '../src/sentiment/sentimentAnalyzer.js';
import { projectRoot } from '../src/paths.js';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 7);
const log = (s: string): void => void process.stdout.write(`${s}\n`);

const sidecar = JSON.parse(readFileSync(join(MODELS_DIR, 'general.json'), 'utf8')) as { featurizer: ConstructorParameters<typeof Featurizer>[0] };
loadExtraLexicons(readFileSync(join(MODELS_DIR, 'extra-lexicons.bin')), join(MODELS_DIR, 'extra-lexicons.bin'));
const featurizer = new Featurizer(sidecar.featurizer);
const trusted = sentimentLanguages(MODELS_DIR);
const head = LanguageIdentifier.load(MODELS_DIR, { withEld: false, trusted });
const withEld = LanguageIdentifier.load(MODELS_DIR, { trusted });

interface Bag { text: string; ids: Int32Array; letters: number }
function bags(texts: string[]): Bag[] {
  const out: Bag[] = [];
  for (const t of texts) {
    let text: string;
    try {
      text = cleanText(t);
    } catch {
      continue;
    }
    const b = featurizer.featurize(text);
    out.push({ text, ids: b.languageIds.slice(0, b.languageCount), letters: b.letters });
  }
  return out;
}

const tweets = bags(loadGeneralCorpus().filter((r) => r.split === 'heldout').map((r) => r.text.slice(0, 280)));
const everyday = bags(['dev.tsv', 'fresh.tsv'].flatMap((f) => readFileSync(join(projectRoot, 'data', 'sentiment', 'everyday', f), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')[2]!)));

function usPerText(id: LanguageIdentifier, set: Bag[]): number {
  const start = process.hrtime.bigint();
  for (const b of set) id.identify(b.ids, b.ids.length, b.letters, b.text);
  return Number(process.hrtime.bigint() - start) / 1e3 / set.length;
}
const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[xs.length >> 1]!;

/** The share of texts whose head verdict asks eld (und, untrusted, or under CONSULT_BELOW; identify's first tests). */
function asked(set: Bag[]): number {
  let n = 0;
  for (const b of set) {
    const v = head.identify(b.ids, b.ids.length, b.letters, b.text);
    const p = head.probabilities(b.ids, Math.min(b.ids.length, head.sidecar.maxFeatures));
    const best = Math.max(...p);
    if (b.letters >= head.sidecar.minLetters && (v.code === 'und' || !trusted.has(v.code) || best < CONSULT_BELOW)) n++;
  }
  return n / set.length;
}

for (const [name, set] of [['held-out tweets', tweets], ['everyday sentences', everyday]] as const) {
  for (let w = 0; w < 2; w++) {
    usPerText(head, set);
    usPerText(withEld, set);
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    a.push(usPerText(head, set));
    b.push(usPerText(withEld, set));
  }
  log(`${name} (${set.length} texts): head alone ${median(a).toFixed(2)} µs/text, with eld as second opinion ${median(b).toFixed(2)} µs/text; eld asked for about ${(100 * asked(set)).toFixed(1)} % of them (medians of ${ROUNDS} alternating rounds)`);
}
