/** Classification metrics for the evaluation tables: accuracy, macro-F1, macro-recall, per class. */

export interface ClassMetrics {
  label: string;
  support: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface Metrics {
  rows: number;
  accuracy: number;
  macroF1: number;
  macroRecall: number;
  perClass: ClassMetrics[];
}

/**
 * Single-label predictions against gold label sets (one gold label for sentiment; one
 * or more for multi-label emotions, where a prediction is correct when it is one of
 * the gold labels and each gold label counts toward its class's recall).
 */
export function score(labels: readonly string[], gold: number[][], predicted: number[]): Metrics {
  const K = labels.length;
  const tp = new Array<number>(K).fill(0);
  const fp = new Array<number>(K).fill(0);
  const fn = new Array<number>(K).fill(0);
  const support = new Array<number>(K).fill(0);
  let correct = 0;
  gold.forEach((g, i) => {
    const p = predicted[i]!;
    if (g.includes(p)) {
      correct++;
      tp[p]!++;
    } else fp[p]!++;
    for (const c of g) {
      support[c]!++;
      if (c !== p) fn[c]!++;
    }
  });
  const perClass = labels.map((label, c) => {
    const precision = tp[c]! + fp[c]! > 0 ? tp[c]! / (tp[c]! + fp[c]!) : 0;
    const recall = tp[c]! + fn[c]! > 0 ? tp[c]! / (tp[c]! + fn[c]!) : 0;
    const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
    return { label, support: support[c]!, precision, recall, f1 };
  });
  const present = perClass.filter((c) => c.support > 0);
  const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  return {
    rows: gold.length,
    accuracy: gold.length ? correct / gold.length : 0,
    macroF1: mean(present.map((c) => c.f1)),
    macroRecall: mean(present.map((c) => c.recall)),
    perClass,
  };
}

export function argmax(p: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
  return best;
}

export const pct = (x: number): string => (x * 100).toFixed(1);
