/**
 * The answers the analyser gives instead of the model's verdict: from the sentiment lexicons for a language the
 * model has no training data in (or reads near chance), NEUTRAL for a lean the model never learned, and the
 * abstention for a text in letters no training language uses.
 */
import { EMOTIONS, levelOf, type Calibration, type Domain } from '../labels.js';
import { CONTRAST_AFTER, CONTRAST_BEFORE, type EmojiVerdict, type FallbackVerdict } from '../lexiconFallback.js';
import type { AnalysisOutput, EmotionScore } from './analysisOutput.js';
import { fmt, quote, type MainHead } from './rationale.js';

const NEGATED = ' (negated)';
/** Whether a negator flipped this lexicon hit (score() marks its text so). */
const isNegated = (h: { text: string }): boolean => h.text.endsWith(NEGATED);
/** The rationale's note on a contrast word whose two sides disagreed (lexiconFallback.ts CONTRAST), or nothing. */
function contrastNote(lex: FallbackVerdict): string {
  return lex.contrast === undefined ? '' : `; the words after ${quote(lex.contrast)} count ${CONTRAST_AFTER}×, those before ${CONTRAST_BEFORE}×`;
}

/** A lexicon word as the rationale cites it: the word in quotes as the text has it, "(negated)" after it when a negator flipped it, and its strength. */
function citeHit(h: { text: string; strength: number }): string {
  return isNegated(h) ? `${quote(h.text.slice(0, -NEGATED.length))} (negated) ${fmt(h.strength)}` : `${quote(h.text)} ${fmt(h.strength)}`;
}

/** What a language whose polarity rows are all written sentences learnt from (training/corpus.ts writtenSentences: 130-145 a language). */
const WRITTEN_ONLY = 'a small set of sentences written for Meridian';

/**
 * The answer from the lexicon fallback (lexiconFallback.ts) for a text in a language the model has no training data
 * in, reads near chance, or learnt thin polarity in (the sidecar's polarityGap: emotion-derived rows only, or a class
 * without rows; `written`: only the sentences written for Meridian): the lexicon score's sign is the class, its size the winning probability (0.55 for one
 * ordinary word, 0.65 for a strong one or two, at most 0.95; the rest mostly to NEUTRAL), the five levels by the
 * model's own cut-points. Always lowConfidence; the rationale cites the words.
 */
export function fallbackAnswer(lex: FallbackVerdict, language: AnalysisOutput['language'], truncated: boolean, cal: Calibration, emotionScores: EmotionScore[], trainedCount: number, polarityGap?: string): { output: AnalysisOutput; probs: number[] } {
  const win = Math.min(0.95, 0.45 + 0.1 * Math.abs(lex.score));
  const rest = 1 - win;
  const probs = lex.score > 0 ? [0.2 * rest, 0.8 * rest, win] : [win, 0.8 * rest, 0.2 * rest];
  const level = levelOf(probs, cal);
  const cites = [...lex.hits].sort((a, b) => Math.abs(b.strength) - Math.abs(a.strength)).slice(0, 4).map(citeHit);
  const why = polarityGap === 'emotions'
    ? `the general model's ${language.code} polarity is learnt from emotion labels only`
    : polarityGap === 'written'
    ? `the general model's ${language.code} polarity is learnt from ${WRITTEN_ONLY} only`
    : polarityGap
      ? `the general model has ${polarityGap} training row in ${language.code}`
      : language.trained
    ? `the general model reads ${language.code} near chance`
    : `the general model has no polarity training data in ${language.code} (it has in ${trainedCount} languages)`;
  const rationale = `${level.winner === 2 ? 'POSITIVE' : 'NEGATIVE'} from sentiment lexicons, because ${why}: ${cites.join(', ')} (lexicon score ${fmt(lex.score)}${contrastNote(lex)}). Language: ${language.code}${language.reliable ? '' : ' (uncertain)'}; lower confidence.${truncated ? ' Only the start of the text was read.' : ''}`;
  return { output: lexiconOutput(level, win, emotionScores, rationale, language, truncated), probs };
}

/**
 * A text in a language the model reads near chance where no lexicon word was found, the model read no lexicon or emoji
 * prior feature, and it leans to a polarity at under this probability: its lean comes from features it never learned in
 * this language, and on the everyday development set it called most neutral sentences of such languages positive or
 * negative. It answers NEUTRAL. In a language without training data whose lexicon (own or by transfer) finds no word and
 * no polar emoji, in a text of one script, it answers NEUTRAL at any probability (2026-12-05: everyday dev 90.1 → 93.0 %, fresh 84.2 → 85.1 %, check 80.7 % unchanged; the held-out rows
 * are all in trained languages).
 */
export const MODEL_SURE = 0.7;


export function unscoredNeutral(model: Pick<MainHead, 'mainLabels'>, probs: Float32Array, language: AnalysisOutput['language'], truncated: boolean, emotionScores: EmotionScore[], writtenOnly = false): AnalysisOutput {
  const leaned = language.trained ? lean(model, probs) : `${model.mainLabels[probs[2]! >= probs[0]! ? 2 : 0]} (${Math.round(Math.max(probs[0]!, probs[2]!) * 100)}%) on features learnt in other languages`;
  const which = writtenOnly ? `learnt ${language.code} polarity from ${WRITTEN_ONLY} only` : language.trained ? `reads ${language.code} near chance` : `has no polarity training data in ${language.code}`;
  const read = writtenOnly ? 'written sentences only' : language.trained ? 'read near chance' : 'no polarity training data';
  const rationale = `NEUTRAL: no sentiment-lexicon word found, and the general model, which ${which}, leaned ${leaned}. Language: ${language.code} (${read}; lower confidence).${truncated ? ' Only the start of the text was read.' : ''}`;
  return neutralOutput(emotionScores, rationale, language, truncated, true);
}

/**
 * A text with no letters and no emoji or emoticon the lexicons know ("!", "???", "...", "123"): nothing to read, so
 * NEUTRAL with lowConfidence, not the model's lean on a lone mark ("!" was POSITIVE at 92 %, "???" NEGATIVE).
 */
export function nothingToRead(modelRead: string, language: AnalysisOutput['language'], truncated: boolean, emotionScores: EmotionScore[]): AnalysisOutput {
  const rationale = `NEUTRAL: the text has no word, emoji or emoticon to read (punctuation, digits or symbols only), so the general model's ${modelRead} is not taken. Language: not identified; lower confidence.`;
  return neutralOutput(emotionScores, rationale, language, truncated, true);
}

/** The answer for a text the model cannot read (unscoredScript): neutral, with no confidence, and saying why. */
export function abstention(domain: Domain, script: string, language: AnalysisOutput['language'], truncated: boolean): AnalysisOutput {
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
 * A text in a trained language that has a lexicon list, where the model leans to a polarity at under MODEL_SURE and
 * the text holds no lexicon word, emoji or lexicon prior feature and no `!` or `?`: news-style statements the model
 * read polar (models/general.md, error analysis of the everyday sets). It answers NEUTRAL; lowConfidence as the model's
 * own answer. (In a language without a list, finding no word says nothing: the caller leaves the lean.)
 */
export function unsureNeutral(model: Pick<MainHead, 'mainLabels'>, probs: Float32Array, language: AnalysisOutput['language'], truncated: boolean, emotionScores: EmotionScore[], lowConfidence: boolean): AnalysisOutput {
  const rationale = `NEUTRAL: no sentiment-lexicon word, emoji or strong punctuation found, and the general model leaned ${lean(model, probs)}. Language: ${language.code}.${truncated ? ' Only the start of the text was read.' : ''}`;
  return neutralOutput(emotionScores, rationale, language, truncated, lowConfidence);
}

/** The polar side the model leaned to and how far: "POSITIVE at only 58%". */
function lean(model: Pick<MainHead, 'mainLabels'>, probs: Float32Array): string {
  return `${model.mainLabels[probs[2]! >= probs[0]! ? 2 : 0]} at only ${Math.round(Math.max(probs[0]!, probs[2]!) * 100)}%`;
}

/** A GENERAL NEUTRAL answer that sets aside the model's weak polar lean. */
function neutralOutput(emotionScores: EmotionScore[], rationale: string, language: AnalysisOutput['language'], truncated: boolean, lowConfidence: boolean): AnalysisOutput {
  return { domain: 'GENERAL', sentiment: 'NEUTRAL', sentimentScore: 0, confidence: 0.5, emotionScores, rationale, language, lowConfidence, truncated };
}

/**
 * The answer for a text with no letters whose emoji the emoji table knows (FallbackLexicons.emoji), where the model's
 * class differs from the emoji's: "😀" alone read NEUTRAL 83 % and "😐" NEGATIVE 72 % (the language is `und`, so the
 * word lexicons never spoke). The emoji score's sign is the class (NEUTRAL when it is under 1 either way: neutral faces,
 * or emoji that cancel), its size the winning probability as in fallbackAnswer. Always lowConfidence.
 */
export function emojiAnswer(emoji: EmojiVerdict, modelRead: string, language: AnalysisOutput['language'], truncated: boolean, cal: Calibration, emotionScores: EmotionScore[]): { output: AnalysisOutput; probs: number[] } {
  const polar = Math.abs(emoji.score) >= 1;
  const win = polar ? Math.min(0.95, 0.45 + 0.1 * Math.abs(emoji.score)) : 0.5;
  const rest = 1 - win;
  const probs = !polar ? [0.25, 0.5, 0.25] : emoji.score > 0 ? [0.2 * rest, 0.8 * rest, win] : [win, 0.8 * rest, 0.2 * rest];
  const level = levelOf(probs, cal);
  const cites = [...[...emoji.hits].sort((a, b) => Math.abs(b.strength) - Math.abs(a.strength)).map((h) => `${quote(h.text)} ${fmt(h.strength)}`), ...emoji.neutral.map((e) => `${quote(e)} neutral`)];
  const seen = [...new Set(cites)].slice(0, 4);
  const rationale = `${polar ? (emoji.score > 0 ? 'POSITIVE' : 'NEGATIVE') : 'NEUTRAL'} from the emoji polarity table, because the text has no words and the general model read ${modelRead}: ${seen.join(', ')} (emoji score ${fmt(emoji.score)}). Language: ${language.code === 'und' ? 'not identified' : language.code}; lower confidence.${truncated ? ' Only the start of the text was read.' : ''}`;
  return { output: lexiconOutput(level, win, emotionScores, rationale, language, truncated), probs };
}

/**
 * When the lexicon decides in a trained language (sentimentAnalyzer.ts): the model read NEUTRAL under MODEL_SURE and
 * leans to the lexicon's side, or (general.onnx only) the other polarity under LEXICON_OVERRULES_POLAR_BELOW, and the lexicon's words (emoji and loose stem matches left out) are clear: their sum at
 * least minScore, the strongest at least minHit, at most beyondStem letters past a matched stem (as the featuriser's
 * prefix rule), all of one sign (a negated word counted with its flipped sign), and no negator in the text that did not
 * flip one of those words (the fallback flips only the words after one: "ne déteste pas" has its `pas` after the verb,
 * so the text's second negator flipped nothing and the lexicon does not decide). Chosen on the held-out rows and the
 * everyday dev and fresh sets (models/general.md, "Answer rules").
 */
export const LEXICON_DECIDES = Object.freeze({ minScore: 2, minHit: 2, beyondStem: 3 });

/**
 * The word part of a lexicon reading, when it is strong enough to decide over an unsure model: every word of one sign
 * (negated ones flipped), every negator of the text spent on one of those words, the sum and the strongest word at
 * LEXICON_DECIDES' floors; else undefined. German "Gar nicht so schlecht, … richtig spannend" decides POSITIVE
 * (`schlecht` negated, `spannend`); "Je ne déteste pas ce film" does not (`pas` flips nothing). Until 2026-12-05 any negator in the
 * text kept the lexicon out; letting the spent ones in moved the held-out sum of the evaluation fit by +1.0 (NusaX en
 * +0.8, UMSAB pt +0.3, no set lower) and the everyday check set 80.7 → 81.4 %, blind 75.2 → 75.7 % (models/general.md).
 * Emoji do not count: the model reads them as prior features it learned in-domain (held-out AfriSenti tweets with 😂
 * or 😁 are often neutral).
 */
export function lexiconDecides(lex: FallbackVerdict): FallbackVerdict | undefined {
  const hits = lex.hits.filter((h) => !/\p{Extended_Pictographic}/u.test(h.text) && (h.beyondStem ?? 0) <= LEXICON_DECIDES.beyondStem);
  const score = hits.reduce((a, h) => a + h.strength, 0);
  const flipped = hits.reduce((n, h) => n + +isNegated(h), 0);
  if (hits.length === 0 || (lex.negators ?? 0) > flipped || Math.abs(score) < LEXICON_DECIDES.minScore) return undefined;
  if (hits.some((h) => Math.sign(h.strength) !== Math.sign(score))) return undefined;
  return Math.max(...hits.map((h) => Math.abs(h.strength))) >= LEXICON_DECIDES.minHit ? { score, hits } : undefined;
}

/**
 * Polarity rows from which a language's model reads negation itself: English and Thai (55,414 and 22,195 in the
 * shipped fit, 50,059 and 18,487 in the evaluation fit; Hausa next with 15,392), where the rule above lost held-out
 * rows the model had right (GoEmotions −3, Wisesight −5 net) with the rule below.
 */
export const NEGATION_LEARNT_ROWS = 16_000;

/**
 * A clear lexicon reading (lexiconDecides) that holds a negated word: "Ich wurde nicht enttäuscht" read VERY_NEGATIVE
 * 96 %, Italian "Non male davvero questo telefono" 97 %, Swahili "Huduma haikuwa nzuri" POSITIVE 90 %. A bag of words
 * learns a negation only where its training rows hold that one, so in a trained language with fewer than
 * NEGATION_LEARNT_ROWS polarity rows such words decide against the model's opposite polar verdict however sure it is
 * (the analyser asks only where FallbackLexicons.mayNegate finds a negator). Chosen before the everyday blind4 set was
 * read: +3 of its 456 rows as written; the evaluation fit's held-out written sentences +7 (models/general.md, "Answer rules").
 */
export function negationLed(lex: FallbackVerdict): boolean {
  return lex.hits.some(isNegated);
}

/**
 * A trained language where the model reads the polarity opposite to clear lexicon words (lexiconDecides) at under this
 * probability: the words decide. "On a passé un week-end génial" read NEGATIVE 85 %, Swahili "Huduma ya benki hii ni
 * mbaya sana" POSITIVE. Chosen (0.7, 0.8, 0.9, always) on the held-out rows of the evaluation fit and the everyday dev and
 * fresh sets: 0.8 moved the sum of the 34 held-out sets' macro-recall by +2.8 points (UMSAB fr, es, de, en, it +0.6 to
 * +1.5; AfriSenti pt −0.8, sw −0.6), the everyday fresh set 82.2 → 84.0 %, check 79.8 → 80.7 % (models/general.md).
 */
export const LEXICON_OVERRULES_POLAR_BELOW = 0.8;

/**
 * The answer where the lexicon decides over the model in a trained language (an unsure NEUTRAL, or the other polarity under
 * LEXICON_OVERRULES_POLAR_BELOW): "Je déteste ce film" read NEUTRAL 66 % ("Je" pulled NEUTRAL) though "déteste" is a
 * strong lexicon word. The class is the lexicon's, the winning
 * probability as in fallbackAnswer; lowConfidence as the model's own answer would have it.
 */
export function lexiconOverModel(lex: FallbackVerdict, modelRead: string, language: AnalysisOutput['language'], truncated: boolean, cal: Calibration, emotionScores: EmotionScore[], lowConfidence: boolean): { output: AnalysisOutput; probs: number[] } {
  const answer = fallbackAnswer(lex, language, truncated, cal, emotionScores, 0);
  const cites = [...lex.hits].sort((a, b) => Math.abs(b.strength) - Math.abs(a.strength)).slice(0, 4).map(citeHit);
  answer.output.rationale = `${lex.score > 0 ? 'POSITIVE' : 'NEGATIVE'} from sentiment lexicons, because the general model read ${modelRead} and the lexicon's words are clear: ${cites.join(', ')} (lexicon score ${fmt(lex.score)}${contrastNote(lex)}). Language: ${language.code}${language.reliable ? '' : ' (uncertain)'}${lowConfidence ? '; lower confidence' : ''}.${truncated ? ' Only the start of the text was read.' : ''}`;
  answer.output.lowConfidence = lowConfidence;
  return answer;
}

/** A GENERAL answer from a table (lexicon or emoji) rather than the model: always lowConfidence. */
function lexiconOutput(level: ReturnType<typeof levelOf>, win: number, emotionScores: EmotionScore[], rationale: string, language: AnalysisOutput['language'], truncated: boolean): AnalysisOutput {
  return { domain: 'GENERAL', sentiment: level.sentiment, sentimentScore: level.sentimentScore, confidence: win, emotionScores, rationale, language, lowConfidence: true, truncated };
}
