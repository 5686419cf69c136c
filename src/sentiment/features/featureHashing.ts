/**
 * The hashes behind every feature: FNV-1a over UTF-16 code units, spread by murmur3's fmix32 before
 * masking to the bucket count, each feature kind from its own basis (mix(FNV_OFFSET, KIND_…)); the 30-bit
 * lexicon keys, with Latin diacritics folded; the seeded hash training's splits use.
 */
import { DEFAULT_FEATURIZER } from './featurizerParams.js';

/** Each feature kind hashes from its own basis, mix(FNV_OFFSET, kind): one ASCII letter per kind. */
export const KIND_WORD = 0x77; // 'w'
export const KIND_NEG = 0x6e; // 'n'
export const KIND_BIGRAM = 0x62; // 'b'
export const KIND_CHAR = 0x63; // 'c'
export const KIND_LEXICON = 0x6c; // 'l'
export const KIND_INTENSE = 0x69; // 'i'
export const KIND_BLOCK = 0x6b; // 'k'
export const KIND_NEG_LEXICON = 0x4c; // 'L'
export const KIND_EMOJI = 0x65; // 'e'
export const KIND_EXTRA = 0x78; // 'x'
export const KIND_NEG_EXTRA = 0x58; // 'X'
export const KIND_EXTRA_INTENSE = 0x6a; // 'j'
export const KIND_PREFIX = 0x70; // 'p'
export const KIND_TICKERS = 0x54; // 'T'
export const KIND_CLASS = 0x43; // 'C'
export const KIND_NEG_CLASS = 0x4e; // 'N'
export const KIND_CONTRAST_BEFORE = 0x42; // 'B'
export const KIND_CONTRAST_AFTER = 0x41; // 'A'

export const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;

export function mix(h: number, code: number): number {
  return Math.imul(h ^ code, FNV_PRIME);
}

export function finish(h: number, mask: number): number {
  // murmur3 fmix32: spreads FNV's weak low bits before masking.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) & mask;
}

export function hashRange(h: number, s: string, from: number, to: number): number {
  for (let i = from; i < to; i++) h = mix(h, s.charCodeAt(i));
  return h;
}

export const LEXICON_KEY_BASIS = mix(FNV_OFFSET, 0x78);

/**
 * A 30-bit hash of a lexicon key (a small integer: fast Map key). Over ~80k words a
 * chance match of a word outside the lexicon is about 1 in 13,000 words.
 */
export function lexiconKey(s: string): number {
  let h = LEXICON_KEY_BASIS;
  for (let i = 0; i < s.length; i++) h = mix(h, foldLatin(s.charCodeAt(i)));
  return finish(h, 0x3fffffff);
}

/** Latin-1 and Latin Extended-A letters without their diacritics ("ä" → "a"): nlp.js's normalisers strip them before stemming, so some lists spell "enttausch". */
const LATIN_FOLD = Uint16Array.from({ length: 0x180 }, (_, c) => String.fromCharCode(c).normalize('NFD').charCodeAt(0));

export function foldLatin(c: number): number {
  return c < 0x180 ? LATIN_FOLD[c]! : c;
}

/** A string with foldLatin applied to each of its code units. */
export function foldLatinString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += String.fromCharCode(foldLatin(s.charCodeAt(i)));
  return out;
}

/** FNV-1a of a string from a seeded basis, spread by fmix32: an unsigned 32-bit hash (seeded splits use it). */
export function hash32(s: string, seed: number): number {
  return finish(hashRange(FNV_OFFSET ^ seed, s, 0, s.length), 0xffffffff) >>> 0;
}

/** The bucket of a (lower-case) word's unigram feature, as featurize() computes it for a word outside a negation scope. */
export function wordFeatureId(lower: string, bucketBits: number = DEFAULT_FEATURIZER.bucketBits): number {
  return finish(hashRange(mix(FNV_OFFSET, KIND_WORD), lower, 0, lower.length), 2 ** bucketBits - 1);
}
