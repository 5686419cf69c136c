/**
 * Starts one real core (gRPC on an ephemeral port, the real geo DuckDB file)
 * for the suites that talk to it, and stops it afterwards.
 */
import type { TestProject } from 'vitest/node';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCoreConfig } from '../../src/config.js';
import { startCore, type Core } from '../../src/server.js';
import { ensureTestIdentities } from './testIdentities.js';

let core: Core | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env['NODE_ENV'] = 'test';
  const stateDir = mkdtempSync(join(tmpdir(), 'meridian-core-'));
  await ensureTestIdentities(stateDir);
  // mutual TLS, as npm start: clients take their certificates from stateDir/tls (coreTrust.ts)
  core = await startCore({ ...loadCoreConfig(), grpcAddress: '127.0.0.1:0', stateDir, plaintext: false });
  project.provide('coreAddress', core.address);
  project.provide('coreStateDir', stateDir);
  return async () => {
    await core?.close();
    rmSync(stateDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext { coreAddress: string; coreStateDir: string }
}
