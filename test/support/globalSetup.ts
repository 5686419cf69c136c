/**
 * Starts one real core (gRPC on an ephemeral port, the real geo DuckDB file)
 * for the suites that talk to it, and stops it afterwards.
 */
import type { TestProject } from 'vitest/node';
import { loadCoreConfig } from '../../src/config.js';
import { startCore, type Core } from '../../src/server.js';

let core: Core | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env['NODE_ENV'] = 'test';
  core = await startCore({ ...loadCoreConfig(), grpcAddress: '127.0.0.1:0' });
  project.provide('coreAddress', core.address);
  return async () => { await core?.close(); };
}

declare module 'vitest' {
  export interface ProvidedContext { coreAddress: string }
}
