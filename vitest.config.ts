import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * Files that time something against a limit (a refusal in under 50 ms, event-loop lag under 100 ms, a request
 * refused within seconds, the store held at most a quarter of the time) or load every core on purpose: run after
 * the others, one at a time, so that another file's load does not eat their margin.
 */
const ALONE = [
  'test/security/graphqlLimits.test.ts', 'test/security/restFanOut.test.ts', 'test/security/lifecycle.test.ts',
  'test/rest/hostileClients.test.ts', 'test/rest/fuzz.test.ts', 'test/sentiment/compactionSpacing.test.ts',
  'test/gateway/exchangeCancellation.test.ts', 'test/scale/replicas.test.ts',
];

/**
 * The other files run in parallel: every suite starts its servers on ephemeral ports with its own state folder
 * (or PostgreSQL cluster), and the shared core of globalSetup is read-only. Vitest's default, one worker fewer than
 * the cores, is one file at a time on a 2-core machine; most of a file's time is spent waiting on child processes
 * and servers, so two files at a time there. MERIDIAN_TEST_WORKERS overrides it.
 */
const WORKERS = Number(process.env['MERIDIAN_TEST_WORKERS']) || Math.max(2, availableParallelism() - 1);

export default defineConfig({
  // graphql ships CommonJS (main) and ESM (module) builds. Node, and mercurius,
  // load the CommonJS one; Vite would pick the ESM one for our own imports, and
  // two copies of graphql refuse each other's types. Use the one Node uses.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    globalSetup: ['test/support/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
    projects: [
      { extends: true, test: { name: 'parallel', include: ['test/**/*.test.ts'], exclude: ALONE, maxWorkers: WORKERS, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'alone', include: ALONE, fileParallelism: false, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
