/**
 * `npm start` on fixed ports (the default) starts the gateway while the core
 * loads (bin/meridian.ts): /healthz says 503 with the core UNAVAILABLE until
 * the core listens, then 200, and a city answers; SIGTERM still exits 0.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const freePort = () => new Promise<number>((resolve, reject) => {
  const s = createServer();
  s.once('error', reject);
  s.listen(0, '127.0.0.1', () => { const a = s.address(); s.close(() => resolve(typeof a === 'object' && a ? a.port : 0)); });
});

it('serves /healthz honestly while the core loads, then answers', async () => {
  const state = mkdtempSync(join(tmpdir(), 'meridian-parallel-'));
  const [http, grpc] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/meridian.ts'], {
    env: { ...process.env, MERIDIAN_STATE_DIR: state, MERIDIAN_HTTP_ADDR: `127.0.0.1:${http}`, MERIDIAN_GRPC_ADDR: `127.0.0.1:${grpc}`, MERIDIAN_LOG_LEVEL: 'warn', MERIDIAN_SENTIMENT_WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
  child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
  try {
    const statuses: number[] = [];
    const until = Date.now() + 90_000;
    while (Date.now() < until && child.exitCode === null) {
      try {
        const r = await fetch(`http://127.0.0.1:${http}/healthz`);
        const body = (await r.json()) as { data: { gateway: string; core: string }; errors: { code: string }[] };
        statuses.push(r.status);
        if (r.status === 200) { expect(body.data.core).toBe('SERVING'); break; }
        expect(r.status).toBe(503);
        expect(body.data).toEqual({ gateway: 'SERVING', core: 'UNAVAILABLE' });
        expect(body.errors[0]!.code).toBe('SERVICE_UNAVAILABLE');
      } catch (e) {
        if (!(e instanceof TypeError)) throw e; // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(statuses.at(-1), out).toBe(200);
    const waitFor = async (re: RegExp) => { for (let i = 0; i < 100 && !re.test(out); i++) await new Promise((r) => setTimeout(r, 50)); };
    await waitFor(/core \(gRPC\) on/);
    expect(out).toContain(`core (gRPC) on 127.0.0.1:${grpc}`);
    const key = readFileSync(join(state, 'local-key.txt'), 'utf8').trim();
    const res = await fetch(`http://127.0.0.1:${http}/v1/geo/cities/5391959`, { headers: { 'X-Gateway-Key': key } });
    expect(((await res.json()) as { data: { city: string } }).data.city).toBe('San Francisco');
    const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(state, { recursive: true, force: true });
  }
}, 120_000);
