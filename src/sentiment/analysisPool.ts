/**
 * The Piscina pool that runs the models, sized for the machine: `workers` threads
 * (default 1 on 2 cores or fewer, else 2: src/config.ts), each with `ortThreads` ONNX intra-op threads (default
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
import { MODELS_SETTLED, unpackOutcomes, type PackedOutcomes } from './analysisProtocol.js';
import { logger } from '../log.js';

export interface AnalysisPool {
  run(task: AnalysisTask): Promise<AnalysisOutcome[]>;
  /**
   * Starts the threads (loading the models) if they are not running yet; resolves once one has loaded its models,
   * with undefined, or with why they did not load (missing, or not matching their sidecar).
   */
  start(): Promise<string | undefined>;
  readonly workers: number;
  close(): Promise<void>;
}

/**
 * The analysis threads' V8 young generation, in MB (3 semi-spaces of 4 MB). V8's
 * default lets each isolate's grow to 48 MB, and a grown one is kept: after the
 * sentiment bench's warm-up the service held 611-632 MB idle and 1,006-1,051 MB at
 * its peak. With the young generation of the pool and core threads at 12 MB
 * (bin/meridian.ts sets the core's): 574-582 MB idle, 854-890 MB at the peak, the
 * batch's CPU per text within the runs' spread (CHANGELOG.md).
 * The gateway's (main) isolate keeps V8's default: a small one there
 * (--max-semi-space-size=4 for the whole process) cost a quarter of the by-id req/s.
 */
export const YOUNG_GENERATION_MB = 12;

export function createAnalysisPool(opts: { workers: number; ortThreads: number; modelsDir?: string }): AnalysisPool {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(fromSource ? '../../test/support/tsxAnalysisWorker.mjs' : './analysisWorker.js', import.meta.url));
  let pool: Piscina | undefined;
  /** Threads past loading their models (they say so: analysisWorker.ts), and who waits for the rest. */
  const settled = new Set<number>();
  let onSettled: (() => void) | undefined;
  const start = (): Piscina => {
    if (pool) return pool;
    pool = new Piscina({
      filename,
      minThreads: opts.workers,
      maxThreads: opts.workers,
      idleTimeout: Infinity,
      maxQueue: opts.workers * 4,
      concurrentTasksPerWorker: 1,
      // a small young generation (V8's default grows to 3 × 16 MB per isolate and keeps it): see YOUNG_GENERATION_MB
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      workerData: { ortThreads: opts.ortThreads, modelsDir: opts.modelsDir },
    });
    pool.on('error', (err: unknown) => logger.error({ err }, 'analysis worker error'));
    pool.on('message', (m: unknown) => {
      if (typeof m === 'object' && m !== null && MODELS_SETTLED in m) {
        settled.add((m as Record<string, number>)[MODELS_SETTLED]!);
        onSettled?.();
      }
    });
    return pool;
  };
  // An empty task runs only once its worker's models have loaded, and fails with the reason when they did not
  // (analysisWorker.ts).
  const loaded = (p: Piscina): Promise<unknown> => p.run({ texts: [], domains: [] });
  return {
    workers: opts.workers,
    start: () => loaded(start()).then(() => undefined, (e: unknown) => (e instanceof Error ? e.message : String(e))),
    run: (task) => (start().run(task) as Promise<PackedOutcomes>).then(unpackOutcomes),
    // Terminating a worker while it is inside onnxruntime's InferenceSession.create aborts the whole process
    // (a Napi::Error thrown from native code), so close waits until every thread has said its models settled.
    // (It sent one empty task per thread before; when a thread still loading held a task already, both went to
    // the other thread, and the loading one was ended: 1 close in 6 aborted, soon after start with 2 threads.)
    // A timer keeps the process up meanwhile: with nothing else left it would exit and end the threads itself.
    close: async () => {
      if (!pool) return;
      const p = pool;
      const keepAlive = setInterval(() => undefined, 1000);
      try {
        const deadline = Date.now() + 120_000; // a thread that neither loads nor fails is ended anyway
        const unsettled = () => p.threads.some((t) => !settled.has(t.threadId));
        while (unsettled() && Date.now() < deadline) {
          await new Promise<void>((resolve) => {
            onSettled = resolve;
            setTimeout(resolve, 250); // threads that exit (and leave p.threads) send nothing
          });
        }
      } finally {
        onSettled = undefined;
        clearInterval(keepAlive);
      }
      await p.destroy();
    },
  };
}
