/** The rationale of an analysis: the words that carried the verdict, from the model's own per-feature contributions. */
import type { FeatureBag } from '../featurizer.js';
import type { AnalysisOutput, EmotionScore } from './analysisOutput.js';
import type { TextWords } from './englishExpert.js';

/** What the rationale reads of a loaded model: its main head's labels and where its columns start. */
export interface MainHead {
  mainOffset: number;
  mainLabels: readonly string[];
}

export const fmt = (x: number): string => (x >= 0 ? '+' : '') + x.toFixed(2);
export const quote = (s: string): string => `"${s.length > 40 ? s.slice(0, 40) + '…' : s}"`;

/** A word of the text and what its features add toward the winner (rationale). */
interface Cited { surface: string; delta: number; negated: string | null }

/** The rationale's per-token sums, reused by every text of this thread (grown as needed). */
let scratch = new Float64Array(256);

/** The likelier of the two classes other than the winner (the first of them on a tie). */
function runnerUp(probs: Float32Array, winner: number): number {
  const [a, b] = winner === 0 ? [1, 2] : winner === 1 ? [0, 2] : [0, 1];
  return probs[b]! > probs[a]! ? b : a;
}

/** The English expert's word-vector shares (word_contributions), added to each word's citation (or a new one). */
function addWordShares(words: TextWords, C: number, off: number, winner: number, rival: number, byWord: Map<string, Cited>, cited: Cited[]): void {
  for (let k = words.from; k < words.to; k++) {
    const at = k * C + off;
    const key = words.lower[k]!;
    let e = byWord.get(key);
    if (!e) {
      // a word the featuriser's tokens no longer hold (a repeated sentence it dropped): cited as read
      e = { surface: key, delta: 0, negated: null };
      byWord.set(key, e);
      cited.push(e);
    }
    e.delta += words.contributions[at + winner]! - words.contributions[at + rival]!;
  }
}

/**
 * Explains the decision from the model's own per-feature contributions: each token's
 * share (its word, negated-word and character n-gram features, half of each bigram it
 * is in) of the winning class's logit minus the runner-up's. Cites the tokens that
 * pushed hardest toward the winner (marking negated ones), the strongest one that
 * pushed the other way, and the language verdict. `words` (the English expert's GloVe
 * branch): each known word's own share is added to the tokens of its form.
 */
export function rationale(
  model: MainHead,
  b: { ids: Int32Array; tokenOf: Int32Array; tokenOf2: Int32Array; negatedFeature: Uint8Array; bag: FeatureBag },
  contributions: Float32Array,
  base: number,
  C: number,
  probs: Float32Array,
  winner: number,
  result: AnalysisOutput,
  emotions: EmotionScore[],
  words?: TextWords,
  /** Why the language's verdict is lower confidence although the model trained on it (written sentences only, near chance). */
  languageNote?: string,
): string {
  const labels = model.mainLabels;
  const off = model.mainOffset;
  const rival = runnerUp(probs, winner);
  const tokens = b.bag.tokens;
  const n = tokens.length;
  if (scratch.length < 2 * n) scratch = new Float64Array(Math.max(2 * n, 2 * scratch.length));
  // delta of token t at scratch[t], its negated features' part at scratch[n + t]
  const sums = scratch;
  sums.fill(0, 0, 2 * n);
  const { tokenOf, tokenOf2, negatedFeature } = b;
  const features = b.ids.length;
  for (let f = 0; f < features; f++) {
    const at = base + f * C + off;
    const d = contributions[at + winner]! - contributions[at + rival]!;
    const t2 = tokenOf2[f]!;
    const t1 = tokenOf[f]!;
    if (t1 < 0) continue; // a feature of the whole text (FINANCIAL_NEWS's cashtag count): no word to cite
    if (t2 >= 0) {
      sums[t1] = sums[t1]! + d / 2;
      sums[t2] = sums[t2]! + d / 2;
    } else {
      sums[t1] = sums[t1]! + d;
      if (negatedFeature[f]) sums[n + t1] = sums[n + t1]! + d;
    }
  }
  // Merge repeated tokens (same lower-case form) so a word is cited once.
  const byWord = new Map<string, Cited>();
  const cited: Cited[] = [];
  const negatedBy = b.bag.negatedBy;
  for (let t = 0; t < n; t++) {
    const surface = tokens[t]!;
    const key = surface.toLowerCase();
    let e = byWord.get(key);
    if (!e) {
      e = { surface, delta: 0, negated: null };
      byWord.set(key, e);
      cited.push(e);
    }
    const delta = sums[t]!;
    const negDelta = sums[n + t]!;
    e.delta += delta;
    const by = negatedBy[t]!;
    if (by >= 0 && negDelta > 0.05 * Math.abs(delta) && negDelta > 0) e.negated = tokens[by]!;
  }
  if (words) addWordShares(words, C, off, winner, rival, byWord, cited);
  // The three words weighing most toward the winner and the one weighing most against it, as a stable
  // sort by weight (descending) would rank them: among equal weights, the earlier word first and the
  // later one last; found in one pass instead of sorting every word.
  const best: Cited[] = [];
  let against: Cited | null = null;
  for (const e of cited) {
    let k = best.length;
    while (k > 0 && e.delta > best[k - 1]!.delta) k--;
    if (k < 3) {
      best.splice(k, 0, e);
      if (best.length > 3) best.pop();
    }
    if (against === null || e.delta <= against.delta) against = e;
  }
  if (cited.length < 2) against = null;
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
      : `Language: ${lang.code}${lang.trained ? (languageNote ? ` (${languageNote}; lower confidence)` : '') : ' (no polarity training data; lower confidence)'}${lang.reliable ? '' : ' (uncertain)'}.`,
  );
  if (result.truncated) parts.push('Only the start of the text was read.');
  return parts.join(' ');
}
