/**
 * The headers the gateway's own hooks write, exactly as the plugins they
 * replaced wrote them (CORS is @fastify/cors again, registered between our hooks; compression is
 * @fastify/compress, called from the caching hook only when an answer may be
 * compressed): preflights, allowed and refused origins, and which answers are
 * compressed (a body of 1 KiB or more, an accepted encoding, not HEAD, not
 * `x-no-compression`).
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestGateway, type TestGateway } from '../support/gateway.js';

const EXPOSED = 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Requests-Limit, X-RateLimit-Requests-Remaining, Retry-After, Location, ETag, Meridian-Ignored-Parameters';
const METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const LIST = '/v1/geo/cities?limit=10&sort=-population';

let any: TestGateway;
let listed: TestGateway;
beforeAll(async () => {
  [any, listed] = await Promise.all([startTestGateway(), startTestGateway({ corsOrigins: ['https://app.example', 'https://b.example'] })]);
});
afterAll(async () => { await Promise.all([any?.close(), listed?.close()]); });

describe('CORS', () => {
  it('any origin: * and the exposed headers on every answer, without Vary: Origin', async () => {
    for (const headers of [{ 'x-gateway-key': any.key }, { 'x-gateway-key': any.key, origin: 'https://else.example' }, {}] as Record<string, string>[]) {
      const r = await rawRequest(`${any.url}/v1/geo/cities/5391959`, headers);
      expect(r.headers['access-control-allow-origin']).toBe('*');
      expect(r.headers['access-control-expose-headers']).toBe(EXPOSED);
      expect(String(r.headers['vary'] ?? '')).not.toMatch(/origin/i);
      expect(r.headers['access-control-allow-methods']).toBeUndefined();
    }
  });

  it('a list of origins: the origin echoed when listed, absent when not, Vary: Origin on answers that set no Vary of their own', async () => {
    const ok = await rawRequest(`${listed.url}/v1/no/route`, { origin: 'https://b.example' });
    expect(ok.status).toBe(404);
    expect(ok.headers['access-control-allow-origin']).toBe('https://b.example');
    expect(ok.headers['vary']).toBe('Origin');
    const other = await rawRequest(`${listed.url}/v1/geo/cities/5391959`, { origin: 'https://evil.example' });
    expect(other.status).toBe(401);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-expose-headers']).toBe(EXPOSED);
    expect(other.headers['vary']).toBe('Origin');
    // a cacheable answer varies by origin and encoding both (a shared cache must not hand one origin's answer to another)
    const cached = await rawRequest(`${listed.url}/v1/geo/cities/5391959`, { origin: 'https://app.example', 'x-gateway-key': listed.key });
    expect(cached.status).toBe(200);
    expect(cached.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(cached.headers['vary']).toBe('Origin, accept-encoding');
  });

  it('answers a valid preflight 204 with the methods, the headers asked for and max age, before any key check', async () => {
    for (const [g, origin] of [[any, '*'], [listed, 'https://app.example']] as const) {
      const r = await rawRequest(`${g.url}/v1/analyses`, { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-gateway-key' }, 'OPTIONS');
      expect(r.status).toBe(204);
      expect(r.body.length).toBe(0);
      expect(r.headers).toMatchObject({
        'access-control-allow-origin': origin, 'access-control-allow-methods': METHODS, 'access-control-allow-headers': 'x-gateway-key',
        'access-control-max-age': '600', 'access-control-expose-headers': EXPOSED, 'content-length': '0', 'cache-control': 'no-store',
      });
      expect(r.headers['vary']).toContain('Access-Control-Request-Headers');
    }
  });

  it('a preflight without Origin is 400 CORS_PREFLIGHT_INVALID in the envelope (it was plain text outside it)', async () => {
    for (const headers of [{ 'access-control-request-method': 'GET' }, {}] as Record<string, string>[]) {
      for (const path of ['/v1/geo/cities', '/graphql', '/no/such/route']) {
        const r = await rawRequest(`${any.url}${path}`, headers, 'OPTIONS');
        expect(r.status).toBe(400);
        expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(JSON.parse(r.body.toString()).errors[0]).toMatchObject({ code: 'PARAM_INVALID', type: 'CORS_PREFLIGHT_INVALID', details: { field: 'Origin' } });
        expect(r.headers['access-control-allow-methods']).toBeUndefined();
      }
    }
  });
});

describe('compression from the caching hook', () => {
  it('compresses a body of 1 KiB or more for a client that accepts it, to the same bytes', async () => {
    const plain = await rawRequest(`${any.url}${LIST}`, { 'x-gateway-key': any.key });
    expect(plain.body.length).toBeGreaterThanOrEqual(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await rawRequest(`${any.url}${LIST}`, { 'x-gateway-key': any.key, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-length']).toBe(String(gz.body.length));
    expect(gz.headers['etag']).toBe(plain.headers['etag']);
    expect(gz.headers['vary']).toBe('accept-encoding');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    const br = await rawRequest(`${any.url}${LIST}`, { 'x-gateway-key': any.key, 'accept-encoding': 'gzip;q=0.5, br' });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('leaves small bodies, HEAD, identity and x-no-compression uncompressed', async () => {
    const small = await rawRequest(`${any.url}/v1/geo/cities/5391959`, { 'x-gateway-key': any.key, 'accept-encoding': 'gzip, br' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const plain = await rawRequest(`${any.url}${LIST}`, { 'x-gateway-key': any.key });
    const head = await rawRequest(`${any.url}${LIST}`, { 'x-gateway-key': any.key, 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers['content-length']).toBe(String(plain.body.length));
    for (const extra of [{ 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip', 'x-no-compression': '1' }] as Record<string, string>[]) {
      const r = await rawRequest(`${any.url}${LIST}`, { 'x-gateway-key': any.key, ...extra });
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.body.equals(plain.body)).toBe(true);
    }
  });
});
