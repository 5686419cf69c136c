/**
 * REST answers over reference data kept by their request (gateway/keptAnswers.ts, from gateway/rest/routes.ts): a
 * repeated GET gets the same bytes and headers as the first without a core call, and still pays its rate limit; every
 * request whose answer differs (another language, ASCII names, another city, another target of a distance, another
 * page) gets its own, never one kept for another; what tells the time, places deleted SINCE_* a moving time and errors
 * are asked of the core every time; JSONP wraps the same kept JSON. The real core and gateway on ephemeral ports, and
 * the store's own bounds and lifetimes on the class.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { coreCallsDuring, startTestGateway, steadyHeaders, type TestGateway } from '../support/gateway.js';
import { loadProtoCatalog } from '../../gateway/protoCatalog.js';
import { compileRoutes } from '../../gateway/rest/routes.js';
import { KeptAnswers } from '../../gateway/keptAnswers.js';

let g: TestGateway;
beforeAll(async () => { g = await startTestGateway(); });
afterAll(async () => { await g?.close(); });

const coreCalls = (run: () => Promise<unknown>): Promise<string[]> => coreCallsDuring(g, run);
const headersOf = steadyHeaders;

const MUNICH = 2867714;
const SAO_PAULO = 3448439;

describe('kept reference answers', () => {
  it('a repeated GET is answered with the same bytes and headers without the core, and still counts against the rate limit', async () => {
    for (const path of [`/v1/geo/cities/${MUNICH}?languageCode=fr`, '/v1/geo/cities?namePrefix=Reykj&limit=3', '/v1/geo/countries/IS/regions?limit=2']) {
      let first!: Awaited<ReturnType<typeof g.get>>, second!: Awaited<ReturnType<typeof g.get>>;
      expect((await coreCalls(async () => { first = await g.get(path); })).length, path).toBe(1);
      expect(await coreCalls(async () => { second = await g.get(path); }), path).toEqual([]);
      expect(first.status, path).toBe(200);
      expect(second.text, path).toBe(first.text);
      expect(headersOf(second.headers), path).toEqual(headersOf(first.headers));
      expect(second.headers.get('cache-control'), path).toMatch(/max-age=3600/);
      expect(Number(second.headers.get('x-ratelimit-remaining')), path).toBeLessThan(Number(first.headers.get('x-ratelimit-remaining')));
    }
  });

  it('another page or another spelling of the query is its own answer; no key, no answer', async () => {
    const p1 = await g.get('/v1/geo/cities?namePrefix=San&limit=2&offset=0');
    const p2 = await g.get('/v1/geo/cities?namePrefix=San&limit=2&offset=2');
    expect(p1.body.data[0].id).not.toBe(p2.body.data[0].id);
    // the links repeat the query as sent, so a %20 and a + are two answers, each with its own links
    const plus = await g.get('/v1/geo/cities?namePrefix=San+Fr&limit=1');
    const escaped = await g.get('/v1/geo/cities?namePrefix=San%20Fr&limit=1');
    expect(plus.body.data).toEqual(escaped.body.data);
    expect(JSON.stringify(plus.body.links)).toContain('San+Fr');
    expect(JSON.stringify(escaped.body.links)).toContain('San%20Fr');
    const unkeyed = await g.get('/v1/geo/cities?namePrefix=San&limit=2&offset=0', {});
    expect(unkeyed.status).toBe(401);
  });

  it('what tells the time, places deleted since a moving time and errors are asked of the core every time', async () => {
    for (const path of [`/v1/geo/cities/${MUNICH}/dateTime`, '/v1/geo/cities?namePrefix=Reykj&limit=1&includeDeleted=SINCE_YESTERDAY', '/v1/geo/cities/999999999']) {
      await g.get(path);
      expect((await coreCalls(() => g.get(path))).length, path).toBe(1);
    }
    expect((await g.get('/v1/geo/cities/999999999')).status).toBe(404);
  });

  it('JSONP wraps the kept JSON of the same request, whatever its callback and jQuery cache-buster', async () => {
    const path = '/v1/geo/cities?namePrefix=Akur&limit=2';
    const json = await g.get(path);
    const jsonp = await g.get(`${path}&callback=show`);
    expect(await coreCalls(() => g.get(`${path}&callback=jQuery3_17&_=1733356800123`))).toEqual([]);
    expect(await coreCalls(() => g.get(`${path}&_=1733356800124`))).toEqual([]);
    expect(jsonp.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(jsonp.text).toContain(json.text.slice(0, -1));
  });

  it('a place list has one ETag whichever of JSON or JSONP asked first', async () => {
    // two spellings of one request (separate keys) whose answers are the same text: no paging links below 10 places
    const a = '/v1/geo/cities?namePrefix=Reykjan&limit=10';
    const b = '/v1/geo/cities?limit=10&namePrefix=Reykjan';
    await g.get(`${a}&callback=first`); // JSONP fills the store for a
    const jsonA = await g.get(a);
    const jsonB = await g.get(b); // JSON fills the store for b
    expect(jsonA.body.links).toBeUndefined();
    expect(jsonA.text).toBe(jsonB.text);
    expect(jsonA.headers.get('etag')).toBe(jsonB.headers.get('etag'));
    expect((await g.get(a, { 'if-none-match': jsonB.headers.get('etag')!, 'x-gateway-key': g.key })).status).toBe(304);
  });

  it('a reply from the store says how old it is (Age), from the second second on', async () => {
    const path = `/v1/geo/cities/${SAO_PAULO}?languageCode=es`;
    expect((await g.get(path)).headers.get('age')).toBeNull();
    await new Promise((r) => setTimeout(r, 1100));
    const later = await g.get(path);
    expect(Number(later.headers.get('age'))).toBeGreaterThanOrEqual(1);
    expect(later.headers.get('cache-control')).toMatch(/max-age=3600/);
  });

  it('a request in another display language or ASCII mode is its own answer', async () => {
    const first = await g.get(`/v1/geo/cities/${MUNICH}`);
    const again = await g.get(`/v1/geo/cities/${MUNICH}`);
    expect(first.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(first.body.data.country).toBe('Germany');
    const german = await g.get(`/v1/geo/cities/${MUNICH}?languageCode=de`);
    expect(german.body.data.country).toBe('Deutschland');
    expect(german.body.data.id).toBe(MUNICH);
    const englishAgain = await g.get(`/v1/geo/cities/${MUNICH}`);
    expect(englishAgain.text).toBe(first.text);
    const plain = await g.get(`/v1/geo/cities/${SAO_PAULO}?asciiMode=true`);
    const accented = await g.get(`/v1/geo/cities/${SAO_PAULO}`);
    expect(plain.body.data.name).toBe('Sao Paulo');
    expect(accented.body.data.name).toBe('São Paulo');
    expect(accented.body.data.timezone).toBe('America__Sao_Paulo'); // the REST presentation, applied once
  });

  it('a kept answer carries the tag of its bytes, and a revalidation gets 304; a JSONP reply the tag of its script', async () => {
    const path = `/v1/geo/cities/${SAO_PAULO}?languageCode=pt`;
    const first = await g.get(path);
    const again = await g.get(path);
    const tag = first.headers.get('etag');
    expect(tag).toBe(`W/"${createHash('sha256').update(first.text).digest('base64url').slice(0, 27)}"`);
    expect(again.headers.get('etag')).toBe(tag);
    const revalidated = await g.get(path, { 'if-none-match': tag!, 'x-gateway-key': g.key });
    expect(revalidated.status).toBe(304);
    const other = await g.get(`/v1/geo/cities/${SAO_PAULO}?languageCode=pt&callback=cb`);
    expect(other.headers.get('etag')).toBe(`W/"${createHash('sha256').update(other.text).digest('base64url').slice(0, 27)}"`);
  });

  it('distances to other cities are each their own answer', async () => {
    const km = await g.get(`/v1/geo/cities/${MUNICH}/distance?toCityId=${SAO_PAULO}&distanceUnit=KM`);
    const other = await g.get(`/v1/geo/cities/${MUNICH}/distance?toCityId=5128581&distanceUnit=KM`);
    const mi = await g.get(`/v1/geo/cities/${MUNICH}/distance?toCityId=${SAO_PAULO}&distanceUnit=MI`);
    const kmAgain = await g.get(`/v1/geo/cities/${MUNICH}/distance?toCityId=${SAO_PAULO}&distanceUnit=KM`);
    expect(km.status).toBe(200);
    expect(new Set([km.body.data, other.body.data, mi.body.data]).size).toBe(3);
    expect(mi.body.data).toBeCloseTo(km.body.data / 1.609344, 6);
    expect(kmAgain.text).toBe(km.text);
  });

  it('a city asked first over JSONP is kept as JSON: each callback wraps the same object; a missing city is a 404 each time', async () => {
    const jsonp = await g.get(`/v1/geo/cities/${MUNICH}?callback=show&languageCode=it`);
    const json = await g.get(`/v1/geo/cities/${MUNICH}?languageCode=it`);
    expect(jsonp.headers.get('content-type')).toMatch(/^text\/javascript/);
    // the script carries the same object, with the status beside data and errors
    expect(jsonp.text).toContain(json.text.slice(0, -1));
    const again = await g.get(`/v1/geo/cities/${MUNICH}?callback=other&languageCode=it`);
    expect(again.text).toContain('other(');
    expect(again.text).toContain(json.text.slice(0, -1));
    const missing = await g.get('/v1/geo/cities/999999999');
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('ENTITY_NOT_FOUND');
  });

  it('only reference GETs that do not tell the time may be kept', () => {
    const kept = compileRoutes(loadProtoCatalog()).filter((r) => r.keep).map((r) => `${r.binding.verb} ${r.binding.template}`);
    expect(kept).toContain('GET /v1/geo/cities/{city_id}');
    expect(kept).toContain('GET /v1/geo/countries/{country_code}');
    expect(kept).toContain('GET /v1/geo/cities');
    expect(kept.some((r) => /\/(dateTime|time)$/.test(r))).toBe(false);
    expect(kept.every((r) => r.startsWith('GET /v1/geo/') || r.startsWith('GET /v1/locale/'))).toBe(true);
  });
});

describe('KeptAnswers', () => {
  it('keeps answers for their lifetime, within bytes and entries, least recently used out first', () => {
    let now = 0;
    const c = new KeptAnswers(5000, 3, () => now); // an entry counts 2 × (key + tag) + its UTF-8 bytes + 620
    c.set('a', { body: 'x'.repeat(100), tag: 'W/"a"' }, 10);
    c.set('b', { body: Buffer.alloc(200, 0x79) }, 10);
    c.set('c', { body: 'z'.repeat(100) }, 10);
    expect(c.get('a')).toMatchObject({ body: Buffer.from('x'.repeat(100)), tag: 'W/"a"' }); // a is now the most recently used
    c.set('d', { body: 'w'.repeat(100) }, 10); // four entries: b goes
    expect(c.get('b')).toBeUndefined();
    expect(c.size).toBe(3);
    c.set('e', { body: Buffer.alloc(3000, 0x76) }, 10); // the oldest go until it fits
    expect(c.weight).toBeLessThanOrEqual(5000);
    expect(c.get('e')?.body.length).toBe(3000);
    now = 10_001;
    expect(c.get('e')).toBeUndefined();
    c.set('f', { body: 'u' }, 0);
    expect(c.get('f')).toBeUndefined();
    c.set('g', { body: Buffer.alloc(6000) }, 10); // larger than the whole budget: not kept
    expect(c.get('g')).toBeUndefined();
    c.clear();
    expect([c.size, c.weight]).toEqual([0, 0]);
  });

  it('keeps an entry hit since it was kept (or last passed over) past older entries that were not hit', () => {
    const c = new KeptAnswers(100_000, 3);
    for (const k of ['a', 'b', 'c']) c.set(k, { body: k }, 10);
    expect(c.get('b')?.body.toString()).toBe('b');
    c.set('d', { body: 'd' }, 10); // a: the oldest, never hit, goes
    expect(c.get('a')).toBeUndefined();
    c.set('e', { body: 'e' }, 10); // b was hit: it goes behind the others, and c, the oldest unhit, goes
    expect(c.get('c')).toBeUndefined();
    expect(c.get('b')?.body.toString()).toBe('b');
    c.set('f', { body: 'f' }, 10); // b was hit again, d was not: d goes
    expect([c.get('d'), ...['b', 'e', 'f'].map((k) => c.get(k)?.body.toString())]).toEqual([undefined, 'b', 'e', 'f']);
    expect(c.size).toBe(3);
    expect(c.weight).toBe(3 * (2 * 1 + 1 + 620)); // what is kept, counted once each: a move counts nothing
  });

  it('reads an alias as the answer of the key it stands for, until that answer expires or goes, counting only its keys', () => {
    let now = 1_000;
    const c = new KeptAnswers(100_000, Number.POSITIVE_INFINITY, () => now);
    const target = 'graphql\u0000POST\u0000q';
    const alias = 'graphql-body\u0000{"query":"q"}';
    c.set(target, { body: 'd'.repeat(2_000), cost: 3 }, 10);
    const before = c.weight;
    now = 4_000;
    c.alias(alias, target);
    expect(c.get(alias)).toMatchObject({ body: Buffer.from('d'.repeat(2_000)), cost: 3, at: 1_000 });
    expect(c.weight - before).toBe(2 * (alias.length + target.length) + 500); // the keys and the entry, not the body
    c.alias('graphql-body\u0000nothing', 'graphql\u0000POST\u0000not kept'); // no answer under that key: no alias
    expect(c.size).toBe(2);
    c.set(target, { body: 'e', cost: 1 }, 10); // the answer kept again: the alias reads the new one
    expect(c.get(alias)).toMatchObject({ body: Buffer.from('e'), cost: 1 });
    now = 11_001; // the alias lasts until the expiry its target had when it was made
    expect(c.get(alias)).toBeUndefined();
    expect(c.get(target)?.body.toString()).toBe('e');
    const two = new KeptAnswers(100_000, 2, () => now); // two entries at most
    two.set(target, { body: 'f' }, 10);
    two.alias(alias, target);
    two.set('other', { body: 'x' }, 10); // the target, oldest, goes for room; its alias stays
    expect(two.size).toBe(2);
    expect(two.get(target)).toBeUndefined();
    expect(two.get(alias)).toBeUndefined(); // and gives nothing, and goes
    expect(two.size).toBe(1);
  });

  it('holds a key over 1 KiB by its digest: found again, apart from another long key, and counted small', () => {
    const c = new KeptAnswers(100_000);
    const long = (x: string) => `graphql\u0000POST\u0000${x}${'v'.repeat(20_000)}`;
    c.set(long('a'), { body: 'A' }, 10);
    c.set(long('b'), { body: 'B' }, 10);
    expect(c.get(long('a'))?.body.toString()).toBe('A');
    expect(c.get(long('b'))?.body.toString()).toBe('B');
    expect(c.get(long('c'))).toBeUndefined();
    expect(c.weight).toBeLessThan(2_000);
  });

  it('keeps a copy of a body cut from a shared buffer, not the buffer', () => {
    const slab = Buffer.from('{"data":1}{"data":2}');
    const c = new KeptAnswers(5000);
    c.set('k', { body: slab.subarray(0, 10) }, 10);
    slab.fill(0x20);
    const kept = c.get('k')!.body;
    expect(kept.toString()).toBe('{"data":1}');
    expect(kept.buffer.byteLength).toBe(10);
  });

  it('keeps a JSON text as its UTF-8 bytes, in memory of their own, counted by those bytes', () => {
    const c = new KeptAnswers(5000);
    const text = '{"data":{"country":"Türkiye","region":"Uşak Province"}}';
    c.set('k', { body: text, tag: 'W/"t"' }, 10);
    const kept = c.get('k')!.body;
    expect(Buffer.isBuffer(kept)).toBe(true);
    expect(kept.toString('utf8')).toBe(text);
    expect(kept.length).toBe(Buffer.byteLength(text));
    expect(kept.buffer.byteLength).toBe(kept.length); // not a slice of Node's shared slab
    expect(c.weight).toBe(2 * (1 + 5) + Buffer.byteLength(text) + 620);
  });

  it('keeps no answer over 256 KiB of UTF-8, however few its characters', () => {
    const c = new KeptAnswers(4 * 1024 * 1024);
    c.set('wide', { body: `"${'é'.repeat(140_000)}"` }, 10); // 140,002 characters, 280,002 bytes
    expect(c.get('wide')).toBeUndefined();
    c.set('narrow', { body: `"${'e'.repeat(256 * 1024 - 2)}"` }, 10); // 256 KiB exactly
    expect(c.get('narrow')?.body.length).toBe(256 * 1024);
  });
});
