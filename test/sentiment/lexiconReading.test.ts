/**
 * How the lexicons read a sentence and when they overrule the model (2026-12-07): quoted titles are not read,
 * polite request formulas are not praise, a negator reaches past auxiliaries and "so/such" words, negative concord
 * is one negation, and in a trained language a clear reading through a negation decides over the model's opposite
 * polar verdict. The real models and tables; every sentence written for this test.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { join } from 'node:path';
import { SentimentAnalyzer, type AnalysisOutput } from '../../src/sentiment/sentimentAnalyzer.js';
import { FallbackLexicons } from '../../src/sentiment/lexiconFallback.js';
import { lexiconDecides } from '../../src/sentiment/analysis/unscoredAnswers.js';
import { blankCapitalisedNames, blankQuotedTitles } from '../../src/sentiment/analysis/titlesAndNames.js';
import { projectRoot } from '../../src/paths.js';

let analyzer: SentimentAnalyzer;
let lexicons: FallbackLexicons;

beforeAll(async () => {
  analyzer = await SentimentAnalyzer.load();
  lexicons = FallbackLexicons.load(join(projectRoot, 'models'));
});

const side = (o: AnalysisOutput): string => (o.sentiment.includes('POSITIVE') ? 'positive' : o.sentiment.includes('NEGATIVE') ? 'negative' : 'neutral');

describe('quoted titles', () => {
  it('blanks a title in quotation marks, keeping the length, and nothing else', () => {
    const blanked = (t: string): string => blankQuotedTitles(t);
    expect(blanked('Le roman « La Peste » est au programme cette année.')).toBe(`Le roman «${' '.repeat(10)}» est au programme cette année.`);
    expect(blanked('Der Film „Das Leben ist schön“ läuft heute um acht.')).toMatch(/^Der Film „ +“ läuft heute um acht\.$/);
    expect(blanked('Vi læser »Den grimme ælling« i timen på mandag.')).toMatch(/^Vi læser » +« i timen/);
    expect(blanked('新开的那家店叫“快乐柠檬”，在商场一楼。')).toBe('新开的那家店叫“    ”，在商场一楼。');
    expect(blanked("फ़िल्म 'कभी ख़ुशी कभी ग़म' आज रात टीवी पर आएगी।")).toMatch(/^फ़िल्म ' +' आज/);
    for (const kept of [
      'The "friendly" staff ignored us for an hour.', // scare quotes: lower case
      "I don't like it, it's bad and they're rude.", // apostrophes
      'He said "Best day ever!" and walked off happy.', // quoted speech ends with !
      '"Amazing Grace" was sung', // too few words around the quote
      'Just "Perfect"', // the whole text is nearly the quote
      'Ma réaction : « Génial » et je reviens demain.', // after a colon: what someone said
      'Monitor 27" Horrível, e o de 24" também não presta.', // inch marks
      'המשלוח עלה 30 ש"ח, איום ונורא, והמוצר 200 ש"ח', // Hebrew gershayim
      '„'.repeat(20_000), // unclosed marks: each looked for within a title's length
    ]) expect(blanked(kept)).toBe(kept);
  });

  it('blanks a capitalised word inside a sentence where capitals mark names, and nothing in German, English or Title Case', () => {
    expect(blankCapitalisedNames('Cukráreň Radosť je na rohu Hlavnej ulice.', 'sk')).toBe(`Cukráreň Radosť je na rohu ${' '.repeat(7)} ulice.`);
    expect(blankCapitalisedNames('Apoteket på Storo åpner klokka ni. Hyggelig!', 'no')).toBe(`Apoteket på ${' '.repeat(5)} åpner klokka ni. Hyggelig!`);
    for (const [kept, lang] of [
      ['Das Essen war Spitze, der Service Mist.', 'de'],
      ['The bus stops at the Hope Street clinic.', 'en'],
      ['Super Hotel Tolle Lage Gerne Wieder', 'nl'], // mostly capitalised
      ['Hvala! Super dostava.', 'hr'], // each after a sentence's end
      // a review's finds: only after a lower-case word, a number or a comma, and not after a handle
      ['¡No me gustó nada el hotel!', 'es'],
      ['@vodafone_es Horrible atención al cliente', 'es'],
      ['Producto Excelente, lo recomiendo', 'es'],
      ['Hotel en el centro — Horrible experiencia', 'es'],
      ['😢 Vreselijk nieuws vandaag', 'nl'],
    ]) expect(blankCapitalisedNames(kept!, lang!)).toBe(kept);
  });

  it('the lexicons do not read a quoted title, and the sentence around it decides', async () => {
    expect(lexicons.score(blankQuotedTitles('Vi læser "Den grimme ælling" i dansktimen på mandag.'), 'da').hits).toEqual([]);
    const outs = await analyzer.analyze([
      'Спектакль «Горе от ума» идёт в субботу.',
      'Пісня «Плакала» вийшла у 2018 році на радіо.',
      'Vi ser "Den grimme ælling" i biografen på søndag.',
    ]);
    for (const o of outs) {
      if ('error' in o) throw new Error(o.error.message);
      expect(side(o), o.rationale).toBe('neutral');
    }
  });
});

describe('negation and courtesy in the lexicons', () => {
  it('a negator reaches past auxiliaries, copulas and "so/such", and a second negator of the same word is one negation', () => {
    // [text, language, the sign of the lexicon's deciding score (0: does not decide)]
    const cases: [string, string, number][] = [
      ['Nie je to zlé, jedlo bolo chutné.', 'sk', 1],
      ['Serial wcale nie jest taki dobry.', 'pl', -1],
      ['Il servizio non è stato buono.', 'it', -1],
      ['Non sono rimasto deluso.', 'it', 1],
      ['El servicio no ha sido bueno.', 'es', -1],
      ['No está nada mal este hotel.', 'es', 1], // "nada" is the same negation as "no"
      ['Não é nada mau este restaurante.', 'pt', 1],
      ['Am așteptat două ore și tot n-am rezolvat nimic.', 'ro', -1], // Romanian n- (n-am, n-a) is "nu"
      ['N-a fost deloc complicat.', 'ro', 1],
      ['Je ne déteste pas ce film.', 'fr', 0], // `pas` after the verb flips nothing: still no decision
      // clitic pronouns after "nu" (nu mi-a, nu o), Polish typed without diacritics, Czech and Slovak negated modals
      ['Nu mi-a plăcut deloc filmul.', 'ro', -1],
      ['Nu o recomand nimănui.', 'ro', -1],
      ['Koncert nie byl taki dobry.', 'pl', -1],
      ['Nemůžu si stěžovat, vše dorazilo včas.', 'cs', 1],
      ['Nemôžem sa sťažovať, všetko prišlo načas.', 'sk', 1],
      // idioms: Arabic "no harm in it" (fine), Finnish "not funnier" (not bad at all)
      ['المطعم لا بأس به والأسعار معقولة', 'ar', 1],
      ['Ei hassumpi kahvila ollenkaan.', 'fi', 1],
    ];
    expect(cases.map(([text, lang]) => Math.sign(lexiconDecides(lexicons.score(text, lang))?.score ?? 0))).toEqual(cases.map((c) => c[2]));
    // a review's finds: "never so good" compares, a rhetorical question praises, an auxiliary past another word
    // counts, a lone "N." is no negator: the polar word is not flipped
    for (const [text, lang] of [
      ['Nunca he estado tan feliz.', 'es'],
      ['Никогда не было так хорошо!', 'ru'],
      ['Не е ли прекрасно?', 'bg'],
      ['Nije li to divno?', 'hr'],
      ['Non ci credo è fantastico!', 'it'],
      ['Nie wierzę jest super', 'pl'],
      ['N. Popescu a scris o carte minunată.', 'ro'],
      // an emoji is the writer's own feeling, never what a negator denies ("can't sleep 😤")
      ['Susedia hlučia celú noc, nemôžem spať 😤', 'sk'],
      ['Sousedi dupou celou noc, nemůžu spát 😠', 'cs'],
      ['Nie spałam całą noc 😩', 'pl'],
      ['Nu se poate mai bine!', 'ro'], // couldn't be better: "se" is no auxiliary the negator passes
    ]) expect(lexicons.score(text!, lang!).hits.filter((h) => h.text.endsWith('(negated)')), text).toEqual([]);
  });

  it('a polite request formula is not praise', () => {
    for (const [text, lang] of [
      ['Будьте добры, передайте соседям, что свет не горит.', 'ru'],
      ['Må jeg venligst få et svar?', 'da'],
      ['Por favor, envíeme la factura.', 'es'],
      ['Uprzejmie proszę o informację.', 'pl'],
      ['ممنون می‌شم اگه بررسی کنید.', 'fa'],
    ]) expect(lexicons.score(text!, lang!).hits.filter((h) => h.strength > 0), text).toEqual([]);
    // everyday words nlp.js's lists gave a polarity: colloquial "send" (скинь), "novel" (роман)
    expect(lexicons.score('Скинь, пожалуйста, номер мастера.', 'ru').hits).toEqual([]);
    expect(lexicons.score('Роман је обавезна лектира у гимназији.', 'sr').hits).toEqual([]);
    // a stem and a privative suffix: the stem's opposite (Dutch "waardeloze", worthless, read +1 through "waard")
    expect(Math.sign(lexicons.score('Waardeloze app, crasht constant.', 'nl').score)).toBe(-1);
    expect(Math.sign(lexicons.score('Das ist völlig hoffnungslos.', 'de').score)).toBe(-1);
    // Japanese "easy to use" and its negation
    expect(Math.sign(lexicons.score('説明がとても分かりやすい。', 'ja').score)).toBe(1);
    expect(Math.sign(lexicons.score('このアプリは全然使いやすくないです。', 'ja').score)).toBe(-1);
    // Vietnamese typed without diacritics: two-syllable entries stand in that form too ("tuyệt vời", "thất vọng")
    expect(Math.sign(lexicons.score('Dich vu tuyet voi, rat hai long', 'vi').score)).toBe(1);
    expect(Math.sign(lexicons.score('That vong qua, hang bi hong', 'vi').score)).toBe(-1);
    // Turkish İ at a sentence's start lower-cases to i ("İğrenç", disgusting)
    expect(Math.sign(lexicons.score('İğrenç bir yemekti.', 'tr').score)).toBe(-1);
    // a formula that is also a verdict keeps it (Finnish "ei ole hyvä": not good)
    expect(Math.sign(lexicons.score('Tämä ei ole hyvä.', 'fi').score)).toBe(-1);
    // an adverb that also describes keeps its polarity (the staff answered kindly)
    expect(lexicons.score('La commessa ci ha risposto gentilmente.', 'it').score).toBeGreaterThan(0);
  });
});

describe('a clear reading through a negation, against the model', () => {
  it('decides over the opposite polar verdict of a trained language however sure the model is', async () => {
    const cases: [string, string][] = [
      ['Ich wurde nicht enttäuscht.', 'positive'],
      ['Non male davvero questo telefono.', 'positive'],
      ['Makanannya tidak buruk sama sekali.', 'positive'],
      ['Huduma haikuwa nzuri.', 'negative'],
    ];
    const outs = await analyzer.analyze(cases.map((c) => c[0]));
    outs.forEach((o, i) => {
      if ('error' in o) throw new Error(o.error.message);
      expect(o.language.trained).toBe(true);
      expect(side(o), o.rationale).toBe(cases[i]![1]);
      expect(o.rationale).toMatch(/from sentiment lexicons, because the general model read (POSITIVE|NEGATIVE|VERY_POSITIVE|VERY_NEGATIVE) \(\d+%\)/);
      expect(o.rationale).toMatch(/\(negated\)/);
    });
    // a negated word that agrees with the model changes nothing, and without a negator the model's verdict stands
    const [agree] = await analyzer.analyze(['Das Hotel war nicht gut.']);
    if ('error' in agree!) throw new Error(agree.error.message);
    expect(side(agree!)).toBe('negative');
  });
});
