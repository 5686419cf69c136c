/**
 * The Featurizer: one text in, its bag of hashed features out (what each feature is and why: the
 * FeaturizerParams comments). featurize() walks the tokens (tokenRules.ts) once; per token,
 * tokenFeatures() adds the word, class, prior (priorFeatures), bigram, prefix, script and character
 * n-gram features in a fixed order, which the committed models depend on: changing it changes every
 * model's input. Buffers are reused between calls; the only allocations per text are the token strings.
 */
import { MAX_TOKENS } from '../textInput.js';
import {
  finish, FNV_OFFSET, hashRange, KIND_BIGRAM, KIND_BLOCK, KIND_CHAR, KIND_CLASS, KIND_EMOJI, KIND_EXTRA, KIND_EXTRA_INTENSE,
  KIND_CONTRAST_AFTER, KIND_CONTRAST_BEFORE, KIND_INTENSE, KIND_LEXICON, KIND_NEG, KIND_NEG_CLASS, KIND_NEG_EXTRA, KIND_NEG_LEXICON, KIND_PREFIX, KIND_TICKERS, KIND_WORD,
  lexiconKey, mix,
} from './featureHashing.js';
import { ANY_LANGUAGE_CONTRAST } from './contrastWords.js';
import { DEFAULT_FEATURIZER, type FeaturizerParams } from './featurizerParams.js';
import { extraLexicons, extraValence, lexiconValenceTable, wordClassTable, type ExtraLexicons, type WordTable } from './lexicons.js';
import {
  CASHTAG, collapseUnits, DIGITS, INTENSIFIERS, isNegator, MONEY, NEGATION_SCOPE, numberShape, numberShapeStart, scriptOf, SOFTENERS, symbolKey, TOKEN,
} from './tokenRules.js';

/** Longest stretch of a word hashed into character n-grams and per-character script features. */
const MAX_GRAM_WORD = 24;

/** One text's features, valid until the next featurize() call on the same Featurizer. */
export interface FeatureBag {
  count: number;
  /** Bucket per feature. */
  ids: Int32Array;
  /** Token index each feature comes from. */
  tokenOf: Int32Array;
  /** Second token of a bigram, else -1. */
  tokenOf2: Int32Array;
  /** 1 when the feature is a negated-word feature. */
  negatedFeature: Uint8Array;
  /** Surface form of each token as written in the text. */
  tokens: string[];
  /** Index of the negation word governing each token, or -1. */
  negatedBy: Int32Array;
  /** Characters in the text's word tokens (not numbers, URLs or mentions): the language head's evidence size. */
  letters: number;
  truncated: boolean;
  /**
   * The language head's bag: ids/count themselves, except with params.languageOnlyCharGrams,
   * where it is every feature in the order made, character n-grams included, and with
   * params.modelCharGramMax, where it is the bag without the longer n-grams.
   */
  languageIds: Int32Array;
  languageCount: number;
}

export class Featurizer {
  readonly buckets: number;
  private readonly mask: number;
  private ids = new Int32Array(4096);
  private tokenOf = new Int32Array(4096);
  private tokenOf2 = new Int32Array(4096);
  private negatedFeature = new Uint8Array(4096);
  private negatedBy = new Int32Array(MAX_TOKENS);
  private count = 0;
  /** With a separate language bag (languageOnlyCharGrams, modelCharGramMax): the language head's bag, in order. */
  private languageIds = new Int32Array(4096);
  private languageCount = 0;
  private readonly lexicon: WordTable | null;
  /** Bucket of the lexicon feature for sign (0 negative, 1 positive) × strength 1–3. */
  readonly lexiconIds: number[];
  /** Bucket of the "intensified lexicon word" feature per sign (0 negative, 1 positive). */
  readonly intenseIds: number[];
  /** Bucket of the negated-lexicon feature for the word's own sign (0 negative, 1 positive) × strength 1–3 (params.negatedLexicon). */
  readonly negatedLexiconIds: number[];
  private readonly extra: ExtraLexicons | null;
  /** Bucket of the emoji prior per sign × strength (params.extraLexicons). */
  readonly emojiIds: number[];
  /** Buckets of the non-English lexicon priors (sign × strength; intensified per sign; negated sign × strength). */
  readonly extraIds: number[];
  readonly extraIntenseIds: number[];
  readonly negatedExtraIds: number[];
  /** params.contrastPriors: buckets of the priors' sum before a contrast word, and of a prior after one (sign × strength). */
  readonly contrastBeforeIds: number[];
  readonly contrastAfterIds: number[];
  private readonly contrast: boolean;
  /** Hashes of the sentences met so far in the text being featurised (params.dedupeSentences). */
  private readonly sentencesSeen = new Set<number>();
  /** params.wordClusters: lexiconKey(word) → class. */
  private readonly classes: Map<number, number> | null;
  private readonly languageOnlyCharGrams: boolean;
  /** The language head's bag differs from the model's (languageOnlyCharGrams, modelCharGramMax), so it is kept apart. */
  private readonly separateLanguageBag: boolean;

  // The walk over the text being featurised (reset by startText()).
  private tokens: string[] = [];
  private letters = 0;
  /** The previous word (lower case) in the same clause, for the bigram. */
  private prev: string | null = null;
  /** The token that opened the current negation scope, and how many words the scope still covers. */
  private negator = -1;
  private scopeLeft = 0;
  /** +1 after an intensifier, -1 after a softener (same clause). */
  private boost = 0;
  /** params.collapseRuns: the token (lower case) of the current run, and its length so far. */
  private runOf: string | null = null;
  private runLength = 0;
  /** Cashtags so far (params.tickerCount). */
  private tickerCount = 0;
  /** The current token is a number (numberShapes or `<num>`) or a cashtag (params.tickers). */
  private isNumber = false;
  private isTicker = false;
  // params.dedupeSentences: the current sentence's hash and where it began (bag, language bag, tokens, letters)
  private sentenceHash = FNV_OFFSET;
  private fromCount = 0;
  private fromLanguageCount = 0;
  private fromTokens = 0;
  private fromLetters = 0;
  /** The previous token was "!" or "?". */
  private afterTerminator = false;
  /** params.contrastPriors: the signed sum of the lexicon priors (strength 1–3 each) since the text's start or the last contrast word, and whether one was met. */
  private priorSum = 0;
  private afterContrast = false;

  constructor(readonly params: FeaturizerParams = DEFAULT_FEATURIZER) {
    this.buckets = 2 ** params.bucketBits;
    this.mask = this.buckets - 1;
    this.lexicon = params.lexicon ? lexiconValenceTable() : null;
    // sign (−, +) × strength (1, 2, 3) buckets of one kind of prior feature
    const perSign = (kind: number) => [0x2d, 0x2b].map((sign) => mix(mix(FNV_OFFSET, kind), sign));
    const signStrength = (kind: number) => perSign(kind).flatMap((h) => [0x31, 0x32, 0x33].map((k) => finish(mix(h, k), this.mask)));
    this.lexiconIds = signStrength(KIND_LEXICON);
    this.intenseIds = perSign(KIND_INTENSE).map((h) => finish(h, this.mask));
    this.negatedLexiconIds = signStrength(KIND_NEG_LEXICON);
    this.extra = params.extraLexicons === true ? extraLexicons() : null;
    this.emojiIds = signStrength(KIND_EMOJI);
    this.extraIds = signStrength(KIND_EXTRA);
    this.extraIntenseIds = perSign(KIND_EXTRA_INTENSE).map((h) => finish(h, this.mask));
    this.negatedExtraIds = signStrength(KIND_NEG_EXTRA);
    this.contrastBeforeIds = signStrength(KIND_CONTRAST_BEFORE);
    this.contrastAfterIds = signStrength(KIND_CONTRAST_AFTER);
    this.contrast = params.contrastPriors === true;
    const classes = wordClassTable();
    if (params.wordClusters === true && !classes) throw new Error('featurizer: wordClusters is set but no word-class table was loaded (setWordClusters: a tuning probe only, no model ships it)');
    this.classes = params.wordClusters === true ? classes : null;
    this.languageOnlyCharGrams = params.languageOnlyCharGrams === true;
    this.separateLanguageBag = this.languageOnlyCharGrams || (params.modelCharGramMax ?? 0) > params.maxCharGram;
  }

  /** The prior buckets this featuriser can emit (input dropout may be told to spare them). */
  priorIds(): number[] {
    if (!this.params.lexicon && !this.params.extraLexicons) return [];
    return [
      ...this.lexiconIds,
      ...this.intenseIds,
      ...(this.params.negatedLexicon ? this.negatedLexiconIds : []),
      ...(this.extra ? [...this.emojiIds, ...this.extraIds, ...this.extraIntenseIds, ...this.negatedExtraIds] : []),
    ];
  }

  /** A feature of the language head's bag (only, with params.languageOnlyCharGrams). */
  private pushLanguage(id: number): void {
    if (this.languageCount === this.languageIds.length) {
      const b = new Int32Array(this.languageIds.length * 2);
      b.set(this.languageIds);
      this.languageIds = b;
    }
    this.languageIds[this.languageCount++] = id;
  }

  /** Adds a feature to the model's bag and (unless modelOnly) to the language head's. */
  private push(id: number, token: number, token2: number, negated: number, modelOnly = false): void {
    if (this.separateLanguageBag && !modelOnly) this.pushLanguage(id);
    if (this.count === this.ids.length) {
      const grow = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      this.ids = grow(this.ids, (n) => new Int32Array(n));
      this.tokenOf = grow(this.tokenOf, (n) => new Int32Array(n));
      this.tokenOf2 = grow(this.tokenOf2, (n) => new Int32Array(n));
      this.negatedFeature = grow(this.negatedFeature, (n) => new Uint8Array(n));
    }
    const i = this.count++;
    this.ids[i] = id;
    this.tokenOf[i] = token;
    this.tokenOf2[i] = token2;
    this.negatedFeature[i] = negated;
  }

  /** Featurises cleaned text (see textInput.cleanText). */
  featurize(text: string): FeatureBag {
    this.startText();
    const tokens = this.tokens;
    const dedupe = this.params.dedupeSentences === true;
    let truncated = false;
    TOKEN.lastIndex = 0;
    for (let m = TOKEN.exec(text); m !== null; m = TOKEN.exec(text)) {
      if (dedupe) this.sentenceBoundary(m);
      if (m[5] !== undefined) {
        // a clause boundary: no bigram, negation scope or intensity reaches over it
        this.prev = null;
        this.scopeLeft = 0;
        this.boost = 0;
        continue;
      }
      if (tokens.length === MAX_TOKENS) {
        truncated = true;
        break;
      }
      const t = tokens.length;
      tokens.push(m[0]);
      const key = this.tokenKey(text, m, t);
      if (this.continuesLongRun(key)) {
        // the run's (k+1)-th or later token: no feature, no token, no negation or intensity step
        tokens.pop();
        continue;
      }
      const negated = this.scopeLeft > 0 ? this.negator : -1;
      this.negatedBy[t] = negated;
      if (dedupe) this.sentenceHash = hashRange(mix(this.sentenceHash, 0x20), key, 0, key.length);
      const lower = this.tokenFeatures(key, m, t, negated);
      if (this.contrast && ANY_LANGUAGE_CONTRAST.has(lower)) this.contrastWord(t);
      if (isNegator(lower)) {
        this.negator = t;
        this.scopeLeft = NEGATION_SCOPE;
      } else if (this.scopeLeft > 0) this.scopeLeft--;
      this.boost = INTENSIFIERS.has(lower) ? 1 : SOFTENERS.has(lower) ? -1 : 0;
      this.prev = lower;
    }
    if (dedupe) this.endSentence();
    if (this.params.tickerCount === true && tokens.length > 0) {
      // a feature of the whole text, no word's: token -1, so the rationale cites no word for it
      this.push(finish(mix(mix(FNV_OFFSET, KIND_TICKERS), 0x30 + Math.min(3, this.tickerCount)), this.mask), -1, -1, 0, true);
    }
    const separate = this.separateLanguageBag;
    return {
      count: this.count,
      ids: this.ids,
      tokenOf: this.tokenOf,
      tokenOf2: this.tokenOf2,
      negatedFeature: this.negatedFeature,
      tokens,
      negatedBy: this.negatedBy,
      letters: this.letters,
      truncated,
      languageIds: separate ? this.languageIds : this.ids,
      languageCount: separate ? this.languageCount : this.count,
    };
  }

  private startText(): void {
    this.count = 0;
    this.languageCount = 0;
    this.tokens = [];
    this.letters = 0;
    this.prev = null;
    this.negator = -1;
    this.scopeLeft = 0;
    this.boost = 0;
    this.runOf = null;
    this.runLength = 0;
    this.tickerCount = 0;
    this.sentencesSeen.clear();
    this.sentenceHash = FNV_OFFSET;
    this.fromCount = 0;
    this.fromLanguageCount = 0;
    this.fromTokens = 0;
    this.fromLetters = 0;
    this.afterTerminator = false;
    this.priorSum = 0;
    this.afterContrast = false;
  }

  /** params.contrastPriors: token t is a contrast word; the priors before it become one feature of it, and later priors count as after it. */
  private contrastWord(t: number): void {
    const sum = this.priorSum;
    if (sum !== 0) this.push(this.contrastBeforeIds[(sum > 0 ? 3 : 0) + Math.min(3, Math.abs(sum)) - 1]!, t, -1, 0, true);
    this.priorSum = 0;
    this.afterContrast = true;
  }

  /** params.contrastPriors: a lexicon prior of token t read with this polarity and strength (0–2); after a contrast word, also a feature of its own. */
  private notePrior(positive: boolean, strength: number, t: number, negated: number): void {
    if (!this.contrast) return;
    this.priorSum += positive ? strength + 1 : -(strength + 1);
    if (this.afterContrast) this.push(this.contrastAfterIds[(positive ? 3 : 0) + strength]!, t, -1, negated, true);
  }

  /** params.dedupeSentences: a sentence ends before the token after "!"/"?" and at "." or a line break. */
  private sentenceBoundary(m: RegExpExecArray): void {
    const terminator = m[0] === '!' || m[0] === '?';
    if ((this.afterTerminator && !terminator) || (m[5] !== undefined && (m[0] === '.' || m[0] === '\n'))) this.endSentence();
    this.afterTerminator = terminator;
  }

  /** Ends the current sentence: one said before in this text is taken back whole (features, tokens, letters). */
  private endSentence(): void {
    if (this.tokens.length > this.fromTokens) {
      if (this.sentencesSeen.has(this.sentenceHash)) {
        this.count = this.fromCount;
        this.languageCount = this.fromLanguageCount;
        this.tokens.length = this.fromTokens;
        this.letters = this.fromLetters;
      } else this.sentencesSeen.add(this.sentenceHash);
    }
    this.sentenceHash = FNV_OFFSET;
    this.fromCount = this.count;
    this.fromLanguageCount = this.languageCount;
    this.fromTokens = this.tokens.length;
    this.fromLetters = this.letters;
  }

  /**
   * The token's key (lower case; `<url>`, `<user>`, `<num>` or a number shape), noting whether it is a number or
   * a cashtag; a shaped number's surface form (tokens[t]) takes in its sign, decimals and "%".
   */
  private tokenKey(text: string, m: RegExpExecArray, t: number): string {
    this.isNumber = false;
    this.isTicker = false;
    if (m[1] !== undefined) return '<url>';
    if (m[2] !== undefined) return '<user>';
    if (m[4] !== undefined) return symbolKey(m[0]);
    let lower = m[0].toLowerCase();
    if (m[3] === undefined) return lower;
    if (DIGITS.test(lower)) {
      lower = '<num>';
      this.isNumber = true;
    }
    if (this.params.numberShapes === true && (this.isNumber || MONEY.test(lower))) {
      lower = numberShape(text, m.index, lower !== '<num>');
      this.tokens[t] = text.slice(numberShapeStart(), TOKEN.lastIndex);
      this.isNumber = true;
    } else if (this.params.tickers !== undefined && CASHTAG.test(lower)) this.isTicker = true;
    const collapse = this.params.collapseRuns;
    if (collapse !== undefined && !this.isNumber && !this.isTicker) lower = collapseUnits(lower, collapse);
    return lower;
  }

  /** params.collapseRuns = k: whether this token is the (k+1)-th or later of a run of equal tokens. */
  private continuesLongRun(key: string): boolean {
    const collapse = this.params.collapseRuns;
    if (collapse === undefined) return false;
    if (key === this.runOf) return ++this.runLength > collapse;
    this.runOf = key;
    this.runLength = 1;
    return false;
  }

  /** The features of token t, in the order the models were trained on; returns the key later steps see (`<ticker>` for a cashtag). */
  private tokenFeatures(key: string, m: RegExpExecArray, t: number, negated: number): string {
    const mask = this.mask;
    const word = m[3] !== undefined;
    let lower = key;
    if (this.isTicker) {
      this.tickerCount++;
      // the cashtag's own word (tickers 'both') and the shared <ticker>; the next bigram sees <ticker>
      if (this.params.tickers === 'both') this.push(finish(hashRange(mix(FNV_OFFSET, KIND_WORD), lower, 0, lower.length), mask), t, -1, 0);
      lower = '<ticker>';
    }
    // A negated word is its own feature ("neg:hate" is not "hate"): neither the word's
    // plain weight nor its character n-grams speak for it.
    if (negated >= 0) this.push(finish(hashRange(mix(FNV_OFFSET, KIND_NEG), lower, 0, lower.length), mask), t, -1, 1);
    else this.push(finish(hashRange(mix(FNV_OFFSET, KIND_WORD), lower, 0, lower.length), mask), t, -1, 0);
    if (this.classes !== null && word) {
      const c = this.classes.get(lexiconKey(lower));
      if (c !== undefined) this.push(finish(mix(mix(mix(FNV_OFFSET, negated >= 0 ? KIND_NEG_CLASS : KIND_CLASS), c & 0xff), c >> 8), mask), t, -1, negated >= 0 ? 1 : 0, true);
    }
    if (this.lexicon !== null || this.extra !== null) this.priorFeatures(lower, m, t, negated);
    if (this.prev !== null) {
      let h = hashRange(mix(FNV_OFFSET, KIND_BIGRAM), this.prev, 0, this.prev.length);
      h = hashRange(mix(h, 0x20), lower, 0, lower.length);
      this.push(finish(h, mask), t, t - 1, 0);
    }
    const plainWord = word && !this.isNumber && !this.isTicker;
    const prefix = this.params.wordPrefix;
    if (prefix !== undefined && plainWord && negated < 0 && lower.length > prefix) {
      // not in the language head's bag: it was trained without prefix features
      this.push(finish(hashRange(mix(FNV_OFFSET, KIND_PREFIX), lower, 0, prefix), mask), t, -1, 0, true);
    }
    if (plainWord) {
      this.letters += lower.length;
      this.scriptFeatures(lower, t);
      if (lower.length >= 2 && negated < 0) this.charGrams(lower, t);
    }
    return lower;
  }

  /** The lexicon prior of a word or emoji: VADER's, else the extra lexicons' (params.lexicon, params.extraLexicons). */
  private priorFeatures(lower: string, m: RegExpExecArray, t: number, negated: number): void {
    let v = this.lexicon?.get(lower);
    let ids = this.lexiconIds;
    let negIds = this.negatedLexiconIds;
    let intense = this.intenseIds;
    if (v === undefined && this.extra !== null) {
      if (m[4] !== undefined) {
        const e = this.extra.emoji.get(lower);
        // Emoji: own sign × strength features, never negated nor intensified.
        if (e !== undefined) {
          this.push(this.emojiIds[(e > 0 ? 3 : 0) + Math.abs(e) - 1]!, t, -1, 0);
          this.notePrior(e > 0, Math.abs(e) - 1, t, 0);
        }
      } else if (m[3] !== undefined) {
        v = extraValence(this.extra, lower);
        ids = this.extraIds;
        negIds = this.negatedExtraIds;
        intense = this.extraIntenseIds;
      }
    }
    if (v === undefined) return;
    const boost = this.boost;
    if (negated >= 0 && this.params.negatedLexicon === true) {
      // Own sign and undamped strength: what negation does to it is learned.
      const strength = Math.min(3, Math.max(1, Math.round(Math.abs(v)) + boost)) - 1;
      this.push(negIds[(v > 0 ? 3 : 0) + strength]!, t, -1, 1);
      this.notePrior(v < 0, strength, t, 1);
      return;
    }
    const positive = v > 0 !== negated >= 0;
    // VADER damps a negated word (×0.74) rather than flipping it whole: "not bad" is mildly positive.
    const base = Math.round(Math.abs(v) * (negated >= 0 ? 0.74 : 1)) + boost;
    const strength = Math.min(3, Math.max(1, base)) - 1;
    this.push(ids[(positive ? 3 : 0) + strength]!, t, -1, negated >= 0 ? 1 : 0);
    if (boost > 0) this.push(intense[positive ? 1 : 0]!, t, -1, negated >= 0 ? 1 : 0);
    this.notePrior(positive, strength, t, negated >= 0 ? 1 : 0);
  }

  /**
   * The 128-code-point Unicode block of the word's first letter: the script, which
   * tells the language head the family of a text whose n-grams it never saw.
   */
  private scriptFeatures(lower: string, t: number): void {
    const mask = this.mask;
    const first = lower.codePointAt(lower.charCodeAt(0) === 0x23 || lower.charCodeAt(0) === 0x24 ? 1 : 0) ?? 0;
    this.push(finish(mix(mix(FNV_OFFSET, KIND_BLOCK), scriptOf(first)), mask), t, -1, 0);
    if (first >= 0x2e80) {
      // Scripts written without spaces (Han, kana, Hangul, …): one block feature per
      // character, so a whole sentence in one token still shows its script mix.
      const stop = Math.min(lower.length, MAX_GRAM_WORD);
      for (let k = 1; k < stop; k++) this.push(finish(mix(mix(FNV_OFFSET, KIND_BLOCK), scriptOf(lower.charCodeAt(k))), mask), t, -1, 0);
    }
  }

  /**
   * Character n-grams of "<word>", boundaries included. FNV is sequential, so the
   * state after n characters from a start is that n-gram's hash: one pass per start.
   * N-grams longer than maxCharGram go to the model's bag only (params.modelCharGramMax).
   */
  private charGrams(lower: string, t: number): void {
    const { minCharGram, maxCharGram } = this.params;
    const mask = this.mask;
    const languageOnly = this.languageOnlyCharGrams;
    const gramMax = languageOnly ? maxCharGram : Math.max(maxCharGram, this.params.modelCharGramMax ?? 0);
    const len = Math.min(lower.length, MAX_GRAM_WORD) + 2;
    for (let start = 0; start + minCharGram <= len; start++) {
      let h = mix(FNV_OFFSET, KIND_CHAR);
      const stop = Math.min(len, start + gramMax);
      for (let k = start; k < stop; k++) {
        h = mix(h, k === 0 ? 0x3c : k === len - 1 ? 0x3e : lower.charCodeAt(k - 1));
        const n = k - start + 1;
        if (n >= minCharGram) {
          if (languageOnly) this.pushLanguage(finish(h, mask));
          else this.push(finish(h, mask), t, -1, 0, n > maxCharGram);
        }
      }
    }
  }
}
