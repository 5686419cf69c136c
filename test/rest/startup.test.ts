/**
 * What `npm start` runs (bin/meridian.ts): core and gateway in one process on
 * ephemeral ports, the local key created on first start, a REST answer and a
 * gRPC answer, then a clean exit on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { geoClient } from '../support/grpcClient.js';
import { registerCore } from '../support/coreTrust.js';

it('starts core and gateway together, answers REST and gRPC, and stops cleanly on SIGTERM', async () => {
  const state = mkdtempSync(join(tmpdir(), 'meridian-start-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/meridian.ts'], {
    env: { ...process.env, MERIDIAN_STATE_DIR: state, MERIDIAN_HTTP_ADDR: '127.0.0.1:0', MERIDIAN_GRPC_ADDR: '127.0.0.1:0', MERIDIAN_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
  child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
  try {
    // the launcher's last start-up line, as it arrives (or the child's exit, or a minute)
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, 60_000);
      function done() { clearTimeout(timer); child.stdout.off('data', check); child.stderr.off('data', check); resolve(); }
      function check() { if (/try: curl/.test(out)) done(); }
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      child.once('exit', done);
      check();
    });
    const http = /gateway \(REST, JSONP, GraphQL, OpenAPI\) on (http:\/\/[\d.:]+)/.exec(out)?.[1];
    const grpcAddress = /core \(gRPC\) on ([\d.:]+)/.exec(out)?.[1];
    expect(http, out).toBeDefined();
    expect(out).toContain(`created a local API key with every scope: ${join(state, 'local-key.txt')}`);
    const key = readFileSync(join(state, 'local-key.txt'), 'utf8').trim();
    const res = await fetch(`${http}/v1/geo/cities/5391959`, { headers: { 'X-Gateway-Key': key } });
    expect(((await res.json()) as { data: { city: string } }).data.city).toBe('San Francisco');
    registerCore(grpcAddress as string, state); // the launcher created the CA and certificates in the state folder
    const geo = geoClient(grpcAddress as string);
    expect((await geo.call<{ data: { city: string } }>('GetCity', { cityId: 5391959 })).data.city).toBe('San Francisco');
    geo.close();
    const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(state, { recursive: true, force: true });
  }
}, 90_000);

it('the launcher\'s first import is the one that sets DuckDB\'s allocator options (bin/duckdbAllocator.ts)', () => {
  // jemalloc reads DUCKDB_JE_MALLOC_CONF once, when libduckdb loads: an import placed above this one that
  // loads DuckDB (the gateway's key store does) would silently undo the peak-RSS setting.
  const imports = readFileSync('bin/meridian.ts', 'utf8').split('\n').filter((l) => /^import\s/.test(l));
  expect(imports[0]).toMatch(/^import '\.\/duckdbAllocator\.js';/);
  expect(readFileSync('bin/duckdbAllocator.ts', 'utf8')).toMatch(/process\.env\['DUCKDB_JE_MALLOC_CONF'\] \?\?= /);
});
