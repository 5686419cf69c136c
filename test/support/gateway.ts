/**
 * Starts a real gateway (HTTP on an ephemeral port) against the suite's real
 * core, with its own state folder (so its keys are its own) and a fast key
 * reload, and gives back the local key it created on first start.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { expect, inject } from 'vitest';
import { loadGatewayConfig, type GatewayConfig } from '../../gateway/config.js';
import { startGateway, type Gateway } from '../../gateway/app.js';
import { localKeyPath } from '../../gateway/auth/keyStore.js';
import { gatewayTlsFor } from './coreTrust.js';
import type { UnaryMethod } from '../../gateway/coreClient.js';
import { request } from 'node:http';

export interface TestGateway {
  url: string;
  gateway: Gateway;
  key: string;
  stateDir: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies are checked field by field in the tests
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any; text: string }>;
  /** Any method with an optional JSON (or raw string) body; the key is sent unless headers say otherwise. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as get()
  send(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any; text: string }>;
  close(): Promise<void>;
}

export async function startTestGateway(overrides: Partial<GatewayConfig> = {}): Promise<TestGateway> {
  const stateDir = mkdtempSync(join(tmpdir(), 'meridian-gw-'));
  const config: GatewayConfig = {
    ...loadGatewayConfig({}), httpAddress: '127.0.0.1:0', coreAddress: inject('coreAddress'), stateDir, keyReloadMs: 50, ...overrides,
  };
  // mutual TLS to the core with the gateway certificate from the core's state folder (unless the test chose its own)
  if (!('coreTls' in overrides)) config.coreTls = gatewayTlsFor(config.coreAddress);
  const { gateway, url } = await startGateway(config, pino({ level: 'silent' }));
  // A gateway sharing keys on PostgreSQL with one started before it finds keys there and makes no local key.
  const key = existsSync(localKeyPath(config.stateDir)) ? readFileSync(localKeyPath(config.stateDir), 'utf8').trim() : '';
  return {
    url, gateway, key, stateDir: config.stateDir,
    async get(path, headers = { 'X-Gateway-Key': key }) {
      const res = await fetch(url + path, { headers });
      const text = await res.text();
      let body: unknown;
      try { body = JSON.parse(text); } catch { body = undefined; }
      return { status: res.status, headers: res.headers, body, text };
    },
    async send(method, path, body, headers = {}) {
      const res = await fetch(url + path, {
        method,
        headers: { 'X-Gateway-Key': key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      let parsed: unknown;
      try { parsed = JSON.parse(text); } catch { parsed = undefined; }
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
    async close() {
      await gateway.close();
      rmSync(stateDir, { recursive: true, force: true }); // the folder made here; a folder the test passed in is the test's
    },
  };
}

/** Waits until `check` holds (key reloads and jobs are asynchronous), polling every `step` ms, failing after `ms`. */
export async function eventually(check: () => Promise<boolean>, ms = 3000, step = 25): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, step));
  }
  throw new Error(`condition did not hold within ${ms} ms`);
}

/** A raw HTTP request (fetch would decode the body and hide what was on the wire: compression, exact bytes). */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The core methods a gateway called while `run` ran (REST and GraphQL alike: CoreClient.call goes through callBytes). */
export async function coreCallsDuring(g: TestGateway, run: () => Promise<unknown>): Promise<string[]> {
  const core = g.gateway.core;
  const calls: string[] = [];
  const callBytes = core.callBytes.bind(core);
  core.callBytes = (m: UnaryMethod, req: object, o?: never) => { calls.push(m.path.split('/').pop() as string); return callBytes(m, req, o); };
  try { await run(); } finally { core.callBytes = callBytes; }
  return calls;
}

/** Response headers but those that change from one request to the next (date, the rate counters, the connection's). */
export const steadyHeaders = (h: Headers): Record<string, string> => Object.fromEntries([...h].filter(([k]) => !['date', 'x-ratelimit-remaining', 'x-ratelimit-requests-remaining', 'x-ratelimit-reset', 'keep-alive', 'x-request-id'].includes(k)));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies are checked field by field
export type GeoDbBody = any;

/** A GET as a GeoDB client sends it (RapidAPI's key and host headers), expecting 200 and an empty errors array. */
export async function geodbGet(gw: TestGateway, path: string): Promise<GeoDbBody> {
  const r = await gw.get(path, { 'X-RapidAPI-Key': gw.key, 'X-RapidAPI-Host': 'wft-geo-db.p.rapidapi.com' });
  expect(r.status, `${path}: ${r.text.slice(0, 300)}`).toBe(200);
  expect(r.body.errors).toEqual([]);
  return r.body;
}
