/**
 * Runs the trained models: cleans and featurises a batch of texts, runs the ONNX
 * session once for the whole batch, and turns probabilities and per-feature
 * contributions into results (five-level sentiment, score, emotions, rationale,
 * language). Load once per thread; `InferenceSession.run` blocks its thread, so in
 * the service this lives in the Piscina workers only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import * as ort from 'onnxruntime-node';
import { EXTRA_LEXICONS_FILE, Featurizer, loadExtraLexicons, type FeatureBag } from './featurizer.js';
import { encodeBatch } from './onnxBatch.js';
import { cleanText, TextRejected, type TextProblem } from './textInput.js';
import { LanguageIdentifier, type DetectedLanguage } from './languageDetector.js';
import { FallbackLexicons, type FallbackVerdict } from './lexiconFallback.js';
import { EMOTIONS, DIRECTIONS, levelOf, DEFAULT_CALIBRATION, type Calibration, type Domain, type SentimentLevel } from './labels.js';
import type { ModelSidecar } from './modelCard.js';
import { projectRoot } from '../paths.js';

/** Where the models are read from: MERIDIAN_MODELS_DIR, default models/ in the project. */
export const MODELS_DIR = process.env['MERIDIAN_MODELS_DIR'] || join(projectRoot, 'models');
export const MODEL_NAMES: Record<Domain, string> = { GENERAL: 'general', FINANCIAL_NEWS: 'financial-news' };

export interface EmotionScore {
  emotion: string;
  score: number;
}

export interface AnalysisOutput {
  domain: Domain;
  sentiment: SentimentLevel;
  /** P(positive) − P(negative) (FINANCIAL_NEWS: P(bullish) − P(bearish)), in [-1, 1]. */
  sentimentScore: number;
  /** Probability of the winning class of the three-way head. */
  confidence: number;
  /** GENERAL: 7 emotions whose scores sum to 1. FINANCIAL_NEWS: empty. */
  emotionScores: EmotionScore[];
  /** FINANCIAL_NEWS only: BEARISH, NEUTRAL or BULLISH. */
  marketDirection?: string;
  rationale: string;
  language: DetectedLanguage & { trained: boolean };
  /** True when the language has no training data or is not reliably identified, or confidence is below the model's calibrated cut (models/*.md). */
  lowConfidence: boolean;
  /** True when the model read only the first MAX_TOKENS tokens / MAX_SCAN_CHARS characters. */
  truncated: boolean;
}

export interface AnalysisRejection {
  error: { problem: TextProblem; message: string };
}

export type AnalysisOutcome = AnalysisOutput | AnalysisRejection;

export interface AnalyzerOptions {
  modelsDir?: string;
  intraOpNumThreads?: number;
  /** Return the raw head probabilities too (evaluation and tests). */
  withProbabilities?: boolean;
  /** Accumulate per-stage wall time in `stageNanos` (benchmarks). */
  timeStages?: boolean;
}

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

interface LoadedModel {
  sidecar: ModelSidecar;
  session: ort.InferenceSession;
  featurizer: Featurizer;
  trainedCodes: Set<string>;
  /** Languages with training data whose held-out macro-F1 (the sidecar's evaluation fit) is under WEAK_LANGUAGE_F1. */
  weakCodes: Set<string>;
  /** Letters of the scripts the model's training languages are written in (unscoredScript). */
  trainedLetters: RegExp;
  /** The featuriser's lexicon and emoji prior buckets: features every language shares. */
  priorIds: Set<number>;
  mainOffset: number;
  mainLabels: readonly string[];
  calibration: Calibration;
}

/** Reads the lexicon file a model's sidecar names by its sha256, or says what to do. */
function readLexicons(path: string, sha256: string, model: string): void {
  if (!existsSync(path)) throw new Error(`${path} is missing; the ${model} model was trained with it: run \`npm run train\` or restore models/ from git`);
  const bin = readFileSync(path);
  const sha = createHash('sha256').update(bin).digest('hex');
  if (sha !== sha256) throw new Error(`${path} does not match the ${model} model's sidecar (sha256 ${sha} ≠ ${sha256}): run \`npm run train\` or restore models/ from git`);
  loadExtraLexicons(bin, path);
}

export async function loadSidecar(name: string, modelsDir = MODELS_DIR): Promise<{ sidecar: ModelSidecar; onnx: Uint8Array }> {
  const sidecarPath = join(modelsDir, `${name}.json`);
  let sidecar: ModelSidecar;
  try {
    sidecar = JSON.parse(readFileSync(sidecarPath, 'utf8')) as ModelSidecar;
  } catch (e) {
    throw new Error(`cannot read model sidecar ${sidecarPath} (${(e as Error).message}): restore models/ from git or run \`npm run train\``, { cause: e });
  }
  const onnx = readFileSync(join(modelsDir, sidecar.onnxFile));
  const sha = createHash('sha256').update(onnx).digest('hex');
  if (sha !== sidecar.onnxSha256) {
    throw new Error(`model ${sidecar.onnxFile} does not match its sidecar (sha256 ${sha} ≠ ${sidecar.onnxSha256}): run \`npm run train\` or restore models/ from git`);
  }
  return { sidecar, onnx };
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

/**
 * Where one analyze() call keeps its texts' feature arrays until the batch is scored: copied
 * into a few buffers reused from call to call, not into five new typed arrays a text (each
 * with a backing store of its own, which the analysis threads' scavenges then had to free).
 * A buffer that fills is replaced by one twice as large; the views already handed out keep the old one.
 * An arena grown past ARENA_KEPT_BYTES (a batch of long texts) is dropped after its call, not kept.
 */
const ARENA_KEPT_BYTES = 4 << 20;

/** One growable buffer of the arena: copies handed out as views of it, valid until the next reset. */
class ArenaBuffer<A extends Int32Array | Uint8Array> {
  private used = 0;
  constructor(
    private buf: A,
    private readonly make: (length: number) => A,
  ) {}

  reset(): void {
    this.used = 0;
  }

  get byteLength(): number {
    return this.buf.byteLength;
  }

  /** A copy of the first n values of a. */
  copy(a: Int32Array | Uint8Array, n: number): A {
    if (this.used + n > this.buf.length) {
      this.buf = this.make(Math.max(2 * this.buf.length, n));
      this.used = 0;
    }
    const view = this.buf.subarray(this.used, this.used + n) as A;
    this.used += n;
    view.set(a.subarray(0, n));
    return view;
  }
}

class BagArena {
  readonly ints = new ArenaBuffer(new Int32Array(1 << 16), (n) => new Int32Array(n));
  readonly bytes = new ArenaBuffer(new Uint8Array(1 << 14), (n) => new Uint8Array(n));

  reset(): void {
    this.ints.reset();
    this.bytes.reset();
  }

  get bytesHeld(): number {
    return this.ints.byteLength + this.bytes.byteLength;
  }
}

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
  ) {}

  static async load(opts: AnalyzerOptions = {}): Promise<SentimentAnalyzer> {
    const models = new Map<Domain, LoadedModel>();
    let lexiconsRead = false;
    for (const domain of Object.keys(MODEL_NAMES) as Domain[]) {
      const { sidecar, onnx } = await loadSidecar(MODEL_NAMES[domain], opts.modelsDir);
      // the lexicons the model was trained with, as npm run train wrote them beside it (sha256 in its sidecar)
      if (sidecar.featurizer.extraLexicons && sidecar.extraLexiconsSha256 && !lexiconsRead) {
        readLexicons(join(opts.modelsDir ?? MODELS_DIR, EXTRA_LEXICONS_FILE), sidecar.extraLexiconsSha256, sidecar.name);
        lexiconsRead = true;
      }
      const session = await ort.InferenceSession.create(onnx, {
        intraOpNumThreads: opts.intraOpNumThreads ?? 1,
        interOpNumThreads: 1,
        executionMode: 'sequential',
        graphOptimizationLevel: 'all',
      });
      const main = sidecar.heads.find((h) => h.name === sidecar.mainHead)!;
      const featurizer = new Featurizer(sidecar.featurizer);
      const codes = sidecar.trainedLanguages.map((l) => l.code);
      models.set(domain, {
        sidecar,
        session,
        featurizer,
        trainedCodes: new Set(codes),
        weakCodes: new Set(sidecar.trainedLanguages.filter((l) => (l.heldout[sidecar.mainHead]?.macroF1 ?? 1) < WEAK_LANGUAGE_F1).map((l) => l.code)),
        trainedLetters: trainedLetters(codes),
        priorIds: new Set(featurizer.priorIds()),
        mainOffset: main.offset,
        mainLabels: main.labels,
        calibration: { ...DEFAULT_CALIBRATION, ...sidecar.calibration },
      });
    }
    const trusted = [...models.values()].flatMap((m) => [...m.trainedCodes]);
    const language = LanguageIdentifier.load(opts.modelsDir ?? MODELS_DIR, { trusted });
    return new SentimentAnalyzer(models, language, opts.withProbabilities ?? false, opts.timeStages ?? false, FallbackLexicons.load(opts.modelsDir ?? MODELS_DIR));
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
    const C = model.sidecar.columns;
    const outcomes: AnalysisOutcome[] = new Array(texts.length);
    // Featurise: the featuriser's buffers are reused, so copy each bag's ids out. The
    // language head reads the same bag before it is overwritten.
    const timed = this.timeStages;
    const st = this.stageNanos;
    const bags: (BagFeatures & { bag: FeatureBag; cleaned: string; language: DetectedLanguage })[] = [];
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
        const features = {
          ids: arena.ints.copy(bag.ids, bag.count),
          tokenOf: arena.ints.copy(bag.tokenOf, bag.count),
          tokenOf2: arena.ints.copy(bag.tokenOf2, bag.count),
          negatedFeature: arena.bytes.copy(bag.negatedFeature, bag.count),
        };
        bags.push({
          ...(model.trainedCodes.has(language.code) ? features : priorsOnly(features, model.priorIds, texts[i]!, model.trainedLetters)),
          bag: { ...bag, negatedBy: arena.ints.copy(bag.negatedBy, bag.tokens.length) },
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
    if (bags.length === 0) return outcomes;
    const cal = model.calibration;
    let t4 = t0;
    // One session run per run of texts holding at most MAX_RUN_FEATURES features (a text longer than
    // that has a run of its own): 256 long texts (~13,000 features each) in one run made intermediate
    // tensors of ~800 MB, which the worker's ONNX Runtime arena then held for good.
    for (let from = 0; from < bags.length;) {
      let to = from + 1;
      for (let features = bags[from]!.ids.length; to < bags.length && features + bags[to]!.ids.length <= MAX_RUN_FEATURES; to++) features += bags[to]!.ids.length;
      const part = bags.slice(from, to);
      const at = from;
      from = to;
      const batch = encodeBatch(part.map((b) => b.ids), model.sidecar.featurizer);
      if (timed) {
        const t = now();
        st.encode += t - t4;
        t4 = t;
      }
      const out = await model.session.run(batch.feeds);
      if (timed) {
        const t5 = now();
        st.infer += t5 - t4;
        t4 = t5;
      }
      const contributions = out.contributions!.data as Float32Array;
      const main = out[model.sidecar.mainHead]!.data as Float32Array;
      const emotion = domain === 'GENERAL' ? (out.emotion!.data as Float32Array) : null;
      part.forEach((b, r) => {
        const probs = main.subarray(r * 3, r * 3 + 3);
        const level = levelOf(probs, cal);
        const language = b.language;
        const trained = model.trainedCodes.has(language.code);
        const confidence = probs[level.winner]!;
        const emotionScores = emotion
          ? EMOTIONS.map((e, k) => ({ emotion: e, score: emotion[r * EMOTIONS.length + k]! }))
          : [];
        const slot = slots[at + r]!;
        const text = texts[slot]!;
        const truncated = b.bag.truncated || text.length > b.cleaned.length;
        // a language the model has no training data in, or reads near chance: its lexicons speak (lexiconFallback.ts)
        const lexicon = domain === 'GENERAL' && language.code !== 'und' && (!trained || model.weakCodes.has(language.code)) ? this.fallback.score(b.cleaned, language.code) : undefined;
        if (lexicon && lexicon.hits.length > 0 && Math.abs(lexicon.score) >= 1) {
          const answer = fallbackAnswer(lexicon, { ...language, trained }, truncated, cal, emotionScores, model.sidecar.trainedLanguages.length);
          if (this.withProbabilities) (answer.output as AnalysisOutput & { probabilities: number[] }).probabilities = answer.probs;
          outcomes[slot] = answer.output;
          return;
        }
        if (!trained && !b.ids.some((id) => model.priorIds.has(id))) {
          // no lexicon word or emoji the model knows, in letters it never saw: nothing it learned applies
          const script = unscoredScript(text, model.trainedLetters);
          if (script) {
            const answer = abstention(domain, script, { ...language, trained }, truncated);
            // (the evaluation reads the class it was given: NEUTRAL, index 1 of both heads' labels)
            if (this.withProbabilities) (answer as AnalysisOutput & { probabilities: number[] }).probabilities = [0, 1, 0];
            outcomes[slot] = answer;
            return;
          }
        }
        if (lexicon && !trained && probs[level.winner]! < MODEL_SURE && level.winner !== 1 && !b.ids.some((id) => model.priorIds.has(id))) {
          // no lexicon evidence and no prior feature, in a language the model never learned: its lean is noise
          const answer = unscoredNeutral(model, probs, { ...language, trained }, truncated, emotionScores);
          if (this.withProbabilities) (answer as AnalysisOutput & { probabilities: number[] }).probabilities = [0.25, 0.5, 0.25];
          outcomes[slot] = answer;
          return;
        }
        const result: AnalysisOutput = {
          domain,
          sentiment: level.sentiment,
          sentimentScore: level.sentimentScore,
          confidence,
          emotionScores,
          rationale: '',
          language: { ...language, trained },
          lowConfidence: !trained || model.weakCodes.has(language.code) || !language.reliable || confidence < cal.lowConfidenceBelow,
          truncated,
        };
        if (domain === 'FINANCIAL_NEWS') result.marketDirection = DIRECTIONS[level.winner];
        result.rationale = rationale(model, b, contributions, batch.starts[r]! * C, C, probs, level.winner, result, emotionScores);
        if (this.withProbabilities) (result as AnalysisOutput & { probabilities: number[] }).probabilities = Array.from(probs);
        outcomes[slot] = result;
      });
      if (timed) {
        const t = now();
        st.shape += t - t4;
        t4 = t;
      }
    }
    if (timed) st.texts += bags.length;
    return outcomes;
  }
}

/**
 * A language the model reads near chance is always lowConfidence: its held-out macro-F1 (three classes, chance
 * ~33) under this. Hindi (UMSAB's romanised tweets, 34.4) is the one such language of the committed GENERAL
 * model; a confident-looking Hindi verdict ("yeh bahut accha hai yaar" → NEGATIVE) said nothing of that.
 */
const WEAK_LANGUAGE_F1 = 0.4;

const fmt = (x: number): string => (x >= 0 ? '+' : '') + x.toFixed(2);
const quote = (s: string): string => `"${s.length > 40 ? s.slice(0, 40) + '…' : s}"`;

/** A word of the text and what its features add toward the winner (rationale). */
interface Cited { surface: string; delta: number; negated: string | null }

/** A text's features as the session run and the rationale read them (copies out of the featuriser's buffers). */
interface BagFeatures {
  ids: Int32Array;
  tokenOf: Int32Array;
  tokenOf2: Int32Array;
  negatedFeature: Uint8Array;
}

/** The rationale's per-token sums, reused by every text of this thread (grown as needed). */
let scratch = new Float64Array(256);

/** The likelier of the two classes other than the winner (the first of them on a tie). */
function runnerUp(probs: Float32Array, winner: number): number {
  const [a, b] = winner === 0 ? [1, 2] : winner === 1 ? [0, 2] : [0, 1];
  return probs[b]! > probs[a]! ? b : a;
}

/**
 * The scripts of the training languages: Latin unless listed. A text written
 * mostly in other letters (Han, kana, Hangul, Cyrillic, Thai, …) shares no
 * learned feature with the training text; its n-grams only meet the weights of
 * unrelated features in shared hash buckets, which gave a glowing Japanese
 * review VERY_NEGATIVE at 0.96 confidence. Such texts are not scored.
 */
const SCRIPT_OF: Record<string, string> = { am: 'Ethiopic', ti: 'Ethiopic', ar: 'Arabic', arq: 'Arabic', ary: 'Arabic', fa: 'Arabic', hi: 'Devanagari', mr: 'Devanagari', ne: 'Devanagari' };

function trainedLetters(codes: string[]): RegExp {
  const scripts = [...new Set(codes.map((c) => SCRIPT_OF[c] ?? 'Latin'))];
  return new RegExp(scripts.map((sc) => `\\p{Script=${sc}}`).join('|'), 'gu');
}

const LETTER = /\p{L}/gu;
const NAMED_SCRIPTS = ['Han', 'Hiragana', 'Katakana', 'Hangul', 'Cyrillic', 'Greek', 'Hebrew', 'Thai', 'Bengali', 'Tamil', 'Telugu', 'Gujarati', 'Gurmukhi', 'Kannada', 'Malayalam', 'Georgian', 'Armenian', 'Khmer', 'Lao', 'Myanmar', 'Sinhala']
  .map((sc) => ({ name: sc, letters: new RegExp(`\\p{Script=${sc}}`, 'gu') }));

/** The main script of a text when most of its letters are outside the trained scripts, else undefined. */
function unscoredScript(text: string, trained: RegExp): string | undefined {
  const letters = text.match(LETTER)?.length ?? 0;
  if (letters === 0) return undefined; // emoji, digits: the emoji priors speak for every language
  const known = text.match(trained)?.length ?? 0;
  if (known * 2 >= letters) return undefined;
  for (const sc of NAMED_SCRIPTS) if ((text.match(sc.letters)?.length ?? 0) * 2 >= letters - known) return sc.name;
  return 'other';
}

/**
 * A text in a language without training data and written mostly in letters no training
 * language uses (unscoredScript) has word and n-gram features that only meet unrelated
 * weights in shared hash buckets, so their sum is noise that moves with the bucket count.
 * When it holds a lexicon or emoji prior, its features are cut down to those priors (the
 * copies made for this text, compacted in place: ids, tokenOf, tokenOf2 and negatedFeature
 * alike) and the model reads them alone; without one it is not scored (abstention, which
 * looks at the same text). A feature counts as a prior when it is in a prior bucket: an
 * n-gram hashed into one of those few dozen of the 2^20 buckets would be kept too.
 */
function priorsOnly(f: BagFeatures, priorIds: Set<number>, text: string, trained: RegExp): BagFeatures {
  const { ids, tokenOf, tokenOf2, negatedFeature } = f;
  let priors = 0;
  for (let k = 0; k < ids.length; k++) if (priorIds.has(ids[k]!)) priors++;
  if (priors === 0 || priors === ids.length || unscoredScript(text, trained) === undefined) return f;
  let n = 0;
  for (let k = 0; k < ids.length; k++) {
    if (!priorIds.has(ids[k]!)) continue;
    ids[n] = ids[k]!;
    tokenOf[n] = tokenOf[k]!;
    tokenOf2[n] = tokenOf2[k]!;
    negatedFeature[n] = negatedFeature[k]!;
    n++;
  }
  return { ids: ids.subarray(0, n), tokenOf: tokenOf.subarray(0, n), tokenOf2: tokenOf2.subarray(0, n), negatedFeature: negatedFeature.subarray(0, n) };
}

/**
 * The answer from the lexicon fallback (lexiconFallback.ts) for a text in a language the model has no training data
 * in (or reads near chance): the lexicon score's sign is the class, its size the winning probability (0.55 for one
 * ordinary word, 0.65 for a strong one or two, at most 0.95; the rest mostly to NEUTRAL), the five levels by the
 * model's own cut-points. Always lowConfidence; the rationale cites the words.
 */
function fallbackAnswer(lex: FallbackVerdict, language: AnalysisOutput['language'], truncated: boolean, cal: Calibration, emotionScores: EmotionScore[], trainedCount: number): { output: AnalysisOutput; probs: number[] } {
  const win = Math.min(0.95, 0.45 + 0.1 * Math.abs(lex.score));
  const rest = 1 - win;
  const probs = lex.score > 0 ? [0.2 * rest, 0.8 * rest, win] : [win, 0.8 * rest, 0.2 * rest];
  const level = levelOf(probs, cal);
  const cites = [...lex.hits].sort((a, b) => Math.abs(b.strength) - Math.abs(a.strength)).slice(0, 4).map((h) => `${quote(h.text)} ${fmt(h.strength)}`);
  const why = language.trained
    ? `the general model reads ${language.code} near chance`
    : `the general model has no training data in ${language.code} (it has in ${trainedCount} languages)`;
  const output: AnalysisOutput = {
    domain: 'GENERAL',
    sentiment: level.sentiment,
    sentimentScore: level.sentimentScore,
    confidence: win,
    emotionScores,
    rationale: `${level.winner === 2 ? 'POSITIVE' : 'NEGATIVE'} from sentiment lexicons, because ${why}: ${cites.join(', ')} (lexicon score ${fmt(lex.score)}). Language: ${language.code}${language.reliable ? '' : ' (uncertain)'}; lower confidence.${truncated ? ' Only the start of the text was read.' : ''}`,
    language,
    lowConfidence: true,
    truncated,
  };
  return { output, probs };
}

/**
 * A text in a language without training data where no lexicon word was found, the model read no lexicon or emoji
 * prior feature, and it leans to a polarity at under this probability: its lean comes from features it never learned in this language, and on the everyday
 * development set it called most neutral sentences of such languages positive or negative. It answers NEUTRAL.
 */
const MODEL_SURE = 0.7;

function unscoredNeutral(model: LoadedModel, probs: Float32Array, language: AnalysisOutput['language'], truncated: boolean, emotionScores: EmotionScore[]): AnalysisOutput {
  return {
    domain: 'GENERAL',
    sentiment: 'NEUTRAL',
    sentimentScore: 0,
    confidence: 0.5,
    emotionScores,
    rationale: `NEUTRAL: no sentiment-lexicon word found, and the general model, which has no training data in ${language.code}, leaned ${model.mainLabels[probs[2]! >= probs[0]! ? 2 : 0]} at only ${Math.round(Math.max(probs[0]!, probs[2]!) * 100)}%. Language: ${language.code} (no training data; lower confidence).${truncated ? ' Only the start of the text was read.' : ''}`,
    language,
    lowConfidence: true,
    truncated,
  };
}

/** The answer for a text the model cannot read (unscoredScript): neutral, with no confidence, and saying why. */
function abstention(domain: Domain, script: string, language: AnalysisOutput['language'], truncated: boolean): AnalysisOutput {
  const result: AnalysisOutput = {
    domain,
    sentiment: 'NEUTRAL',
    sentimentScore: 0,
    confidence: 1 / 3,
    emotionScores: domain === 'GENERAL' ? EMOTIONS.map((e) => ({ emotion: e, score: 1 / EMOTIONS.length })) : [],
    rationale: `Not scored: the text is written mostly in ${script === 'other' ? 'a script' : `${script} script`} that the ${domain === 'GENERAL' ? 'general' : 'financial-news'} model had no training text in, so it answers neutral with no confidence instead of guessing. Language: ${language.code} (no training data).`,
    language,
    lowConfidence: true,
    truncated,
  };
  if (domain === 'FINANCIAL_NEWS') result.marketDirection = 'NEUTRAL';
  return result;
}

/**
 * Explains the decision from the model's own per-feature contributions: each token's
 * share (its word, negated-word and character n-gram features, half of each bigram it
 * is in) of the winning class's logit minus the runner-up's. Cites the tokens that
 * pushed hardest toward the winner (marking negated ones), the strongest one that
 * pushed the other way, and the language verdict.
 */
function rationale(
  model: LoadedModel,
  b: { ids: Int32Array; tokenOf: Int32Array; tokenOf2: Int32Array; negatedFeature: Uint8Array; bag: FeatureBag },
  contributions: Float32Array,
  base: number,
  C: number,
  probs: Float32Array,
  winner: number,
  result: AnalysisOutput,
  emotions: EmotionScore[],
): string {
  const labels = model.mainLabels;
  const off = model.mainOffset;
  const rival = runnerUp(probs, winner);
  const tokens = b.bag.tokens;
  const n = tokens.length;
  if (scratch.length < 2 * n) scratch = new Float64Array(Math.max(2 * n, 2 * scratch.length));
  const delta = scratch.subarray(0, n).fill(0);
  const negDelta = scratch.subarray(n, 2 * n).fill(0);
  for (let f = 0; f < b.ids.length; f++) {
    const at = base + f * C + off;
    const d = contributions[at + winner]! - contributions[at + rival]!;
    const t2 = b.tokenOf2[f]!;
    const t1 = b.tokenOf[f]!;
    if (t1 < 0) continue; // a feature of the whole text (FINANCIAL_NEWS's cashtag count): no word to cite
    if (t2 >= 0) {
      delta[t1] = delta[t1]! + d / 2;
      delta[t2] = delta[t2]! + d / 2;
    } else {
      delta[t1] = delta[t1]! + d;
      if (b.negatedFeature[f]) negDelta[t1] = negDelta[t1]! + d;
    }
  }
  // Merge repeated tokens (same lower-case form) so a word is cited once.
  const byWord = new Map<string, Cited>();
  const words: Cited[] = [];
  for (let t = 0; t < n; t++) {
    const surface = tokens[t]!;
    const key = surface.toLowerCase();
    let e = byWord.get(key);
    if (!e) {
      e = { surface, delta: 0, negated: null };
      byWord.set(key, e);
      words.push(e);
    }
    e.delta += delta[t]!;
    const by = b.bag.negatedBy[t]!;
    if (by >= 0 && negDelta[t]! > 0.05 * Math.abs(delta[t]!) && negDelta[t]! > 0) e.negated = tokens[by]!;
  }
  // The three words weighing most toward the winner and the one weighing most against it, as a stable
  // sort by weight (descending) would rank them: among equal weights, the earlier word first and the
  // later one last; found in one pass instead of sorting every word.
  const best: Cited[] = [];
  let against: Cited | null = null;
  for (const e of words) {
    let k = best.length;
    while (k > 0 && e.delta > best[k - 1]!.delta) k--;
    if (k < 3) {
      best.splice(k, 0, e);
      if (best.length > 3) best.pop();
    }
    if (against === null || e.delta <= against.delta) against = e;
  }
  if (words.length < 2) against = null;
  const top = best[0]?.delta ?? 0;
  const support = best.filter((e) => e.delta > 0 && e.delta >= 0.15 * top);
  const head = `${labels[winner]} (${Math.round(probs[winner]! * 100)}% vs ${labels[rival]} ${Math.round(probs[rival]! * 100)}%)`;
  const parts: string[] = [head + ':'];
  if (support.length === 0) parts.push(`no word in the text carries a learned weight toward ${labels[winner]}; the model's prior decides.`);
  else {
    const cites = support.map((e) => `${quote(e.surface)}${e.negated ? ` (negated by ${quote(e.negated)})` : ''} ${fmt(e.delta)}`);
    parts.push(`${cites.join(', ')} ${cites.length === 1 ? 'weighs' : 'weigh'} most toward ${labels[winner]}`);
    if (against && against.delta < 0 && -against.delta >= 0.3 * top) parts[parts.length - 1] += `; ${quote(against.surface)} ${fmt(against.delta)} pulls toward ${labels[rival]}`;
    parts[parts.length - 1] += '.';
  }
  if (emotions.length > 0) {
    const e = emotions.reduce((x, y) => (y.score > x.score ? y : x));
    parts.push(`Strongest emotion: ${e.emotion} (${Math.round(e.score * 100)}%).`);
  }
  const lang = result.language;
  parts.push(
    lang.code === 'und'
      ? 'Language: not identified; lower confidence.'
      : `Language: ${lang.code}${lang.trained ? '' : ' (no training data; lower confidence)'}${lang.reliable ? '' : ' (uncertain)'}.`,
  );
  if (result.truncated) parts.push('Only the start of the text was read.');
  return parts.join(' ');
}

