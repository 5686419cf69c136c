/**
 * The featuriser options FINANCIAL_NEWS trains with (featurizer.ts: numberShapes,
 * tickers, languageOnlyCharGrams, wordPrefix): what each adds or removes, that the
 * language head still gets the character n-grams, and that GENERAL's parameters (none
 * of these options) are untouched by them.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { DEFAULT_FEATURIZER, Featurizer, wordFeatureId, type FeaturizerParams } from '../../src/sentiment/featurizer.js';
import { FINANCE_SPEC, GENERAL_SPEC } from '../../training/modelSpecs.js';
import { loadFinanceCorpus } from '../../training/corpus.js';
import { SentimentAnalyzer, type AnalysisOutput } from '../../src/sentiment/sentimentAnalyzer.js';

const ids = (f: Featurizer, text: string): number[] => {
  const b = f.featurize(text);
  return Array.from(b.ids.subarray(0, b.count));
};
const has = (f: Featurizer, text: string, word: string): boolean => ids(f, text).includes(wordFeatureId(word));

describe('finance featuriser options', () => {
  const shapes = new Featurizer({ ...DEFAULT_FEATURIZER, numberShapes: true });
  const plain = new Featurizer(DEFAULT_FEATURIZER);

  it('numberShapes keeps a number’s sign and unit, and reads a decimal as one token', () => {
    expect(has(shapes, 'Avid Tech +11.5% after upside EPS forecast', '<num+%>')).toBe(true);
    expect(has(shapes, 'Earnings Dropped -19%, Did Its Industry Show Weakness', '<num-%>')).toBe(true);
    expect(has(shapes, 'sales down 3.2% in Europe', '<num%>')).toBe(true);
    expect(has(shapes, 'EPS of $0.28 vs $0.43', '<$num>')).toBe(true);
    expect(has(shapes, 'deposit rate at -0.5', '<num->')).toBe(true);
    // a hyphen inside a range or a name is not a sign
    const range = shapes.featurize('guidance 8.3%-17% for Q4-2019');
    expect(range.tokens).toEqual(['guidance', '8.3%', '17%', 'for', 'Q4', '2019']);
    expect(has(shapes, 'guidance 8.3%-17%', '<num-%>')).toBe(false);
    // a decimal is one token and its point ends no clause: "down 3.2% today" reads as "down 4% today", bigrams included
    expect(ids(shapes, 'down 3.2% today')).toEqual(ids(shapes, 'down 4% today'));
    expect(ids(plain, 'down 3.2% today')).not.toEqual(ids(plain, 'down 4% today'));
    // without the option every run of digits is <num> and "$5" a word
    expect(has(plain, 'Avid Tech +11.5%', '<num>')).toBe(true);
    expect(has(plain, 'Avid Tech +11.5%', '<num+%>')).toBe(false);
    expect(has(plain, 'priced at $5', '$5')).toBe(true);
  });

  it('tickers: a cashtag is <ticker> (token) or both <ticker> and itself (both); a plain word otherwise', () => {
    const token = new Featurizer({ ...DEFAULT_FEATURIZER, tickers: 'token' });
    const both = new Featurizer({ ...DEFAULT_FEATURIZER, tickers: 'both' });
    const text = '$AAPL beats estimates';
    expect([has(token, text, '<ticker>'), has(token, text, '$aapl')]).toEqual([true, false]);
    expect([has(both, text, '<ticker>'), has(both, text, '$aapl')]).toEqual([true, true]);
    expect([has(plain, text, '<ticker>'), has(plain, text, '$aapl')]).toEqual([false, true]);
    // no character n-grams of the cashtag: the bag shrinks by them
    expect(token.featurize(text).count).toBeLessThan(plain.featurize(text).count);
  });

  it('tickerCount: one feature per text for 0, 1, 2 or 3+ cashtags, in the model\'s bag only', () => {
    const params: FeaturizerParams = { ...DEFAULT_FEATURIZER, tickers: 'token', languageOnlyCharGrams: true };
    const counted = new Featurizer({ ...params, tickerCount: true });
    const without = new Featurizer(params);
    const extra = (text: string) => ids(counted, text).filter((id) => !ids(without, text).includes(id));
    const one = extra('$AAPL beats estimates');
    expect(one).toHaveLength(1);
    expect(extra('$AAPL $MSFT beat estimates')).toHaveLength(1);
    expect(extra('$AAPL $MSFT beat estimates')).not.toEqual(one);
    expect(extra('$A $B $C $D $E rally')).toEqual(extra('$A $B $C rally'));
    expect(extra('markets rally')).toHaveLength(1);
    // a feature of the whole text, tied to no word: the rationale cites no word for it (it was the first word's)
    const bag = counted.featurize('The company reported quarterly results today');
    const at = Array.from(bag.ids.subarray(0, bag.count)).indexOf(extra('The company reported quarterly results today')[0]!);
    expect(bag.tokenOf[at]).toBe(-1);
    // the language head's bag is unchanged
    const text = '$AAPL $MSFT beat estimates';
    expect(Array.from(counted.featurize(text).languageIds.subarray(0, counted.featurize(text).languageCount)))
      .toEqual(Array.from(without.featurize(text).languageIds.subarray(0, without.featurize(text).languageCount)));
  });

  it('languageOnlyCharGrams: the language head gets the whole bag in order, the model the bag without character n-grams', () => {
    const params: FeaturizerParams = { ...DEFAULT_FEATURIZER, numberShapes: true, tickers: 'token' };
    const whole = new Featurizer(params);
    const split = new Featurizer({ ...params, languageOnlyCharGrams: true });
    const words = new Featurizer({ ...params, minCharGram: 5, maxCharGram: 4 }); // no n-gram fits: words, bigrams, priors only
    for (const text of ['$TSLA shares +4% as Tesla tops estimates, raises guidance', 'Jefferies warns on L Brands', 'not bad at all 😍']) {
      const all = ids(whole, text);
      const b = split.featurize(text);
      expect(Array.from(b.languageIds.subarray(0, b.languageCount))).toEqual(all);
      expect(Array.from(b.ids.subarray(0, b.count))).toEqual(ids(words, text));
      expect(b.count).toBeLessThan(b.languageCount);
    }
    // prefix features are the model's only: the language head's bag is the same with them
    const withPrefix = new Featurizer({ ...params, languageOnlyCharGrams: true, wordPrefix: 5 }).featurize('Jefferies warns on L Brands');
    expect(Array.from(withPrefix.languageIds.subarray(0, withPrefix.languageCount))).toEqual(ids(whole, 'Jefferies warns on L Brands'));
    // without the option the language head reads the model's own bag
    const b = whole.featurize('Jefferies warns on L Brands');
    expect(b.languageIds).toBe(b.ids);
    expect(b.languageCount).toBe(b.count);
  });

  it('wordPrefix gives inflections of a word a shared feature', () => {
    const prefix = new Featurizer({ ...DEFAULT_FEATURIZER, languageOnlyCharGrams: true, wordPrefix: 4 });
    const bare = new Featurizer({ ...DEFAULT_FEATURIZER, languageOnlyCharGrams: true });
    const shared = (f: Featurizer) => ids(f, 'lifting').filter((id) => ids(f, 'lifted').includes(id)).length;
    // (both already share their script's block feature)
    expect(shared(prefix)).toBe(shared(bare) + 1);
  });

  it('GENERAL trains with none of them; FINANCIAL_NEWS with all four', () => {
    const f = GENERAL_SPEC.featurizer;
    expect([f.numberShapes, f.tickers, f.languageOnlyCharGrams, f.wordPrefix]).toEqual([undefined, undefined, undefined, undefined]);
    expect(FINANCE_SPEC.featurizer).toMatchObject({ numberShapes: true, tickers: 'token', languageOnlyCharGrams: true, wordPrefix: 5 });
  });
});

describe('the committed FINANCIAL_NEWS model in the analyzer', () => {
  let analyzer: SentimentAnalyzer;
  beforeAll(async () => {
    analyzer = await SentimentAnalyzer.load();
  });

  it('identifies the language of finance tweets as GENERAL does (the language head still reads the character n-grams)', async () => {
    const texts = loadFinanceCorpus()
      .filter((r, i) => r.split === 'heldout' && i % 3 === 0)
      .map((r) => r.text);
    const lang = async (domain: 'GENERAL' | 'FINANCIAL_NEWS') => (await analyzer.analyze(texts, domain)).map((o) => (o as AnalysisOutput).language.code);
    const [general, finance] = [await lang('GENERAL'), await lang('FINANCIAL_NEWS')];
    const same = finance.filter((c, i) => c === general[i]).length / texts.length;
    const english = finance.filter((c) => c === 'en').length / texts.length;
    expect(same).toBeGreaterThan(0.95);
    expect(english).toBeGreaterThan(0.9);
  });

  it('reads the sign of a move', async () => {
    const [up, down] = (await analyzer.analyze(['Acme Corp shares +7% in early trading', 'Acme Corp shares -7% in early trading'], 'FINANCIAL_NEWS')) as AnalysisOutput[];
    expect(up!.marketDirection).toBe('BULLISH');
    expect(down!.marketDirection).toBe('BEARISH');
  });
});
