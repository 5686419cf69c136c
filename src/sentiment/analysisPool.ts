/**
 * The Piscina pool that runs the models, sized for the machine: `workers` threads
 * (default min(4, cores)), each with `ortThreads` ONNX intra-op threads (default
 * 1), kept alive between bursts (idleTimeout: Infinity, so models are loaded once)
 * and with a bounded queue (the micro-batcher keeps at most two tasks per worker
 * in flight; Piscina's own queue never grows past that).
 *
 * The threads start on `start()` (the core calls it once it listens) or on the
 * first task, whichever comes first: loading the models takes each thread
 * ~0.5 s of CPU, which on a 2-core machine otherwise competes with the core's
 * own start for the same cores and delays the moment it answers (a task sent
 * before the models are in waits for them, as before).
 */
import { Piscina } from 'piscina';
import { fileURLToPath } from 'node:url';
import type { AnalysisOutcome } from './sentimentAnalyzer.js';
import type { AnalysisTask } from './analysisWorker.js';
import { logger } from '../log.js';

export interface AnalysisPool {
  run(task: AnalysisTask): Promise<AnalysisOutcome[]>;
  /** Starts the threads (loading the models) if they are not running yet. */
  start(): void;
  readonly workers: number;
  close(): Promise<void>;
}

export function createAnalysisPool(opts: { workers: number; ortThreads: number; modelsDir?: string }): AnalysisPool {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(fromSource ? './analysisWorkerSource.mjs' : './analysisWorker.js', import.meta.url));
  let pool: Piscina | undefined;
  const start = (): Piscina => {
    if (pool) return pool;
    pool = new Piscina({
      filename,
      minThreads: opts.workers,
      maxThreads: opts.workers,
      idleTimeout: Infinity,
      maxQueue: opts.workers * 4,
      concurrentTasksPerWorker: 1,
      workerData: { ortThreads: opts.ortThreads, modelsDir: opts.modelsDir },
    });
    pool.on('error', (err: unknown) => logger.error({ err }, 'analysis worker error'));
    return pool;
  };
  return {
    workers: opts.workers,
    start: () => { start(); },
    run: (task) => start().run(task) as Promise<AnalysisOutcome[]>,
    // Terminating a worker while it is inside onnxruntime's InferenceSession.create
    // aborts the whole process (a Napi::Error thrown from native code): let a no-op task
    // through first, which runs only once each worker's models have loaded (or failed to).
    close: async () => {
      if (!pool) return;
      const p = pool;
      await Promise.all(Array.from({ length: opts.workers }, () => p.run({ texts: [], domains: [] }).catch(() => undefined)));
      await p.destroy();
    },
  };
}
