/**
 * Issue 17: the language head called plain English sentences Hindi ("The store opens at
 * nine tomorrow" → hi, reliable), because UMSAB's romanised-Hindi rows include English
 * tweets labelled `hi` (cleaned in languageCorpus.ts, models/language.md). These
 * sentences were written for this test, in none of the training data; they run through
 * the SentimentAnalyzer the service uses, with the committed models.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SentimentAnalyzer, type AnalysisOutput } from '../../src/sentiment/sentimentAnalyzer.js';

const EVERYDAY_ENGLISH = [
  'The store opens at nine tomorrow.',
  'The meeting moved to Thursday.',
  'The train leaves at 5 pm.',
  'Please call me when you get home.',
  'We need milk, eggs and bread.',
  'The bus was late again this morning.',
  'My sister is coming to visit next week.',
  'Can you send me the report by Friday?',
  'It will rain in the afternoon.',
  'The kids are playing in the garden.',
  'I left my keys on the kitchen table.',
  'Dinner is ready at seven.',
  'He fixed the bike over the weekend.',
  'The library closes early on Sundays.',
  'Turn left after the second traffic light.',
  'She bought a new phone yesterday.',
  'Our flight lands at noon.',
  'The office is on the third floor.',
  'Remember to water the plants.',
  'The parking lot is full today.',
  'I will be there in ten minutes.',
  'The doctor can see you at half past two.',
];

/** Romanised Hindi written for this test: cleaning the English out of the `hi` rows must not cost Hinglish. */
const ROMANISED_HINDI = [
  'yaar aaj bahut garmi hai',
  'kya tum kal office aa rahe ho?',
  'mujhe nahi pata tha ki movie itni acchi hogi',
  'bhai match dekh raha hu, India jeet gaya',
  'mera phone kho gaya, ab kya karu',
  'aap kaise ho? bahut din ho gaye',
  'ye gaana mujhe bahut pasand hai',
  'kal se exam hai aur maine kuch nahi padha',
];

/** Nigerian Pidgin written for this test (each has a word of PIDGIN_MARKERS, as Pidgin tweets nearly always do). */
const PIDGIN = [
  'abeg wetin dey happen for here',
  'i no sabi wetin una dey talk',
  'dis wahala don too much',
  'oga you don chop?',
  'dem no fit do am again',
  'una well done o, God go bless una',
  'the girl wey sabi cook na she i go marry',
  'e don tey wey i see you',
];

/**
 * English prose none of the training sets contain: the sentences of the README.md of
 * every top-level package in node_modules (lines that are not headings, lists, tables
 * or code; cut at sentence ends; capitalised; five words or more).
 */
function readmeSentences(): string[] {
  const root = join(import.meta.dirname, '../../node_modules');
  const out: string[] = [];
  for (const pkg of readdirSync(root).filter((n) => !n.startsWith('.') && !n.startsWith('@')).sort()) {
    const file = join(root, pkg, 'README.md');
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/^\s*([#|<>`\-*![]|\d+\.)/.test(line) || /[`{}<>[\]]/.test(line)) continue;
      for (const s of line.split(/(?<=[.!?])\s+/)) if (/^[A-Z]/.test(s.trim()) && s.trim().split(/\s+/).length >= 5) out.push(s.trim());
    }
  }
  return out;
}

let analyzer: SentimentAnalyzer;

async function languages(texts: string[]): Promise<AnalysisOutput['language'][]> {
  return (await analyzer.analyze(texts)).map((o) => {
    if (!o || 'error' in o) throw new Error(`expected a result, got ${JSON.stringify(o)}`);
    return o.language;
  });
}

beforeAll(async () => {
  analyzer = await SentimentAnalyzer.load();
});

describe('language of plain English', () => {
  it('is en or und, never another language, for at least 90 % of everyday sentences (none reliably another language)', async () => {
    const langs = await languages(EVERYDAY_ENGLISH);
    const wrong = langs.map((l, i) => ({ ...l, text: EVERYDAY_ENGLISH[i] })).filter((l) => l.code !== 'en' && l.code !== 'und');
    expect(1 - wrong.length / langs.length, JSON.stringify(wrong)).toBeGreaterThanOrEqual(0.9);
    expect(wrong.filter((l) => l.reliable)).toEqual([]);
    // Most of them are named English outright, not merely left undecided.
    expect(langs.filter((l) => l.code === 'en').length / langs.length).toBeGreaterThanOrEqual(0.8);
  });

  it('still names romanised Hindi as Hindi', async () => {
    const langs = await languages(ROMANISED_HINDI);
    expect(langs.filter((l) => l.code === 'hi').length / langs.length).toBeGreaterThanOrEqual(0.9);
  });

  it('marks every Hindi verdict lowConfidence: the model reads Hindi near chance (held-out macro-F1 34), English not for that', async () => {
    const out = await analyzer.analyze([...ROMANISED_HINDI, 'yeh bahut accha hai yaar', 'I absolutely love this phone, the battery lasts forever']);
    const hindi = out.filter((o) => o && !('error' in o) && o.language.code === 'hi');
    expect(hindi.length).toBeGreaterThanOrEqual(8);
    expect(hindi.every((o) => o && !('error' in o) && o.lowConfidence)).toBe(true);
    const english = out.at(-1)!;
    expect(english && !('error' in english) && english.language.code === 'en' && !english.lowConfidence).toBe(true);
  });
});

describe('Nigerian Pidgin and English (languageDetector.ts, PIDGIN_MARKERS)', () => {
  it('calls at most 0.5 % of English README sentences pcm (2.4 % before the second stage)', async () => {
    const sentences = readmeSentences();
    expect(sentences.length).toBeGreaterThan(1000);
    const langs = await languages(sentences);
    const pcm = sentences.filter((_, i) => langs[i]!.code === 'pcm');
    expect(pcm.length / sentences.length, pcm.slice(0, 10).join('\n')).toBeLessThanOrEqual(0.005);
    expect(langs.filter((l) => l.code === 'en').length / sentences.length).toBeGreaterThanOrEqual(0.95);
  });

  it('still names Pidgin as Pidgin', async () => {
    const langs = await languages(PIDGIN);
    expect(langs.filter((l) => l.code === 'pcm').length).toBeGreaterThanOrEqual(7);
  });
});
