/**
 * The analysis pool's close while its threads are still loading the models: ending a
 * thread inside onnxruntime's session creation aborts the whole process, so close
 * must wait for every thread (a core stopped soon after it started aborted now and
 * then). Each close runs in a child process, which is what an abort would kill.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** A pool of two threads started, then closed `delayMs` later; resolves with the child's exit. */
async function startThenClose(delayMs: number): Promise<{ code: number | null; signal: string | null; out: string }> {
  const script = `
    import { createAnalysisPool } from './src/sentiment/analysisPool.ts';
    const pool = createAnalysisPool({ workers: 2, ortThreads: 1 });
    void pool.start();
    await new Promise((r) => setTimeout(r, ${delayMs}));
    await pool.close();
    console.log('closed');`;
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 120_000 });
    return { code: 0, signal: null, out: stdout };
  } catch (e) {
    const err = e as { code?: number; signal?: string; stdout?: string; stderr?: string };
    return { code: err.code ?? null, signal: err.signal ?? null, out: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

describe('analysis pool', () => {
  it('closes cleanly at any moment of its threads\' loading (it aborted the process about 1 close in 6)', async () => {
    // the moments cover: before either thread has loaded, one loaded and the other not, both loaded
    const delays = [0, 50, 100, 150, 200, 300, 450, 700];
    const results: Awaited<ReturnType<typeof startThenClose>>[] = [];
    for (let i = 0; i < delays.length; i += 2) results.push(...(await Promise.all(delays.slice(i, i + 2).map(startThenClose))));
    for (const [i, r] of results.entries()) {
      expect({ delay: delays[i], code: r.code, signal: r.signal, out: r.out.slice(-300) }).toMatchObject({ code: 0, signal: null, out: expect.stringContaining('closed') });
    }
  }, 300_000);
});
