/**
 * The Piscina worker: loads both ONNX sessions once (intraOpNumThreads from the
 * pool's workerData) and analyses the micro-batches the core sends it. Every
 * InferenceSession.run happens here, never on the core's event loop.
 */
import { parentPort, threadId } from 'node:worker_threads';
import { workerData } from 'piscina';
import { MODELS_SETTLED, packOutcomes, type PackedOutcomes } from './analysisProtocol.js';
import { SentimentAnalyzer, type AnalysisOutcome } from './sentimentAnalyzer.js';
import type { Domain } from './labels.js';

/** One micro-batch: texts and their domains, index by index (two flat arrays copy between threads faster than an object per text). */
export interface AnalysisTask {
  texts: string[];
  domains: Domain[];
}

const data = (workerData ?? {}) as { ortThreads?: number; modelsDir?: string };
// A worker whose models do not load stays up and fails each task with the reason
// (the runner retries, then marks the jobs FAILED), rather than dying in a restart loop.
let analyzer: SentimentAnalyzer | undefined;
let loadError: string | undefined;
try {
  analyzer = await SentimentAnalyzer.load({
    intraOpNumThreads: data.ortThreads ?? 1,
    ...(data.modelsDir ? { modelsDir: data.modelsDir } : {}),
  });
} catch (e) {
  loadError = e instanceof Error ? e.message : String(e);
}
// Tells the pool this thread is past loading (AnalysisPool.close waits for it: ending a thread inside
// onnxruntime's session creation aborts the whole process).
parentPort?.postMessage({ [MODELS_SETTLED]: threadId });

/** Analyses the batch, one session run per domain present; outcomes in item order, packed for the trip back. */
export default async function analyze(task: AnalysisTask): Promise<PackedOutcomes> {
  return packOutcomes(await outcomesOf(task));
}

async function outcomesOf(task: AnalysisTask): Promise<AnalysisOutcome[]> {
  if (!analyzer) throw new Error(`the sentiment models could not be loaded: ${loadError}`);
  const out: AnalysisOutcome[] = new Array(task.texts.length);
  for (const domain of ['GENERAL', 'FINANCIAL_NEWS'] as Domain[]) {
    const idx: number[] = [];
    task.domains.forEach((d, i) => {
      if (d === domain) idx.push(i);
    });
    if (idx.length === 0) continue;
    if (idx.length === task.texts.length) return analyzer.analyze(task.texts, domain);
    const res = await analyzer.analyze(idx.map((i) => task.texts[i]!), domain);
    idx.forEach((i, k) => (out[i] = res[k]!));
  }
  return out;
}
