/**
 * The tokens the English network reads (training/englishNet.py; models/general-en.md): the tokens the featuriser kept
 * (FeatureBag.tokens, after its cuts: a repeated sentence said once, runs cut, at most MAX_TOKENS), each lower-cased
 * ("’" read as "'"), with whether a negation scope covers it and its lexicon prior: 1 + the index, among the
 * featuriser's prior buckets (Featurizer.priorIds: VADER sign × strength, intensified, negated, emoji, other
 * lexicons), of the first prior feature the token emitted, 0 for none. Training (exportEnglishRows.ts) reads texts
 * through this function; the network is not served (models/general-en.md, "Tried, not kept"), and a served network would
 * read them through the same function, so that its inputs are the ones it was trained on. It lives beside the featuriser
 * for that reason; nothing in the served core imports it yet.
 */
import { Featurizer, type FeatureBag, type FeaturizerParams } from './featurizer.js';

export interface NetToken {
  lower: string;
  negated: boolean;
  prior: number;
  /** The token's own hashed features in the bag (word or negated word, character n-grams, script, priors; not bigrams), at most MAX_SUBWORDS. */
  subwords: number[];
}

/** The most hashed features a token brings to the network (a long word's character n-grams beyond are dropped). */
export const MAX_SUBWORDS = 24;

/** A featuriser with its prior buckets' codes (1 + index in priorIds()). */
export type NetFeaturizer = Featurizer & { priorCodes: ReadonlyMap<number, number> };

export function netFeaturizer(params: FeaturizerParams): NetFeaturizer {
  return withPriorCodes(new Featurizer(params));
}

/** Adds the prior codes to a featuriser the caller already holds. */
export function withPriorCodes(f: Featurizer): NetFeaturizer {
  const codes = new Map<number, number>();
  f.priorIds().forEach((id, k) => {
    if (!codes.has(id)) codes.set(id, k + 1);
  });
  return Object.assign(f, { priorCodes: codes });
}

/** The number of prior codes (0 included): the network's prior table has this many rows. */
export const priorCodeCount = (f: NetFeaturizer): number => f.priorIds().length + 1;

export function netTokens(f: { priorCodes: ReadonlyMap<number, number> }, bag: FeatureBag): NetToken[] {
  const n = bag.tokens.length;
  const prior = new Int32Array(n);
  const subwords: number[][] = Array.from({ length: n }, () => []);
  for (let k = 0; k < bag.count; k++) {
    const t = bag.tokenOf[k]!;
    if (t < 0 || t >= n || bag.tokenOf2[k]! >= 0) continue;
    if (subwords[t]!.length < MAX_SUBWORDS) subwords[t]!.push(bag.ids[k]!);
    if (prior[t] !== 0) continue;
    const code = f.priorCodes.get(bag.ids[k]!);
    if (code !== undefined) prior[t] = code;
  }
  const out: NetToken[] = new Array<NetToken>(n);
  for (let t = 0; t < n; t++) out[t] = { lower: bag.tokens[t]!.toLowerCase().replace(/’/g, "'"), negated: bag.negatedBy[t]! >= 0, prior: prior[t]!, subwords: subwords[t]! };
  return out;
}
