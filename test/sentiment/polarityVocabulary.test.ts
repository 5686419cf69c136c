/**
 * The polarity vocabulary (training/polarityVocabulary.ts) through the real analyzer: sentences written for this test
 * (not from the everyday sets), two positive and two negative per vocabulary language. A reader without the
 * vocabulary answers most of them NEUTRAL (these languages had no lexicon hit: models/general.md).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { SentimentAnalyzer, type AnalysisOutcome, type AnalysisOutput } from '../../src/sentiment/sentimentAnalyzer.js';

const SENTENCES: Readonly<Record<string, { pos: string[]; neg: string[] }>> = {
  el: { pos: ['Το ξενοδοχείο ήταν καταπληκτικό και το προσωπικό πολύ φιλικό.', 'Αγαπώ αυτή την πόλη, την συστήνω σε όλους.'],
    neg: ['Το λεωφορείο είχε πάλι μεγάλη καθυστέρηση.', 'Η υπηρεσία ήταν χάλια και ο σερβιτόρος αγενής.'] },
  he: { pos: ['הארוחה הייתה מעולה והשירות אדיב.', 'אהבתי את הסרט, ממש מומלץ.'],
    neg: ['המכונה התקלקלה כבר אחרי שבוע.', 'המלון היה רועש והחדר יקר מדי.'] },
  ja: { pos: ['このカフェはとても快適で、店員さんも丁寧でした。', '新しいアプリは便利で気に入っています。'],
    neg: ['電車が遅延して会議に間に合わなかった。', 'このレストランは最低で、料理も不味かった。'] },
  ko: { pos: ['이 호텔은 정말 편하고 직원도 친절했어요.', '새 노트북이 빠르고 만족스러워요.'],
    neg: ['배송이 늦었고 상자도 망가져 있었어요.', '서비스가 불친절해서 너무 실망했어요.'] },
  zh: { pos: ['这家店的服务很贴心，价格也划算。', '新手机用起来很方便，我很满意。'],
    neg: ['航班又延误了，真让人生气。', '这个房间又脏又吵，太糟糕了。'] },
  bg: { pos: ['Хотелът беше много удобен и персоналът мил.', 'Харесвам този ресторант, храната е великолепна.'],
    neg: ['Телефонът се оказа повреден още първия ден.', 'Обслужването беше грубо и цените скъпи.'] },
};

let analyzer: SentimentAnalyzer;
const ok = (o: AnalysisOutcome | undefined): AnalysisOutput => {
  if (!o || 'error' in o) throw new Error(`expected a result, got ${JSON.stringify(o)}`);
  return o;
};

beforeAll(async () => {
  analyzer = await SentimentAnalyzer.load();
});

describe('polarity vocabulary languages', () => {
  for (const [lang, { pos, neg }] of Object.entries(SENTENCES)) {
    it(`${lang}: positive sentences read positive, negative ones negative`, async () => {
      const outs = (await analyzer.analyze([...pos, ...neg])).map(ok);
      const got = outs.map((o, i) => `${o.sentiment} (${o.language.code}) ${[...pos, ...neg][i]}`);
      expect(outs.slice(0, pos.length).map((o) => o.sentiment.endsWith('POSITIVE')), got.join('\n')).toEqual(pos.map(() => true));
      expect(outs.slice(pos.length).map((o) => o.sentiment.endsWith('NEGATIVE')), got.join('\n')).toEqual(neg.map(() => true));
    });
  }
});
