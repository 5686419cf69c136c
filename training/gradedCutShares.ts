/**
 * Where the VERY_* cuts fall per source: for a models folder (default models/), the share of rows the served
 * GENERAL model predicts negative and VERY_NEGATIVE (at its sidecar's cut, and at another cut to compare) next to the
 * graded gold's VERY_NEGATIVE share, on EmoBank (never trained on) and on the tuning slice's rows of BRIGHTER (graded,
 * a training source), GoEmotions and UMSAB English. It shows whether one pooled cut (train.ts cutsFromLevels) meets
 * each source's gold share (models/general.md, "Issue 37 candidates").
 *
 * Usage: npx tsx training/gradedCutShares.ts [models-dir] [--compare=0.9153]
 */
import { SentimentAnalyzer, MODELS_DIR } from '../src/sentiment/sentimentAnalyzer.js';
import { loadFiveLevelRows, loadGeneralCorpus, type Row } from './corpus.js';
import { isTuningRow } from './modelSpecs.js';

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--')) ?? MODELS_DIR;
const compare = Number(args.find((a) => a.startsWith('--compare='))?.slice(10) ?? 0.9153);
const a = await SentimentAnalyzer.load({ modelsDir: dir, withProbabilities: true, englishExpert: false });
const cut = a.sidecar('GENERAL').calibration!.veryNegativeCut;
const five = loadFiveLevelRows();
const general = loadGeneralCorpus(true);
const groups: [string, Row[]][] = [
  ['EmoBank train split (calibrates)', five.filter((r) => r.split === 'train')],
  ['EmoBank dev split (measures)', five.filter((r) => r.split === 'heldout')],
  ['BRIGHTER tuning slice, graded rows', general.filter((r, i) => isTuningRow(r, i) && r.source === 'brighter' && r.level !== undefined)],
  ['GoEmotions tuning slice (polarity rows)', general.filter((r, i) => isTuningRow(r, i) && r.source === 'goemotions' && r.polarity !== undefined)],
  ['UMSAB English tuning slice', general.filter((r, i) => isTuningRow(r, i) && r.source === 'umsab' && r.lang === 'en')],
];
const pct = (k: number, n: number): string => ((100 * k) / Math.max(1, n)).toFixed(1);
process.stdout.write(`| rows (${dir}) | n | predicted negative | VERY_NEGATIVE at ${cut} | at ${compare} | gold VERY_NEGATIVE |\n| --- | --- | --- | --- | --- | --- |\n`);
for (const [name, rows] of groups) {
  const probs: number[][] = [];
  for (let i = 0; i < rows.length; i += 512) {
    for (const o of await a.analyze(rows.slice(i, i + 512).map((r) => r.text))) probs.push('error' in o ? [0, 1, 0] : (o as unknown as { probabilities: number[] }).probabilities);
  }
  const neg = probs.filter((p) => p[0]! > p[1]! && p[0]! > p[2]!);
  const at = (c: number): number => neg.filter((p) => p[0]! - p[2]! >= c).length;
  const graded = rows.some((r) => r.level !== undefined);
  process.stdout.write(`| ${name} | ${rows.length} | ${pct(neg.length, rows.length)} | ${pct(at(cut), rows.length)} | ${pct(at(compare), rows.length)} | ${graded ? pct(rows.filter((r) => r.level === 0).length, rows.length) : '–'} |\n`);
}
process.exit(0);
