/**
 * Everyday sentences of the fresh set (data/sentiment/everyday/fresh.tsv, written for the project) through the real
 * analyzer: the language stage with eld as second opinion (languageDetector.ts) and the lexicon fallback for
 * languages without training data (lexiconFallback.ts). Every case here was wrong before them (language `und` or
 * a neighbour, or NEUTRAL / the wrong polarity), per language group; the whole sets are scored by `npm run eval`.
 * In trained languages a clear lexicon word decides over the model's unsure NEUTRAL (sentimentAnalyzer.ts, LEXICON_DECIDES).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SentimentAnalyzer, type AnalysisOutput } from '../../src/sentiment/sentimentAnalyzer.js';
import { EldTable } from '../../src/sentiment/eldTable.js';
import { FALLBACK_LEXICONS_FILE, FallbackLexicons } from '../../src/sentiment/lexiconFallback.js';
import { encodeFallbackLexicons } from '../../training/fallbackLexiconBuild.js';
import { lexiconDecides } from '../../src/sentiment/analysis/unscoredAnswers.js';
import { projectRoot } from '../../src/paths.js';

let analyzer: SentimentAnalyzer;

beforeAll(async () => {
  analyzer = await SentimentAnalyzer.load();
});

type Case = [lang: string, polarity: 'positive' | 'negative' | 'neutral', text: string];

const side = (o: AnalysisOutput): string => (o.sentiment.includes('POSITIVE') ? 'positive' : o.sentiment.includes('NEGATIVE') ? 'negative' : 'neutral');

async function check(cases: Case[]): Promise<void> {
  const outs = await analyzer.analyze(cases.map((c) => c[2]));
  outs.forEach((o, i) => {
    const [lang, polarity, text] = cases[i]!;
    if ('error' in o) throw new Error(`${text}: ${o.error.message}`);
    expect(`${o.language.code} ${side(o)}`, text).toBe(`${lang} ${polarity}`);
  });
}

describe('everyday sentences (fresh set): the language and a polarity', () => {
  it('the sentence of the issue is French (it was Romanian) and NEGATIVE, for "déteste"', async () => {
    const [o] = await analyzer.analyze(['Je déteste ce film.']);
    if (!o || 'error' in o) throw new Error('rejected');
    expect(o.language.code).toBe('fr');
    expect(o.language.trained).toBe(true);
    expect(o.sentiment).toMatch(/NEGATIVE$/);
    // the model alone reads it near a coin toss (NEGATIVE 41 % with the model of 2026-12-05, POSITIVE 40 % once
    // UMSAB's Hindi rows no longer trained it): where it is unsure, the clear lexicon word decides
    expect(o.rationale).toMatch(/^NEGATIVE (\(\d+% vs |from sentiment lexicons)/);
    expect(o.rationale).toContain('"déteste"');
  });

  it('a clear lexicon word decides in a trained language only where the model is unsure of NEUTRAL and leans its way, unless a negator flipped nothing', async () => {
    // written for this test: the model reads each NEUTRAL under MODEL_SURE, leaning NEGATIVE. Earlier models did so on
    // "Je déteste le café / le lundi", "Ich hasse den Montag" and "Je déteste novembre", which later ones read NEGATIVE
    // themselves as their written sentences grew, and on "Odio i lunedì.", which the models of the fifth batch read
    // NEUTRAL at 81 %, too sure for the lexicon to decide (a known miss: models/general.md, "Written everyday sentences");
    // "Odio la metro por la mañana." until the model trained on Thai polarity read it NEGATIVE itself; "Odeio o mês de
    // março." (NEUTRAL 79 %, too sure: another known miss of that kind) and "Detesto las reuniones de los viernes."
    // (NEGATIVE by the model itself) until GENERAL was retrained on the texts as cleanText folds them (2026-12-07)
    const outs = await analyzer.analyze(['Odeio o horário das reuniões de quinta.', 'Detesto las reuniones de los viernes por la tarde.']);
    outs.forEach((o, i) => {
      if ('error' in o) throw new Error(o.error.message);
      expect(o.sentiment, o.rationale).toMatch(/NEGATIVE$/);
      // this rule and no other: a trained language whose model read NEUTRAL, unsure
      expect(o.language.code).toBe(['pt', 'es'][i]);
      expect(o.language.trained).toBe(true);
      expect(o.rationale).toMatch(/^NEGATIVE from sentiment lexicons, because the general model read NEUTRAL \(\d+%\)/);
    });
    const lexicons = FallbackLexicons.load(join(projectRoot, 'models'));
    expect(lexiconDecides(lexicons.score('Je déteste ce film', 'fr'))?.score).toBeLessThanOrEqual(-2);
    expect(lexiconDecides(lexicons.score('Je ne déteste pas ce film', 'fr'))).toBeUndefined(); // `pas` comes after the verb: a negator the lexicon did not place
    // every negator spent on a word it flipped: the words decide, with the flipped sign (written for this test)
    const spent = lexiconDecides(lexicons.score('Gar nicht so schlecht, die Serie wird richtig spannend.', 'de'));
    expect(spent?.hits.map((h) => h.text)).toEqual(['schlecht (negated)', 'spannend']);
    expect(spent?.score).toBeGreaterThanOrEqual(2);
    expect(lexiconDecides(lexicons.score('Nicht schlecht, aber nicht spannend.', 'de'))).toBeUndefined(); // two signs
    expect(lexiconDecides(lexicons.score('Je déteste ce film 😀', 'fr'))?.hits.map((h) => h.text)).toEqual(['déteste']); // emoji are the model's
  });

  it('an unsure polar lean turns NEUTRAL for want of a lexicon word only in a language that has a lexicon list', async () => {
    const fallback = FallbackLexicons.load(join(projectRoot, 'models'));
    // Tigrinya and Twi tweets (AfriSenti's dev rows; neither language has a list): before, every unsure lean among them
    // was answered NEUTRAL with "no sentiment-lexicon word … found"
    const rows = ['tir', 'twi'].flatMap((l) => readFileSync(join(projectRoot, 'data', 'sentiment', 'afrisenti', l, 'dev.tsv'), 'utf8')
      .trim().split('\n').slice(1, 151).map((line) => line.split('\t')[0]!));
    const outs = await analyzer.analyze(rows);
    let listless = 0;
    let unsureLeans = 0;
    for (const o of outs) {
      if ('error' in o || fallback.hasList(o.language.code)) continue;
      listless++;
      expect(o.rationale, o.rationale).not.toMatch(/^NEUTRAL: no sentiment-lexicon word/);
      if (o.sentiment !== 'NEUTRAL' && o.confidence < 0.7) unsureLeans++;
    }
    expect(listless).toBeGreaterThan(200);
    expect(unsureLeans).toBeGreaterThan(10);
    // a language with a list still leans NEUTRAL where none of its words is found
    const [es] = await analyzer.analyze(['Mañana llevo el coche al taller a las nueve.']);
    if (!es || 'error' in es) throw new Error('rejected');
    expect(fallback.hasList(es.language.code)).toBe(true);
    expect(es.sentiment).toBe('NEUTRAL');
  });

  it('an elided word is looked up after its apostrophe (j\'adore), so the NEUTRAL lean no longer hides the model\'s POSITIVE', async () => {
    const lexicons = FallbackLexicons.load(join(projectRoot, 'models'));
    expect(lexicons.score("J'adore ce film", 'fr').hits.map((h) => h.strength)).toEqual([3]);
    // "n'aime pas" is a two-word entry of its own (negative), read before any negator could flip "aime"
    expect(lexicons.score("Je n'aime pas ce film", 'fr').score).toBeLessThan(0);
    const [o] = await analyzer.analyze(["J'adore ce film"]);
    if (!o || 'error' in o) throw new Error('rejected');
    expect(o.sentiment).toMatch(/POSITIVE$/);
  });

  it('Germanic and Nordic languages without training data', async () => {
    await check([
      ['nl', 'negative', 'Ik ben erg teleurgesteld in dit hotel.'],
      ['nl', 'positive', 'We hebben een heerlijke dag aan het strand gehad.'],
      ['sv', 'positive', 'Vi hade en härlig dag vid sjön.'],
      ['sv', 'neutral', 'Matchen börjar klockan åtta i kanal två.'],
      ['da', 'positive', 'Koncerten i går var helt fantastisk, jeg fik gåsehud.'],
      ['no', 'positive', 'Vi hadde en herlig dag ved sjøen.'],
    ]);
  });

  it('Slavic languages, Latin and Cyrillic', async () => {
    await check([
      ['pl', 'negative', 'Jestem bardzo rozczarowany tym hotelem.'],
      ['pl', 'neutral', 'Musimy kupić mleko i jajka.'],
      ['cs', 'negative', 'Zase zácpa na dálnici, už mě to štve.'],
      ['sk', 'positive', 'Včerajší koncert bol úžasný, mala som zimomriavky.'],
      ['sl', 'negative', 'Zelo sem razočaran nad tem hotelom.'],
      ['bg', 'positive', 'Прекарахме великолепен ден на езерото.'],
      ['uk', 'positive', 'Нова версія застосунку працює набагато швидше, молодці.'],
    ]);
  });

  it('Hungarian, Romanian, Greek and Turkish', async () => {
    await check([
      ['hu', 'positive', 'Csodálatos napot töltöttünk a tónál.'],
      ['ro', 'positive', 'Am petrecut o zi minunată la lac.'],
      ['el', 'negative', 'Είμαι πολύ απογοητευμένος από αυτό το ξενοδοχείο.'],
      ['tr', 'positive', 'Gölde harika bir gün geçirdik.'],
      ['tr', 'negative', 'Bu dizi tamamen berbat oldu.'],
    ]);
  });

  it('Hebrew, Persian, Urdu, Bengali', async () => {
    await check([
      ['he', 'negative', 'הסדרה הזאת נהייתה גרועה לגמרי.'],
      ['fa', 'negative', 'این سریال واقعا مزخرف شده است.'],
      ['ur', 'negative', 'یہ ڈرامہ بالکل فضول ہو گیا ہے۔'],
      ['bn', 'negative', 'এই সিরিয়ালটা একদম বাজে হয়ে গেছে।'],
    ]);
  });

  it('Chinese, Japanese, Korean, Thai (no spaces, or agglutinative) and Vietnamese', async () => {
    await check([
      ['zh', 'negative', '我对这家酒店非常失望。'],
      ['zh', 'positive', '我们在湖边度过了美好的一天。'],
      ['ja', 'negative', 'このホテルには本当にがっかりしました。'],
      ['ko', 'negative', '이 호텔에 정말 실망했어요.'],
      ['th', 'negative', 'ผิดหวังกับโรงแรมนี้มาก'],
      ['vi', 'negative', 'Tôi rất thất vọng về khách sạn này.'],
    ]);
  });

  it('reads 特别 "especially" and other words that hold 别 or 不 as words, not as negators', async () => {
    // 特别 holds 别 "don't": these were POSITIVE, NEGATIVE and NEGATIVE, the polar word read as negated
    await check([
      ['zh', 'negative', '服务特别差'],
      ['zh', 'positive', '这家火锅特别棒！'],
      ['zh', 'positive', '服务员特别热情'],
    ]);
    const lexicons = FallbackLexicons.load(join(projectRoot, 'models'));
    expect(lexicons.score('服务特别差', 'zh').hits.map((h) => h.text)).toEqual(['差']);
    expect(lexicons.score('和别人不同的好', 'zh').hits.map((h) => h.text)).toEqual(['好']);
    // a negator itself still negates
    expect(lexicons.score('服务不好', 'zh').score).toBeLessThan(0);
    expect(lexicons.score('别买', 'zh').score).toBeLessThan(0);
  });

  it('a fallback verdict is lowConfidence and names its words and why', async () => {
    const [o, written] = await analyzer.analyze(['Esu labai nusivylęs šiuo viešbučiu.', 'Jestem bardzo rozczarowany tym hotelem.']);
    if (!o || 'error' in o || !written || 'error' in written) throw new Error('rejected');
    expect(o.lowConfidence).toBe(true);
    expect(o.language.trained).toBe(false);
    expect(o.rationale).toMatch(/^NEGATIVE from sentiment lexicons, because the general model has no polarity training data in lt/);
    expect(o.rationale).toContain('"nusivylęs"');
    // Polish has only the written sentences (data/sentiment/written/): trained, but its clear lexicon words come first
    expect(written.lowConfidence).toBe(true);
    expect(written.language).toMatchObject({ code: 'pl', trained: true });
    expect(written.rationale).toMatch(/^NEGATIVE from sentiment lexicons, because the general model's pl polarity is learnt from a small set of sentences written for Meridian only/);
    expect(written.rationale).toContain('"rozczarowany"');
  });

  it('a greeting is one neutral position: its "good" is not a polar word, and the complaint after it decides', () => {
    const lexicons = FallbackLexicons.load(join(projectRoot, 'models'));
    expect(lexicons.score('Bună ziua!', 'ro').hits).toEqual([]);
    expect(lexicons.score('Dobrý den, objednávka nepřišla a nikdo neodpovídá.', 'cs').score).toBeLessThan(0);
    expect(lexicons.score('Dobrý den, objednávka nepřišla a nikdo neodpovídá.', 'cs').hits.map((h) => h.text)).not.toContain('Dobrý');
    // the words alone keep their polarity
    expect(lexicons.score('Dobrý výkon, děkuji.', 'cs').score).toBeGreaterThan(0);
  });

  it('a negator flips a lexicon word in its own clause only', async () => {
    const lexicons = FallbackLexicons.load(join(projectRoot, 'models'));
    // written for this test: "jamais" negates "répond", not the "honte" after the comma
    const complaint = lexicons.score('Le service client ne répond jamais, quelle honte.', 'fr');
    expect(complaint.hits.map((h) => h.text)).toEqual(['honte']);
    expect(complaint.score).toBeLessThan(0);
    // "pas" ends its clause: "excellent" after the comma keeps its sign (the reach of two words had flipped it)
    expect(lexicons.score('Je ne sais pas, excellent travail.', 'fr').hits.map((h) => h.text)).toEqual(['excellent']);
    // the Devanagari full stop ends a clause too: नहीं negates अच्छा, not the बुरा of the next sentence
    expect(lexicons.score('खाना अच्छा नहीं था। बुरा अनुभव', 'hi').score).toBeLessThan(0);
    // inside the clause the negator still reaches two words: "nicht so schlecht"
    expect(lexicons.score('Das Essen war nicht so schlecht.', 'de').hits.map((h) => h.text)).toEqual(['schlecht (negated)']);
    expect(lexicons.score('不好。', 'zh').score).toBeLessThan(0);
    expect(lexicons.score('不，好。', 'zh').score).toBeGreaterThan(0); // "No. Good." — full-width marks end a clause too
    // the model read the complaint NEGATIVE 79 %; the flipped "honte" had overruled it to POSITIVE
    const [o] = await analyzer.analyze(['Le service client ne répond jamais, quelle honte.']);
    if (!o || 'error' in o) throw new Error('rejected');
    expect(o.sentiment, o.rationale).toMatch(/NEGATIVE$/);
  });

  it('after a contrast word ("but") whose two sides disagree, the second clause decides; agreeing sides are summed as they are', async () => {
    const lexicons = FallbackLexicons.load(join(projectRoot, 'models'));
    // written for this test: the expensive ticket, the lovely view; good food, awful service
    const view = lexicons.score('A szálloda drága volt, de a kilátás csodálatos.', 'hu');
    expect(view.contrast).toBe('de');
    expect(view.score).toBeGreaterThan(0);
    expect(view.hits.find((h) => h.text === 'drága')!.strength).toBeCloseTo(-0.5 * Math.abs(lexicons.score('A szálloda drága volt.', 'hu').score));
    for (const [lang, text, word] of [['pl', 'Jedzenie było dobre, ale obsługa okropna.', 'ale'], ['sv', 'Maten var god men servicen var hemsk.', 'men'], ['fa', 'غذا خوب بود ولی خدمات افتضاح بود.', 'ولی']] as const) {
      const v = lexicons.score(text, lang);
      expect(v.contrast, text).toBe(word);
      expect(v.score, text).toBeLessThan(0);
    }
    // both sides positive: no contrast, every word at its own strength
    const both = lexicons.score('Jedzenie było dobre, ale obsługa też świetna.', 'pl');
    expect(both.contrast).toBeUndefined();
    expect(both.score).toBe(both.hits.reduce((a, h) => a + h.strength, 0));
    // a contrast word opening the text has no first clause
    expect(lexicons.score('Ale super!', 'pl').contrast).toBeUndefined();
    // written without spaces: the contrast word is found inside the run (不过 "but" is not the negator 不)
    expect(lexicons.score('价格有点贵，但是味道非常好。', 'zh')).toMatchObject({ contrast: '但是' });
    expect(lexicons.score('价格有点贵，但是味道非常好。', 'zh').score).toBeGreaterThan(0);
    expect(lexicons.score('ราคาแพงไปหน่อย แต่อาหารอร่อยมาก', 'th')).toMatchObject({ contrast: 'แต่' });
    expect(lexicons.score('ราคาแพงไปหน่อย แต่อาหารอร่อยมาก', 'th').score).toBeGreaterThan(0);
    // "de" is Hungarian's "but", not a contrast word in Spanish or Dutch
    expect(lexicons.score('La sopa de tomate es horrible, pero el pan es excelente.', 'es').contrast).toBe('pero');
    const [o] = await analyzer.analyze(['A szálloda drága volt, de a kilátás csodálatos.']);
    if (!o || 'error' in o) throw new Error('rejected');
    expect(o.sentiment).toMatch(/POSITIVE$/);
    expect(o.lowConfidence).toBe(true);
    expect(o.rationale).toContain('the words after "de" count 1.5×, those before 0.5×');
  });

  it('romanised Hindi has words of its own, and nahi negates the adjective before it', async () => {
    const lexicons = FallbackLexicons.load(join(projectRoot, 'models'));
    // written for this test
    expect(lexicons.score('yeh film bahut zabardast thi', 'hi').score).toBeGreaterThan(0);
    expect(lexicons.score('ekdum bakwas service, paisa barbaad', 'hi').score).toBeLessThan(0);
    expect(lexicons.score('khana acchi nahi tha', 'hi').hits.map((h) => h.text)).toEqual(['acchi (negated)']);
    // the word before nahi first: "bakwas" after it keeps its sign
    expect(lexicons.score('maza nahi aaya bakwas movie', 'hi').hits.map((h) => h.text)).toEqual(['maza (negated)', 'bakwas']);
    expect(lexicons.score('no tension bhai', 'hi').hits).toEqual([]);
    expect(lexicons.score('kal subah meeting hai', 'hi').hits).toEqual([]);
    const outs = await analyzer.analyze(['Yaar aaj ka match zabardast tha, maza aa gaya', 'Bakwas movie thi, paisa barbaad ho gaya']);
    expect(outs.map((o) => ('error' in o ? o.error.message : side(o)))).toEqual(['positive', 'negative']);
  });

  it('models/fallback-lexicons.bin is what training/fallbackLexiconBuild.ts makes from the word lists and nlp.js now', () => {
    // stale after an edit of fallbackSeeds.ts or polarityVocabulary.ts: run `npx tsx training/fallbackLexiconBuild.ts`
    const committed = readFileSync(join(projectRoot, 'models', FALLBACK_LEXICONS_FILE));
    expect(committed.equals(encodeFallbackLexicons())).toBe(true);
  });

  it('a word form the written sentences show a stem misreads is a neutral entry; the stem keeps its other forms', () => {
    const lexicons = FallbackLexicons.load(join(projectRoot, 'models'));
    // "mercredi" through merci's stem, "feira" (segunda-feira) through feio's, "ziekenhuis" (hospital) through ziek-
    expect(lexicons.score('mercredi', 'fr').hits).toEqual([]);
    expect(lexicons.score('segunda-feira', 'pt').hits).toEqual([]);
    expect(lexicons.score('ziekenhuis', 'nl').hits).toEqual([]);
    expect(lexicons.score('merci', 'fr').score).toBeGreaterThan(0);
    expect(lexicons.score('feio', 'pt').score).toBeLessThan(0);
    expect(lexicons.score('zieke', 'nl').score).toBeLessThan(0);
  });

  it('a negator reaches the word it negates: after the finite verb in Germanic, past "at all" words, before it first in Urdu and Persian', () => {
    // written for this test: [text, language, the sign of its lexicon score]
    const cases: [string, string, number][] = [
      ['Jeg liker ikke kaffe.', 'no', -1],
      ['Jag gillar inte kaffe.', 'sv', -1],
      ['Filmen var ikke god.', 'da', -1], // a lexicon word after the negator comes first
      ['Det er godt, ikke?', 'da', 1], // a tag question ends its clause
      ['Jeg kan godt lide kaffe.', 'da', 1], // Danish "kan lide" is to like ("lide": to suffer)
      ['Jeg kan ikke lide kaffe.', 'da', -1],
      ['Ik hou niet van regen.', 'nl', -1],
      ['Filmul nu e deloc rău.', 'ro', 1],
      ['Elokuva ei ole ollenkaan huono.', 'fi', 1],
      ['Η ταινία δεν είναι καθόλου κακή.', 'el', 1],
      ['Der Film ist nicht schlecht, aber nicht gut.', 'de', -1], // two signs, each its own; the clause after "aber" decides
      ['یہ فلم بری نہیں ہے۔', 'ur', 1],
      ['این فیلم بد نیست.', 'fa', 1],
      ['این فیلم را توصیه نمی‌کنم.', 'fa', -1],
      ['เครื่องพิมพ์ใช้ไม่ได้ น่าเบื่อมาก', 'th', -1], // the printer doesn't work, so tiresome: Thai's space ends the phrase
      ['ไม่น่าเบื่อเลย', 'th', 1], // not boring at all: within the phrase the negator still reaches
      // 2026-12-07: a Bengali negator past the copula before it, Greek "καθόλου" alone, Romanian auxiliaries, Slavic
      // and Swahili negated copulas, Japanese "not bad"
      ['খাবারটা খারাপ ছিল না।', 'bn', 1],
      ['খাবারটা ভালো ছিল না।', 'bn', -1],
      ['Καθόλου κακό το φαγητό.', 'el', 1],
      ['Mâncarea nu a fost rea.', 'ro', 1],
      ['Jedlo nebolo dobré.', 'sk', -1],
      ['Nimalo loše za tu cijenu.', 'hr', 1],
      ['Chakula hakikuwa kizuri.', 'sw', -1],
      ['この店のラーメンは悪くない。', 'ja', 1],
      // a review's finds: a two-word entry holding a negator is the clause's negation ("ne radi"), so "nimalo" is not
      // a second one; Azerbaijani negates after the word; Catalan "gens" is an "at all" word; য় typed as one code point
      ['Klima nimalo ne radi.', 'hr', -1],
      ['Лекарства ничуть не помогли.', 'ru', -1],
      ['Xidmət yaxşı deyil.', 'az', -1],
      ['Yemək pis deyil.', 'az', 1],
      ['El menjar no era gens bo.', 'ca', -1],
      ['খাবারটা খারাপ হ\u09DF না।', 'bn', 1],
    ];
    const lexicons = FallbackLexicons.load(join(projectRoot, 'models'));
    expect(cases.map(([text, lang]) => Math.sign(lexicons.score(text, lang).score))).toEqual(cases.map((c) => c[2]));
  });

  it('a key is found only by its own entry, not by another key with the same 32-bit hash', () => {
    const lexicons = FallbackLexicons.load(join(projectRoot, 'models'));
    // with one 32-bit hash, English "doc…" met Spanish "mear" and Hungarian "szám…" an unrelated entry
    expect(lexicons.score('I sent the documents to my doctor.', 'en').hits).toEqual([]);
    expect(lexicons.score('Megkaptam a számlát.', 'hu').hits.map((h) => h.text)).not.toContain('számlát');
  });

  it('a Thai lexicon word is found only on word boundaries, not inside another word', () => {
    const lexicons = FallbackLexicons.load(join(projectRoot, 'models'));
    // ช้า "slow" is inside เช้า "morning", นัก inside พนักงาน "staff": neither is a hit
    expect(lexicons.score('เมื่อเช้าฉันไปตลาด', 'th').hits).toEqual([]);
    expect(lexicons.score('พนักงานทุกคนมาทำงาน', 'th').hits).toEqual([]);
    // the words themselves still are, and a negator still flips the next one
    expect(lexicons.score('รถไฟช้ามาก', 'th').score).toBeLessThan(0);
    expect(lexicons.score('อาหารไม่อร่อย', 'th').hits.map((h) => h.text)).toEqual(['อร่อย (negated)']);
  });

  it('text without a language stays und: emoji, ok, lol, numbers', async () => {
    const outs = await analyzer.analyze(['😂😂😂', 'ok', 'lol', '12345 678', '👍']);
    for (const o of outs) {
      if ('error' in o) throw new Error(o.error.message);
      expect(o.language.code).toBe('und');
    }
  });
});

describe("eld's table (models/language-eld.bin)", () => {
  it('gives eld medium\'s own verdict on every everyday sentence', async () => {
    const { eld } = await import('eld/medium');
    const table = EldTable.load(join(projectRoot, 'models'));
    const texts = ['dev.tsv', 'fresh.tsv'].flatMap((f) => readFileSync(join(projectRoot, 'data', 'sentiment', 'everyday', f), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')[2]!));
    texts.push('ok', 'lol', '😀', '123', '');
    for (const t of texts) expect(table.detect(t)?.code ?? '', t).toBe(eld.detect(t).language);
  });
});

describe('text styled with Unicode "fonts"', () => {
  it('is read as the plain text it styles: the same language, verdict and rationale words, and not truncated', async () => {
    // social-media "bold" and "italic" letters had read as unknown tokens: VERY_POSITIVE at 0.999 on "Terrible service", Hausa
    const pairs = [
      ['𝐓𝐞𝐫𝐫𝐢𝐛𝐥𝐞 𝐬𝐞𝐫𝐯𝐢𝐜𝐞, 𝐯𝐞𝐫𝐲 𝐝𝐢𝐬𝐚𝐩𝐩𝐨𝐢𝐧𝐭𝐞𝐝', 'Terrible service, very disappointed'],
      ['𝐼 𝑙𝑜𝑣𝑒 𝑡ℎ𝑖𝑠 𝑠𝑜𝑛𝑔', 'I love this song'],
      ['Ｗｏｒｓｔ ｅｘｐｅｒｉｅｎｃｅ ｅｖｅｒ', 'Worst experience ever'],
      ['Das Essen war entta\u0308uschend', 'Das Essen war enttäuschend'],
    ];
    const outs = await analyzer.analyze(pairs.flat());
    for (let i = 0; i < pairs.length; i++) {
      const [styled, plain] = [outs[2 * i]!, outs[2 * i + 1]!];
      if ('error' in styled || 'error' in plain) throw new Error('rejected');
      expect([styled.sentiment, styled.language.code, styled.truncated, styled.rationale], pairs[i]![0]).toEqual([plain.sentiment, plain.language.code, false, plain.rationale]);
    }
  });
});
