/**
 * Core replicas for the scale tests and the scale bench: real core processes (the
 * test core entry, test/support/coreProcess.ts) sharing one PostgreSQL through
 * MERIDIAN_DATABASE_URL, each with its own state folder holding one shared certificate
 * authority (clusterTls), and the real geo file and models.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCoreProcess } from '../support/coreChild.js';
import { ensureTestIdentities } from '../support/testIdentities.js';

export interface CoreReplica {
  child: ChildProcess;
  address: string;
  pid: number;
  /** SIGKILL: no drain, no lease given back. */
  kill(): Promise<void>;
  /** SIGTERM: the core drains and gives its held jobs back. */
  stop(): Promise<void>;
}

let sharedTls: Promise<string> | undefined;
/** One CA and role certificates for every replica of a run, as a deployment mounts one CA secret in every core. */
function clusterTls(): Promise<string> {
  sharedTls ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'meridian-cluster-tls-'));
    await ensureTestIdentities(dir);
    return dir;
  })();
  return sharedTls;
}

export async function startCoreReplica(databaseUrl: string, env: Record<string, string> = {}): Promise<CoreReplica> {
  const stateDir = mkdtempSync(join(tmpdir(), 'meridian-replica-'));
  const { child, address } = await startCoreProcess(stateDir, { MERIDIAN_DATABASE_URL: databaseUrl, MERIDIAN_LOG_LEVEL: 'error', ...env }, await clusterTls());
  const exited = new Promise<void>((r) => {
    if (child.exitCode !== null) { r(); return; }
    child.once('exit', () => { rmSync(stateDir, { recursive: true, force: true }); r(); });
  });
  return {
    child, address, pid: child.pid!,
    kill: async () => { child.kill('SIGKILL'); await exited; },
    stop: async () => { if (child.exitCode === null) child.kill('SIGTERM'); await exited; },
  };
}

/** `n` varied texts (every tenth negative, so batches are not all alike). */
export function texts(n: number, tag: string): { text: string }[] {
  const good = ['the service was quick and friendly', 'great value, would order again', 'support solved it within minutes', 'lovely weather for the launch'];
  const bad = ['the parcel arrived broken and nobody answered', 'terrible delay, I want a refund'];
  return Array.from({ length: n }, (_, i) => ({ text: `${tag} #${i}: ${i % 10 === 0 ? bad[i % bad.length] : good[i % good.length]}` }));
}
