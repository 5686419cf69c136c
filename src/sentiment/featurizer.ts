/**
 * The featuriser's public entry point, shared by training and inference (fastText-style hashed n-grams):
 * every text becomes a bag of hashed features (word unigrams, negated words, word bigrams, character
 * 3–4-grams of each word, the Unicode block of each word's first letter, VADER-lexicon priors, and with
 * extraLexicons emoji and non-English lexicon priors) whose mean the linear model scores; the language head
 * reads the same bag. Each feature remembers which token(s) it came from, so the rationale can cite the
 * words that carried the prediction.
 *
 * The parts, one concept each, under features/:
 * - featurizerParams.ts: FeaturizerParams (what each option adds) and DEFAULT_FEATURIZER
 * - textFeaturizer.ts: the Featurizer and its FeatureBag (the walk over the tokens, the order of the features)
 * - tokenRules.ts: the token pattern, number shapes, negators, intensifiers, scripts, repeated units
 * - featureHashing.ts: the FNV/fmix32 hashes, feature kinds, lexicon keys, Latin folding
 * - lexicons.ts: VADER's lexicon, the extra lexicons as tables, the word-class table
 * - lexiconFile.ts: the extra lexicons' file format (models/extra-lexicons.bin)
 * - featureValues.ts: the value of each feature of a bag (count cap, 1/√n)
 */
export { DEFAULT_FEATURIZER, type FeaturizerParams } from './features/featurizerParams.js';
export { Featurizer, type FeatureBag } from './features/textFeaturizer.js';
export { collapseUnits } from './features/tokenRules.js';
export { foldLatinString, hash32, wordFeatureId } from './features/featureHashing.js';
export {
  buildExtraLexiconsWith, encodeExtraLexicons, extraLexicons, keyedExtraLexicons, KeyTable, lexiconValences, loadExtraLexicons,
  MIN_STEM, setWordClusters, WordTable, type ExtraLexiconEntries, type ExtraLexicons,
} from './features/lexicons.js';
export { EXTRA_LEXICONS_FILE, type KeyedExtraLexicons } from './features/lexiconFile.js';
export { featureValue, featureValues } from './features/featureValues.js';
