/** The featuriser's settings: which features a model's bag holds (a model's sidecar records them, modelCard.ts). */
export interface FeaturizerParams {
  /** log2 of the number of hash buckets. */
  bucketBits: number;
  minCharGram: number;
  maxCharGram: number;
  /**
   * Add a polarity-prior feature for words in the VADER lexicon (shipped in the
   * vader-sentiment package): one of six shared features "positive/negative ×
   * strength 1–3", sign flipped under negation. The model learns how much to trust
   * it; it lets the few thousand labelled English tweets generalise to lexicon words
   * they never contain.
   */
  lexicon: boolean;
  /**
   * A negated lexicon word gets its own prior feature, "negated positive/negative ×
   * strength 1–3", instead of the flipped (and damped) prior of the opposite sign. The
   * model then learns from the data what negation does to each sign ("not good" is
   * negative, "not bad" only mildly positive) rather than being told that "not bad"
   * reads like "good". Absent (false) in models trained before it.
   */
  negatedLexicon?: boolean;
  /**
   * Polarity priors beyond VADER's English lexicon (see extraLexicons()): emoji from the
   * emoji table that nlp.js ships with its AFINN lists, and the words of nlp.js's
   * per-language lexicons (AFINN translations, ML-SentiCon, Pattern) found in a word the
   * VADER lexicon does not know, each as sign × strength features of their own (plain,
   * intensified and negated, as for VADER words). Absent (false) in older models.
   */
  extraLexicons?: boolean;
  /**
   * Numbers keep their sign and unit (FINANCIAL_NEWS): "+4%" is `<num+%>`, "-19%" `<num-%>`,
   * "3.2%" `<num%>`, "+1.5" `<num+>`, "$0.28" `<$num>`, a decimal is one token (its point no
   * longer ends the clause). Absent (false): every run of digits is `<num>`, "$5" a word.
   */
  numberShapes?: boolean;
  /**
   * `$AAPL`-style cashtags (`$` then a letter): 'token' makes each one the word `<ticker>`
   * without character n-grams, so a ticker's own history does not become a prior; 'both'
   * keeps the cashtag's word feature and adds `<ticker>`. Absent: a cashtag is a plain word.
   */
  tickers?: 'token' | 'both';
  /**
   * Character n-grams are made for the language head only (FeatureBag.languageIds), not
   * for this model's bag: FINANCIAL_NEWS scores better on words, bigrams and priors alone
   * (models/financial-news.md), while the language head needs the n-grams. Absent: the
   * model's bag holds them and is also the language head's.
   */
  languageOnlyCharGrams?: boolean;
  /**
   * Character n-grams longer than maxCharGram, up to this length, are made for the model's bag
   * only: the language head keeps the bag it was trained on (n-grams up to maxCharGram, in the
   * same order), which the featuriser then holds apart (FeatureBag.languageIds). Absent: none.
   */
  modelCharGramMax?: number;
  /**
   * A word longer than this many characters also gets a feature for its first so many (a
   * crude stem: "lifting", "lifted" → "lift"); in the model's bag only, not the language
   * head's when that bag is kept apart (languageOnlyCharGrams or modelCharGramMax; without
   * either, the one bag is both). Absent: none.
   */
  wordPrefix?: number;
  /**
   * The most times a feature counts in one text (issue 17: a run of one emoji or word
   * tilted the verdict as it grew, "😀" ×50 was VERY_NEGATIVE, because every occurrence
   * added to the bag): a feature met c times weighs min(c, countCap), and the bag is
   * scaled by 1/sqrt(Σ of those weights) (featureValues). A text whose features all occur
   * at most countCap times gets exactly the values it had before (1/sqrt(n) per
   * occurrence); a run longer than that reads as the run cut to countCap + 1. Absent:
   * every occurrence counts (featureValue), as in models trained before it.
   */
  countCap?: number;
  /**
   * One feature per text for how many cashtags it holds (`<tickers:0>` … `<tickers:3>`, three or more),
   * in the model's bag only (FINANCIAL_NEWS, with tickers 'token'): a headline about several tickers
   * ("$AAPL $MSFT $GOOG: …") is more often a NEUTRAL list. Absent: none.
   */
  tickerCount?: boolean;
  /**
   * A sentence (words up to `.`, `!`, `?` or a line break) equal to an earlier one of the text, word for word in
   * lower case, adds nothing: its features and tokens are taken back. Under the bag's 1/√n weighting a pattern
   * repeated k times weighs √k times more, so "Good food but slow service." ×20 read VERY_POSITIVE where the
   * sentence alone is NEUTRAL, and 100 × "The meeting is scheduled." outweighed what followed. Absent: none.
   */
  dedupeSentences?: boolean;
  /**
   * Runs are cut to this many (issue 17: a run of one emoji or word tilted the verdict as it
   * grew, "😀" ×50 was VERY_NEGATIVE): a token equal to the previous k tokens (lower-cased,
   * clause punctuation between them ignored; emoji, "!", words, URLs, mentions) is skipped,
   * in the model's bag and the language head's alike, so "😀😀😀😀😀" and "good good good good"
   * read as three; inside a word, a unit of 1–4 letters repeated more than k times in a row is
   * cut to k repeats ("soooooo" → "sooo", "hahahahaha" → "hahaha", "lollollollol" → "lollollol"),
   * after which equal words form a run as above. Absent: runs count in full.
   */
  collapseRuns?: number;
  /**
   * Contrast features (issue 37, "good but slow"): at a contrast word of any language (contrastWords.ts
   * ANY_LANGUAGE_CONTRAST: "but", "mais", "aber", …), the sign and size (1–3) of the lexicon priors summed since the
   * text's start or the previous contrast word, as a feature of that word ("contrast-before"); and each lexicon prior
   * after a contrast word again as a "contrast-after" feature of its sign × strength. In the model's bag only. What a
   * contrast does to the verdict is learnt from the labelled rows, where VADER's fixed weights on the model's input
   * (after ×1.5, before ×0.5) had lost on Reddit comments and tweets (CHANGELOG.md, 2026-12-06). Measured, and no
   * model sets it: review and everyday sentences gained, held-out tweets lost (models/general.md, "Contrast
   * features"; `npm run train -- --contrast=on`). Absent: none.
   */
  contrastPriors?: boolean;
  /**
   * English word classes from pretrained GloVe vectors (training/wordClusters.ts): a word of the
   * class table adds its class as one more feature of the model's bag ("neg-class" inside a negation
   * scope), so words the labelled data never showed share weight with their class. The table comes
   * from setWordClusters(). A cross-source probe only (tuneCrossSource.ts --features='{"wordClusters":true}'):
   * it did not win, so no model sets it (models/general.md, "Tried for issue 37, not kept").
   */
  wordClusters?: boolean;
}

export const DEFAULT_FEATURIZER: FeaturizerParams = { bucketBits: 18, minCharGram: 3, maxCharGram: 4, lexicon: true };
