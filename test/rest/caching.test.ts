/**
 * Caching headers and compression through the real gateway and core: reference-data
 * GETs carry an ETag (a hash of the exact bytes sent) and Cache-Control, answer 304 to
 * If-None-Match, are compressed when large; private answers (sentiment, jobs, errors)
 * are no-store.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { eventually, rawRequest, startTestGateway, type TestGateway } from '../support/gateway.js';
import { entityTag, matchesIfNoneMatch, REFERENCE_MAX_AGE_SECONDS } from '../../gateway/rest/caching.js';
import { compileRoutes } from '../../gateway/rest/routes.js';
import { loadProtoCatalog } from '../../gateway/protoCatalog.js';
import { answerMaxAge } from '../../gateway/rest/restPresentation.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.close();
});

/** A raw HTTP GET with the key (the body as on the wire). */
const rawGet = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(gw.url + path, { 'X-Gateway-Key': gw.key, ...headers }, method);

describe('reference-data GETs', () => {
  it('carry a weak ETag that hashes the exact body, and Cache-Control private with a max-age', async () => {
    const r = await rawGet('/v1/geo/countries/US');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe(`private, max-age=${REFERENCE_MAX_AGE_SECONDS}`);
    expect(r.headers['etag']).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(r.headers['etag']).toBe(entityTag(r.body));
    expect(JSON.parse(r.body.toString()).data.code).toBe('US');
    // the same question gives the same tag; a different answer (another language) another tag
    const again = await rawGet('/v1/geo/countries/US');
    expect(again.headers['etag']).toBe(r.headers['etag']);
    const de = await rawGet('/v1/geo/countries/US?languageCode=de');
    expect(de.body.toString()).not.toBe(r.body.toString());
    expect(de.headers['etag']).not.toBe(r.headers['etag']);
  });

  it('answer 304 without a body when If-None-Match names the current tag, and 200 for a stale one', async () => {
    const first = await rawGet('/v1/geo/cities?namePrefix=San%20Fr&limit=3');
    const tag = first.headers['etag'] as string;
    const cached = await rawGet('/v1/geo/cities?namePrefix=San%20Fr&limit=3', { 'If-None-Match': tag });
    expect(cached.status).toBe(304);
    expect(cached.body.length).toBe(0);
    expect(cached.headers['etag']).toBe(tag);
    expect(cached.headers['cache-control']).toBe(`private, max-age=${REFERENCE_MAX_AGE_SECONDS}`);
    expect(cached.headers['content-length']).toBeUndefined();
    // a list of tags, strong form of the same opaque tag, and '*' match too
    expect((await rawGet('/v1/geo/cities?namePrefix=San%20Fr&limit=3', { 'If-None-Match': `W/"other", ${tag.slice(2)}` })).status).toBe(304);
    expect((await rawGet('/v1/geo/cities?namePrefix=San%20Fr&limit=3', { 'If-None-Match': '*' })).status).toBe(304);
    const stale = await rawGet('/v1/geo/cities?namePrefix=San%20Fr&limit=3', { 'If-None-Match': 'W/"not-the-tag"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(first.body)).toBe(true);
    // another page is another entity
    const page2 = await rawGet('/v1/geo/cities?namePrefix=San%20Fr&limit=3&offset=3', { 'If-None-Match': tag });
    expect(page2.status).toBe(200);
    // HEAD carries the same validators
    const head = await rawGet('/v1/geo/cities?namePrefix=San%20Fr&limit=3', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['etag']).toBe(tag);
  });

  it('compress large answers (gzip, br) with the same tag as the identity body, and leave small ones alone', async () => {
    const path = '/v1/geo/cities?limit=100';
    const plain = await rawGet(path);
    expect(plain.body.length).toBeGreaterThan(10_000);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await rawGet(path, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toMatch(/accept-encoding/i);
    expect(gz.body.length).toBeLessThan(plain.body.length / 3);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(gz.headers['etag']).toBe(plain.headers['etag']);
    const br = await rawGet(path, { 'Accept-Encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    // a 304 to a client accepting gzip has no body either
    const cached = await rawGet(path, { 'Accept-Encoding': 'gzip', 'If-None-Match': plain.headers['etag'] as string });
    expect(cached.status).toBe(304);
    expect(cached.body.length).toBe(0);
    // small: under 1 KiB stays identity
    const small = await rawGet('/v1/geo/cities/5391959/distance?fromCityId=5128581', { 'Accept-Encoding': 'gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('JSONP answers: the tag covers the callback name; JSONP errors (HTTP 200, status inside) are no-store', async () => {
    const a = await rawGet('/v1/geo/countries/FR?callback=app.one');
    const b = await rawGet('/v1/geo/countries/FR?callback=app.two');
    expect(a.headers['content-type']).toMatch(/^text\/javascript/);
    expect(a.headers['cache-control']).toBe(`private, max-age=${REFERENCE_MAX_AGE_SECONDS}`);
    expect(a.headers['etag']).toBe(entityTag(a.body));
    expect(a.headers['etag']).not.toBe(b.headers['etag']);
    expect((await rawGet('/v1/geo/countries/FR?callback=app.one', { 'If-None-Match': a.headers['etag'] as string })).status).toBe(304);
    const missing = await rawGet('/v1/geo/countries/QQ?callback=app.one');
    expect(missing.status).toBe(200);
    expect(missing.body.toString()).toMatch(/"status":404\}\);$/);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers['etag']).toBeUndefined();
  });

  it('answers that depend on the current time (clocks, places deleted since yesterday) must be revalidated each time (no-cache)', async () => {
    for (const path of ['/v1/locale/timezones/Europe/Paris/dateTime', '/v1/geo/cities/5391959/time', '/v1/geo/cities?namePrefix=Par&includeDeleted=SINCE_YESTERDAY']) {
      const r = await rawGet(path);
      expect(r.status, path).toBe(200);
      expect(r.headers['cache-control'], path).toBe('private, no-cache');
    }
    const zone = await rawGet('/v1/locale/timezones/Europe/Paris');
    expect(zone.headers['cache-control']).toBe(`private, max-age=${REFERENCE_MAX_AGE_SECONDS}`);
  });

  it('errors are no-store and carry no tag', async () => {
    for (const [path, headers, status] of [
      ['/v1/geo/countries/QQ', {}, 404],
      ['/v1/geo/cities?limit=ten', {}, 400],
      ['/v1/geo/countries/US', { 'X-Gateway-Key': 'mrd_000000000000_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' }, 401],
      ['/v1/nothing/here', {}, 404],
    ] as const) {
      const r = await rawGet(path, headers);
      expect(r.status, path).toBe(status);
      expect(r.headers['cache-control'], path).toBe('no-store');
      expect(r.headers['etag'], path).toBeUndefined();
    }
  });
});

describe('private answers', () => {
  it('sentiment results, jobs and feeds are no-store, never tagged nor 304', async () => {
    const posted = await gw.send('POST', '/v1/analyses', { text: 'Great product, works perfectly', feedId: 'cache-feed' }, { 'X-Service-Async-Mode': 'false' });
    expect([200, 202]).toContain(posted.status);
    expect(posted.headers.get('cache-control')).toBe('no-store');
    const id = posted.body.data.id as string;
    const jobId = posted.body.data.jobId as string;
    // a synchronous answer comes before its group commit (<= 20 ms): the feed exists once that commit lands
    await eventually(async () => (await gw.get('/v1/feeds/cache-feed/trend')).status === 200);
    for (const path of [`/v1/analyses/${id}`, `/v1/jobs/${jobId}`, '/v1/feeds/cache-feed/trend', '/v1/feeds/cache-feed/anomalies']) {
      const r = await rawGet(path, { 'If-None-Match': '*' });
      expect(r.status, path).toBe(200);
      expect(r.headers['cache-control'], path).toBe('no-store');
      expect(r.headers['etag'], path).toBeUndefined();
    }
  });
});

describe('If-None-Match parsing', () => {
  it('compares weakly over a list, ignores other tags and absent headers', () => {
    expect(matchesIfNoneMatch(undefined, 'W/"a"')).toBe(false);
    expect(matchesIfNoneMatch('W/"a"', 'W/"a"')).toBe(true);
    expect(matchesIfNoneMatch('"a"', 'W/"a"')).toBe(true);
    expect(matchesIfNoneMatch(' "b" ,W/"a"', 'W/"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b", "c"', 'W/"a"')).toBe(false);
    expect(matchesIfNoneMatch('"ab"', 'W/"a"')).toBe(false);
  });
});

describe('the cache policy is the contract\'s (answer_cache options in proto/), not a URL pattern', () => {
  it('geo and locale GETs keep an hour, the clocks none, everything else is private and never kept', () => {
    const routes = compileRoutes(loadProtoCatalog());
    const byTemplate = (t: string) => routes.find((r) => r.binding.template === t)!;
    for (const t of ['/v1/geo/cities', '/v1/geo/cities/{city_id}', '/v1/geo/countries/{country_code}', '/v1/locale/timezones']) {
      expect(byTemplate(t).cache?.maxAgeSeconds, t).toBe(REFERENCE_MAX_AGE_SECONDS);
    }
    for (const t of ['/v1/geo/cities/{city_id}/dateTime', '/v1/geo/cities/{city_id}/time', '/v1/locale/timezones/{zone_id=**}/dateTime']) {
      expect(byTemplate(t).cache?.maxAgeSeconds, t).toBe(0);
      expect(byTemplate(t).keep, t).toBe(false);
    }
    const list = byTemplate('/v1/geo/cities');
    expect(answerMaxAge(list.cache!, { includeDeleted: 'SINCE_YESTERDAY' })).toBe(0);
    expect(answerMaxAge(list.cache!, { includeDeleted: 'ALL' })).toBe(REFERENCE_MAX_AGE_SECONDS);
    const priv = routes.filter((r) => !r.binding.template.startsWith('/v1/geo/') && !r.binding.template.startsWith('/v1/locale/'));
    expect(priv.length).toBeGreaterThan(5);
    for (const r of priv) {
      expect(r.cache, r.binding.template).toBeUndefined();
      expect(r.keep, r.binding.template).toBe(false);
      expect(r.renderedItems, r.binding.template).toBeUndefined();
    }
  });
});
