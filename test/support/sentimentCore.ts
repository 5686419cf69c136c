/** Cores with their own state folder and settings, for the sentiment tests that need a controlled queue. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCoreConfig, type CoreConfig, type SentimentConfig } from '../../src/config.js';
import { startCore, type Core } from '../../src/server.js';

export async function startSentimentCore(sentiment: Partial<SentimentConfig> = {}, extra: Partial<CoreConfig> = {}): Promise<{ core: Core; stateDir: string; close: () => Promise<void> }> {
  const stateDir = mkdtempSync(join(tmpdir(), 'meridian-sc-'));
  const base = loadCoreConfig();
  const core = await startCore({ ...base, grpcAddress: '127.0.0.1:0', stateDir, ...extra, sentiment: { ...base.sentiment, ...sentiment } });
  return {
    core,
    stateDir,
    close: async () => {
      await core.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
