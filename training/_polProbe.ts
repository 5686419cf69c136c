// throwaway: polarity of emotion-only languages against BRIGHTER's emotion-derived polarity, held-out rows
import { loadGeneralCorpus } from './corpus.js';
import { SentimentAnalyzer } from '../src/sentiment/sentimentAnalyzer.js';
const langs = new Set(['af', 'mr', 'ro', 'ru', 'so', 'sv', 'tt', 'uk', 'vmw', 'zh']);
const rows = loadGeneralCorpus({ newSets: true }).filter((r) => r.source === 'brighter' && r.split === 'heldout' && langs.has(r.lang) && r.polarity !== undefined);
const LABELS = ['NEGATIVE', 'NEUTRAL', 'POSITIVE'];
for (const dir of process.argv.slice(2)) {
  const a = await SentimentAnalyzer.load({ modelsDir: dir });
  const by = new Map<string, { g: number; p: number; path: string }[]>();
  for (let i = 0; i < rows.length; i += 256) {
    const chunk = rows.slice(i, i + 256);
    (await a.analyze(chunk.map((r) => r.text))).forEach((o, k) => {
      if ('error' in o) return;
      const r = chunk[k]!;
      const p = LABELS.indexOf(o.sentiment.replace('VERY_', ''));
      const path = o.rationale.startsWith('Not scored') ? 'abstain' : /from sentiment lexicons/.test(o.rationale) ? 'lexicon' : /^NEUTRAL: no sentiment-lexicon/.test(o.rationale) ? 'neutral-rule' : 'model';
      (by.get(r.lang) ?? by.set(r.lang, []).get(r.lang)!).push({ g: r.polarity!, p, path });
    });
  }
  const cells: string[] = [];
  let accSum = 0, f1Sum = 0;
  for (const [l, xs] of [...by].sort()) {
    const acc = xs.filter((x) => x.g === x.p).length / xs.length;
    let f1 = 0, n = 0;
    for (const c of [0, 1, 2]) { if (!xs.some((x) => x.g === c)) continue; n++; const tp = xs.filter((x) => x.g === c && x.p === c).length, fp = xs.filter((x) => x.g !== c && x.p === c).length, fn = xs.filter((x) => x.g === c && x.p !== c).length; f1 += tp ? 2 * tp / (2 * tp + fp + fn) : 0; }
    f1 /= n; accSum += acc; f1Sum += f1;
    const model = xs.filter((x) => x.path === 'model').length;
    cells.push(`${l} ${(100 * acc).toFixed(0)}/${(100 * f1).toFixed(1)} model ${model}/${xs.length}`);
  }
  console.log(dir, 'mean acc', (100 * accSum / by.size).toFixed(1), 'mean macro-F1', (100 * f1Sum / by.size).toFixed(1), '\n ', cells.join(', '));
}
