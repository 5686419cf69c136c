/**
 * The featuriser's prior features beyond VADER's English lexicon (featurizer.ts,
 * extraLexicons): which words and symbols get a prior,
 * with which sign, and that the hashed prefix lookup agrees with the lexicon it is
 * built from.
 */
import { describe, it, expect } from 'vitest';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Featurizer, DEFAULT_FEATURIZER, EXTRA_LEXICONS_FILE, encodeExtraLexicons, loadExtraLexicons, lexiconValences, type FeaturizerParams } from '../../src/sentiment/featurizer.js';
import { extraLexiconEntries } from '../../training/extraLexiconSources.js';
import { MODELS_DIR, SentimentAnalyzer } from '../../src/sentiment/sentimentAnalyzer.js';

const WITH_EXTRAS: FeaturizerParams = { ...DEFAULT_FEATURIZER, negatedLexicon: true, extraLexicons: true };

/**
 * Signs (-1, +1) of the prior features of one kind (ids: negative strengths 1-3, then
 * positive) the text gets from the lexicons: the bag's features minus those of the same
 * featuriser without lexicons (any n-gram may share a bucket with a prior feature).
 */
function priorSigns(f: Featurizer, text: string, ids: number[]): number[] {
  const plain = new Featurizer({ ...f.params, lexicon: false, extraLexicons: false });
  const extra = new Map<number, number>();
  const bag = f.featurize(text);
  for (let i = 0; i < bag.count; i++) extra.set(bag.ids[i]!, (extra.get(bag.ids[i]!) ?? 0) + 1);
  const base = plain.featurize(text);
  for (let i = 0; i < base.count; i++) extra.set(base.ids[i]!, extra.get(base.ids[i]!)! - 1);
  const out: number[] = [];
  ids.forEach((id, k) => {
    for (let n = extra.get(id) ?? 0; n > 0; n--) out.push(k < ids.length / 2 ? -1 : 1);
  });
  return out;
}

describe('featuriser priors beyond the VADER lexicon', () => {
  const f = new Featurizer(WITH_EXTRAS);

  it('gives emoji a prior of their own sign, in any language', () => {
    expect(priorSigns(f, 'Nakupenda 😍', f.emojiIds)).toEqual([1]);
    expect(priorSigns(f, 'Wallahi 😡', f.emojiIds)).toEqual([-1]);
    expect(priorSigns(f, 'Wallahi 😡', f.extraIds)).toEqual([]);
  });

  it('finds non-English lexicon words, whole or by their stem', () => {
    expect(priorSigns(f, 'estoy muy triste', f.extraIds)).toEqual([-1]);
    expect(priorSigns(f, 'यह अच्छा है', f.extraIds)).toEqual([1]);
    expect(priorSigns(f, 'هذا سعيد', f.extraIds)).toEqual([1]);
    // "buenos" is not listed; the Spanish stem "buen" is.
    expect(extraLexiconEntries().words.has('buenos')).toBe(false);
    expect(priorSigns(f, 'buenos', f.extraIds)).toEqual([1]);
    // German stems are listed without umlauts: "schlechter" reaches "schlecht".
    expect(priorSigns(f, 'schlechter', f.extraIds)).toEqual([-1]);
  });

  it('leaves function words of every language and VADER words to their own features', () => {
    expect(priorSigns(f, 'and dan yang por con', f.extraIds)).toEqual([]);
    // "good" is VADER's: its prior is the VADER feature, not a second one.
    expect(priorSigns(f, 'good', f.extraIds)).toEqual([]);
    expect(priorSigns(f, 'good', f.lexiconIds)).toEqual([1]);
  });

  it('a negated lexicon word gets the negated feature of its own sign', () => {
    expect(priorSigns(f, 'no es triste', f.negatedExtraIds)).toEqual([-1]);
    expect(priorSigns(f, 'no es triste', f.extraIds)).toEqual([]);
  });

  it('looks every listed whole word up through its hashed key', () => {
    const { words } = extraLexiconEntries();
    const vader = lexiconValences();
    let checked = 0;
    let i = 0;
    for (const [w, v] of words) {
      // Keys are spelt without Latin diacritics; a word is looked up folded the same way.
      if (i++ % 37 !== 0 || vader.has(w) || !/^[\p{L}\p{M}]+$/u.test(w)) continue;
      expect(priorSigns(f, w, f.extraIds), w).toEqual([Math.sign(v)]);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('emits no extra prior features when the settings are absent', () => {
    const plain = new Featurizer({ ...DEFAULT_FEATURIZER, negatedLexicon: true });
    expect(priorSigns(plain, 'estoy muy triste 😍', [...f.emojiIds, ...f.extraIds])).toEqual([]);
  });

  it('the service reads the lexicons the models were trained with: models/extra-lexicons.bin is what the build from @nlpjs/lang-all makes now', () => {
    // stale after a change of the lexicon code or of the package: npm run train rewrites it with the models
    const committed = readFileSync(join(MODELS_DIR, EXTRA_LEXICONS_FILE));
    expect(committed.equals(encodeExtraLexicons())).toBe(true);
  });

  it('refuses a damaged lexicon file with what to do', async () => {
    const good = readFileSync(join(MODELS_DIR, EXTRA_LEXICONS_FILE));
    // cut anywhere (in the emoji, in the words, at the end), or not a lexicon file at all
    for (const end of [6, 20, 5000, good.length - 7]) {
      expect(() => loadExtraLexicons(good.subarray(0, end), 'cut.bin'), `cut at ${end}`).toThrow(/cut\.bin is not a lexicon file of this Meridian \((no MXL1 header|truncated)\).*npm run train/);
    }
    expect(() => loadExtraLexicons(Buffer.from('not a lexicon file'), 'other.bin')).toThrow(/no MXL1 header/);
    // a well-formed file that is not the one the model was trained with: the analyzer checks it against the sidecar
    const dir = mkdtempSync(join(tmpdir(), 'meridian-models-'));
    for (const f of readdirSync(MODELS_DIR)) copyFileSync(join(MODELS_DIR, f), join(dir, f));
    const flipped = Buffer.from(good);
    flipped[flipped.length - 1] = flipped[flipped.length - 1]! ^ 1;
    writeFileSync(join(dir, EXTRA_LEXICONS_FILE), flipped);
    await expect(SentimentAnalyzer.load({ modelsDir: dir })).rejects.toThrow(/extra-lexicons\.bin does not match the general model's sidecar .*npm run train/);
    rmSync(join(dir, EXTRA_LEXICONS_FILE));
    await expect(SentimentAnalyzer.load({ modelsDir: dir })).rejects.toThrow(/extra-lexicons\.bin is missing; the general model was trained with it/);
  });
});

describe('emoticons', () => {
  it("reads a standing emoticon as a token with VADER's prior (its characters were clause marks), not inside times, ratios or URLs", () => {
    const f = new Featurizer(DEFAULT_FEATURIZER);
    expect(f.featurize('Store closed again :(').tokens).toEqual(['Store', 'closed', 'again', ':(']);
    expect(f.featurize('great day :-))) and ;D').tokens).toEqual(['great', 'day', ':-)))', 'and', ';D']);
    expect(priorSigns(f, 'Store closed again :(', f.lexiconIds)).toEqual([-1]);
    expect(priorSigns(f, 'love it <3', f.lexiconIds)).toEqual([1, 1]); // "love" and "<3"
    expect(priorSigns(f, 'great day :-)))', f.lexiconIds)).toEqual([1, 1]); // "great" and ":)"
    for (const t of ['10:30 meeting', 'ratio 3:2', 'Note: (see below)', 'see http://x.com/a:b', 'x=3', '(1) first']) {
      expect(f.featurize(t).tokens.filter((tok) => /^[:;=<]/.test(tok)), t).toEqual([]);
    }
  });
});

describe('character n-grams for the model only (modelCharGramMax)', () => {
  it('add 5-grams to the model bag and leave the language head the bag it was trained on, in order', () => {
    const base: FeaturizerParams = { ...WITH_EXTRAS, bucketBits: 20 };
    const plain = new Featurizer(base);
    const longer = new Featurizer({ ...base, modelCharGramMax: 5 });
    const texts = ['What a wonderful day, I loved it!', 'Das ist wirklich schlecht.', 'Habari za asubuhi rafiki yangu', 'ok', "I don't love it 😀😀😀😀😀 not at all", '今日は東京で会議があります', 'sooooo goooood @user http://x.y/z 42 #tbt'];
    for (const text of texts) {
      const a = plain.featurize(text);
      const want = Array.from(a.ids.subarray(0, a.count));
      const b = longer.featurize(text);
      expect(Array.from(b.languageIds.subarray(0, b.languageCount)), text).toEqual(want);
      const model = Array.from(b.ids.subarray(0, b.count));
      // every plain feature is in the model bag, in order, and the rest are the 5-grams of "<word>" (words of three letters or more)
      let k = 0;
      for (const id of model) if (k < want.length && id === want[k]) k++;
      expect(k).toBe(want.length);
      // the extra features are the 5-grams: the same featuriser with 5-grams in both bags has them too
      const both = new Featurizer({ ...base, maxCharGram: 5 }).featurize(text);
      expect(model.slice().sort((x, y) => x - y)).toEqual(Array.from(both.ids.subarray(0, both.count)).sort((x, y) => x - y));
      if (/wonderful/.test(text)) expect(b.count).toBeGreaterThan(a.count);
    }
  });
});

describe('contrast features (contrastPriors)', () => {
  const params: FeaturizerParams = { ...WITH_EXTRAS, modelCharGramMax: 5, contrastPriors: true };
  const f = new Featurizer(params);
  const plain = new Featurizer({ ...params, contrastPriors: false });
  /** Each contrast feature of the bag as [kind, sign, strength 1-3, the token it belongs to]. */
  const contrasts = (text: string): [string, number, number, string][] => {
    const bag = f.featurize(text);
    const out: [string, number, number, string][] = [];
    for (let i = 0; i < bag.count; i++) {
      for (const [kind, ids] of [['before', f.contrastBeforeIds], ['after', f.contrastAfterIds]] as const) {
        const k = ids.indexOf(bag.ids[i]!);
        if (k >= 0) out.push([kind, k < 3 ? -1 : 1, (k % 3) + 1, bag.tokens[bag.tokenOf[i]!]!]);
      }
    }
    return out;
  };

  it('sums the priors before a contrast word into a feature of that word, and marks each prior after it', () => {
    const got = contrasts('Lovely decor, but the food was horrible.');
    expect(got.filter(([k]) => k === 'before')).toEqual([['before', 1, 3, 'but']]);
    expect(got.filter(([k]) => k === 'after').map(([, sign, , token]) => [sign, token])).toEqual([[-1, 'horrible']]);
  });

  it('reads the contrast words of other languages, but not words that are another language\'s common word', () => {
    expect(contrasts('Das Essen war gut, aber teuer.').some(([k, , , token]) => k === 'before' && token === 'aber')).toBe(true);
    // Hungarian "de" is Spanish "of": no contrast in "El precio de la comida es excelente"
    expect(contrasts('Excelente precio de la comida, malo el servicio.')).toEqual([]);
    expect(contrasts('Great food and great service.')).toEqual([]);
  });

  it('adds to the model bag only: the language head reads the bag it was trained on, and without the setting nothing changes', () => {
    const text = 'Lovely decor, but the food was horrible.';
    const a = f.featurize(text);
    const languageWith = Array.from(a.languageIds.subarray(0, a.languageCount));
    const countWith = a.count;
    const b = plain.featurize(text);
    expect(Array.from(b.languageIds.subarray(0, b.languageCount))).toEqual(languageWith);
    expect(countWith - b.count).toBe(contrasts(text).length);
  });
});
