/**
 * The English expert's word splitter and word list (models/general-en.md, training/englishVectors.ts): the words of a
 * cleaned text that have a row in the expert's GloVe table, in text order, each with whether a negation scope covers
 * it (the featuriser's rule: a negator covers the next NEGATION_SCOPE words up to a clause boundary). Training
 * (englishVectors.ts `vectorWords`) and the service (analysis/englishExpert.ts) read texts through this one function,
 * so the graph's word feeds are the ones it was trained on.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isNegator, NEGATION_SCOPE, TOKEN } from './features/tokenRules.js';

/** Word → table row: the word list's Map, or the WordTable the service reads it through (features/lexicons.ts). */
export interface WordIndex {
  get(word: string): number | undefined;
}

/** A known word of a text: its table row, its lower-case form as written (the rationale's key) and whether it is negated. */
export interface KnownWord {
  word: number;
  lower: string;
  negated: boolean;
}

/** The known words of `text` (already cleaned, textInput.ts cleanText) against `index` (word → table row). */
export function knownWords(text: string, index: ReadonlyMap<string, number>): KnownWord[] {
  const out: KnownWord[] = [];
  let scope = 0;
  const re = new RegExp(TOKEN.source, TOKEN.flags);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[5] !== undefined) {
      scope = 0; // clause boundary
      continue;
    }
    const token = m[3];
    if (token === undefined) continue;
    const written = token.toLowerCase();
    const lower = written.replace(/’/g, "'");
    const negated = scope > 0;
    if (scope > 0) scope--;
    if (isNegator(lower)) scope = NEGATION_SCOPE;
    const i = index.get(lower) ?? (lower.endsWith("n't") ? index.get(lower.slice(0, -3)) : undefined);
    if (i !== undefined) out.push({ word: i, lower: written, negated });
  }
  return out;
}

/**
 * The known words among the tokens the featuriser kept (FeatureBag.tokens, after its cuts: a repeated sentence said
 * once, runs cut to collapseRuns, at most MAX_TOKENS), so that the word branch reads the text the hashed features
 * read and each word is a token the rationale can cite. `negatedBy[t] >= 0`: token t is in a negation scope.
 */
export function knownTokens(tokens: readonly string[], negatedBy: ArrayLike<number>, index: WordIndex): (KnownWord & { token: number })[] {
  const out: (KnownWord & { token: number })[] = [];
  for (let t = 0; t < tokens.length; t++) {
    const written = tokens[t]!.toLowerCase();
    const lower = written.includes('’') ? written.replace(/’/g, "'") : written;
    const i = index.get(lower) ?? (lower.endsWith("n't") ? index.get(lower.slice(0, -3)) : undefined);
    if (i !== undefined) out.push({ word: i, lower: written, negated: negatedBy[t]! >= 0, token: t });
  }
  return out;
}

/** Reads a word list (one word a line, in table order) and checks it against the sha256 and count its sidecar names. */
export function readWordList(modelsDir: string, file: string, sha256: string, words: number): Map<string, number> {
  const path = join(modelsDir, file);
  if (!existsSync(path)) throw new Error(`${path} is missing; the English expert reads its word table with it: restore models/ from git or run \`npm run train -- --only=english\``);
  const bytes = readFileSync(path);
  const sha = createHash('sha256').update(bytes).digest('hex');
  if (sha !== sha256) throw new Error(`${path} does not match its sidecar (sha256 ${sha} ≠ ${sha256}): restore models/ from git or run \`npm run train -- --only=english\``);
  const list = bytes.toString('utf8').trimEnd().split('\n');
  if (list.length !== words) throw new Error(`${path} holds ${list.length} words, its sidecar says ${words}`);
  return new Map(list.map((w, i) => [w, i]));
}
