/**
 * Language identification on held-out tweet-length text (the sentiment sets' held-out
 * rows and held-out UDHR paragraphs, cut to 280 characters, at most 400 per language),
 * for the project's language head and, in the same run on the same rows, eld (the
 * previous detector), tinyld and cld3-asm: accuracy per language (`und` counts as a
 * miss), share of `und`, and µs per text on this machine.
 */
import { createRequire } from 'node:module';
import { eld } from 'eld/medium';
import { Featurizer, DEFAULT_FEATURIZER } from '../src/sentiment/featurizer.js';
import { cleanText } from '../src/sentiment/textInput.js';
import type { LanguageIdentifier } from '../src/sentiment/languageDetector.js';
import { seededUnit, SPLIT_SEED, XED_PROJECTION_SOURCE as SUBTITLES } from './corpus.js';
import { TWEET_CHARS } from './trainLanguage.js';
import type { LanguageRow } from './languageCorpus.js';
import { pct } from './metrics.js';

const PER_LANGUAGE = 400;

type Detect = (text: string) => string;

interface System {
  name: string;
  detect: Detect;
}

export async function otherDetectors(): Promise<System[]> {
  const require = createRequire(import.meta.url);
  const tinyld = require('tinyld') as { detect(t: string): string };
  const { loadModule } = require('cld3-asm') as { loadModule(): Promise<{ create(min?: number, max?: number): { findLanguage(t: string): { language: string } } }> };
  const cld = (await loadModule()).create(0, 1000);
  const CLD_ALIAS: Record<string, string> = { iw: 'he', fil: 'tl', 'zh-Latn': 'zh', 'ja-Latn': 'ja', 'hi-Latn': 'hi' };
  return [
    { name: 'eld (medium)', detect: (t) => eld.detect(t).language || 'und' },
    { name: 'tinyld', detect: (t) => tinyld.detect(t) || 'und' },
    {
      name: 'cld3-asm',
      detect: (t) => {
        const l = cld.findLanguage(t).language;
        return l === 'und' || !l ? 'und' : (CLD_ALIAS[l] ?? l);
      },
    },
  ];
}

export function heldoutLanguageRows(corpus: LanguageRow[]): LanguageRow[] {
  const byLang = new Map<string, LanguageRow[]>();
  corpus.forEach((r, i) => {
    if (r.split !== 'heldout') return;
    const list = byLang.get(r.lang) ?? byLang.set(r.lang, []).get(r.lang)!;
    list.push({ ...r, text: r.text.slice(0, TWEET_CHARS) });
    void i;
  });
  const out: LanguageRow[] = [];
  for (const [lang, rows] of [...byLang.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const ranked = rows.map((r, i) => ({ r, u: seededUnit(`lideval:${lang}:${i}`, SPLIT_SEED) })).sort((a, b) => a.u - b.u);
    out.push(...ranked.slice(0, PER_LANGUAGE).map((x) => x.r));
  }
  return out;
}

export interface LanguageReport {
  text: string;
  /** Per language: our accuracy. */
  ours: Map<string, number>;
  usPerText: Record<string, number>;
}

export async function evaluateLanguage(identifier: LanguageIdentifier, corpus: LanguageRow[]): Promise<LanguageReport> {
  const systems = await detectors(identifier);
  // XED's subtitles (never trained on: languageCorpus.ts) are a second table, so the first keeps the rows it always had
  const main = systemTable(identifier, systems, heldoutLanguageRows(corpus.filter((r) => r.source !== SUBTITLES)));
  const subtitles = systemTable(identifier, systems, heldoutLanguageRows(corpus.filter((r) => r.source === SUBTITLES)), false);
  const subText = subtitles.rows === 0 ? [] : [
    '',
    `Subtitle lines (XED's projections, ${subtitles.ours.size} languages; no head was trained on them, and their language is the subtitle file's, which OpenSubtitles' uploaders chose, so Croatian, Serbian and Bosnian files mix), at most ${PER_LANGUAGE} per language; accuracy in %:`,
    '',
    ...subtitles.lines,
    '',
    `Languages below 95 % on subtitles (ours): ${subtitles.below}.`,
  ];
  const text = [
    `Held-out tweet-length texts (≤ ${TWEET_CHARS} characters; sentiment sets' held-out rows, else held-out UDHR paragraphs), at most ${PER_LANGUAGE} per language; accuracy in %, \`und\` counts as a miss.`,
    '',
    ...main.lines,
    '',
    'µs per text (one thread, same run): ' + Object.entries(main.usPerText).map(([k, v]) => `${k} ${v.toFixed(1)}`).join('; ') + '.',
    '',
    `Languages below 95 % (ours): ${main.below}.`,
    ...subText,
  ].join('\n');
  return { text, ours: main.ours, usPerText: main.usPerText };
}


async function detectors(identifier: LanguageIdentifier): Promise<System[]> {
  const f = new Featurizer(DEFAULT_FEATURIZER);
  const ourDetect: Detect = (t) => {
    const b = f.featurize(t);
    return identifier.identify(b.ids, b.count, b.letters, t).code;
  };
  return [{ name: 'language head (ours)', detect: ourDetect }, ...(await otherDetectors())];
}

interface SystemTable { rows: number; lines: string[]; ours: Map<string, number>; below: string; usPerText: Record<string, number> }

/** Every system on `rows`: the per-language table, our accuracy per language, and (when `timed`) µs per text. */
function systemTable(identifier: LanguageIdentifier, systems: System[], rows: LanguageRow[], timed = true): SystemTable {
  const f = new Featurizer(DEFAULT_FEATURIZER);
  const texts = rows.map((r) => {
    try {
      return cleanText(r.text);
    } catch {
      return '';
    }
  });
  const valid = rows.map((_, i) => texts[i] !== '');
  const preds: string[][] = [];
  const usPerText: Record<string, number> = {};
  for (const s of systems) {
    if (timed) for (let i = 0; i < Math.min(500, texts.length); i++) if (valid[i]) s.detect(texts[i]!); // warm-up
    const start = process.hrtime.bigint();
    const p = texts.map((t, i) => (valid[i] ? s.detect(t) : 'und'));
    usPerText[s.name] = Number(process.hrtime.bigint() - start) / 1e3 / Math.max(1, texts.length);
    preds.push(p);
  }
  if (timed) {
    // Our head alone, on bags already featurised (what it adds to the analysis).
    const bags = texts.map((t) => {
      const b = f.featurize(t);
      return { ids: b.ids.slice(0, b.count), letters: b.letters };
    });
    const start = process.hrtime.bigint();
    for (const b of bags) identifier.identify(b.ids, b.ids.length, b.letters);
    usPerText['language head on the featurised bag'] = Number(process.hrtime.bigint() - start) / 1e3 / Math.max(1, texts.length);
  }

  const langs = [...new Set(rows.map((r) => r.lang))].sort();
  const ours = new Map<string, number>();
  const lines: string[] = [];
  lines.push(`| language | rows | ${systems.map((s) => `${s.name} acc`).join(' | ')} | ours und |`, `|${' --- |'.repeat(systems.length + 3)}`);
  const macro = systems.map(() => [] as number[]);
  for (const lang of langs) {
    const idx = rows.map((r, i) => (r.lang === lang ? i : -1)).filter((i) => i >= 0);
    const accs = preds.map((p) => idx.filter((i) => p[i] === lang).length / idx.length);
    accs.forEach((a, s) => macro[s]!.push(a));
    ours.set(lang, accs[0]!);
    const und = idx.filter((i) => preds[0]![i] === 'und').length / idx.length;
    lines.push(`| ${lang} | ${idx.length} | ${accs.map((a) => pct(a)).join(' | ')} | ${pct(und)} |`);
  }
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  lines.push(`| **mean over languages** | ${rows.length} | ${macro.map((m) => pct(mean(m))).join(' | ')} | |`);
  const below = [...ours.entries()].filter(([, a]) => a < 0.95).map(([l, a]) => `${l} ${pct(a)}`);
  return { rows: rows.length, lines, ours, below: below.length ? below.join(', ') : 'none', usPerText };
}
