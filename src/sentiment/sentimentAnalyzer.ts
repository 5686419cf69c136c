/**
 * Runs the trained models: cleans and featurises a batch of texts, runs the ONNX
 * session once for the whole batch, and turns probabilities and per-feature
 * contributions into results (five-level sentiment, score, emotions, rationale,
 * language). Load once per thread; `InferenceSession.run` blocks its thread, so in
 * the service this lives in the Piscina workers only.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createHash } from 'node:crypto';
import * as ort from 'onnxruntime-node';
import { EXTRA_LEXICONS_FILE, Featurizer, loadExtraLexicons, WordTable, type FeatureBag } from './featurizer.js';
import { encodeBatch } from './onnxBatch.js';
import { cleanText, scanCut, TextRejected } from './textInput.js';
import { blankCapitalisedNames, blankQuotedTitles } from './analysis/titlesAndNames.js';
import { LanguageIdentifier, trustedOf, type DetectedLanguage } from './languageDetector.js';
import { FallbackLexicons, type FallbackVerdict } from './lexiconFallback.js';
import { EMOTIONS, DIRECTIONS, levelOf, DEFAULT_CALIBRATION, type Calibration, type Domain } from './labels.js';
import { writtenOnly, type ModelSidecar } from './modelCard.js';
import type { AnalysisOutcome, AnalysisOutput, EmotionScore } from './analysis/analysisOutput.js';
import { ARENA_KEPT_BYTES, BagArena, type BagFeatures } from './analysis/bagArena.js';
import { rationale } from './analysis/rationale.js';
import { encodeWords, type WordRun } from './analysis/englishExpert.js';
import { readWordList } from './englishWords.js';
import { oneScript, priorsOnly, trainedLetters, unscoredScript } from './analysis/trainedScripts.js';
import { abstention, emojiAnswer, fallbackAnswer, LEXICON_OVERRULES_POLAR_BELOW, lexiconDecides, lexiconOverModel, MODEL_SURE, NEGATION_LEARNT_ROWS, negationLed, nothingToRead, unscoredNeutral, unsureNeutral } from './analysis/unscoredAnswers.js';
import { optionalBoolSetting } from '../../lib/envSettings.js';
import { projectRoot } from '../paths.js';

/** Where the models are read from: MERIDIAN_MODELS_DIR, default models/ in the project. */
export const MODELS_DIR = process.env['MERIDIAN_MODELS_DIR'] || join(projectRoot, 'models');
export const MODEL_NAMES: Record<Domain, string> = { GENERAL: 'general', FINANCIAL_NEWS: 'financial-news' };

export type { AnalysisOutcome, AnalysisOutput, AnalysisRejection, EmotionScore } from './analysis/analysisOutput.js';

export interface AnalyzerOptions {
  modelsDir?: string;
  intraOpNumThreads?: number;
  /** Return the raw head probabilities too (evaluation and tests). */
  withProbabilities?: boolean;
  /** Accumulate per-stage wall time in `stageNanos` (benchmarks). */
  timeStages?: boolean;
  /**
   * GENERAL texts the language head names `en` reliably go to the English expert (models/general-en.md) instead of
   * general.onnx. Default: on when the models folder holds general-en.json, unless MERIDIAN_ENGLISH_EXPERT=0 (then
   * general.onnx answers every language); MERIDIAN_ENGLISH_EXPERT=1 requires it.
   */
  englishExpert?: boolean;
}

/** The English expert's files (models/general-en.*), read when AnalyzerOptions.englishExpert is on. */
export const ENGLISH_EXPERT = 'general-en';

/** Per-stage wall time of analyze(), accumulated when timeStages is set (nanoseconds). */
export interface StageNanos {
  clean: number;
  featurise: number;
  language: number;
  encode: number;
  infer: number;
  shape: number;
  texts: number;
}

/** A text read for scoring: its features (cut to its priors in letters no training language uses), bag, cleaned text and language. */
type ReadBag = BagFeatures & { bag: FeatureBag; cleaned: string; language: DetectedLanguage };

/** The outputs of one session run that the answers read, and where each text's features start in it. */
interface SessionRun {
  contributions: Float32Array;
  main: Float32Array;
  emotion: Float32Array | null;
  starts: ArrayLike<number>;
  /** The English expert's word branch: its feeds' layout and `word_contributions`. */
  words?: WordRun & { contributions: Float32Array };
}

interface LoadedModel {
  sidecar: ModelSidecar;
  session: ort.InferenceSession;
  featurizer: Featurizer;
  /** Languages with a verdict of their own: training rows for the main head (polarity, market direction). */
  trainedCodes: Set<string>;
  /**
   * Languages whose rows teach the emotion head only (sidecar mainHeadRows 0: BRIGHTER's Russian, Chinese, Swedish, …):
   * the model reads their text whole for the emotions, and their polarity is answered as in a language without
   * training data (lexicon fallback, NEUTRAL otherwise).
   */
  emotionOnlyCodes: Set<string>;
  /** Languages whose polarity rows are all written sentences (writtenOnly; among weakCodes): their rationales say so. */
  writtenOnlyCodes: Set<string>;
  /**
   * Languages with training data whose held-out macro-F1 (the sidecar's evaluation fit) is under WEAK_LANGUAGE_F1, or
   * whose polarity rows are all sentences written for Meridian (sidecar writtenRows = mainHeadRows: ~630 a language):
   * a clear lexicon verdict comes first there, and every answer is lowConfidence.
   */
  weakCodes: Set<string>;
  /** Languages whose polarity training rows are thin (the sidecar's polarityGap, train.ts): the lexicon fallback votes there. */
  polarityGaps: Map<string, string>;
  /** Languages with NEGATION_LEARNT_ROWS polarity rows or more: the model's own reading of a negation stands (negationLed). */
  negationLearntCodes: Set<string>;
  /** Letters of the scripts the model's training languages are written in (unscoredScript). */
  trainedLetters: RegExp;
  /** The featuriser's lexicon and emoji prior buckets: features every language shares. */
  priorIds: Set<number>;
  mainOffset: number;
  mainLabels: readonly string[];
  calibration: Calibration;
  /** The English expert's word list (word → row of its table), when the graph has the word branch, and how it counts a negated word. */
  words?: WordTable;
  negation?: 'plain' | 'flip';
}

/** Reads the lexicon file a model's sidecar names by its sha256, or says what to do. */
function readLexicons(path: string, sha256: string, model: string): void {
  if (!existsSync(path)) throw new Error(`${path} is missing; the ${model} model was trained with it: run \`npm run train\` or restore models/ from git`);
  const bin = readFileSync(path);
  const sha = createHash('sha256').update(bin).digest('hex');
  if (sha !== sha256) throw new Error(`${path} does not match the ${model} model's sidecar (sha256 ${sha} ≠ ${sha256}): run \`npm run train\` or restore models/ from git`);
  loadExtraLexicons(bin, path);
}

/** The sha256 of a file, read 1 MiB at a time (no copy of a model's weights is kept for it). */
function fileSha256(path: string): string {
  const hash = createHash('sha256');
  const chunk = Buffer.allocUnsafe(1 << 20);
  const fd = openSync(path, 'r');
  try {
    for (let n; (n = readSync(fd, chunk, 0, chunk.length, null)) > 0;) hash.update(chunk.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/**
 * Reads a model's sidecar and checks its graph (and the graph's data file, ONNX external data) against the sidecar's
 * sha256; the path to give ONNX Runtime, which resolves the data file beside it and memory-maps it, so that every
 * analysis thread's session shares those pages (models/README.md, "Files and memory").
 */
export async function loadSidecar(name: string, modelsDir = MODELS_DIR): Promise<{ sidecar: ModelSidecar; onnxPath: string }> {
  const sidecarPath = join(modelsDir, `${name}.json`);
  let sidecar: ModelSidecar;
  try {
    sidecar = JSON.parse(readFileSync(sidecarPath, 'utf8')) as ModelSidecar;
  } catch (e) {
    throw new Error(`cannot read model sidecar ${sidecarPath} (${(e as Error).message}): restore models/ from git or run \`npm run train\``, { cause: e });
  }
  // Both files sit beside the sidecar, and the data file is the one the split graph names (training/onnxExport.ts
  // splitExternalData): a sidecar cannot have another file hashed, nor leave a split graph's data unchecked.
  const refuse = (why: string): Error => new Error(`model sidecar ${sidecarPath} ${why}: restore models/ from git or run \`npm run train\``);
  const dataFile = `${sidecar.onnxFile}.data`;
  if (typeof sidecar.onnxFile !== 'string' || basename(sidecar.onnxFile) !== sidecar.onnxFile || !sidecar.onnxFile.endsWith('.onnx')) throw refuse(`names '${String(sidecar.onnxFile)}' as its graph, not a .onnx file beside it`);
  if (sidecar.onnxDataFile !== undefined && sidecar.onnxDataFile !== dataFile) throw refuse(`names '${sidecar.onnxDataFile}' as its graph's data file, not ${dataFile}`);
  if (sidecar.onnxDataFile === undefined && existsSync(join(modelsDir, dataFile))) throw refuse(`does not name ${dataFile}, which is there (a sidecar from before the weights were split, beside a split graph)`);
  const files: [string, string][] = [[sidecar.onnxFile, sidecar.onnxSha256]];
  if (sidecar.onnxDataFile !== undefined) files.push([dataFile, sidecar.onnxDataSha256 ?? '(none in the sidecar)']);
  for (const [file, expected] of files) {
    const path = join(modelsDir, file);
    if (!existsSync(path)) throw new Error(`model file ${file} is missing from ${modelsDir}: run \`npm run train\` or restore models/ from git`);
    const sha = fileSha256(path);
    if (sha !== expected) {
      throw new Error(`model ${file} does not match its sidecar (sha256 ${sha} ≠ ${expected}): run \`npm run train\` or restore models/ from git`);
    }
  }
  return { sidecar, onnxPath: join(modelsDir, sidecar.onnxFile) };
}

const now = (): number => Number(process.hrtime.bigint());

/**
 * Most features one session run reads. ONNX Runtime keeps the largest intermediate
 * tensors a session ever made in its arena; the graph's largest are [features, 16]
 * floats, so a run of 16,384 features needs a few MB (about 100 tweets of ~140
 * features). 1,000 texts of 6,000 characters in one batch had left the service at
 * ~2 GB RSS for good; now ~0.7-0.8 GB. No measurable cost on tweets (1 << 16: same).
 */
const MAX_RUN_FEATURES = 1 << 14;

export class SentimentAnalyzer {
  readonly stageNanos: StageNanos = { clean: 0, featurise: 0, language: 0, encode: 0, infer: 0, shape: 0, texts: 0 };
  /** Arenas not in use (an analysis thread runs one task at a time; calls in one process may overlap). */
  private readonly arenas: BagArena[] = [];

  private constructor(
    private readonly models: Map<Domain, LoadedModel>,
    readonly language: LanguageIdentifier,
    private readonly withProbabilities: boolean,
    private readonly timeStages: boolean,
    private readonly fallback: FallbackLexicons,
    /** GENERAL's graph for texts the language head names `en` reliably (AnalyzerOptions.englishExpert). */
    private readonly expert?: LoadedModel,
  ) {}

  static async load(opts: AnalyzerOptions = {}): Promise<SentimentAnalyzer> {
    const models = new Map<Domain, LoadedModel>();
    let lexiconsRead = false;
    // asked for (option, or MERIDIAN_ENGLISH_EXPERT true/1/yes/on): required; false/0/no/off: off; unset: served when the
    // models folder has it (a folder of candidate fits written by npm run train -- --out=DIR holds general.* only); any
    // other value stops the start, as every setting's does (loadCoreConfig reads it first)
    const setting = optionalBoolSetting(process.env, 'MERIDIAN_ENGLISH_EXPERT');
    const expertOn = opts.englishExpert ?? setting ?? existsSync(join(opts.modelsDir ?? MODELS_DIR, `${ENGLISH_EXPERT}.json`));
    const names: [Domain | 'expert', string][] = (Object.keys(MODEL_NAMES) as Domain[]).map((d) => [d, MODEL_NAMES[d]]);
    if (expertOn) names.push(['expert', ENGLISH_EXPERT]);
    let expert: LoadedModel | undefined;
    for (const [domain, name] of names) {
      const { sidecar, onnxPath } = await loadSidecar(name, opts.modelsDir);
      // the lexicons the model was trained with, as npm run train wrote them beside it (sha256 in its sidecar)
      if (sidecar.featurizer.extraLexicons && sidecar.extraLexiconsSha256 && !lexiconsRead) {
        readLexicons(join(opts.modelsDir ?? MODELS_DIR, EXTRA_LEXICONS_FILE), sidecar.extraLexiconsSha256, sidecar.name);
        lexiconsRead = true;
      }
      const session = await ort.InferenceSession.create(onnxPath, {
        intraOpNumThreads: opts.intraOpNumThreads ?? 1,
        interOpNumThreads: 1,
        executionMode: 'sequential',
        graphOptimizationLevel: 'all',
      });
      const main = sidecar.heads.find((h) => h.name === sidecar.mainHead)!;
      const featurizer = new Featurizer(sidecar.featurizer);
      // the languages with a verdict of their own: rows for the main head (a language whose rows teach only emotions
      // is answered as one without training data; sidecars from before mainHeadRows count every language)
      const codes = sidecar.trainedLanguages.filter((l) => l.mainHeadRows === undefined || l.mainHeadRows > 0).map((l) => l.code);
      const wv = sidecar.wordVectors;
      if (domain === 'expert') {
        // the expert reads the bag GENERAL's featuriser makes: same settings, same lexicons, plain negation
        if (JSON.stringify(sidecar.featurizer) !== JSON.stringify(models.get('GENERAL')!.sidecar.featurizer)) throw new Error(`${name}.json's featuriser differs from general.json's: the expert must be trained on GENERAL's features (npm run train -- --only=english)`);
        if (sidecar.extraLexiconsSha256 !== models.get('GENERAL')!.sidecar.extraLexiconsSha256) throw new Error(`${name}.json was trained with other lexicons than general.json (extraLexiconsSha256): npm run train -- --only=english`);
        if (!wv || wv.negation === 'split') throw new Error(`${name}.json has no word branch with plain or flip negation, which the service feeds`);
      }
      const loaded: LoadedModel = {
        sidecar,
        session,
        featurizer,
        trainedCodes: new Set(codes),
        emotionOnlyCodes: new Set(sidecar.trainedLanguages.filter((l) => l.mainHeadRows === 0).map((l) => l.code)),
        writtenOnlyCodes: new Set(sidecar.trainedLanguages.filter(writtenOnly).map((l) => l.code)),
        weakCodes: new Set(sidecar.trainedLanguages.filter((l) => (l.heldout[sidecar.mainHead]?.macroF1 ?? 1) < WEAK_LANGUAGE_F1 || writtenOnly(l)).map((l) => l.code)),
        polarityGaps: new Map(sidecar.trainedLanguages.flatMap((l) => (l.polarityGap ? [[l.code, l.polarityGap] as const] : []))),
        negationLearntCodes: new Set(sidecar.trainedLanguages.filter((l) => (l.mainHeadRows ?? 0) >= NEGATION_LEARNT_ROWS).map((l) => l.code)),
        trainedLetters: trainedLetters(codes),
        priorIds: new Set(featurizer.priorIds()),
        mainOffset: main.offset,
        mainLabels: main.labels,
        calibration: { ...DEFAULT_CALIBRATION, ...sidecar.calibration },
        ...(wv ? { words: new WordTable(readWordList(opts.modelsDir ?? MODELS_DIR, wv.file, wv.sha256, wv.words)), negation: wv.negation === 'flip' ? 'flip' : 'plain' } : {}),
      };
      if (domain === 'expert') expert = loaded;
      else models.set(domain, loaded);
    }
    const trusted = [...models.values()].flatMap((m) => trustedOf(m.sidecar.trainedLanguages)); // as sentimentLanguages
    const language = LanguageIdentifier.load(opts.modelsDir ?? MODELS_DIR, { trusted });
    return new SentimentAnalyzer(models, language, opts.withProbabilities ?? false, opts.timeStages ?? false, FallbackLexicons.load(opts.modelsDir ?? MODELS_DIR), expert);
  }

  sidecar(domain: Domain): ModelSidecar {
    return this.models.get(domain)!.sidecar;
  }

  /** Analyses a batch with one session run; a text that cannot be analysed gets its own rejection. */
  async analyze(texts: readonly string[], domain: Domain = 'GENERAL'): Promise<AnalysisOutcome[]> {
    const model = this.models.get(domain);
    if (!model) throw new Error(`unknown domain ${String(domain)}`);
    const arena = this.arenas.pop() ?? new BagArena();
    arena.reset();
    try {
      return await this.analyzeWith(arena, model, texts, domain);
    } finally {
      if (arena.bytesHeld <= ARENA_KEPT_BYTES) this.arenas.push(arena);
    }
  }

  private async analyzeWith(arena: BagArena, model: LoadedModel, texts: readonly string[], domain: Domain): Promise<AnalysisOutcome[]> {
    const outcomes: AnalysisOutcome[] = new Array(texts.length);
    const { bags, slots, time } = this.featurise(arena, model, texts, outcomes);
    if (bags.length === 0) return outcomes;
    let t4 = time;
    if (domain === 'GENERAL' && this.expert) {
      // English texts (reliably so) to the expert, the rest to general.onnx
      const en = (b: ReadBag): boolean => b.language.code === 'en' && b.language.reliable;
      t4 = await this.scoreAll(model, bags.filter((b) => !en(b)), slots.filter((_, r) => !en(bags[r]!)), texts, domain, outcomes, t4);
      await this.scoreAll(this.expert, bags.filter(en), slots.filter((_, r) => en(bags[r]!)), texts, domain, outcomes, t4);
    } else await this.scoreAll(model, bags, slots, texts, domain, outcomes, t4);
    if (this.timeStages) this.stageNanos.texts += bags.length;
    return outcomes;
  }

  /** Scores `bags` (texts[slots[r]] each) with `model`, in runs of at most MAX_RUN_FEATURES features; returns the clock, when timed. */
  private async scoreAll(model: LoadedModel, bags: ReadBag[], slots: number[], texts: readonly string[], domain: Domain, outcomes: AnalysisOutcome[], time: number): Promise<number> {
    let t4 = time;
    // One session run per run of texts holding at most MAX_RUN_FEATURES features (a text longer than
    // that has a run of its own): 256 long texts (~13,000 features each) in one run made intermediate
    // tensors of ~800 MB, which the worker's ONNX Runtime arena then held for good.
    for (let from = 0; from < bags.length;) {
      let to = from + 1;
      for (let features = bags[from]!.ids.length; to < bags.length && features + bags[to]!.ids.length <= MAX_RUN_FEATURES; to++) features += bags[to]!.ids.length;
      t4 = await this.scoreRun(model, bags.slice(from, to), slots.slice(from, to), texts, domain, outcomes, t4);
      from = to;
    }
    return t4;
  }

  /**
   * Cleans, featurises and identifies the language of each text; a text refused by cleanText() gets its rejection
   * in `outcomes`. The featuriser's buffers are reused, so each bag's arrays are copied into the arena (the language
   * head reads the same bag before it is overwritten). `slots` gives each bag's index in `texts`; `time` is the
   * clock at the end, when stages are timed.
   */
  private featurise(arena: BagArena, model: LoadedModel, texts: readonly string[], outcomes: AnalysisOutcome[]): { bags: ReadBag[]; slots: number[]; time: number } {
    const timed = this.timeStages;
    const st = this.stageNanos;
    const bags: ReadBag[] = [];
    const slots: number[] = [];
    let t0 = timed ? now() : 0;
    for (let i = 0; i < texts.length; i++) {
      try {
        const cleaned = cleanText(texts[i]!);
        let t1 = 0;
        if (timed) {
          t1 = now();
          st.clean += t1 - t0;
        }
        const bag = model.featurizer.featurize(cleaned);
        let t2 = 0;
        if (timed) {
          t2 = now();
          st.featurise += t2 - t1;
        }
        const language = this.language.identify(bag.languageIds, bag.languageCount, bag.letters, cleaned);
        if (timed) {
          t0 = now();
          st.language += t0 - t2;
        }
        let features: BagFeatures = {
          ids: arena.ints.copy(bag.ids, bag.count),
          tokenOf: arena.ints.copy(bag.tokenOf, bag.count),
          tokenOf2: arena.ints.copy(bag.tokenOf2, bag.count),
          negatedFeature: arena.bytes.copy(bag.negatedFeature, bag.count),
        };
        if (!model.trainedCodes.has(language.code) && !model.emotionOnlyCodes.has(language.code)) features = priorsOnly(features, model.priorIds, texts[i]!, model.trainedLetters);
        // object literals of one shape (not spreads): the per-text loops that read them stay monomorphic
        bags.push({
          ids: features.ids,
          tokenOf: features.tokenOf,
          tokenOf2: features.tokenOf2,
          negatedFeature: features.negatedFeature,
          bag: {
            count: bag.count,
            ids: bag.ids,
            tokenOf: bag.tokenOf,
            tokenOf2: bag.tokenOf2,
            negatedFeature: bag.negatedFeature,
            tokens: bag.tokens,
            negatedBy: arena.ints.copy(bag.negatedBy, bag.tokens.length),
            letters: bag.letters,
            truncated: bag.truncated,
            languageIds: bag.languageIds,
            languageCount: bag.languageCount,
          },
          cleaned,
          language,
        });
        slots.push(i);
        if (timed) {
          const t3 = now();
          st.featurise += t3 - t0;
          t0 = t3;
        }
      } catch (e) {
        if (e instanceof TextRejected) outcomes[i] = { error: { problem: e.problem, message: e.message } };
        else throw e;
      }
    }
    return { bags, slots, time: t0 };
  }

  /** One session run over `part` (texts[slots[r]] for each bag r), each answer written to outcomes[slots[r]]; returns the clock, when timed. */
  private async scoreRun(model: LoadedModel, part: ReadBag[], slots: number[], texts: readonly string[], domain: Domain, outcomes: AnalysisOutcome[], time: number): Promise<number> {
    const timed = this.timeStages;
    const st = this.stageNanos;
    let t4 = time;
    const batch = encodeBatch(part.map((b) => b.ids), model.sidecar.featurizer);
    // English texts' emotions: the mean of the expert's and general.onnx's heads, on the same bag (models/general-en.md,
    // "Emotions from both heads"); general.onnx runs for its emotion output only, before the expert's word feeds join
    const shared = model === this.expert && domain === 'GENERAL' ? this.models.get('GENERAL')!.session.run(batch.feeds, ['emotion']) : undefined;
    const words = model.words ? encodeWords(part.map((b) => b.bag), model.words, model.negation) : undefined;
    if (words) Object.assign(batch.feeds, words.feeds);
    if (timed) {
      const t = now();
      st.encode += t - t4;
      t4 = t;
    }
    const out = await model.session.run(batch.feeds);
    if (shared) meanInto(out.emotion!.data as Float32Array, (await shared).emotion!.data as Float32Array);
    if (timed) {
      const t5 = now();
      st.infer += t5 - t4;
      t4 = t5;
    }
    const run: SessionRun = {
      contributions: out.contributions!.data as Float32Array,
      main: out[model.sidecar.mainHead]!.data as Float32Array,
      emotion: domain === 'GENERAL' ? (out.emotion!.data as Float32Array) : null,
      starts: batch.starts,
      ...(words ? { words: { ...words, contributions: out.word_contributions!.data as Float32Array } } : {}),
    };
    part.forEach((b, r) => {
      const slot = slots[r]!;
      outcomes[slot] = this.answer(model, b, r, run, texts[slot]!, domain);
    });
    if (timed) {
      const t = now();
      st.shape += t - t4;
      t4 = t;
    }
    return t4;
  }

  /**
   * The answer for a text with no letters, so no language and no word lexicon, where the model's own does not stand:
   * emoji the emoji table knows give the class (the run-cut tokens); with neither such an emoji nor an emoticon or
   * emoji with a lexicon prior (":(" has VADER's), marks, digits or symbols alone say nothing.
   */
  private letterless(model: LoadedModel, b: ReadBag, winner: number, modelRead: () => string, language: AnalysisOutput['language'], truncated: boolean,
    cal: Calibration, emotionScores: EmotionScore[]): { output: AnalysisOutput; probs: ArrayLike<number> } | undefined {
    const emoji = this.fallback.emoji(b.bag.tokens.join(' '));
    const side = emoji.score >= 1 ? 2 : emoji.score <= -1 ? 0 : 1;
    const known = emoji.hits.length + emoji.neutral.length > 0;
    if (known && side !== winner) return emojiAnswer(emoji, modelRead(), language, truncated, cal, emotionScores);
    if (!known && !b.ids.some((id) => model.priorIds.has(id))) return { output: nothingToRead(modelRead(), language, truncated, emotionScores), probs: [0.25, 0.5, 0.25] };
    return undefined;
  }

  /** The answer for the r-th text of a session run: the model's verdict with its rationale, or a lexicon, neutral or abstaining answer. */
  private answer(model: LoadedModel, b: ReadBag, r: number, run: SessionRun, text: string, domain: Domain): AnalysisOutput {
    const C = model.sidecar.columns;
    const cal = model.calibration;
    const { main, emotion } = run;
    const probs = main.subarray(r * 3, r * 3 + 3);
    const level = levelOf(probs, cal);
    const language = b.language;
    const trained = model.trainedCodes.has(language.code);
    const confidence = probs[level.winner]!;
    const emotionScores = emotion
      ? EMOTIONS.map((e, k) => ({ emotion: e, score: emotion[r * EMOTIONS.length + k]! }))
      : [];
    const truncated = b.bag.truncated || scanCut(text);
    const withProbabilities = (answer: AnalysisOutput, probabilities: ArrayLike<number>): AnalysisOutput => {
      if (this.withProbabilities) (answer as AnalysisOutput & { probabilities: number[] }).probabilities = Array.from(probabilities);
      return answer;
    };
    // what the model read, for the rationale of an answer that overrides it (made only then: this is the per-text path)
    const modelRead = (): string => `${model.mainLabels[level.winner]} (${Math.round(confidence * 100)}%)`;
    const unsure = !language.reliable || confidence < cal.lowConfidenceBelow;
    if (domain === 'GENERAL' && !/\p{L}/u.test(b.cleaned)) {
      const answer = this.letterless(model, b, level.winner, modelRead, { ...language, trained }, truncated, cal, emotionScores);
      if (answer) return withProbabilities(answer.output, answer.probs);
    }
    // a language the model has no training data in, or reads near chance: its lexicons speak (lexiconFallback.ts)
    const weak = model.weakCodes.has(language.code);
    const thin = model.writtenOnlyCodes.has(language.code) ? 'written' : undefined;
    const gap = model.polarityGaps.get(language.code);
    // thin polarity (polarityGap): a missing class always lets the lexicon vote; emotion-derived rows only where the
    // model answers NEUTRAL or is unsure (on their in-source rows the model beats the lexicons: models/general.md)
    const gapVotes = gap !== undefined && (gap !== 'emotions' || level.winner === 1 || confidence < MODEL_SURE);
    // the lexicons read the text without quoted titles and names (titlesAndNames.ts; made when first read), the model whole
    let blanked: string | undefined;
    const said = (): string => (blanked ??= blankCapitalisedNames(blankQuotedTitles(b.cleaned), language.code));
    const lexicon = domain === 'GENERAL' && language.code !== 'und' && (!trained || weak || gapVotes) ? this.fallback.score(said(), language.code) : undefined;
    if (lexicon && lexicon.hits.length > 0 && Math.abs(lexicon.score) >= 1) {
      const answer = fallbackAnswer(lexicon, { ...language, trained }, truncated, cal, emotionScores, model.trainedCodes.size, weak ? thin : gap);
      return withProbabilities(answer.output, answer.probs);
    }
    // the lexicon reading of a trained language, made once when a rule below first needs it
    let read = lexicon;
    const lexiconOf = (): FallbackVerdict => (read ??= this.fallback.score(said(), language.code));
    // the polar overrule was measured on general.onnx's held-out rows (the evaluation fit has no English expert): the
    // expert's polar verdicts keep their own reading
    const polarBelow = model === this.expert ? 0 : LEXICON_OVERRULES_POLAR_BELOW;
    const unsureOfIt = confidence < (level.winner === 1 ? MODEL_SURE : polarBelow);
    const mayNegate = (): boolean => level.winner !== 1 && !model.negationLearntCodes.has(language.code) && this.fallback.mayNegate(b.cleaned, b.bag.tokens, language.code);
    if (trained && !weak && domain === 'GENERAL' && (unsureOfIt || mayNegate())) {
      // a trained language, the model unsure of NEUTRAL and leaning to the side of clear, unnegated lexicon words, or
      // under LEXICON_OVERRULES_POLAR_BELOW on the other polarity than they (general.onnx only): they decide; and at any
      // confidence where the words are clear only through a negation the model misread (negationLed)
      const lex = lexiconDecides(lexiconOf());
      const side = lex && lex.score > 0 ? 2 : 0;
      if (lex && side !== level.winner && (unsureOfIt || negationLed(lex)) && (level.winner !== 1 || probs[side]! > probs[2 - side]!)) {
        const answer = lexiconOverModel(lex, modelRead(), { ...language, trained }, truncated, cal, emotionScores, unsure);
        return withProbabilities(answer.output, answer.probs);
      }
    }
    if (!trained && !model.emotionOnlyCodes.has(language.code) && !b.ids.some((id) => model.priorIds.has(id))) {
      // no lexicon word or emoji the model knows, in letters it never saw: nothing it learned applies
      const script = unscoredScript(text, model.trainedLetters);
      // (the evaluation reads the class it was given: NEUTRAL, index 1 of both heads' labels)
      if (script) return withProbabilities(abstention(domain, script, { ...language, trained }, truncated), [0, 1, 0]);
    }
    if (lexicon && (!trained || weak) && level.winner !== 1
      && ((!trained && lexicon.hits.length === 0 && this.fallback.hasList(language.code) && oneScript(b.cleaned) && this.fallback.emoji(text).hits.length === 0) || (probs[level.winner]! < MODEL_SURE && !b.ids.some((id) => model.priorIds.has(id))))) {
      // no word of the language's lexicon (its own, or the one it reads by transfer) and no polar emoji where the model
      // never learned the language (its polar lean, however sure, comes from features learnt in other languages:
      // Russian "Нам нужно купить молоко и яйца" POSITIVE 88 % through "нужно", which the Russian list marks neutral),
      // or in one it reads near chance an unsure lean with no prior feature: NEUTRAL. Without a list (Armenian), or in a text of several scripts (Armenian "Հիանալի" in Japanese
      // text), the model's lexicon priors may be the only reading of a word the list cannot hold, and stand.
      return withProbabilities(unscoredNeutral(model, probs, { ...language, trained }, truncated, emotionScores, thin !== undefined), [0.25, 0.5, 0.25]);
    }
    if (trained && !weak && domain === 'GENERAL' && level.winner !== 1 && confidence < MODEL_SURE && !/[!?！？]/u.test(text)
      && !b.ids.some((id) => model.priorIds.has(id))) {
      // a trained language with a lexicon list, the model unsure of a polar lean, and no lexicon word, emoji or strong
      // punctuation: lean NEUTRAL (without a list, finding no word says nothing: unsureNeutral, models/general.md)
      const lex = lexiconOf();
      if (lex.hits.length === 0 && this.fallback.hasList(language.code)) {
        return withProbabilities(unsureNeutral(model, probs, { ...language, trained }, truncated, emotionScores, unsure), [0.25, 0.5, 0.25]);
      }
    }
    const result: AnalysisOutput = {
      domain,
      sentiment: level.sentiment,
      sentimentScore: level.sentimentScore,
      confidence,
      emotionScores,
      rationale: '',
      language: { ...language, trained },
      lowConfidence: !trained || weak || unsure,
      truncated,
    };
    if (domain === 'FINANCIAL_NEWS') result.marketDirection = DIRECTIONS[level.winner];
    const w = run.words;
    const textWords = w ? { lower: w.lower, contributions: w.contributions, from: w.starts[r]!, to: w.starts[r + 1]! } : undefined;
    const note = thin ? 'polarity learnt from the written sentences only' : weak ? 'read near chance' : undefined;
    result.rationale = rationale(model, b, run.contributions, run.starts[r]! * C, C, probs, level.winner, result, emotionScores, textWords, note);
    return withProbabilities(result, probs);
  }
}

/**
 * A language the model reads near chance is always lowConfidence: its held-out macro-F1 (three classes, chance
 * ~33) under this. Hindi (UMSAB's romanised tweets, 34.4) was the one such language with a labelled set, until its
 * labels were found not to go with their texts (training/corpus.ts UMSAB_UNLABELLED): a confident-looking Hindi
 * verdict ("yeh bahut accha hai yaar" → NEGATIVE) had said nothing of that. Languages whose polarity rows are only the
 * written sentences are treated the same way (writtenOnly), whatever their held-out figure.
 */
const WEAK_LANGUAGE_F1 = 0.4;

/** `into[i]` becomes the mean of itself and `other[i]` (two heads' probabilities for the same texts). */
function meanInto(into: Float32Array, other: Float32Array): void {
  for (let i = 0; i < into.length; i++) into[i] = (into[i]! + other[i]!) / 2;
}
