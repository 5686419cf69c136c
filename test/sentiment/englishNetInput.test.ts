/**
 * The tokens the English token network reads (src/sentiment/englishNetInput.ts; training/exportEnglishRows.ts writes
 * them for training/englishNet.py): the featuriser's kept tokens, lower-cased, each with its negation scope, its
 * lexicon-prior code and its own hashed features, so that training and a served network would read the same words.
 */
import { describe, it, expect } from 'vitest';
import { knownTokens } from '../../src/sentiment/englishWords.js';
import { MAX_SUBWORDS, netFeaturizer, netTokens, priorCodeCount } from '../../src/sentiment/englishNetInput.js';
import { DEFAULT_FEATURIZER } from '../../src/sentiment/featurizer.js';
import { cleanText } from '../../src/sentiment/textInput.js';

const f = netFeaturizer({ ...DEFAULT_FEATURIZER, lexicon: true, negatedLexicon: true, dedupeSentences: true });
const read = (text: string) => netTokens(f, f.featurize(cleanText(text)));

describe('English network tokens', () => {
  it('are the featuriser’s kept tokens, lower-cased, with the negation scope englishWords reads', () => {
    const text = "I DON'T hate it. I DON'T hate it. The food wasn’t bad, honestly.";
    const bag = f.featurize(cleanText(text));
    const tokens = netTokens(f, bag);
    // the repeated sentence is read once, as in the bag
    expect(tokens.map((t) => t.lower)).toEqual(bag.tokens.map((t) => t.toLowerCase().replace(/’/g, "'")));
    expect(tokens.filter((t) => t.lower === 'hate')).toHaveLength(1);
    const index = new Map(tokens.map((t, i) => [t.lower, i]));
    const known = knownTokens(bag.tokens, bag.negatedBy, index);
    for (const k of known) expect(tokens[k.token]!.negated).toBe(k.negated);
    expect(tokens.find((t) => t.lower === 'hate')!.negated).toBe(true);
    expect(tokens.find((t) => t.lower === 'bad')!.negated).toBe(true);
    expect(tokens.find((t) => t.lower === 'honestly')!.negated).toBe(false);
  });

  it('give a lexicon word a prior code (negated or not apart) and a neutral word none', () => {
    const plain = read('The service was terrible.');
    const negated = read('The service was not terrible.');
    const code = (ts: ReturnType<typeof read>, w: string): number => ts.find((t) => t.lower === w)!.prior;
    expect(code(plain, 'terrible')).toBeGreaterThan(0);
    expect(code(negated, 'terrible')).toBeGreaterThan(0);
    expect(code(negated, 'terrible')).not.toBe(code(plain, 'terrible'));
    expect(code(plain, 'service')).toBe(0);
    for (const t of [...plain, ...negated]) expect(t.prior).toBeLessThan(priorCodeCount(f));
  });

  it('carry each token’s own hashed features, bigrams excluded, at most MAX_SUBWORDS', () => {
    const bag = f.featurize(cleanText('Absolutely wonderful evening'));
    const tokens = netTokens(f, bag);
    tokens.forEach((t, i) => {
      const own = [...bag.ids.subarray(0, bag.count)].filter((_, k) => bag.tokenOf[k] === i && bag.tokenOf2[k]! < 0);
      expect(t.subwords).toEqual(own.slice(0, MAX_SUBWORDS));
      expect(t.subwords.length).toBeGreaterThan(0);
    });
  });
});
