/**
 * `npm run eval`: measures the committed models' evaluation fits (the same settings and
 * seed as models/*.onnx, trained here without the held-out rows, which the shipped fit
 * also trains on: train.ts), run by onnxruntime-node through the same SentimentAnalyzer
 * the service uses, on held-out rows only, next to
 * baselines computed by this script on the same rows: vader-sentiment and sentiment
 * (AFINN) for English three-way sentiment, and always-majority (the most frequent
 * class in the same set's training rows) everywhere. Prints the tables and rewrites
 * the "Evaluation" section of models/general.md and models/financial-news.md.
 *
 * Also: cross-source figures (each source left out of training in turn, see
 * evalCrossSource) and the language head against eld, tinyld and cld3-asm.
 *
 * And the everyday sentences written for the project (data/sentiment/everyday/: a development set and a fresh set,
 * 38 languages): language-ID accuracy per language (ours and eld's) and three-way sentiment accuracy per language
 * beside VADER, AFINN and the majority class (evalEveryday); written into models/language.md.
 *
 * Usage: npm run eval [-- --no-write] [--only=language (the language head only) | --only=everyday (the everyday sets only, on the committed models)] [--models=dir (evaluate the models in dir as they are, e.g. from
 *        `npm run train -- --evaluation-fit --out=dir`; cards untouched)]
 *        [--folds=goemotions,umsab (only these cross-source folds)] [--no-cross]
 */
import { readFileSync, writeFileSync, existsSync, mkdtempSync, copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { cliArgs } from '../lib/cliArgs.js';
import { SentimentAnalyzer, MODELS_DIR, type AnalysisOutput } from '../src/sentiment/sentimentAnalyzer.js';
import { EMOTIONS, POLARITIES, SENTIMENT_LEVELS } from '../src/sentiment/labels.js';
import { xedProjections, type Row } from './corpus.js';
import { argmax, pct, score, type Metrics } from './metrics.js';
import { GENERAL_SPEC, FINANCE_SPEC, SPECS, type ModelSpec } from './modelSpecs.js';
import { progress } from './progress.js';
import { afinnPolarity, vaderPolarity } from './lexiconBaselines.js';
import { loadAndFeaturize, trainModel, writeModel } from './train.js';
import type { FeatureMatrix } from './linearModel.js';
import { hasLabelledRows, type ModelSidecar } from '../src/sentiment/modelCard.js';
import { predict } from './linearModel.js';
import { loadLanguageCorpus } from './languageCorpus.js';
import { evaluateLanguage } from './evaluateLanguage.js';
import { DEFAULT_FEATURIZER, Featurizer } from '../src/sentiment/featurizer.js';
import { cleanText } from '../src/sentiment/textInput.js';
import { projectRoot } from '../src/paths.js';

const negationFeaturizer = new Featurizer({ ...DEFAULT_FEATURIZER, lexicon: false });

/**
 * The negation slice: rows where a negator (featurizer.ts's list: not, n't, never, no,
 * nicht, tidak, …) governs at least one following word of its clause. Reported beside
 * every polarity figure so a change to negation handling is judged on the rows it is
 * about.
 */
export function hasNegation(text: string): boolean {
  const bag = negationFeaturizer.featurize(cleanText(text));
  for (let t = 0; t < bag.tokens.length; t++) if (bag.negatedBy[t]! >= 0) return true;
  return false;
}

const sliceLine = (name: string, gold: number[][], pred: number[]): string => {
  const m = score(POLARITIES, gold, pred);
  return `${name}: ${gold.length} rows, accuracy ${pct(m.accuracy)}, macro-F1 ${pct(m.macroF1)}, macro-recall ${pct(m.macroRecall)}`;
};

interface Scored {
  row: Row;
  out: AnalysisOutput & { probabilities: number[] };
}

async function runModel(analyzer: SentimentAnalyzer, spec: ModelSpec, rows: Row[]): Promise<Scored[]> {
  const bar = progress(`eval ${spec.name}`);
  const scored: Scored[] = [];
  for (let i = 0; i < rows.length; i += 256) {
    const batch = rows.slice(i, i + 256);
    const outs = await analyzer.analyze(batch.map((r) => r.text), spec.domain);
    outs.forEach((o, k) => {
      if ('error' in o) return; // texts the service refuses (empty after cleaning) are not scored
      scored.push({ row: batch[k]!, out: o as Scored['out'] });
    });
    bar.update(`${Math.min(i + 256, rows.length)}/${rows.length} held-out texts`);
  }
  bar.done(`${scored.length} held-out texts scored (${rows.length - scored.length} refused as empty)`);
  return scored;
}

function majorityOf(train: Row[], gold: (r: Row) => number[] | null, k: number): number {
  const counts = new Array<number>(k).fill(0);
  for (const r of train) for (const c of gold(r) ?? []) counts[c]!++;
  return argmax(counts);
}

const fmtM = (m: Metrics): string => `${pct(m.accuracy)} | ${pct(m.macroF1)} | ${pct(m.macroRecall)}`;
const NA = '– | – | –';

interface Line {
  set: string;
  rows: number;
  cells: string[];
}

/** Each header names a system with three columns: accuracy, macro-F1, macro-recall. */
function table(header: string[], lines: Line[]): string {
  const head = `| set | rows | ${header.map((h) => `${h} acc | ${h} F1 | ${h} R`).join(' | ')} |`;
  const sep = `|${' --- |'.repeat(header.length * 3 + 2)}`;
  return [head, sep, ...lines.map((l) => `| ${l.set} | ${l.rows} | ${l.cells.join(' | ')} |`)].join('\n');
}

function perClassTable(m: Metrics): string {
  return [
    '| class | support | precision | recall | F1 |',
    '| --- | --- | --- | --- | --- |',
    ...m.perClass.map((c) => `| ${c.label} | ${c.support} | ${pct(c.precision)} | ${pct(c.recall)} | ${pct(c.f1)} |`),
  ].join('\n');
}

function groups(scored: Scored[], key: (r: Row) => string | null): Map<string, Scored[]> {
  const g = new Map<string, Scored[]>();
  for (const s of scored) {
    const k = key(s.row);
    if (k === null) continue;
    (g.get(k) ?? g.set(k, []).get(k)!).push(s);
  }
  return new Map([...g.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

function levelShares(scored: Scored[]): string {
  const counts = Object.fromEntries(SENTIMENT_LEVELS.map((l) => [l, 0])) as Record<string, number>;
  for (const s of scored) counts[s.out.sentiment]!++;
  return SENTIMENT_LEVELS.map((l) => `${l} ${pct(counts[l]! / Math.max(1, scored.length))} %`).join(', ');
}

/** The languages with training data (from models/general.json, measured at training time on held-out rows). */
function languageTable(analyzer: SentimentAnalyzer): string {
  const langs = analyzer.sidecar('GENERAL').trainedLanguages;
  const cell = (h: { rows: number; macroF1: number } | undefined): string => (h ? `${h.rows} / ${pct(h.macroF1)}` : '–');
  return [
    '### Languages with training data',
    '',
    'The detector (eld) code is what `language.code` reports for texts in that language; "—" means eld cannot identify it, so such texts are flagged lower confidence even though the model saw training data in them. Held-out cells: rows / macro-F1 (%).',
    '',
    '| language | detector code | training rows | held-out polarity | held-out emotion |',
    '| --- | --- | --- | --- | --- |',
    ...langs.map((l) => `| ${l.code} | ${l.detectorCode ?? '—'} | ${l.trainingRows} | ${cell(l.heldout.polarity)} | ${cell(l.heldout.emotion)} |`),
  ].join('\n');
}

/** How often lowConfidence is set on rows in languages with training data, and how accurate flagged and unflagged rows are. */
function lowConfidenceSummary(analyzer: SentimentAnalyzer, scored: Scored[], correct: (s: Scored) => boolean | null): string {
  // languages with a verdict of their own (polarity rows of a labelled set): one whose rows teach only emotions is
  // answered as untrained, one with only written sentences as a weak language (always lowConfidence)
  const trained = new Set(analyzer.sidecar('GENERAL').trainedLanguages.filter(hasLabelledRows).map((l) => l.code));
  const rows = scored.filter((s) => trained.has(s.row.lang));
  const flagged = rows.filter((s) => s.out.lowConfidence);
  const acc = (xs: Scored[]): string => {
    const judged = xs.map(correct).filter((c) => c !== null);
    return judged.length ? pct(judged.filter(Boolean).length / judged.length) : '–';
  };
  const why = {
    language: flagged.filter((s) => !s.out.language.trained).length,
    uncertain: flagged.filter((s) => s.out.language.trained && !s.out.language.reliable).length,
  };
  return `lowConfidence on held-out rows in languages with a labelled polarity set: ${pct(flagged.length / Math.max(1, rows.length))} % of ${rows.length} (language not identified as a trained one: ${why.language}; identified but not reliably: ${why.uncertain}; the rest below the evaluation fit's calibrated probability cut ${analyzer.sidecar('GENERAL').calibration?.lowConfidenceBelow}). Three-way accuracy: flagged ${acc(flagged)} %, not flagged ${acc(rows.filter((s) => !s.out.lowConfidence))} %.`;
}

/**
 * Cross-source evaluation: for each source, train the GENERAL model (same settings
 * and seed) on every other source's training rows and score the left-out source's
 * held-out rows. Rows held out from a source the model trains on are easier than
 * text from elsewhere; these figures are the ones to trust.
 */
const FOLDS: { name: string; of: (r: Row) => boolean }[] = [
  { name: 'goemotions', of: (r) => r.source === 'goemotions' },
  { name: 'umsab', of: (r) => r.source === 'umsab' },
  { name: 'afrisenti', of: (r) => r.source.startsWith('afrisenti') },
  { name: 'nusax', of: (r) => r.source === 'nusax' },
  { name: 'xed-en', of: (r) => r.source === 'xed-en' },
  { name: 'xed-fi', of: (r) => r.source === 'xed-fi' },
  // BRIGHTER (emotions in 20 languages, polarity from them): the only source of several of its languages, so without
  // it those read near chance; the rows of its other languages show what the rest of the data carry over
  { name: 'brighter', of: (r) => r.source === 'brighter' },
];

async function evalCrossSource(inSource: Scored[], only: string | undefined, featurised?: { rows: Row[]; x: FeatureMatrix }): Promise<{ text: string; summary: string[] }> {
  const spec = GENERAL_SPEC;
  const data = featurised ?? loadAndFeaturize(spec);
  const key = (r: Row): string => `${r.source}\u0000${r.lang}\u0000${r.text}`;
  const inByKey = new Map(inSource.map((s) => [key(s.row), s] as const));
  const inByText = { get: (r: Row): Scored | undefined => inByKey.get(key(r)) };
  const out: string[] = [
    '### Cross-source evaluation (leave one source out)',
    '',
    'For each source, the model is retrained (same settings and seed) on all other sources and scored on the left-out source\'s held-out rows; "in-source" is the evaluation fit (the committed model\'s settings and seed, trained on every source without the held-out rows, which the committed model also trains on) on the same rows. Accuracy (acc), macro-F1 (F1), macro-recall (R) in %; VADER, AFINN and always-majority (majority class of the training rows used) on the same rows.',
    '',
  ];
  const polLines: Line[] = [];
  const emoLines: Line[] = [];
  const perClass: string[] = [];
  const summary: string[] = [];
  const negSlice = { en: { gold: [] as number[][], pred: [] as number[] }, all: { gold: [] as number[][], pred: [] as number[] } };
  for (const fold of FOLDS.filter((f) => !only || only.split(',').includes(f.name))) {
    if (!data.rows.some((r) => r.split === 'heldout' && fold.of(r))) continue; // a source the committed model does not read (brighter without the new sets)
    const t = trainModel(spec, { data, exclude: fold.of, label: `cross-source without ${fold.name}` });
    const test = t.heldoutRows.filter((r) => fold.of(data.rows[r]!));
    const preds = predict(t.model, data.x, test);
    const trainSet = t.trainRows.map((r) => data.rows[r]!);
    // Polarity per language.
    const byLang = new Map<string, number[]>();
    test.forEach((r, k) => {
      if (data.rows[r]!.polarity === undefined) return;
      const lang = data.rows[r]!.lang;
      (byLang.get(lang) ?? byLang.set(lang, []).get(lang)!).push(k);
    });
    test.forEach((r, k) => {
      const row = data.rows[r]!;
      if (row.polarity === undefined || !hasNegation(row.text)) return;
      for (const part of row.lang === 'en' ? [negSlice.en, negSlice.all] : [negSlice.all]) {
        part.gold.push([row.polarity]);
        part.pred.push(argmax(preds[k]![0]!));
      }
    });
    const majorPol = majorityOf(trainSet, (r) => (r.polarity !== undefined ? [r.polarity] : null), 3);
    const allK: number[] = [];
    for (const [lang, ks] of [...byLang.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      allK.push(...ks);
      const rows = ks.map((k) => data.rows[test[k]!]!);
      const gold = rows.map((r) => [r.polarity!]);
      const cross = score(POLARITIES, gold, ks.map((k) => argmax(preds[k]![0]!)));
      const ins = rows.map((r) => inByText.get(r));
      const inM = ins.every((x) => x) ? fmtM(score(POLARITIES, gold, ins.map((x) => argmax(x!.out.probabilities)))) : NA;
      const lex = lang === 'en' ? [fmtM(score(POLARITIES, gold, rows.map((r) => vaderPolarity(r.text)))), fmtM(score(POLARITIES, gold, rows.map((r) => afinnPolarity(r.text))))] : [NA, NA];
      polLines.push({ set: `${fold.name} ${lang}`, rows: rows.length, cells: [inM, fmtM(cross), ...lex, fmtM(score(POLARITIES, gold, rows.map(() => majorPol)))] });
      if (lang === 'en') {
        perClass.push(`Per class, ${fold.name} en held out from training (cross-source):`, '', perClassTable(cross), '');
        summary.push(`Cross-source English ${fold.name}: macro-recall ${pct(cross.macroRecall)} (in-source ${inM.split(' | ')[2]}; vader ${lex[0]!.split(' | ')[2]}, AFINN ${lex[1]!.split(' | ')[2]})`);
      }
    }
    if (byLang.size > 1) {
      const gold = allK.map((k) => [data.rows[test[k]!]!.polarity!]);
      const f1s = [...byLang.values()].map((ks) => score(POLARITIES, ks.map((k) => [data.rows[test[k]!]!.polarity!]), ks.map((k) => argmax(preds[k]![0]!))).macroF1);
      polLines.push({ set: `**${fold.name} all**`, rows: allK.length, cells: [NA, fmtM(score(POLARITIES, gold, allK.map((k) => argmax(preds[k]![0]!)))), NA, NA, NA] });
      summary.push(`Cross-source ${fold.name}: mean per-language macro-F1 ${pct(f1s.reduce((a, b) => a + b, 0) / f1s.length)}, lowest ${pct(Math.min(...f1s))}`);
    }
    // Emotions.
    const emoK = test.map((r, k) => (data.rows[r]!.emotions?.length ? k : -1)).filter((k) => k >= 0);
    if (emoK.length) {
      const rows = emoK.map((k) => data.rows[test[k]!]!);
      const gold = rows.map((r) => r.emotions!);
      const cross = score(EMOTIONS, gold, emoK.map((k) => argmax(preds[k]![1]!)));
      const ins = rows.map((r) => inByText.get(r));
      const inM = ins.every((x) => x) ? fmtM(score(EMOTIONS, gold, ins.map((x) => argmax(x!.out.emotionScores.map((e) => e.score))))) : NA;
      const major = majorityOf(trainSet, (r) => r.emotions ?? null, EMOTIONS.length);
      emoLines.push({ set: fold.name, rows: rows.length, cells: [inM, fmtM(cross), fmtM(score(EMOTIONS, gold, rows.map(() => major)))] });
      perClass.push(`Per emotion, ${fold.name} held out from training (cross-source):`, '', perClassTable(cross), '');
      summary.push(`Cross-source emotions ${fold.name}: macro-F1 ${pct(cross.macroF1)} (in-source ${inM.split(' | ')[1]}); weakest ${cross.perClass.filter((c) => c.support > 0).sort((a, b) => a.f1 - b.f1)[0]!.label} ${pct(cross.perClass.filter((c) => c.support > 0).sort((a, b) => a.f1 - b.f1)[0]!.f1)}`);
    }
  }
  if (negSlice.all.gold.length) {
    summary.push(sliceLine(`Cross-source negation slice (left-out rows with a negated word), English`, negSlice.en.gold, negSlice.en.pred));
    summary.push(sliceLine(`Cross-source negation slice, all languages`, negSlice.all.gold, negSlice.all.pred));
  }
  out.push('Three-way sentiment:', '', table(['in-source', 'cross-source', 'vader-sentiment', 'sentiment (AFINN)', 'always-majority'], polLines), '');
  out.push('Emotions:', '', table(['in-source', 'cross-source', 'always-majority'], emoLines), '');
  out.push(...perClass);
  return { text: out.join('\n'), summary };
}

async function evalGeneral(analyzer: SentimentAnalyzer): Promise<{ text: string; summary: string[]; scored: Scored[] }> {
  const spec = GENERAL_SPEC;
  const all = spec.load();
  const train = all.filter((r) => r.split === 'train');
  const heldout = all.filter((r) => r.split === 'heldout');
  const scored = await runModel(analyzer, spec, heldout);
  const out: string[] = [];
  const summary: string[] = [];

  // Three-way sentiment, per set and language.
  const pol = scored.filter((s) => s.row.polarity !== undefined);
  const polKey = (r: Row): string => `${r.source.replace(/^afrisenti-.*/, 'afrisenti')} ${r.lang}`;
  const lines: Line[] = [];
  const english: { gold: number[][]; model: number[]; vader: number[]; afinn: number[]; major: number[] } = { gold: [], model: [], vader: [], afinn: [], major: [] };
  for (const [set, rows] of groups(pol, (r) => polKey(r))) {
    const gold = rows.map((s) => [s.row.polarity!]);
    const model = rows.map((s) => argmax(s.out.probabilities));
    const major = majorityOf(train.filter((r) => polKey(r) === set), (r) => (r.polarity !== undefined ? [r.polarity] : null), 3);
    const cells = [fmtM(score(POLARITIES, gold, model))];
    if (rows[0]!.row.lang === 'en') {
      const v = rows.map((s) => vaderPolarity(s.row.text));
      const a = rows.map((s) => afinnPolarity(s.row.text));
      cells.push(fmtM(score(POLARITIES, gold, v)), fmtM(score(POLARITIES, gold, a)));
      english.gold.push(...gold);
      english.model.push(...model);
      english.vader.push(...v);
      english.afinn.push(...a);
      english.major.push(...rows.map(() => major));
    } else cells.push(NA, NA);
    cells.push(fmtM(score(POLARITIES, gold, rows.map(() => major))));
    lines.push({ set, rows: rows.length, cells });
  }
  const en = {
    model: score(POLARITIES, english.gold, english.model),
    vader: score(POLARITIES, english.gold, english.vader),
    afinn: score(POLARITIES, english.gold, english.afinn),
    major: score(POLARITIES, english.gold, english.major),
  };
  lines.unshift({ set: '**all English**', rows: english.gold.length, cells: [fmtM(en.model), fmtM(en.vader), fmtM(en.afinn), fmtM(en.major)] });
  const allPol = score(POLARITIES, pol.map((s) => [s.row.polarity!]), pol.map((s) => argmax(s.out.probabilities)));
  lines.push({ set: '**all languages**', rows: pol.length, cells: [fmtM(allPol), NA, NA, NA] });
  out.push('### Three-way sentiment (polarity head), held-out rows', '', 'Accuracy (acc), macro-F1 (F1) and macro-recall (R), in %.', '');
  out.push(table(['model', 'vader-sentiment', 'sentiment (AFINN)', 'always-majority'], lines), '');
  const bestLexicon = Math.max(en.vader.macroRecall, en.afinn.macroRecall);
  summary.push(
    `English three-way sentiment (${english.gold.length} held-out rows): macro-recall ${pct(en.model.macroRecall)} vs best lexicon ${pct(bestLexicon)} (${en.vader.macroRecall >= en.afinn.macroRecall ? 'vader' : 'AFINN'}): ${((en.model.macroRecall - bestLexicon) * 100).toFixed(1)} points (target ≥ 5)`,
  );
  out.push('Per class, all English held-out rows:', '', perClassTable(en.model), '');
  const cal = analyzer.sidecar('GENERAL').calibration;
  out.push(`Five-level reading of the English held-out rows (the evaluation fit's calibrated cuts: VERY_NEGATIVE when score ≤ −${cal?.veryNegativeCut}, VERY_POSITIVE when ≥ ${cal?.veryPositiveCut}, for a NEGATIVE/POSITIVE winner; the committed model's own, set the same way, are in its sidecar): ${levelShares(pol.filter((s) => s.row.lang === 'en'))}.`, '');
  const negRows = pol.filter((s) => hasNegation(s.row.text));
  const negEn = negRows.filter((s) => s.row.lang === 'en');
  const negLines = [
    sliceLine('Negation slice (held-out rows with a negated word), English', negEn.map((s) => [s.row.polarity!]), negEn.map((s) => argmax(s.out.probabilities))),
    sliceLine('Negation slice, all languages', negRows.map((s) => [s.row.polarity!]), negRows.map((s) => argmax(s.out.probabilities))),
  ];
  out.push(...negLines.map((l) => `${l}.`), '');
  summary.push(...negLines);
  out.push(lowConfidenceSummary(analyzer, scored, (s) => (s.row.polarity !== undefined ? argmax(s.out.probabilities) === s.row.polarity : null)), '');

  // Emotions.
  const emo = scored.filter((s) => s.row.emotions && s.row.emotions.length);
  const emoLines: Line[] = [];
  let emoAll: Metrics | null = null;
  for (const [set, rows] of [...groups(emo, (r) => r.source), ['all', emo] as [string, Scored[]]]) {
    const gold = rows.map((s) => s.row.emotions!);
    const pred = rows.map((s) => argmax(s.out.emotionScores.map((e) => e.score)));
    const major = majorityOf(train.filter((r) => set === 'all' || r.source === set), (r) => r.emotions ?? null, EMOTIONS.length);
    const m = score(EMOTIONS, gold, pred);
    if (set === 'all') emoAll = m;
    emoLines.push({ set, rows: rows.length, cells: [fmtM(m), fmtM(score(EMOTIONS, gold, rows.map(() => major)))] });
  }
  out.push('### Emotions (emotion head), held-out rows', '', 'The predicted emotion is the highest score; it counts as correct when it is one of the row\'s gold labels (the sets are multi-label). Accuracy (acc), macro-F1 (F1) and macro-recall (R), in %.', '');
  out.push(table(['model', 'always-majority'], emoLines), '');
  out.push('Per class, all held-out emotion rows:', '', perClassTable(emoAll!), '');
  out.push(await subtitleEmotions(analyzer), '');
  out.push(languageTable(analyzer), '');
  const dead = emoAll!.perClass.filter((c) => c.f1 === 0).map((c) => c.label);
  summary.push(`Emotions macro-F1 ${pct(emoAll!.macroF1)} over ${emo.length} held-out rows; ${dead.length ? `classes never predicted correctly: ${dead.join(', ')}` : 'every class has F1 > 0'}`);
  return { text: out.join('\n'), summary, scored };
}

/**
 * Emotions in 31 languages across languages: the held-out 15 % of XED's subtitle lines (corpus.ts xedProjections;
 * GENERAL's committed corpus leaves them out, so neither fit has seen them), whose emotions were carried over from the
 * annotated English line each translates (GENERAL trains on XED's English lines: the labels are XED's, the texts new).
 * Every line carries one, so the prediction is the highest of the six emotion scores (NEUTRAL left out); the baseline
 * always answers the lines' most common emotion.
 */
async function subtitleEmotions(analyzer: SentimentAnalyzer): Promise<string> {
  const rows = xedProjections().filter((r) => r.split === 'heldout');
  const scored = await runModel(analyzer, GENERAL_SPEC, rows);
  const neutral = EMOTIONS.indexOf('NEUTRAL');
  const counts = new Array<number>(EMOTIONS.length).fill(0);
  for (const r of rows) for (const e of r.emotions ?? []) counts[e]!++;
  const major = argmax(counts);
  const lines: Line[] = [];
  for (const [lang, group] of [...groups(scored, (r) => r.lang), ['all', scored] as [string, Scored[]]]) {
    const gold = group.map((x) => x.row.emotions!);
    const pred = group.map((x) => argmax(x.out.emotionScores.map((e, k) => (k === neutral ? -1 : e.score))));
    lines.push({ set: lang, rows: group.length, cells: [fmtM(score(EMOTIONS, gold, pred)), fmtM(score(EMOTIONS, gold, group.map(() => major)))] });
  }
  return ['### Emotions on subtitle lines in 31 languages (across languages)', '',
    "XED's projections (their seeded held-out 15 %; not in the committed corpus; their labels are XED's English annotations carried over, and XED's English lines are trained on): the highest of the six emotion scores against the line's projected emotions. Accuracy (acc), macro-F1 (F1) and macro-recall (R), in %.", '',
    table(['model', 'always-majority'], lines)].join('\n');
}

async function evalFinance(analyzer: SentimentAnalyzer): Promise<{ text: string; summary: string[] }> {
  const spec = FINANCE_SPEC;
  const all = spec.load();
  const train = all.filter((r) => r.split === 'train');
  const heldout = all.filter((r) => r.split === 'heldout');
  const scored = await runModel(analyzer, spec, heldout);
  const gold = scored.map((s) => [s.row.direction!]);
  const model = score(FINANCE_SPEC.heads[0]!.labels, gold, scored.map((s) => argmax(s.out.probabilities)));
  const major = majorityOf(train, (r) => (r.direction !== undefined ? [r.direction] : null), 3);
  const labels = FINANCE_SPEC.heads[0]!.labels;
  const lines: Line[] = [
    { set: 'model', rows: scored.length, cells: [fmtM(model)] },
    { set: 'vader-sentiment (positive → BULLISH)', rows: scored.length, cells: [fmtM(score(labels, gold, scored.map((s) => vaderPolarity(s.row.text))))] },
    { set: 'sentiment (AFINN)', rows: scored.length, cells: [fmtM(score(labels, gold, scored.map((s) => afinnPolarity(s.row.text))))] },
    { set: 'always-majority', rows: scored.length, cells: [fmtM(score(labels, gold, scored.map(() => major)))] },
  ];
  const text = [
    '### Market direction, held-out rows (seeded 15 % of the finance tweets)',
    '',
    '',
    table([''], lines).replace('|  acc |  F1 |  R |', '| accuracy | macro-F1 | macro-recall |'),
    '',
    perClassTable(model),
    '',
    `Five-level reading of the held-out rows (the evaluation fit's calibrated cuts ${JSON.stringify(analyzer.sidecar('FINANCIAL_NEWS').calibration)}; the committed model's own are in its sidecar): ${levelShares(scored)}.`,
    '',
  ].join('\n');
  return { text, summary: [`Finance accuracy ${pct(model.accuracy)} on ${scored.length} held-out rows (goal ≥ 85), macro-F1 ${pct(model.macroF1)} (goal ≥ 78)`] };
}

const EVERYDAY_DIR = join(projectRoot, 'data', 'sentiment', 'everyday');
const EVERYDAY_SETS = [
  { file: 'dev.tsv', name: 'development set (the language stage and the lexicon fallback were tuned on it)' },
  { file: 'fresh.tsv', name: 'fresh set (written after session 19 froze its rules; the 2026-12-02 language and Thai rules were chosen on it too)' },
  { file: 'check.tsv', name: 'check set (written 2026-12-02 by a helper who saw neither the other sets nor the models; read after that day\'s rules were frozen)' },
  { file: 'blind.tsv', name: 'blind set (written 2026-12-05 by a writer who read no code, model, word list or other set; read once, after that day\'s lexicons and rules were frozen)' },
  { file: 'blind2.tsv', name: 'second blind set (written 2026-12-05 by another writer who read nothing of the project; only its per-language figures were read until its misses were printed once on 2026-12-07)' },
  { file: 'blind3.tsv', name: 'third blind set (29 languages, 16–18 sentences each, written 2026-12-07 by a writer who read nothing of the project; the day\'s language and lexicon rules were measured on it once, then marker words and three seed lists were chosen reading its misses: a development set since)' },
  { file: 'blind4.tsv', name: 'fourth blind set (38 languages, 11–12 sentences each, written 2026-12-07 by a writer who read nothing of the project; measured once with that day\'s pre-registered negation rule, then quoted titles, request formulas, negation reach and marker words were chosen reading its misses: a development set since)' },
  { file: 'blind5.tsv', name: 'fifth blind set (38 languages, 11–12 sentences each, social-media and chat style, written 2026-12-07 by a writer who read nothing of the project; measured once with that day\'s rules, then a privative-suffix rule and two words were chosen reading its misses: a development set since)' },
  { file: 'blind6.tsv', name: 'sixth blind set (38 languages, 11–12 sentences each, messages, posts and comments, written 2026-12-07 by a writer who read nothing of the project; measured once with the models of 27b3bf7, then an emoji rule and words in six languages were chosen reading its misses: a development set since)' },
  { file: 'english.tsv', name: 'English set (236 sentences, about 80 of each class, reviews, support chats, messages and posts with negations, contrasts, polite complaints, bad-news facts, quiet praise and sarcasm, written 2026-12-07 by a writer who read nothing of the project; measured once with the models of 27b3bf7, then the English expert was chosen on it: a development set since)' },
  { file: 'english2.tsv', name: 'second English set (170 sentences kept of 180, by another writer who read nothing of the project, written 2026-12-07: people of every kind typing about every kind of thing, a third of the polar ones subtle, no sarcasm); read with the models of 27b3bf7 and HEAD, then used once to decide against a training batch (not kept): its rows never read)' },
  { file: 'hinglish.tsv', name: 'romanised Hindi set (90 tweet-style sentences, written 2026-12-06 by a writer who read nothing of the project; only its figures are read, never its rows)' },
];
const POLARITY_OF: Record<string, number> = { negative: 0, neutral: 1, positive: 2 };

/**
 * The everyday sets (data/sentiment/everyday/README.md) through the analyzer (GENERAL): per language, the share of
 * texts whose `language.code` is the gold language (ours, and eld medium's on the same text), and the three-way
 * sentiment accuracy (VERY_* counted with their side) of the analyzer, VADER, AFINN and the set's majority class
 * (a tie of 4/4/4 reads as neutral: 33.3 %). Mean over languages and the worst language below each table.
 */
async function evalEveryday(analyzer: SentimentAnalyzer): Promise<Section> {
  const { eld } = await import('eld/medium');
  const out: string[] = [
    '### Everyday sentences',
    '',
    'Sentences written for the project (data/sentiment/everyday/, 38 languages × 4 positive, 4 negative, 4 neutral; not from any data set) through the same analyzer (GENERAL): `language.code` right, ours and eld (medium) alone; three-way sentiment accuracy of ours, vader-sentiment, sentiment (AFINN) and the majority class; accuracy in % (one sentence is 8.3 points of a language).',
    '',
  ];
  const summary: string[] = [];
  for (const set of EVERYDAY_SETS) {
    const path = join(EVERYDAY_DIR, set.file);
    if (!existsSync(path)) continue;
    const rows = readFileSync(path, 'utf8').trim().split('\n').slice(1).map((l) => {
      const [lang, label, text] = l.split('\t');
      if (!lang || !text || POLARITY_OF[label!] === undefined) throw new Error(`${path}: bad row ${l}`);
      return { lang, gold: POLARITY_OF[label!]!, text };
    });
    const outs = await analyzer.analyze(rows.map((r) => r.text), 'GENERAL');
    const counts: Record<string, number> = {};
    for (const r of rows) counts[r.gold] = (counts[r.gold] ?? 0) + 1;
    const majority = [1, 0, 2].reduce((a, b) => ((counts[b] ?? 0) > (counts[a] ?? 0) ? b : a));
    type Tally = { n: number; lid: number; eld: number; ours: number; vader: number; afinn: number; major: number };
    const per = new Map<string, Tally>();
    rows.forEach((r, i) => {
      const o = outs[i]!;
      if ('error' in o) throw new Error(`${path}: "${r.text}" rejected: ${o.error.message}`);
      const t = per.get(r.lang) ?? { n: 0, lid: 0, eld: 0, ours: 0, vader: 0, afinn: 0, major: 0 };
      per.set(r.lang, t);
      const ours = o.sentiment.includes('POSITIVE') ? 2 : o.sentiment.includes('NEGATIVE') ? 0 : 1;
      t.n++;
      t.lid += +(o.language.code === r.lang);
      t.eld += +(eld.detect(r.text).language === r.lang);
      t.ours += +(ours === r.gold);
      t.vader += +(vaderPolarity(r.text) === r.gold);
      t.afinn += +(afinnPolarity(r.text) === r.gold);
      t.major += +(majority === r.gold);
    });
    const keys = ['lid', 'eld', 'ours', 'vader', 'afinn', 'major'] as const;
    const lines = [...per].map(([lang, t]) => `| ${lang} | ${t.n} | ${keys.map((k) => pct(t[k] / t.n)).join(' | ')} |`);
    const mean = (k: (typeof keys)[number]): number => [...per.values()].reduce((a, t) => a + t[k] / t.n, 0) / per.size;
    const worst = (k: (typeof keys)[number]): [string, number] => [...per].map(([l, t]) => [l, t[k] / t.n] as [string, number]).reduce((a, b) => (b[1] < a[1] ? b : a));
    out.push(
      `**${set.file}**: ${set.name}, ${rows.length} sentences.`,
      '',
      '| language | rows | language ID (ours) | language ID (eld alone) | sentiment (ours) | vader-sentiment | sentiment (AFINN) | majority class |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...lines,
      `| **mean over languages** | ${rows.length} | ${keys.map((k) => `**${pct(mean(k))}**`).join(' | ')} |`,
      `| worst language | | ${keys.map((k) => `${worst(k)[0]} ${pct(worst(k)[1])}`).join(' | ')} |`,
      '',
      `Languages below 95 % for language ID (ours): ${[...per].filter(([, t]) => t.lid / t.n < 0.95).map(([l, t]) => `${l} ${pct(t.lid / t.n)}`).join(', ') || 'none'}.`,
      '',
    );
    summary.push(`Everyday ${set.file}: language ID ${pct(mean('lid'))} % (eld alone ${pct(mean('eld'))}); three-way sentiment mean ${pct(mean('ours'))} %, worst ${worst('ours')[0]} ${pct(worst('ours')[1])} (VADER ${pct(mean('vader'))}, AFINN ${pct(mean('afinn'))}, majority ${pct(mean('major'))})`);
  }
  return { text: out.join('\n'), summary };
}

const BEGIN = '<!-- eval:begin (written by npm run eval) -->';
const END = '<!-- eval:end -->';

function writeCard(name: string, body: string): void {
  const path = join(MODELS_DIR, `${name}.md`);
  if (!existsSync(path)) throw new Error(`model card ${path} is missing: restore it from git`);
  const card = readFileSync(path, 'utf8');
  const a = card.indexOf(BEGIN);
  const b = card.indexOf(END);
  if (a < 0 || b < a) throw new Error(`model card ${path} has no ${BEGIN} … ${END} section`);
  writeFileSync(path, card.slice(0, a + BEGIN.length) + '\n' + body + '\n' + card.slice(b));
}

async function main(): Promise<void> {
  const { values } = cliArgs({
    name: 'npm run eval',
    usage: 'npm run eval [-- --no-write] [--no-cross] [--only=language] [--models=dir] [--folds=a,b]',
    about: "Scores the committed models' evaluation fits on held-out rows next to the lexicon baselines and writes the model cards\n"
      + '(--no-write: prints only); --models=dir evaluates the models in dir as they are; --only=language the language head alone.',
    options: {
      'no-write': { type: 'boolean', default: false },
      'no-cross': { type: 'boolean', default: false },
      models: { type: 'string' },
      folds: { type: 'string' },
      only: { type: 'string' },
    },
  });
  if (values.only !== undefined && values.only !== 'language' && values.only !== 'everyday') throw new Error(`--only: \`language\` (the language head alone, against eld, tinyld and cld3-asm) or \`everyday\` (the everyday sets on the committed models)`);
  const modelsDir = values.models;
  const write = !values['no-write'] && !modelsDir;
  const crossOnly = values.folds;
  if (crossOnly) for (const f of crossOnly.split(',')) if (!FOLDS.some((x) => x.name === f)) throw new Error(`--folds: unknown fold ${f}; use ${FOLDS.map((x) => x.name).join(', ')}`);
  const skipCross = values['no-cross'];
  if (values.only === 'language' || values.only === 'everyday') {
    const analyzer = await SentimentAnalyzer.load({ modelsDir: modelsDir ?? MODELS_DIR });
    const lid = values.only === 'language' ? await evaluateLanguage(analyzer.language, await loadLanguageCorpus()) : undefined;
    const everyday = await evalEveryday(analyzer);
    process.stdout.write(`## language\n\n${lid?.text ?? ''}\n${everyday.text}\n${everyday.summary.map((s) => `- ${s}`).join('\n')}\n`);
    // the card's section holds both; --only=everyday keeps the held-out table as the last full run wrote it
    if (write && lid) writeCard('language', `${lid.text}\n${everyday.text}\n`);
    return;
  }
  if (modelsDir) refuseShippedFits(modelsDir);
  const fits = modelsDir ? undefined : await evaluationFits();
  try {
    const analyzer = await SentimentAnalyzer.load({ withProbabilities: true, modelsDir: modelsDir ?? fits!.dir, englishExpert: false });
    const general = await evalGeneral(analyzer);
    const finance = await evalFinance(analyzer);
    const lid = await evaluateLanguage(analyzer.language, await loadLanguageCorpus());
    const everyday = await evalEveryday(analyzer);
    const cross = skipCross ? { text: '', summary: [] } : await evalCrossSource(general.scored, crossOnly, fits?.general);
    report(write, skipCross, { text: general.text, summary: [...general.summary, ...everyday.summary] }, finance, { text: `${lid.text}\n${everyday.text}` }, cross);
  } finally {
    if (fits) rmSync(fits.dir, { recursive: true, force: true });
  }
}

/**
 * The evaluation fits of the committed models, written to a temporary models folder
 * beside a copy of the committed language head: every held-out figure is measured on
 * a model that never trained on the row (the committed models train on the held-out
 * rows too). Returns the folder and GENERAL's featurised rows (the cross-source folds reuse them).
 */
async function evaluationFits(): Promise<{ dir: string; general: { rows: Row[]; x: FeatureMatrix } }> {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-eval-fits-'));
  try {
    for (const f of ['language.bin', 'language.json']) copyFileSync(join(MODELS_DIR, f), join(dir, f));
    let general: { rows: Row[]; x: FeatureMatrix } | undefined;
    for (const spec of SPECS) {
      const t = trainModel(spec, { label: `${spec.name} evaluation fit (held-out rows left out)` });
      if (spec === GENERAL_SPEC) general = { rows: t.rows, x: t.x };
      const fit = await writeModel(t, dir);
      // The committed sidecar holds its own evaluation fit's held-out figures (train.ts): they must be these,
      // or the committed model was trained with other settings than modelSpecs.ts's and this would describe another model.
      const committed = JSON.parse(readFileSync(join(MODELS_DIR, `${spec.name}.json`), 'utf8')) as ModelSidecar;
      const figures = (s: ModelSidecar): string => JSON.stringify(s.trainedLanguages.map((l) => [l.code, l.heldout]));
      if (figures(committed) !== figures(fit)) {
        throw new Error(`models/${spec.name}.json was not trained with modelSpecs.ts's settings (its held-out figures differ from this evaluation fit's): run \`npm run train\` before \`npm run eval\`, or evaluate a candidate with \`npm run train -- --evaluation-fit --out=dir\` and \`npm run eval -- --models=dir\``);
      }
    }
    return { dir, general: general ?? loadAndFeaturize(GENERAL_SPEC) };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** Refuses models that trained on the held-out rows (a shipped fit): their held-out figures would say nothing. */
function refuseShippedFits(dir: string): void {
  for (const spec of SPECS) {
    const path = join(dir, `${spec.name}.json`);
    if (!existsSync(path)) continue;
    const s = JSON.parse(readFileSync(path, 'utf8')) as ModelSidecar;
    if (s.fit === 'shipped') {
      throw new Error(`${path} is a shipped fit: it trained on the held-out rows, so scoring them would say nothing about it; write candidates with \`npm run train -- --evaluation-fit --out=dir\` (plain \`npm run eval\` retrains the committed models' evaluation fits itself)`);
    }
  }
}

type Section = { text: string; summary: string[] };

function report(write: boolean, skipCross: boolean, general: Section, finance: Section, lid: { text: string }, cross: Section): void {
  const generalText = `${cross.text}\n${general.text}`;
  const summary = [...cross.summary, ...general.summary, ...finance.summary];
  process.stdout.write(`## general\n\n${generalText}\n## financial-news\n\n${finance.text}\n## language\n\n${lid.text}\n## summary\n\n${summary.map((s) => `- ${s}`).join('\n')}\n`);
  if (write) {
    if (!skipCross) writeCard('general', `${generalText}\n${[...cross.summary, ...general.summary].map((s) => `- ${s}`).join('\n')}\n`);
    writeCard('financial-news', `${finance.text}\n${finance.summary.map((s) => `- ${s}`).join('\n')}\n\nOne source only: no cross-source figure is possible for this model; the held-out rows are a seeded 15 % of the same set.\n`);
    writeCard('language', `${lid.text}\n`);
    process.stderr.write('model cards updated: models/general.md, models/financial-news.md, models/language.md\n');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e: unknown) => {
    process.stderr.write(`eval failed: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  });
}
