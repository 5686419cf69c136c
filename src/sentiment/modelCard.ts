/** The sidecar written next to each .onnx file (models/<name>.json): what the runtime needs to use it. */
import type { FeaturizerParams } from './featurizer.js';
import type { Calibration, Domain } from './labels.js';

export interface TrainedLanguage {
  /** ISO 639-1 where one exists, else ISO 639-3. */
  code: string;
  /** The code the language head reports for this language, or null when it cannot identify it. */
  detectorCode: string | null;
  trainingRows: number;
  /**
   * Of those, the rows with a label for the main head (GENERAL: a polarity). A language whose rows teach only emotions
   * (0) has no verdict of its own: the service answers it as a language without training data (lexicon fallback).
   * Absent in sidecars written before it: every language counts as trained.
   */
  mainHeadRows?: number;
  /** Per head: held-out rows in this language and the head's macro-F1 on them. */
  heldout: Record<string, { rows: number; macroF1: number }>;
  /**
   * Why the model's polarity in this language is thin, when it is (training/train.ts polarityGap): `emotions` when
   * every polarity training row is derived from emotion labels (BRIGHTER, IndoNLU EmoT), `no NEUTRAL` (or another
   * class) when a class has no training row. The lexicon fallback then votes where it finds evidence. Absent otherwise.
   */
  polarityGap?: string;
  /**
   * Of the training rows, those of the sentences written for Meridian (data/sentiment/written/: ~150 short everyday
   * sentences a language). They make a language trained, but not running text enough for the language stage to trust
   * (languageDetector.ts trustedOf). Absent when none.
   */
  writtenRows?: number;
}

/** The sidecar counts the two rules below read (a sidecar written before a count lacks it). */
type RowCounts = Pick<TrainedLanguage, 'mainHeadRows' | 'writtenRows'>;

/**
 * Whether the language has main-head rows beyond the written sentences (a labelled set's polarity): what the language
 * stage trusts and the low-confidence figures count. Sidecars from before mainHeadRows count every language.
 */
export function hasLabelledRows(l: RowCounts): boolean {
  return l.mainHeadRows === undefined || l.mainHeadRows - (l.writtenRows ?? 0) > 0;
}

/**
 * Whether all of the language's main-head rows are written sentences (training/corpus.ts writtenSentences: Greek,
 * Japanese, Turkish, …): trained on them the model reads the language's everyday sentences better than its lexicon
 * alone, but the service answers it as a weak language: a clear lexicon word comes first ("Η υπηρεσία ήταν χάλια" was
 * POSITIVE by the model with ~150 a language; with ~300, "Zelo sem razočaran nad tem hotelom." POSITIVE) and every
 * answer is lowConfidence (models/general.md, "Written everyday sentences").
 */
export function writtenOnly(l: RowCounts): boolean {
  return l.writtenRows !== undefined && l.writtenRows === l.mainHeadRows;
}

export interface ModelSidecar {
  name: string;
  domain: Domain;
  onnxFile: string;
  onnxSha256: string;
  /**
   * The graph's large initializers (ONNX external data, beside onnxFile; training/onnxExport.ts splitExternalData),
   * which ONNX Runtime memory-maps; absent for a self-contained graph (models from before 2026-12-06).
   */
  onnxDataFile?: string;
  onnxDataSha256?: string;
  featurizer: FeaturizerParams;
  heads: { name: string; labels: string[]; offset: number }[];
  columns: number;
  /** The head whose three classes give sentiment/sentimentScore. */
  mainHead: string;
  trainedLanguages: TrainedLanguage[];
  /** Five-level cuts and the low-confidence cut (labels.ts); absent in older models. */
  calibration?: Calibration;
  /** sha256 of extra-lexicons.bin, the merged lexicons the model was trained with (featurizer.extraLexicons only). */
  extraLexiconsSha256?: string;
  /**
   * Which of `npm run train`'s two fits this is (training/train.ts): `shipped` also trained on the
   * held-out rows, `evaluation` did not (`npm run eval` scores held-out rows with that one only).
   * Absent in models from before the two fits, which were evaluation fits.
   */
  fit?: 'shipped' | 'evaluation';
  /**
   * The English expert's word-vector branch (training/trainEnglish.ts, onnxExport.ts WordBranch): the words of its
   * table in row order (a file beside the model, one word a line, named by sha256), and how a word in a negation
   * scope is counted (`flip`: its weight negated; `split`: the second half of the table; `plain`: as any word).
   */
  wordVectors?: { file: string; sha256: string; words: number; negation: 'plain' | 'flip' | 'split' };
}
