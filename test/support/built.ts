/**
 * dist/ brought up to date by the freshness check `npm start` runs (bin/ensureBuilt.mjs: compiles only when a source
 * is newer than the last build), for the tests that run programs compiled, as `npm run …` does. One check at a time
 * across the suite's workers: two compiles at once would write the same dist/ files while the other's children read them.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../lib/projectRoot.js';

const LOCK = join(tmpdir(), `meridian-ensure-built-${createHash('sha256').update(projectRoot).digest('hex').slice(0, 12)}.lock`);
/** A lock older than this was left by a killed run (a full compile takes about a minute on 2 cores). */
const STALE_MS = 10 * 60_000;

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

export function ensureBuilt(): void {
  for (;;) {
    try {
      closeSync(openSync(LOCK, 'wx'));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_MS) rmSync(LOCK, { force: true });
      } catch { /* removed meanwhile */ }
      pause(200);
    }
  }
  try {
    const r = spawnSync(process.execPath, [join(projectRoot, 'bin', 'ensureBuilt.mjs')], { cwd: projectRoot, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bin/ensureBuilt.mjs failed: ${r.stderr}`);
  } finally {
    rmSync(LOCK, { force: true });
  }
}
