/**
 * The language head's spelling stages (languageDetector.ts, models/language.md "Seventeenth session"), on the
 * held-out rows of the evaluation (never trained on) with the committed head: Tigrinya was called Amharic for 17 %
 * of its tweets (82.9 % right) and Pidgin English for 8 % (91.5 %); each must now be ≥ 95 % without its neighbour
 * falling below 95 %.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { projectRoot } from '../../src/paths.js';
import { ethiopicStage, LanguageIdentifier, pairStage, trustedOf } from '../../src/sentiment/languageDetector.js';
import { markedLanguage } from '../../src/sentiment/language/spellingStages.js';
import { DEFAULT_FEATURIZER, Featurizer } from '../../src/sentiment/featurizer.js';
import { cleanText } from '../../src/sentiment/textInput.js';
import { loadLanguageCorpus, type LanguageRow } from '../../training/languageCorpus.js';
import { heldoutLanguageRows } from '../../training/evaluateLanguage.js';

let rows: LanguageRow[];
const id = LanguageIdentifier.load(join(projectRoot, 'models'));
const f = new Featurizer(DEFAULT_FEATURIZER);
const detect = (text: string) => {
  const t = cleanText(text);
  const b = f.featurize(t);
  return id.identify(b.ids, b.count, b.letters, t).code;
};
const accuracy = (lang: string) => {
  const mine = rows.filter((r) => r.lang === lang);
  return mine.filter((r) => detect(r.text) === lang).length / mine.length;
};

// the held-out rows these figures were set on: the written sentences' held-out fifth is scored by `npm run eval`
// (everyday sentences), not here
// (nor XED's subtitle lines, which evaluateLanguage.ts reports in a table of their own)
beforeAll(async () => { rows = heldoutLanguageRows((await loadLanguageCorpus()).filter((r) => r.source !== 'written' && r.source !== 'xed-proj')); }, 120_000);

describe('language spelling stages', () => {
  it('tells Tigrinya from Amharic by their own letters (held-out Tigrinya 82.9 % before)', () => {
    expect(rows.filter((r) => r.lang === 'ti').length).toBeGreaterThan(200);
    expect(accuracy('ti')).toBeGreaterThanOrEqual(0.95);
    expect(accuracy('am')).toBeGreaterThanOrEqual(0.95);
    // the stage alone: two Tigrinya-only letters and no Amharic-only one turn `am` into `ti`, and the reverse
    expect(ethiopicStage('ኣብ ትግራይ ሓደ', 'am')).toBe('ti');
    expect(ethiopicStage('ኣብ ትግራይ ሓደ ነች', 'am')).toBe('am');
    expect(ethiopicStage('ሰላም ነው ሁሉ ችግር', 'ti')).toBe('am');
    expect(ethiopicStage('ሰላም', 'am')).toBe('am');
  });

  it('calls English with two Pidgin-only words Pidgin (held-out Pidgin 91.5 % before), and English stays English', () => {
    expect(accuracy('pcm')).toBeGreaterThanOrEqual(0.95);
    expect(accuracy('en')).toBeGreaterThanOrEqual(0.97);
    expect(detect('with all the food she ate plus a bottle of fanta her stomach still flat abeg this girl dey chop enter her womb')).toBe('pcm');
    // one such word is not enough, and the words English shares with Pidgin do not count
    expect(detect('I will make sure the team can go to the meeting on Monday, no matter what')).toBe('en');
  });

  it('calls English with two romanised-Hindi words Hindi, and English with one or none stays English', () => {
    expect(accuracy('hi')).toBeGreaterThanOrEqual(0.95);
    expect(detect("I can't come today yaar, bahut work pending")).toBe('hi');
    expect(detect('Please send me the file by tonight')).toBe('en');
    expect(detect('My brother is my best friend, love you bhai')).not.toBe('hi');
    // English words and names that are also Hindi spellings are not markers (yeh, hun, agar, abhi, apna, hoon)
    expect(detect("yeh hun, I'll grab the milk on the way home")).toBe('en');
    expect(detect('Mix the agar with hot water, yeh it sets in about an hour')).toBe('en');
  });

  it('takes no marker word the neighbour also writes, nor a name it writes (a review of the 2026-12-07 words)', () => {
    expect(pairStage('Novi CEO tvrtke najavio je otpuštanja.', 'hr')).toBe('hr');
    expect(pairStage('Crvena zvezda igra u Novom Mestu.', 'hr')).toBe('hr');
    expect(pairStage('Zadná náprava je zničená.', 'sk')).toBe('sk');
    expect(pairStage('Presiden bertolak ke Jepang.', 'id')).toBe('id');
    expect(pairStage('Dia kirim salam.', 'ms')).toBe('ms');
    expect(pairStage('Der var kakerlakker på værelset.', 'da')).toBe('da');
    expect(pairStage('Det er tyve minutter til bussen går.', 'no')).toBe('no');
  });

  it('tells Croatian, Serbian and Slovene, Danish and Norwegian, Malay and Indonesian, Slovak and Czech apart by their own words', () => {
    // held-out UDHR paragraphs, before the stage: da 87.5, no 88.9, hr 63.2, sr 85.7, sk 83.3 (the head of seed 13 before the word lists, aa57114)
    // (one row is 5-6 points of these sets; the heads of other seeds or training text move them by a row or two)
    for (const lang of ['da', 'cs']) expect(accuracy(lang), lang).toBeGreaterThanOrEqual(0.95);
    for (const lang of ['no', 'sk']) expect(accuracy(lang), lang).toBeGreaterThanOrEqual(0.9);
    expect(accuracy('hr')).toBeGreaterThanOrEqual(0.85); // 17 of 19 since markers that misfired on Slovene went
    expect(accuracy('sr')).toBeGreaterThanOrEqual(0.85);
    // a verdict with none of its own words and a word of the other language's becomes the other language
    expect(pairStage('Svatko ima pravo na život i slobodu.', 'sr')).toBe('hr');
    expect(pairStage('Niko ne zna šta će biti sutra.', 'hr')).toBe('sr');
    expect(pairStage('Svako jutro kuham kavu.', 'hr')).toBe('hr'); // Croatian writes "svako" too
    expect(pairStage('Dođi prije vremena, uvijek kasniš.', 'sr')).toBe('hr'); // ijekavian spellings
    expect(pairStage('Enhver har ret til frihed.', 'no')).toBe('da');
    expect(pairStage('Enhver har rett til frihet.', 'da')).toBe('no');
    // pronouns and verb forms (2026-12-06, from subtitle lines the evaluation does not read)
    expect(pairStage('Hva gjør dere her?', 'da')).toBe('no');
    expect(pairStage('Jeg savner jer, undskyld.', 'no')).toBe('da');
    expect(pairStage('Pakken kan hentes innen 14 dager.', 'da')).toBe('no'); // 2026-12-06 words
    expect(pairStage('Pakken kan hentes inden 14 dage.', 'da')).toBe('da');
    expect(pairStage('Vi spiser middag hos foreldrene mine.', 'da')).toBe('no'); // 2026-12-07 spellings
    expect(pairStage('Vi spiser middag hos forældrene mine.', 'no')).toBe('da');
    expect(pairStage('Saya tidak datang kerana hujan lebat.', 'id')).toBe('ms');
    expect(pairStage('Saya tidak datang karena hujan deras.', 'ms')).toBe('id');
    // past participles (ekavian -eo, ijekavian -io) and day names (written for this test)
    expect(pairStage('Juče sam ga sreo, ali ga nisam razumeo.', 'hr')).toBe('sr');
    expect(pairStage('Nisam ga razumio, a jako sam ga volio.', 'sr')).toBe('hr');
    expect(pairStage('Kelas bermula semula hari Khamis.', 'id')).toBe('ms');
    expect(pairStage('Kantor pos tutup hari Senin.', 'ms')).toBe('id');
    expect(pairStage('Aku tak bisa, silakan pergi saja.', 'ms')).toBe('id'); // 2026-12-06 words
    expect(pairStage('Besok aku harus ke kantor.', 'ms')).toBe('id');
    expect(pairStage('Kemarin saya beli sepatu baru.', 'ms')).toBe('id'); // 2026-12-06 words
    expect(pairStage('Saya beli seluar dan kasut baru.', 'id')).toBe('ms');
    expect(pairStage('Tagihan listrik bulan ini naik lagi.', 'ms')).toBe('id'); // 2026-12-07 words
    expect(pairStage('Bil elektrik bulan ini naik lagi.', 'id')).toBe('ms');
    expect(pairStage('Terima kasih cikgu atas segalanya.', 'id')).toBe('ms'); // 2026-12-07, blind4
    expect(pairStage('Každý má právo na život a slobodu.', 'cs')).toBe('sk');
    expect(pairStage('Každý má právo na život a svobodu.', 'sk')).toBe('cs');
    expect(pairStage('Posádka bola milá.', 'cs')).toBe('sk'); // 2026-12-06 words
    expect(pairStage('Nikto mi to nepovedal.', 'cs')).toBe('sk'); // 2026-12-07: typed without diacritics
    expect(pairStage('Nikdo mi to nerekl.', 'sk')).toBe('cs');
    expect(pairStage('Neni to spatne, fakt.', 'sk')).toBe('cs'); // 2026-12-07, blind4
    // Russian words against Bulgarian and Belarusian verdicts; Belarusian keeps its own letters and words
    expect(pairStage('Все хорошо, мама.', 'bg')).toBe('ru');
    expect(pairStage('Просьба починить лифт в нашем подъезде.', 'bg')).toBe('ru'); // Russian's hard sign is no Bulgarian ъ
    expect(pairStage('Къщата е на пътя.', 'ru')).toBe('bg');
    expect(pairStage('Я не знаю, что это.', 'be')).toBe('ru');
    expect(pairStage('Дзякуй, усё добра.', 'be')).toBe('be');
    expect(pairStage('Буун, послушай ги.', 'bg')).toBe('bg');
    expect(pairStage('Kdo to byl?', 'sk')).toBe('cs');
    // ekavian words count for Serbian against a Croatian verdict only: Slovene writes them too
    expect(pairStage('Sutra moram kod lekara, ceo dan me boli glava.', 'hr')).toBe('sr');
    expect(pairStage('Sutra grem k zdravniku, ves mesec me boli glava.', 'sl')).toBe('sl');
    expect(pairStage('Mjesec dana čekam na liječnika.', 'hr')).toBe('hr');
    expect(pairStage('Da li biste mogli da proverite moj račun?', 'hr')).toBe('sr'); // 2026-12-07, blind5
    // Slovene needs two of its (short) words
    expect(pairStage('Vsakdo ima pravico do življenja.', 'hr')).toBe('sl');
    expect(pairStage('To je in ostane tako.', 'hr')).toBe('hr');
    // a word of its own keeps the verdict; with no marker at all the head's verdict stands
    expect(pairStage('Svatko i niko.', 'sr')).toBe('sr');
    expect(pairStage('Dobar dan.', 'sr')).toBe('sr');
    // hyphenated compounds are read whole and by part
    expect(pairStage('Hak ibu-bapa ke atas anak.', 'id')).toBe('ms');
    // words that misfired on everyday text are not markers: Croatian "ko" (as), Slovene "delo", "lepa", Serbian "dijeta"
    expect(pairStage('Vruće ko u pećnici danas', 'hr')).toBe('hr');
    expect(pairStage('Šef mi je spet naložil delo, hvala lepa', 'sl')).toBe('sl');
    expect(pairStage('Sutra počinjem dijetu, ozbiljno ovaj put', 'sr')).toBe('sr');
    expect(pairStage('Hello world.', 'en')).toBe('en');
    // words a review found on ordinary text of the neighbour language are not markers
    expect(pairStage('Kupil sem kruh in mleko, podjetje je letos izjemno uspešno.', 'sl')).toBe('sl');
    expect(pairStage('Srecan rodjendan, brate! Pijem kafu u Bijeljini', 'sr')).toBe('sr');
    expect(pairStage('Det er meget viktig at vi er enige om dette.', 'no')).toBe('no');
    expect(pairStage('Jeg ved ingenting om det.', 'da')).toBe('da');
    expect(pairStage('Ei ole hullu idea, mis sa arvad?', 'et')).toBe('et');
    expect(pairStage('Bu sabah kahvaltıda menemen yaptım', 'tr')).toBe('tr');
    expect(pairStage('Compré un kilo de carne de res para el asado', 'es')).toBe('es');
    expect(pairStage('Ayo nak, makan dulu, duit ada kok', 'id')).toBe('id');
    expect(pairStage('Kaj kaj kaj, to je to.', 'hr')).toBe('hr'); // Slovene needs two different words
    // …or one strong word (2026-12-06): Slovene "nisem", Dutch "hij" against an Afrikaans verdict
    expect(pairStage('Tega nisem rekel.', 'hr')).toBe('sl');
    expect(pairStage('Svi su došli sem Marka.', 'sr')).toBe('sr'); // Serbian "sem" (except) is no strong Slovene word
    expect(pairStage('Hun er virkelig nydelig.', 'da')).toBe('da'); // nor Danish "nydelig" a Norwegian one
    expect(pairStage('God helg!', 'da')).toBe('da');
    expect(pairStage('Nisam to rekao.', 'hr')).toBe('hr');
    expect(pairStage('Hij moet weer aan het werk.', 'af')).toBe('nl');
    expect(pairStage('Hy moet weer aan die werk gaan.', 'af')).toBe('af');
    // a token far longer than any word is not tried against the ijekavian pattern (it backtracked quadratically)
    expect(pairStage(`${'bje'.repeat(20)}x`, 'sr')).toBe('sr');
    // Malaysian and Indonesian chat words
    expect(pairStage('Korang nak pergi mana petang ni?', 'id')).toBe('ms');
    expect(pairStage('Aku kat rumah je, korang datang la', 'id')).toBe('ms');
    expect(pairStage('Kamu mau pergi ke mana sih sore ini?', 'ms')).toBe('id');
    // Estonian/Finnish, Catalan/Spanish, Azerbaijani/Turkish (session 18)
    expect(pairStage('Buss hilineb jälle pool tundi, väga tüütu', 'fi')).toBe('et');
    expect(pairStage('Bussi on taas myöhässä, tosi ärsyttävää mutta minkäs teet', 'et')).toBe('fi');
    expect(pairStage('Demà tinc examen i no he obert el llibre', 'es')).toBe('ca');
    expect(pairStage('Mañana tengo examen y no he abierto el libro', 'ca')).toBe('es');
    expect(pairStage('Bu gün hava çox isti idi, dənizə getdik', 'tr')).toBe('az');
    expect(pairStage('Bugün hava çok sıcaktı, denize gittik', 'az')).toBe('tr');
  });
  it('reads Estonian by its own words against Finnish, and against Twi when eld agrees', () => {
    // subtitle lines outside the 400 the evaluation reads: fi, fi and tw verdicts before the 2026-12-06 markers
    expect(pairStage('Olen lihtsalt väsinud.', 'fi')).toBe('et');
    expect(pairStage('Minu uus auto!', 'fi')).toBe('et');
    expect(detect('Olen lihtsalt väsinud.')).toBe('et');
    expect(detect('Ma ei taha seda!')).toBe('et'); // Twi at 0.61; eld says Estonian, and "taha", "seda" are Estonian words
    // Finnish keeps its verdict; one Estonian word is not evidence against a Twi verdict, a Russian letter none against Tatar
    expect(detect('En tiedä mitä tehdä, olen tosi väsynyt.')).toBe('fi');
    expect(markedLanguage('Ei tea.', 2)).toBeUndefined();
    expect(markedLanguage("Ta ce ka zo gobe, sa'an nan mu tafi.", 2)).toBeUndefined(); // Hausa: two-letter words only
    expect(detect('Ma ei tea.')).toBe('et'); // Twi at 0.81 before; "ma" and "tea" are Estonian words
    expect(markedLanguage('Ma ei taha seda!', 2)).toBe('et');
    expect(markedLanguage('Бүген һава бик салкын, өйдә утырабыз.', 1)).toBeUndefined();
    expect(accuracy('tw')).toBeGreaterThanOrEqual(0.95);
    expect(accuracy('tt')).toBeGreaterThanOrEqual(0.95);
  });
  it('turns an Afrikaans verdict on Dutch into Dutch with two Dutch words, and leaves Afrikaans and German with one', () => {
    const cases: [text: string, verdict: string, after: string][] = [
      // "waarom" is a Dutch marker since the subtitle lines (Afrikaans hoekom, German warum)
      ['Waarom ben je zo laat?', 'af', 'nl'], ['Hoekom is jy so laat?', 'af', 'af'], ['Warum bist du so spät?', 'de', 'de'],
      // one Dutch-looking word (ij, "denk") is not enough
      ['Hijab-Verbot in Frankreich', 'de', 'de'], ['Denk an mich', 'de', 'de'], ['Ons gaan Beijing toe', 'af', 'af'],
    ];
    for (const [text, verdict, after] of cases) expect(pairStage(text, verdict), text).toBe(after);
  });
  it('tells Persian written with the Arabic yeh and kaf from Arabic, and leaves Arabic and Urdu as they are', () => {
    // Persian as older subtitle files write it (ي for ی, ك for ک) read Arabic (models/language.md, "Subtitles")
    expect(pairStage('بايد بريم، خيلي دير شده', 'ar')).toBe('fa');
    expect(pairStage('اون فيلم رو ديروز ديدم', 'ar')).toBe('fa');
    expect(detect('بايد بريم، خيلي دير شده')).toBe('fa');
    expect(detect('چرا اين کار رو کردي؟')).toBe('fa');
    // Arabic keeps its verdict: its article, ة, a function word of its own
    expect(pairStage('هذا الفيلم كان رائعا جدا', 'ar')).toBe('ar');
    expect(pairStage('أنا في البيت', 'ar')).toBe('ar');
    expect(pairStage('المدرسة بعيدة', 'ar')).toBe('ar');
    // …but not with the words Persian writes with the article or with أ
    expect(pairStage('الان چي شده؟', 'ar')).toBe('fa');
    expect(pairStage('متأسفم', 'fa')).toBe('fa');
    expect(pairStage('فوق العادست', 'fa')).toBe('fa');
    expect(detect('الطعام كان لذيذا جدا والنادل لطيف')).toBe('ar');
    // Urdu's own letters keep an Urdu verdict, and turn an Arabic one
    expect(pairStage('یہ فلم بہت اچھی تھی', 'ur')).toBe('ur');
    expect(pairStage('یہ فلم بہت اچھی تھی', 'ar')).toBe('ur');
    expect(detect('یہ فلم بہت اچھی تھی')).toBe('ur');
    // the held-out Arabic, Persian and Urdu rows stay at or above 95 %
    for (const lang of ['ar', 'fa', 'ur']) expect(accuracy(lang)).toBeGreaterThanOrEqual(0.95);
  });
  it('reads a dotless ı as Turkish or Azerbaijani, and Ukrainian words without і, ї, є as Ukrainian', () => {
    // an unsure eld had said Basque, the head Twi; eld's Bulgarian had won on "Жахлива доставка"
    for (const [text, lang] of [['Ne maçtı ama, helal Galatasaray!', 'tr'], ['Ne maçtı ama', 'tr'], ['Жахлива доставка, все розбите.', 'uk'], ['Дуже дякую за все!', 'uk']] as const) {
      expect(detect(text), text).toBe(lang);
    }
    for (const text of ['Очень жаль, всё разбито.', 'Ужасна доставка, всичко е счупено.', 'Çok güzel bir maç.']) expect(['ru', 'bg', 'tr']).toContain(detect(text));
  });

  it('names a word or two of Han, kana or Hangul by its script, and still says und for text without a language', () => {
    // under minLetters (4) letters: before, "謝謝" was English and "谢谢", "垃圾" und
    for (const [text, lang] of [['谢谢', 'zh'], ['謝謝', 'zh'], ['垃圾', 'zh'], ['太棒了', 'zh'], ['すごい', 'ja'], ['ダメ', 'ja'], ['감사', 'ko'], ['최고', 'ko']] as const) {
      expect(detect(text), text).toBe(lang);
    }
    for (const text of ['ok', 'lol', 'xD', '12345', '👍👍', '😀', '!!!', 'a 谢']) expect(detect(text), text).toBe('und');
  });

  it("weighs eld against the head: eld decides for the head's own runner-up, not for a language the head finds next to impossible", () => {
    // written for this test: Swahili 0.39 over English 0.32 (eld: English, reliable) was Swahili before
    expect(detect('The cabin is located twelve kilometres north of the village.')).toBe('en');
    // Ukrainian 0.83 (eld: Bulgarian, which the head gives 0.3 %) was Bulgarian
    expect(detect('Дуже дякую!')).toBe('uk');
    // Swahili and Bulgarian sentences keep their verdicts
    expect(detect('Chakula kilikuwa kitamu sana, asante kwa huduma nzuri.')).toBe('sw');
    expect(detect('Благодаря ви много за помощта!')).toBe('bg');
    for (const lang of ['sw', 'uk', 'bg', 'ru']) expect(accuracy(lang), lang).toBeGreaterThanOrEqual(0.95);
  });

  it('trusts a language for its labelled polarity rows or much running text, never for the written sentences alone', () => {
    const languages = [
      { code: 'el', trainingRows: 120, mainHeadRows: 120, writtenRows: 120 }, // written sentences only
      { code: 'fi', trainingRows: 17_052, mainHeadRows: 120, writtenRows: 120 }, // XED's emotions: running text
      { code: 'sw', trainingRows: 2_000, mainHeadRows: 2_000, writtenRows: 120 }, // AfriSenti and written
      { code: 'zh', trainingRows: 2_800, mainHeadRows: 120, writtenRows: 120 }, // BRIGHTER's emotions and written
      { code: 'de', trainingRows: 1_800, mainHeadRows: 1_800 }, // before writtenRows existed
      { code: 'hi', trainingRows: 900, mainHeadRows: 900, polarityGap: 'emotions' },
    ];
    expect(trustedOf(languages)).toEqual(['fi', 'sw', 'de']);
  });
});
