/**
 * The trained models as committed under models/, run by onnxruntime-node through the
 * SentimentAnalyzer the service uses, on real held-out texts.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { SentimentAnalyzer, type AnalysisOutcome, type AnalysisOutput } from '../../src/sentiment/sentimentAnalyzer.js';
import { loadGeneralCorpus, loadFinanceCorpus, type Row } from '../../training/corpus.js';
import { decodeUtf8, MAX_TOKENS } from '../../src/sentiment/textInput.js';
import { languageLabelHolds } from '../../training/languageCorpus.js';
import { GENERAL_SPEC, isTuningRow } from '../../training/modelSpecs.js';
import { trainedLetters, unscoredScript } from '../../src/sentiment/analysis/trainedScripts.js';
import { DIRECTIONS, EMOTIONS, SENTIMENT_LEVELS } from '../../src/sentiment/labels.js';

let analyzer: SentimentAnalyzer;
let general: Row[];
let finance: Row[];

const ok = (o: AnalysisOutcome | undefined): AnalysisOutput => {
  if (!o || 'error' in o) throw new Error(`expected a result, got ${JSON.stringify(o)}`);
  return o;
};

async function analyzeAll(texts: string[], domain: 'GENERAL' | 'FINANCIAL_NEWS'): Promise<AnalysisOutput[]> {
  const out: AnalysisOutput[] = [];
  for (let i = 0; i < texts.length; i += 256) out.push(...(await analyzer.analyze(texts.slice(i, i + 256), domain)).filter((o) => !('error' in o)).map(ok));
  return out;
}

beforeAll(async () => {
  analyzer = await SentimentAnalyzer.load();
  general = loadGeneralCorpus().filter((r) => r.split === 'heldout');
  finance = loadFinanceCorpus().filter((r) => r.split === 'heldout');
});

describe('results', () => {
  it('have the documented shape and ranges on held-out texts', async () => {
    const sample = general.filter((_, i) => i % 60 === 0).map((r) => r.text);
    const outs = await analyzeAll(sample, 'GENERAL');
    expect(outs.length).toBe(sample.length);
    for (const o of outs) {
      expect(SENTIMENT_LEVELS).toContain(o.sentiment);
      expect(o.sentimentScore).toBeGreaterThanOrEqual(-1);
      expect(o.sentimentScore).toBeLessThanOrEqual(1);
      expect(o.emotionScores.map((e) => e.emotion)).toEqual([...EMOTIONS]);
      expect(o.emotionScores.reduce((a, e) => a + e.score, 0)).toBeCloseTo(1, 4);
      expect(o.confidence).toBeGreaterThan(1 / 3 - 1e-6);
      expect(o.rationale.length).toBeGreaterThan(20);
    }
  });

  it('reach every label: five sentiment levels, seven emotions, three market directions', async () => {
    const g = await analyzeAll(general.filter((_, i) => i % 8 === 0).map((r) => r.text), 'GENERAL');
    expect(new Set(g.map((o) => o.sentiment))).toEqual(new Set(SENTIMENT_LEVELS));
    const topEmotion = (o: AnalysisOutput): string => o.emotionScores.reduce((x, y) => (y.score > x.score ? y : x)).emotion;
    expect(new Set(g.map(topEmotion))).toEqual(new Set(EMOTIONS));
    const f = await analyzeAll(finance.map((r) => r.text), 'FINANCIAL_NEWS');
    expect(new Set(f.map((o) => o.marketDirection))).toEqual(new Set(DIRECTIONS));
    expect(new Set(f.map((o) => o.sentiment))).toEqual(new Set(SENTIMENT_LEVELS));
    expect(f.every((o) => o.emotionScores.length === 0)).toBe(true);
  });

  it('map market direction onto the common fields', async () => {
    const [bear, bull] = (await analyzer.analyze(['$XYZ shares plunge after earnings miss, guidance cut', 'Apple beats estimates and raises guidance, stock jumps'], 'FINANCIAL_NEWS')).map(ok);
    expect(bear!.marketDirection).toBe('BEARISH');
    expect(bear!.sentiment).toMatch(/NEGATIVE$/);
    expect(bear!.sentimentScore).toBeLessThan(0);
    expect(bull!.marketDirection).toBe('BULLISH');
    expect(bull!.sentiment).toMatch(/POSITIVE$/);
    expect(bull!.sentimentScore).toBeGreaterThan(0);
  });

  it('depend on the whole batch only through each text (batching changes nothing)', async () => {
    const texts = general.slice(0, 40).map((r) => r.text);
    const batched = await analyzeAll(texts, 'GENERAL');
    for (const [i, t] of texts.entries()) {
      const single = ok((await analyzer.analyze([t], 'GENERAL'))[0]);
      expect(single.sentimentScore).toBeCloseTo(batched[i]!.sentimentScore, 5);
      expect(single.rationale).toBe(batched[i]!.rationale);
    }
  });

  it('are the same when a batch of long texts is split into several session runs (each run reads at most 16,384 features)', async () => {
    // 24 texts of ~1,500 characters: ~3,000 features each, so the batch takes several runs,
    // with held-out tweets between them; each must answer as it does alone
    const tweets = general.slice(40, 64).map((r) => r.text);
    const long = tweets.map((_, i) => tweets.slice(i).concat(tweets.slice(0, i)).join(' ').slice(0, 1500));
    const texts = long.flatMap((l, i) => [l, tweets[i]!, ...(i === 0 ? [''] : [])]);
    const batched = await analyzer.analyze(texts, 'GENERAL');
    expect(batched).toHaveLength(texts.length);
    expect(batched[2]).toHaveProperty('error'); // the empty text is refused in place, the rest keep their slots
    for (const [i, t] of texts.entries()) {
      if (t === '') continue;
      const single = ok((await analyzer.analyze([t], 'GENERAL'))[0]);
      const b = ok(batched[i]);
      expect(b.sentimentScore).toBeCloseTo(single.sentimentScore, 5);
      expect(b.sentiment).toBe(single.sentiment);
      expect(b.rationale).toBe(single.rationale);
      expect(b.emotionScores.map((e) => e.score.toFixed(5))).toEqual(single.emotionScores.map((e) => e.score.toFixed(5)));
    }
  });
});

describe('rationale', () => {
  it('cites only words present in the input', async () => {
    const rows = general.filter((_, i) => i % 50 === 0);
    const outs = await analyzer.analyze(rows.map((r) => r.text), 'GENERAL');
    let cited = 0;
    outs.forEach((o, i) => {
      const r = ok(o);
      const quoted = [...r.rationale.matchAll(/"([^"]*)"/g)].map((m) => m[1]!.replace(/…$/, ''));
      for (const q of quoted) {
        expect(rows[i]!.text.toLowerCase()).toContain(q.toLowerCase());
        cited++;
      }
    });
    expect(cited).toBeGreaterThan(rows.length); // most rationales cite words
  });

  it('names the words that drove the decision, and negation', async () => {
    const [neg, pos] = (await analyzer.analyze(['This film was not good, a total waste of my time.', 'What a wonderful, lovely day with my best friends!'])).map(ok);
    expect(neg!.sentimentScore).toBeLessThan(0);
    expect(neg!.rationale).toMatch(/^(NEGATIVE)/);
    expect(neg!.rationale).toContain('"waste"');
    // The negation is cited either on the negated word ('"good" (negated by "not")') or as the negator's own
    // weight toward NEGATIVE ('"not" +0.59', the session-5 model): which one the model leans on changes
    // with retraining, and the rationale reports the model's own contributions.
    expect(neg!.rationale).toMatch(/negated by "not"|"not" \+/);
    expect(pos!.sentimentScore).toBeGreaterThan(0.5);
    expect(pos!.rationale).toMatch(/"(wonderful|lovely|best)"/);
  });

  it('marks a negated word that weighs toward the verdict as negated', async () => {
    // everyday negated sentences (not from the training data): the model leans on the negated word in most
    const texts = ['The service was not great.', 'Not happy with the delivery.', 'The movie was not funny.', "I don't love it.",
      'It is not a good idea.', 'The staff were not friendly.', 'I do not like this phone.', 'This is not good at all.'];
    const outs = (await analyzer.analyze(texts)).map(ok);
    const marked = outs.filter((o) => /"[^"]+" \(negated by "(not|Not|don't)"\) \+/.test(o.rationale));
    expect(marked.length, outs.map((o) => o.rationale).join('\n')).toBeGreaterThanOrEqual(6);
    for (const o of outs) expect(o.sentimentScore).toBeLessThan(0);
  });

  it('changes with the input rather than following a template', async () => {
    const outs = (await analyzer.analyze(general.slice(100, 160).map((r) => r.text))).map(ok);
    expect(new Set(outs.map((o) => o.rationale)).size).toBeGreaterThan(55);
  });
});

describe('language', () => {
  it('detects the language of a multilingual sample and says whether the model was trained on it', async () => {
    const sample: [string, string, boolean][] = [
      ['I really enjoyed the concert last night, the band was great.', 'en', true],
      ['Me encantó el concierto de anoche, la banda estuvo genial.', 'es', true],
      ["J'ai adoré le concert d'hier soir, le groupe était génial.", 'fr', true],
      ['Das Konzert gestern Abend hat mir sehr gut gefallen, die Band war toll.', 'de', true],
      // emotions (XED, BRIGHTER) and only the written sentences for polarity: trained, always lowConfidence
      ['Nautin eilisestä konsertista todella paljon, bändi oli mahtava.', 'fi', true],
      ['Adorei o show de ontem à noite, a banda estava ótima.', 'pt', true],
      ['Mi è piaciuto molto il concerto di ieri sera, la band era fantastica.', 'it', true],
      ['Мне очень понравился вчерашний концерт, группа была отличной.', 'ru', true],
      ['昨晚的音乐会我非常喜欢，乐队很棒。', 'zh', true],
    ];
    const outs = (await analyzer.analyze(sample.map(([t]) => t))).map(ok);
    outs.forEach((o, i) => {
      const [text, code, trained] = sample[i]!;
      expect(o.language.code, text).toBe(code);
      expect(o.language.trained, text).toBe(trained);
      expect(o.sentiment, text).toMatch(/POSITIVE$/);
      if (['fi', 'ru', 'zh'].includes(code)) expect(o.lowConfidence, text).toBe(true);
    });
  });

  it("reads no polarity from UMSAB's Hindi rows, whose labels do not go with their texts (their text stays for language ID)", () => {
    const umsab = loadGeneralCorpus().filter((r) => r.source === 'umsab');
    const hindi = umsab.filter((r) => r.lang === 'hi');
    expect(hindi.length).toBeGreaterThan(2000);
    expect(hindi.filter((r) => r.polarity !== undefined)).toEqual([]);
    expect(umsab.filter((r) => r.lang !== 'hi' && r.polarity === undefined)).toEqual([]);
  });

  it('publishes the languages with training data and their held-out scores', () => {
    const langs = analyzer.sidecar('GENERAL').trainedLanguages;
    // every language in the data (Oromo and Tigrinya train on two thirds of their dev rows, corpus.ts): 29 with polarity
    // rows of a labelled set, 29 with the written sentences' polarity only (data/sentiment/written/; nine of the 38 written
    // languages have a labelled set too; Hindi among the 29 since UMSAB's Hindi labels are not read: corpus.ts
    // UMSAB_UNLABELLED), 5 with emotion rows only (Afrikaans, Marathi, Somali, Tatar and Emakhuwa from BRIGHTER), which
    // the service answers as languages without training data
    expect(langs.length).toBe(63);
    expect(langs.filter((l) => l.mainHeadRows === 0).map((l) => l.code).sort()).toEqual(['af', 'mr', 'so', 'tt', 'vmw']);
    expect(langs.filter((l) => l.writtenRows !== undefined && l.writtenRows === l.mainHeadRows).length).toBe(28);
    // Thai's polarity is learnt from Wisesight too; Hebrew's from the written sentences only (corpus.ts polaritySets)
    expect(langs.find((l) => l.code === 'th')!.mainHeadRows).toBeGreaterThan(langs.find((l) => l.code === 'th')!.writtenRows! + 10_000);
    expect(langs.find((l) => l.code === 'he')!.mainHeadRows).toBe(langs.find((l) => l.code === 'he')!.writtenRows);
    const hi = langs.find((l) => l.code === 'hi');
    expect(hi?.mainHeadRows).toBeGreaterThan(0);
    expect(hi?.mainHeadRows).toBe(hi?.writtenRows);
    expect(langs.filter((l) => l.writtenRows !== undefined).length).toBe(38);
    const en = langs.find((l) => l.code === 'en')!;
    expect(en.trainingRows).toBeGreaterThan(10_000);
    expect(en.heldout.polarity!.macroF1).toBeGreaterThan(0.5);
    // The language head names every training language (eld could not name 19 of them).
    expect(langs.filter((l) => l.detectorCode !== l.code)).toEqual([]);
  });

  it('names the training languages eld could not (Hausa, Igbo, Swahili, Indonesian, Javanese, romanised Hindi …)', async () => {
    // Rows whose label is noise (UMSAB's "Hindi" tweets written in English, see languageCorpus.ts) are left out.
    const rows = general.filter((r) => ['ha', 'ig', 'sw', 'rw', 'id', 'jv', 'su', 'hi', 'yo', 'tw'].includes(r.lang) && r.text.length >= 60 && languageLabelHolds(r.text, r.lang));
    const outs = await analyzeAll(rows.map((r) => r.text), 'GENERAL');
    const byLang = new Map<string, { n: number; hit: number }>();
    outs.forEach((o, i) => {
      const e = byLang.get(rows[i]!.lang) ?? { n: 0, hit: 0 };
      e.n++;
      if (o.language.code === rows[i]!.lang) e.hit++;
      byLang.set(rows[i]!.lang, e);
    });
    // Romanised, code-mixed Hindi was the hardest (about 75 %) until its English rows were dropped (94 % now, models/language.md).
    for (const [lang, e] of byLang) expect(e.hit / e.n, lang).toBeGreaterThan(0.8);
  });

  it('says und for text too short or without words to tell (ok, lol, emoji only)', async () => {
    const outs = (await analyzer.analyze(['ok', 'lol', '😀😀🎉', '!!!', '12345'])).map(ok);
    for (const o of outs) {
      expect(o.language.code).toBe('und');
      expect(o.lowConfidence).toBe(true);
      expect(o.rationale).toContain('Language: not identified');
    }
  });

  it('sets lowConfidence on at most 20 % of unseen rows in languages with training data', async () => {
    // the tuning slice: the committed model also trains on the held-out rows, never on these (training/train.ts)
    // languages with a verdict of their own (polarity rows of a labelled set); those whose rows teach only emotions answer
    // as untrained, those with only the written sentences as weak languages (always lowConfidence)
    const trained = new Set(analyzer.sidecar('GENERAL').trainedLanguages.filter((l) => (l.mainHeadRows ?? 1) - (l.writtenRows ?? 0) > 0).map((l) => l.code));
    const sample = GENERAL_SPEC.load().filter((r, i) => isTuningRow(r, i) && i % 5 === 0 && trained.has(r.lang));
    expect(sample.length).toBeGreaterThan(2000);
    const outs = await analyzeAll(sample.map((r) => r.text), 'GENERAL');
    const share = outs.filter((o) => o.lowConfidence).length / outs.length;
    expect(share).toBeLessThanOrEqual(0.2);
    expect(share).toBeGreaterThan(0); // it still flags something
  });
});

describe('negation and intensity', () => {
  it('reads negated words as negated, not as the word ("I don\'t hate it" is not VERY_NEGATIVE)', async () => {
    const [dontHate, hate, notBadFood, badFood, notBad] = (await analyzer.analyze(["I don't hate it.", 'I hate it.', 'The food was not bad', 'The food was bad', 'not bad'])).map(ok);
    expect(dontHate!.sentiment).not.toBe('VERY_NEGATIVE');
    expect(dontHate!.sentimentScore).toBeGreaterThan(hate!.sentimentScore + 0.5);
    expect(dontHate!.rationale).toContain('negated by "don\'t"');
    expect(notBadFood!.sentimentScore).toBeGreaterThan(badFood!.sentimentScore + 0.4);
    expect(notBadFood!.sentiment).not.toBe('VERY_NEGATIVE');
    expect(notBad!.sentiment).not.toMatch(/NEGATIVE$/);
  });

  it('reads "very" as stronger', async () => {
    const [veryBad, bad] = (await analyzer.analyze(['The service was very bad', 'The service was bad'])).map(ok);
    expect(veryBad!.sentimentScore).toBeLessThan(bad!.sentimentScore);
  });
});

describe('malformed input', () => {
  it('refuses empty and whitespace/control-only text with TEXT_EMPTY, without failing the rest of the batch', async () => {
    const outs = await analyzer.analyze(['', '   \n\t ', '\u0000\u0007\u001b', 'fine text here']);
    for (const o of outs.slice(0, 3)) expect(o).toEqual({ error: { problem: 'TEXT_EMPTY', message: expect.stringContaining('empty') } });
    expect(ok(outs[3]).sentiment).toBeDefined();
  });

  it('accepts U+FFFD and replaces lone surrogates by U+FFFD (issue 14.8) rather than refusing the text', async () => {
    const [fffd, lone, plain] = (await analyzer.analyze(['I love this \uFFFD place', 'I love this \uD800 place', 'I love this place'])).map(ok);
    expect(fffd!.sentimentScore).toBeCloseTo(plain!.sentimentScore, 6);
    expect(lone!.sentimentScore).toBeCloseTo(plain!.sentimentScore, 6);
    expect(lone!.rationale).not.toMatch(/[\uD800-\uDFFF]/);
    expect(() => decodeUtf8(new Uint8Array([0x68, 0xc3, 0x28, 0xff]))).toThrow(/not valid UTF-8/);
    expect(decodeUtf8(new TextEncoder().encode('héllo 👋'))).toBe('héllo 👋');
  });

  it('reads control characters as spaces', async () => {
    const [a, b] = (await analyzer.analyze(['I love\u0000this\u0007place', 'I love this place'])).map(ok);
    expect(a!.sentimentScore).toBeCloseTo(b!.sentimentScore, 6);
  });

  it('truncates a 1 MB text to its start, says so, and stays fast', async () => {
    const big = 'The service was wonderful and the staff were kind. '.repeat(21_000);
    expect(big.length).toBeGreaterThan(1_000_000);
    const start = performance.now();
    const o = ok((await analyzer.analyze([big]))[0]);
    expect(performance.now() - start).toBeLessThan(5000); // generous: a correctness bound, not a benchmark
    expect(o.truncated).toBe(true);
    expect(o.rationale).toContain('Only the start of the text was read');
    expect(o.sentimentScore).toBeGreaterThan(0);
    const short = ok((await analyzer.analyze(['word '.repeat(MAX_TOKENS - 1)]))[0]);
    expect(short.truncated).toBe(false);
  });
});

describe('texts in letters the models never saw', () => {
  // Glowing reviews in Chinese, Japanese and Korean: no training language of FINANCIAL_NEWS uses these scripts, so it
  // does not score them (the models used to answer from hash collisions: VERY_NEGATIVE at 0.96 for the Japanese).
  // GENERAL learnt them from the written sentences only (data/sentiment/written/), so their lexicons come first.
  // Georgian and Tamil: no training text at all.
  const unseen = ['这家餐厅的菜非常好吃，服务也很周到，我会再来的！', 'この映画は本当に素晴らしかった。また見たいです。', '정말 맛있어요! 또 올게요.'];

  it('are not scored by FINANCIAL_NEWS, nor by GENERAL without a lexicon word: NEUTRAL, no confidence, lowConfidence, and the rationale says why', async () => {
    const cases = [
      ...(await analyzer.analyze(unseen, 'FINANCIAL_NEWS')).map((o, i) => ({ o: ok(o), text: unseen[i]!, domain: 'FINANCIAL_NEWS' })),
      ...(await analyzer.analyze(['ხვალ თბილისში მივდივარ მატარებლით.', 'நாளை நான் சென்னைக்கு ரயிலில் போகிறேன்.'], 'GENERAL')).map((o, i) => ({ o: ok(o), text: String(i), domain: 'GENERAL' })),
    ];
    for (const { o, text, domain } of cases) {
      expect(o.sentiment, text).toBe('NEUTRAL');
      expect(o.sentimentScore).toBe(0);
      expect(o.confidence).toBeCloseTo(1 / 3, 6);
      expect(o.lowConfidence).toBe(true);
      expect(o.language.trained).toBe(false);
      expect(o.rationale).toMatch(domain === 'GENERAL' ? /^Not scored: the text is written mostly in (Georgian|Tamil) script/ : /^Not scored: the text is written mostly in (Han|Hiragana|Hangul) script/);
      if (domain === 'FINANCIAL_NEWS') expect(o.marketDirection).toBe('NEUTRAL');
      else expect(o.emotionScores.reduce((a, e) => a + e.score, 0)).toBeCloseTo(1, 6);
    }
  });

  it('Chinese, whose emotions the model learnt (BRIGHTER) and its polarity from the written sentences only, answers NEUTRAL to a plain fact, lowConfidence', async () => {
    const [o] = (await analyzer.analyze(['明天下午三点开会。'], 'GENERAL')).map(ok);
    expect(o!.language).toMatchObject({ code: 'zh', trained: true });
    expect(o!.sentiment).toBe('NEUTRAL');
    expect(o!.lowConfidence).toBe(true);
    expect(o!.rationale).not.toMatch(/^Not scored/);
    // the model's own emotions, not the abstention's uniform ones
    expect(new Set(o!.emotionScores.map((e) => e.score.toFixed(6))).size).toBeGreaterThan(1);
  });

  it('Japanese is not read through Chinese training rows (a model trained in Chinese): its Han letters count as untrained when the text has kana, unless the model learnt Japanese too', () => {
    const trained = trainedLetters(['en', 'zh']);
    expect(unscoredScript('来週の月曜日に東京へ行きます。', trained)).toBeDefined();
    expect(unscoredScript('明天下午三点开会。', trained)).toBeUndefined();
    expect(unscoredScript('明天下午三点开会。', trainedLetters(['en']))).toBe('Han');
    // a model that learnt Japanese (the written sentences) reads kana and Han; Greek, Hangul and Serbian Cyrillic likewise
    expect(unscoredScript('来週の月曜日に東京へ行きます。', trainedLetters(['en', 'zh', 'ja']))).toBeUndefined();
    expect(unscoredScript('来週の月曜日に東京へ行きます。', trainedLetters(['en', 'ja']))).toBeUndefined();
    expect(unscoredScript('Όχι, δεν μου άρεσε.', trainedLetters(['en', 'el']))).toBeUndefined();
    expect(unscoredScript('정말 맛있어요', trainedLetters(['en', 'ko']))).toBeUndefined();
    expect(unscoredScript('Хвала вам свима', trainedLetters(['en', 'sr']))).toBeUndefined();
    expect(unscoredScript('Όχι, δεν μου άρεσε.', trainedLetters(['en']))).toBe('Greek');
  });

  it('are read by GENERAL from sentiment lexicons when they hold a lexicon word: a polarity, lowConfidence, the words cited', async () => {
    const outs = (await analyzer.analyze(unseen, 'GENERAL')).map(ok);
    for (const [i, o] of outs.entries()) {
      expect(o.sentiment, unseen[i]).toMatch(/POSITIVE/);
      expect(o.lowConfidence).toBe(true);
      expect(o.language.trained).toBe(true);
      expect(o.rationale).toMatch(/^POSITIVE from sentiment lexicons, because the general model's (zh|ja|ko) polarity is learnt from a small set of sentences written for Meridian only/);
    }
  });

  it('are still scored when they carry something the model knows (an emoji, a lexicon word) or are in a trained script', async () => {
    const outs = (await analyzer.analyze(['この映画は最高😍😍', 'Отличный фильм, всем советую!', 'ምርጥ ፊልም ነው', 'Bu film harika, çok beğendim.'], 'GENERAL')).map(ok);
    for (const o of outs) expect(o.rationale).not.toMatch(/^Not scored/);
    expect(outs[0]!.sentimentScore).toBeGreaterThan(0); // the emoji
    expect(outs[1]!.sentiment).toMatch(/POSITIVE/); // "Отличный" is in the Russian AFINN list
  });

  it('are read from their lexicon and emoji priors alone where the fallback has no list: the other words only meet unrelated weights in shared buckets', async () => {
    // Armenian: the featuriser's priors hold nlp.js's Armenian AFINN words, the fallback has no Armenian list
    const [review, word, wordAndNoise] = (await analyzer.analyze(['Հիանալի ֆիլմ, բոլորին խորհուրդ եմ տալիս', 'Հիանալի', 'Հիանալի დღეს თბილისში შეხვედრა მაქვს'], 'GENERAL')).map(ok);
    expect(review!.rationale).toContain('"Հիանալի"');
    for (const other of ['ֆիլմ', 'բոլորին', 'խորհուրդ']) expect(review!.rationale).not.toContain(`"${other}"`);
    // only "Հիանալի"'s prior is read, so the words around it change nothing
    expect(review!.sentimentScore).toBeCloseTo(word!.sentimentScore, 6);
    expect(wordAndNoise!.sentimentScore).toBeCloseTo(word!.sentimentScore, 6);
    // a text in a trained script keeps every feature
    // ("película" is in no lexicon: with the priors alone it would weigh nothing, as the Armenian words do, so its
    // share in the rationale and a different score show that its word, character n-gram or bigram features are read)
    const [latin, latinWord] = (await analyzer.analyze(['Excelente película', 'Excelente'], 'GENERAL')).map(ok);
    expect(latin!.rationale).toContain('"película"');
    expect(Math.abs(latin!.sentimentScore - latinWord!.sentimentScore)).toBeGreaterThan(5e-6); // the Armenian pair: equal to 6 digits
  });
});
