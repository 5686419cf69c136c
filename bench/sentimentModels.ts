/**
 * Model throughput in one thread, on tweet-length held-out texts, for batches of 1,
 * 16 and 256, next to vader-sentiment's polarity_scores on the same texts in the same
 * run:
 *   - "featurise + infer": clean, featurise, encode and one InferenceSession.run per
 *     batch (intraOpNumThreads = 1, as in a pool worker);
 *   - "full analysis": SentimentAnalyzer.analyze, i.e. the above plus language
 *     identification (the model's language head on the same features), the
 *     five-level mapping and the rationale: what a worker does per result.
 * Then the per-stage cost of the full analysis (µs per text: clean/parse, featurise,
 * language, encode, infer, shape) at batch 16 and 256, and the language head next to
 * eld (the previous detector) on the same texts. Also the time to load the models.
 *
 *   npm run bench:models       (BENCH_TEXTS=4096 texts per row)
 *
 * With BENCH_BASELINE_MODELS=dir (a models/ folder of another commit, e.g. filled by
 * `git show main:models/general.onnx > dir/general.onnx` for the model files: each .onnx, .onnx.data and .json), it
 * also runs the full analysis with those models and these, alternated in this process,
 * and prints CPU time per text and the throughput ratio: a feature's cost under load.
 */
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { eld } from 'eld/medium';
import { SentimentAnalyzer, MODELS_DIR, MODEL_NAMES } from '../src/sentiment/sentimentAnalyzer.js';
import { Featurizer } from '../src/sentiment/featurizer.js';
import { encodeBatch } from '../src/sentiment/onnxBatch.js';
import { cleanText } from '../src/sentiment/textInput.js';
import { vader } from '../training/lexiconBaselines.js';
import { loadGeneralCorpus, loadFinanceCorpus } from '../training/corpus.js';
import type { Domain } from '../src/sentiment/labels.js';
import { cliArgs } from '../lib/cliArgs.js';

cliArgs({
  name: 'npm run bench:models',
  usage: 'npm run bench:models   (node dist/bench/sentimentModels.js)',
  about: 'Model throughput in one thread for batches of 1, 16 and 256 next to vader-sentiment, and the per-stage cost.\n'
    + 'Settings by environment: BENCH_TEXTS (texts per row, 4096), BENCH_BASELINE_MODELS (another models/ folder to compare).',
  options: {},
});

const TEXTS = Number(process.env['BENCH_TEXTS'] ?? 4096);
const log = (s: string): void => void process.stdout.write(`${s}\n`);

async function measure(run: () => Promise<unknown> | unknown, texts: number): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return texts / (Number(process.hrtime.bigint() - start) / 1e9);
}

async function main(): Promise<void> {
  const loadStart = performance.now();
  const analyzer = await SentimentAnalyzer.load();
  const loadMs = performance.now() - loadStart;
  const tweets = (domain: Domain): string[] => {
    const rows = (domain === 'GENERAL' ? loadGeneralCorpus().filter((r) => r.source === 'umsab' && r.lang === 'en') : loadFinanceCorpus()).filter((r) => r.split === 'heldout');
    return Array.from({ length: TEXTS }, (_, i) => rows[i % rows.length]!.text);
  };
  log(`models loaded in ${loadMs.toFixed(0)} ms (general + financial-news, from disk, sha256 checked)`);
  log(`${TEXTS} tweet-length held-out texts per row, one thread\n`);
  log('| domain | system | batch | texts/s | ratio to vader-sentiment |');
  log('| --- | --- | --- | --- | --- |');
  for (const domain of ['GENERAL', 'FINANCIAL_NEWS'] as Domain[]) {
    const texts = tweets(domain);
    const avgChars = texts.reduce((a, t) => a + t.length, 0) / texts.length;
    // warm-up
    await analyzer.analyze(texts.slice(0, 256), domain);
    for (let i = 0; i < 2000; i++) vader.polarity_scores(texts[i % texts.length]!);
    const vaderRate = await measure(() => {
      for (const t of texts) vader.polarity_scores(t);
    }, texts.length);
    log(`| ${domain} | vader-sentiment | 1 | ${vaderRate.toFixed(0)} | 1.00 |`);
    const sidecar = analyzer.sidecar(domain);
    const session = await ort.InferenceSession.create(join(MODELS_DIR, `${MODEL_NAMES[domain]}.onnx`), { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential' });
    const featurizer = new Featurizer(sidecar.featurizer);
    const fetches = sidecar.heads.map((h) => h.name);
    const inferOnly = async (batch: string[]): Promise<void> => {
      const bags = batch.map((t) => {
        const b = featurizer.featurize(cleanText(t));
        return b.ids.slice(0, b.count);
      });
      await session.run(encodeBatch(bags, sidecar.featurizer).feeds, fetches);
    };
    await inferOnly(texts.slice(0, 256));
    for (const [label, run] of [['featurise + infer', inferOnly], ['full analysis', (b: string[]) => analyzer.analyze(b, domain)]] as const) {
      for (const batch of [1, 16, 256]) {
        const rate = await measure(async () => {
          for (let i = 0; i < texts.length; i += batch) await run(texts.slice(i, i + batch));
        }, texts.length);
        log(`| ${domain} | ${label} | ${batch} | ${rate.toFixed(0)} | ${(rate / vaderRate).toFixed(2)} |`);
      }
    }
    await session.release();
    log(`| ${domain} | (mean text length ${avgChars.toFixed(0)} characters) | | | |`);
  }

  // Per-stage cost of the full analysis.
  log('\nPer-stage cost of the full analysis, µs per text (GENERAL, one thread):\n');
  log('| batch | clean | featurise | language | encode | infer | shape (levels, rationale) | total |');
  log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const timed = await SentimentAnalyzer.load({ timeStages: true });
  const texts = tweets('GENERAL');
  for (const batch of [1, 16, 256]) {
    await timed.analyze(texts.slice(0, 256));
    Object.assign(timed.stageNanos, { clean: 0, featurise: 0, language: 0, encode: 0, infer: 0, shape: 0, texts: 0 });
    for (let i = 0; i < texts.length; i += batch) await timed.analyze(texts.slice(i, i + batch));
    const st = timed.stageNanos;
    const us = (x: number): string => (x / 1e3 / st.texts).toFixed(1);
    const stages = [st.clean, st.featurise, st.language, st.encode, st.infer, st.shape];
    log(`| ${batch} | ${stages.map(us).join(' | ')} | ${us(stages.reduce((a, b) => a + b, 0))} |`);
  }

  // Language identification: the head on the featurised bag vs eld on the text.
  const featurizer = new Featurizer(analyzer.sidecar('GENERAL').featurizer);
  const cleaned = texts.map((t) => cleanText(t));
  const bags = cleaned.map((t) => {
    const b = featurizer.featurize(t);
    // the language head's own bag (without GENERAL's model-only 5-grams), as the analysis gives it
    return { ids: b.languageIds.slice(0, b.languageCount), letters: b.letters };
  });
  for (const t of cleaned.slice(0, 500)) eld.detect(t);
  const t0 = process.hrtime.bigint();
  for (const t of cleaned) eld.detect(t);
  const eldUs = Number(process.hrtime.bigint() - t0) / 1e3 / cleaned.length;
  const t1 = process.hrtime.bigint();
  for (const b of bags) analyzer.language.identify(b.ids, b.ids.length, b.letters);
  const headUs = Number(process.hrtime.bigint() - t1) / 1e3 / bags.length;
  const baselineDir = process.env['BENCH_BASELINE_MODELS'];
  if (baselineDir) {
    const baseline = await SentimentAnalyzer.load({ modelsDir: baselineDir });
    await compareWithBaseline(analyzer, baseline, texts, baselineDir, 'GENERAL');
    await compareWithBaseline(analyzer, baseline, tweets('FINANCIAL_NEWS'), baselineDir, 'FINANCIAL_NEWS');
  }
  log(`\nLanguage identification per text: language head ${headUs.toFixed(1)} µs (on the features the analysis computes anyway) vs eld ${eldUs.toFixed(1)} µs (its own pass over the text): ${(eldUs / headUs).toFixed(1)}× cheaper.`);
}

/** Full analysis (batch 256) of one domain with the baseline's models and these, alternated: CPU µs per text. */
async function compareWithBaseline(current: SentimentAnalyzer, baseline: SentimentAnalyzer, texts: string[], dir: string, domain: Domain): Promise<void> {
  const cpu = (): number => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  const total = { current: 0, baseline: 0 };
  for (let rep = 0; rep < 10; rep++) {
    for (const which of rep % 2 ? (['baseline', 'current'] as const) : (['current', 'baseline'] as const)) {
      const a = which === 'current' ? current : baseline;
      const t = cpu();
      for (let i = 0; i < texts.length; i += 256) await a.analyze(texts.slice(i, i + 256), domain);
      if (rep >= 2) total[which] += cpu() - t; // two warm-up rounds
    }
  }
  const us = (x: number): string => (x / 8 / texts.length).toFixed(1);
  log(`\nFull analysis, ${domain}, batch 256, CPU per text (alternated, same process): these models ${us(total.current)} µs, baseline (${dir}) ${us(total.baseline)} µs; throughput ratio ${(total.baseline / total.current).toFixed(2)}.`);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench failed: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
