/**
 * The language head's spelling stages (languageDetector.ts, models/language.md "Seventeenth session"), on the
 * held-out rows of the evaluation (never trained on) with the committed head: Tigrinya was called Amharic for 17 %
 * of its tweets (82.9 % right) and Pidgin English for 8 % (91.5 %); each must now be ≥ 95 % without its neighbour
 * falling below 95 %.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { projectRoot } from '../../src/paths.js';
import { ethiopicStage, LanguageIdentifier } from '../../src/sentiment/languageDetector.js';
import { DEFAULT_FEATURIZER, Featurizer } from '../../src/sentiment/featurizer.js';
import { cleanText } from '../../src/sentiment/textInput.js';
import { loadLanguageCorpus, type LanguageRow } from '../../src/sentiment/training/languageCorpus.js';
import { heldoutLanguageRows } from '../../src/sentiment/training/evaluateLanguage.js';

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

beforeAll(async () => { rows = heldoutLanguageRows(await loadLanguageCorpus()); }, 120_000);

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
});
