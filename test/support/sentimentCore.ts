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
  const core = await startCore({ ...base, grpcAddress: '127.0.0.1:0', stateDir, plaintext: false, ...extra, sentiment: { ...base.sentiment, ...sentiment } });
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
