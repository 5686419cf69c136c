/**
 * Property-based fuzzing of the running gateway over raw TCP (so that nothing
 * a client library would refuse to send is left out): random and hostile
 * paths, query strings, headers and JSONP callbacks. Every answer must be
 * below 500 and a valid envelope (or valid JSONP carrying one), and the
 * server must still answer a known question correctly afterwards.
 */
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

const RUNS = Number(process.env['MERIDIAN_FUZZ_RUNS'] || 10_000);
let gw: TestGateway;
let port = 0;
beforeAll(async () => {
  gw = await startTestGateway({ maxLimit: 100 });
  port = Number(new URL(gw.url).port);
  const { key } = await gw.gateway.keyStore.create({ name: 'fuzz', scopes: ['geo:read'], rateLimit: 5 });
  limitedKey = key;
  await gw.gateway.keyRing.reload();
});
afterAll(async () => { await gw.close(); });
let limitedKey = '';

interface RawResponse { status: number; headers: Record<string, string>; body: string }

/** One request on its own connection; the answer is read to the end. */
function rawRequest(head: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => { socket.destroy(); reject(new Error(`no answer within 10 s to ${JSON.stringify(head.slice(0, 200))}`)); });
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const lines = text.slice(0, split).split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
      const headers: Record<string, string> = {};
      for (const l of lines.slice(1)) { const i = l.indexOf(':'); headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim(); }
      let body = text.slice(split + 4);
      if (headers['transfer-encoding'] === 'chunked') {
        let out = ''; let rest = body;
        for (;;) { const n = parseInt(rest, 16); if (!n) break; const s = rest.indexOf('\r\n') + 2; out += rest.slice(s, s + n); rest = rest.slice(s + n + 2); }
        body = out;
      }
      resolve({ status, headers, body });
    });
    socket.write(head);
  });
}

const TEMPLATES = [
  '/v1/geo/cities', '/v1/geo/cities/{id}', '/v1/geo/cities/{id}/nearbyCities', '/v1/geo/cities/{id}/distance', '/v1/geo/cities/{id}/dateTime',
  '/v1/geo/cities/{id}/time', '/v1/geo/cities/{id}/locatedIn', '/v1/geo/places', '/v1/geo/places/{id}/nearbyPlaces', '/v1/geo/locations/{x}/nearbyCities',
  '/v1/geo/countries', '/v1/geo/countries/{x}', '/v1/geo/countries/{x}/regions', '/v1/geo/countries/{x}/regions/{x}', '/v1/geo/countries/{x}/regions/{x}/cities',
  '/v1/locale/currencies', '/v1/locale/locales', '/v1/locale/languages', '/v1/locale/timezones', '/v1/locale/timezones/{x}', '/v1/locale/timezones/{x}/{x}/dateTime',
  '/v1/geo/about', '/healthz', '/openapi.json', '/v1/{x}', '/{x}',
];
const PARAMS = ['namePrefix', 'countryCode', 'countryCodes', 'countryIds', 'excludedCountryCodes', 'minPopulation', 'maxPopulation', 'nearLocation', 'location',
  'nearLocationRadius', 'radius', 'nearLocationRadiusUnit', 'distanceUnit', 'timeZoneIds', 'types', 'includeDeleted', 'sort', 'languageCode', 'asciiMode',
  'limit', 'offset', 'pageToken', 'fromCityId', 'toCityId', 'currencyCode', 'hateoasMode', 'callback', 'city_id', '_', 'name_prefix'];

const hostile = fc.constantFrom('', '%', '%zz', '%00', '%C3%28', '%E2%80%A8', '..', '../..', '+', ' ', '%2F', '__', '\u00e9', '🙂', 'null', '-1', '0',
  '2147483648', '1e309', 'NaN', 'Infinity', '+37.7-122.4', 'KM', 'mi', 'ALL', 'true', 'yes', '<script>', '"', "'", '\\', '{}', '[]', 'a'.repeat(3000),
  'US', 'us,fr', '5391959', '-population', '+name,-population', 'America/New_York', 'pt_BR', 'x'.repeat(130));
const text = fc.oneof(hostile, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.integer().map(String), fc.double().map(String));
/** Percent-encodes what a raw request line cannot carry, and sometimes leaves hostile bytes raw. */
const encodeLoose = (s: string, raw: boolean) => (raw ? s.replace(/[\s\r\n#?]/g, '') : encodeURIComponent(s).replace(/%25(?=[0-9A-Fa-f]{2})/g, () => '%'));
const segment = fc.tuple(text, fc.boolean()).map(([s, raw]) => encodeLoose(s, raw) || 'x');
const path = fc.tuple(fc.constantFrom(...TEMPLATES), fc.array(segment, { minLength: 3, maxLength: 3 }))
  .map(([t, segs]) => { let i = 0; return t.replace(/\{(id|x)\}/g, (_m, k: string) => (k === 'id' && i % 2 === 0 ? String(5391959 + (i++)) : segs[(i++) % 3] as string)); });
const pair = fc.tuple(fc.oneof(fc.constantFrom(...PARAMS), segment), fc.tuple(text, fc.boolean()).map(([s, raw]) => encodeLoose(s, raw)), fc.boolean())
  .map(([k, v, bare]) => (bare && v === '' ? k : `${k}=${v}`));
const callback = fc.oneof(fc.constantFrom('cb', 'app.on_data', '$', '_1', 'a.b.c', 'alert(1)', '1x', 'a..b', 'x'.repeat(200), 'a-b', 'constructor', '__proto__'), text)
  .map((c) => `callback=${encodeLoose(c, false)}`);
const query = fc.tuple(fc.array(pair, { maxLength: 8 }), fc.option(callback, { nil: undefined }))
  .map(([ps, cb]) => [...ps, ...(cb ? [cb] : [])].join('&'));

it(`${RUNS} random and hostile requests: never 5xx, always an envelope or valid JSONP, and the server still answers`, async () => {
  const keyChoice = fc.constantFrom('valid', 'limited', 'missing', 'wrong', 'garbage', 'rapidapi');
  const extraHeader = fc.option(fc.tuple(fc.constantFrom('X-Service-Async-Mode', 'Accept', 'Content-Type', 'X-Forwarded-For', 'Origin', 'Cookie'), fc.string({ maxLength: 30 })), { nil: undefined });
  const method = fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS', 'PUT');
  let count = 0;
  const statuses = new Map<number, number>();
  await fc.assert(fc.asyncProperty(method, path, query, keyChoice, extraHeader, async (m, p, q, k, extra) => {
    count++;
    const key = { valid: gw.key, limited: limitedKey, missing: '', wrong: 'mrd_0_0', garbage: '\u00ff\u00fe', rapidapi: gw.key }[k];
    const headers = [`Host: 127.0.0.1:${port}`, 'Connection: close'];
    if (key) headers.push(`${k === 'rapidapi' ? 'X-RapidAPI-Key' : 'X-Gateway-Key'}: ${key}`);
    if (extra) headers.push(`${extra[0]}: ${extra[1].replace(/[\r\n]/g, '')}`);
    if (m === 'POST' || m === 'PUT') headers.push('Content-Type: application/json', 'Content-Length: 2');
    const res = await rawRequest(`${m} ${p}${q ? `?${q}` : ''} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${m === 'POST' || m === 'PUT' ? '{}' : ''}`);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    expect(res.status, `${m} ${p}?${q}`).toBeGreaterThanOrEqual(200);
    expect(res.status, `${m} ${p}?${q} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
    if (m === 'HEAD' || m === 'OPTIONS' || res.status === 204) return;
    const type = res.headers['content-type'] ?? '';
    let envelope: { errors?: unknown; status?: number };
    if (type.startsWith('text/javascript')) {
      const jsonp = /^\/\*\*\/[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\((.*)\);$/s.exec(res.body);
      expect(jsonp, res.body.slice(0, 200)).not.toBeNull();
      expect(res.body).not.toMatch(/[\u2028\u2029]/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      envelope = JSON.parse(jsonp?.[1] ?? '');
      expect(typeof envelope.status).toBe('number');
    } else {
      expect(type, `${m} ${p}?${q}`).toMatch(/^application\/json/);
      envelope = JSON.parse(res.body);
    }
    if (p === '/openapi.json' && res.status === 200) return;
    expect(Array.isArray(envelope.errors), res.body.slice(0, 200)).toBe(true);
  }), { numRuns: RUNS, seed: 20261122, endOnFailure: true });
  expect(count).toBe(RUNS);
  // the server still answers, and answers correctly
  const after = await gw.get('/v1/geo/cities/5391959');
  expect(after.status).toBe(200);
  expect(after.body.data.city).toBe('San Francisco');
  expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
  expect(statuses.get(200)).toBeGreaterThan(RUNS * 0.05); // the generator reaches real answers, not only refusals
  expect(statuses.get(400)).toBeGreaterThan(RUNS * 0.05);
}, 600_000);
