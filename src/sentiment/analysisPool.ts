/**
 * The Piscina pool that runs the models, sized for the machine: `workers` threads
 * (default min(4, cores)), each with `ortThreads` ONNX intra-op threads (default
 * 1), kept alive between bursts (idleTimeout: Infinity, so models are loaded once)
 * and with a bounded queue (the micro-batcher keeps at most two tasks per worker
 * in flight; Piscina's own queue never grows past that).
 */
import { Piscina } from 'piscina';
import { fileURLToPath } from 'node:url';
import type { AnalysisOutcome } from './sentimentAnalyzer.js';
import type { AnalysisTask } from './analysisWorker.js';
import { logger } from '../log.js';

export interface AnalysisPool {
  run(task: AnalysisTask): Promise<AnalysisOutcome[]>;
  readonly workers: number;
  close(): Promise<void>;
}

export function createAnalysisPool(opts: { workers: number; ortThreads: number; modelsDir?: string }): AnalysisPool {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(fromSource ? './analysisWorkerSource.mjs' : './analysisWorker.js', import.meta.url));
  const pool = new Piscina({
    filename,
    minThreads: opts.workers,
    maxThreads: opts.workers,
    idleTimeout: Infinity,
    maxQueue: opts.workers * 4,
    concurrentTasksPerWorker: 1,
    workerData: { ortThreads: opts.ortThreads, modelsDir: opts.modelsDir },
  });
  pool.on('error', (err: unknown) => logger.error({ err }, 'analysis worker error'));
  return {
    workers: opts.workers,
    run: (task) => pool.run(task) as Promise<AnalysisOutcome[]>,
    // Terminating a worker while it is inside onnxruntime's InferenceSession.create
    // aborts the whole process (a Napi::Error thrown from native code): let a no-op task
    // through first, which runs only once each worker's models have loaded (or failed to).
    close: async () => {
      await Promise.all(Array.from({ length: opts.workers }, () => pool.run({ texts: [], domains: [] }).catch(() => undefined)));
      await pool.destroy();
    },
  };
}
