/** Cores with their own state folder and settings, for the sentiment tests that need a controlled queue. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCoreConfig, type CoreConfig, type SentimentConfig } from '../../src/config.js';
import { startCore, type Core } from '../../src/server.js';
import { ensureTestIdentities } from './testIdentities.js';
import { registerCore } from './coreTrust.js';

export async function startSentimentCore(sentiment: Partial<SentimentConfig> = {}, extra: Partial<CoreConfig> = {}): Promise<{ core: Core; stateDir: string; close: () => Promise<void> }> {
  const stateDir = mkdtempSync(join(tmpdir(), 'meridian-sc-'));
  const base = loadCoreConfig();
  await ensureTestIdentities(stateDir);
  // a test that sets the task size gets tasks of that size (no larger ones for a backlog) unless it sets batchMax too
  const sized = sentiment.batchSize !== undefined && sentiment.batchMax === undefined ? { batchMax: sentiment.batchSize } : {};
  const core = await startCore({ ...base, grpcAddress: '127.0.0.1:0', stateDir, plaintext: false, ...extra, sentiment: { ...base.sentiment, ...sized, ...sentiment } });
  registerCore(core.address, stateDir);
  return {
    core,
    stateDir,
    close: async () => {
      await core.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** Runs SQL on a closed core's sentiment state file (what an older Meridian or a hand edit would have left there). */
export async function editStateFile(stateDir: string, sql: string): Promise<void> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const db = await DuckDBInstance.create(join(stateDir, 'sentiment.duckdb'));
  const c = await db.connect();
  try {
    await c.run(sql);
  } finally {
    c.closeSync();
    db.closeSync();
  }
}
