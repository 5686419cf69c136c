/**
 * Core replicas for the scale tests and the scale bench: real core processes (the
 * test core entry, test/support/coreProcess.ts) sharing one PostgreSQL through
 * MERIDIAN_DATABASE_URL, each with its own state folder (certificate authority) and
 * the real geo file and models.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from '../../src/paths.js';

export interface CoreReplica {
  child: ChildProcess;
  address: string;
  pid: number;
  /** SIGKILL: no drain, no lease given back. */
  kill(): Promise<void>;
  /** SIGTERM: the core drains and gives its held jobs back. */
  stop(): Promise<void>;
}

export function startCoreReplica(databaseUrl: string, env: Record<string, string> = {}): Promise<CoreReplica> {
  const stateDir = mkdtempSync(join(tmpdir(), 'meridian-replica-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'test', 'support', 'coreProcess.ts')], {
    cwd: projectRoot,
    env: {
      ...process.env, MERIDIAN_STATE_DIR: stateDir, MERIDIAN_DATABASE_URL: databaseUrl, MERIDIAN_SENTIMENT_WORKERS: '1',
      MERIDIAN_LOG_LEVEL: 'error', NODE_ENV: 'test', ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => { rmSync(stateDir, { recursive: true, force: true }); r(); }));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      try {
        const m = JSON.parse(line) as { address?: string };
        if (m.address) {
          resolve({
            child, address: m.address, pid: child.pid!,
            kill: async () => { child.kill('SIGKILL'); await exited; },
            stop: async () => { if (child.exitCode === null) child.kill('SIGTERM'); await exited; },
          });
        }
      } catch {
        /* log lines */
      }
    });
    child.once('exit', (code) => reject(new Error(`core replica exited early (${code})`)));
  });
}

/** `n` varied texts (every tenth negative, so batches are not all alike). */
export function texts(n: number, tag: string): { text: string }[] {
  const good = ['the service was quick and friendly', 'great value, would order again', 'support solved it within minutes', 'lovely weather for the launch'];
  const bad = ['the parcel arrived broken and nobody answered', 'terrible delay, I want a refund'];
  return Array.from({ length: n }, (_, i) => ({ text: `${tag} #${i}: ${i % 10 === 0 ? bad[i % bad.length] : good[i % good.length]}` }));
}
