/**
 * Starts a core in a child process (test/support/coreProcess.ts) for the tests that
 * kill one (crash, webhooks, replicas), and makes it known to the test clients
 * (registerCore), which read their certificates from its state folder.
 * `shareTlsFrom`: copy that folder's CA and role certificates in first, so that
 * several cores (replicas) trust each other's clients, as a deployment mounts one CA.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from '../../src/paths.js';
import { registerCore } from './coreTrust.js';

export interface CoreChild { child: ChildProcess; address: string }

export function startCoreProcess(stateDir: string, env: Record<string, string> = {}, shareTlsFrom?: string): Promise<CoreChild> {
  if (shareTlsFrom) {
    mkdirSync(join(stateDir, 'tls'), { recursive: true, mode: 0o700 });
    for (const f of readdirSync(join(shareTlsFrom, 'tls'))) {
      if (/^(ca|gateway|admin|internal)-(cert|key)\.pem$/.test(f)) copyFileSync(join(shareTlsFrom, 'tls', f), join(stateDir, 'tls', f));
    }
  }
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'test', 'support', 'coreProcess.ts')], {
    cwd: projectRoot,
    env: { ...process.env, MERIDIAN_STATE_DIR: stateDir, MERIDIAN_SENTIMENT_WORKERS: '1', MERIDIAN_LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const m = JSON.parse(line) as { address?: string };
        if (m.address) { registerCore(m.address, stateDir); resolve({ child, address: m.address }); }
      } catch {
        /* log lines */
      }
    });
    child.once('exit', (code) => reject(new Error(`core process exited early (${code})`)));
  });
}
