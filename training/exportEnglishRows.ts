/**
 * The English rows the TypeScript corpus loads, as JSON Lines for the PyTorch trainer (training/englishNet.py):
 * GENERAL's corpus with the issue-37 sets (corpus.ts loadGeneralCorpus(true): GoEmotions, UMSAB en, NusaX en, XED en,
 * BRIGHTER eng, the VADER phrase templates) and EmoBank's graded rows (loadFiveLevelRows), each with its split as the
 * project holds it out, its tuning-slice flags and the tokens the service reads it with.
 *
 *   npm run build && node dist/training/exportEnglishRows.js [--out=data/build/english-rows.jsonl]
 *
 * Per row: `text`, `source`, `split` (train | heldout), `polarity` (0–2), `emotions` (EMOTIONS indices), `level`
 * (EmoBank / BRIGHTER five levels), `graded` (an EmoBank row: never trained on), `tuneCross` (isTuningRow by the row's
 * index in loadGeneralCorpus(true), as trainEnglish.ts --cross-source picks it), `tuneShip` (by its index among the
 * English rows, as `npm run train -- --only=english` picks it), and `tokens`: [lower-case form, negated 0|1, prior, hashed features]
 * for each token the featuriser kept (englishNetInput.ts `netTokens`, the function the service reads texts with).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cliArgs } from '../lib/cliArgs.js';
import { projectRoot } from '../src/paths.js';
import { netTokens, netFeaturizer } from '../src/sentiment/englishNetInput.js';
import { cleanText } from '../src/sentiment/textInput.js';
import { loadFiveLevelRows, loadGeneralCorpus, type Row } from './corpus.js';
import { ENGLISH_SPEC } from './trainEnglish.js';
import { loadWordVectors } from './englishVectors.js';
import { isTuningRow } from './modelSpecs.js';
import { progress } from './progress.js';

export const ENGLISH_ROWS_FILE = join(projectRoot, 'data', 'build', 'english-rows.jsonl');

function main(): void {
  const { values } = cliArgs({
    name: 'exportEnglishRows',
    usage: 'node dist/training/exportEnglishRows.js [--out=FILE]',
    about: 'Writes the English training, held-out and graded rows with their tokens for training/englishNet.py.',
    options: { out: { type: 'string', default: ENGLISH_ROWS_FILE, help: 'the JSON Lines file to write' } },
  });
  const bar = progress('english rows');
  const featurizer = netFeaturizer({ ...ENGLISH_SPEC.featurizer, ...ENGLISH_SPEC.servingFeaturizer });
  const lines: string[] = [];
  const emit = (r: Row, extra: Record<string, unknown>): void => {
    let text: string;
    try {
      text = cleanText(r.text);
    } catch {
      text = ''; // a text the service refuses: no tokens
    }
    const tokens = text ? netTokens(featurizer, featurizer.featurize(text)) : [];
    lines.push(JSON.stringify({
      text: r.text, source: r.source, split: r.split,
      ...(r.polarity !== undefined ? { polarity: r.polarity } : {}),
      ...(r.emotions?.length ? { emotions: r.emotions } : {}),
      ...(r.level !== undefined ? { level: r.level } : {}),
      ...extra,
      tokens: tokens.map((t) => [t.lower, t.negated ? 1 : 0, t.prior, t.subwords]),
    }));
    if (lines.length % 20000 === 0) bar.update(`${lines.length} rows`);
  };
  let english = 0;
  loadGeneralCorpus(true).forEach((r, i) => {
    if (r.lang !== 'en') return;
    emit(r, { tuneCross: isTuningRow(r, i), tuneShip: isTuningRow(r, english) });
    english++;
  });
  for (const r of loadFiveLevelRows()) emit(r, { graded: true });
  // the GloVe table the network starts from (data/build/glove-6b-100d-100000.bin), converted once if missing
  loadWordVectors();
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, lines.join('\n') + '\n');
  bar.done(`${lines.length} rows (${english} corpus rows in English) → ${values.out}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
