/**
 * Reference answers that are not lists are rendered once per distinct answer
 * of the core (gateway/rest/routes.ts, `rendered`): a repeated request gets
 * the same bytes as the first, and every request whose answer differs (another
 * language, ASCII names, another city, another target of a distance) gets its
 * own rendering, never one cached for another; JSONP and errors as before.
 * The real core and gateway on ephemeral ports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { loadProtoCatalog } from '../../gateway/protoCatalog.js';
import { compileRoutes } from '../../gateway/rest/routes.js';

let g: TestGateway;
beforeAll(async () => { g = await startTestGateway(); });
afterAll(async () => { await g?.close(); });

const MUNICH = 2867714;
const SAO_PAULO = 3448439;

describe('rendered reference answers', () => {
  it('a repeated request answers the same text, a request in another display its own', async () => {
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

  it('a kept rendering carries the tag of its bytes, and a revalidation gets 304', async () => {
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

  it('JSONP wraps the rendered text; errors are answered as before', async () => {
    const json = await g.get(`/v1/geo/cities/${MUNICH}`);
    const jsonp = await g.get(`/v1/geo/cities/${MUNICH}?callback=show`);
    expect(jsonp.headers.get('content-type')).toMatch(/^text\/javascript/);
    // the script carries the same object, with the status beside data and errors
    expect(jsonp.text).toContain(json.text.slice(0, -1));
    const again = await g.get(`/v1/geo/cities/${MUNICH}?callback=other`);
    expect(again.text).toContain('other(');
    expect(again.text).toContain(json.text.slice(0, -1));
    const missing = await g.get('/v1/geo/cities/999999999');
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('ENTITY_NOT_FOUND');
  });

  it('only reference GETs that are not lists nor tell the time are rendered once', () => {
    const rendered = compileRoutes(loadProtoCatalog()).filter((r) => r.rendered).map((r) => `${r.binding.verb} ${r.binding.template}`);
    expect(rendered).toContain('GET /v1/geo/cities/{city_id}');
    expect(rendered).toContain('GET /v1/geo/countries/{country_code}');
    expect(rendered.some((r) => /\/(dateTime|time)$/.test(r))).toBe(false);
    expect(rendered.some((r) => r.includes('/v1/geo/cities?') || r === 'GET /v1/geo/cities')).toBe(false);
    expect(rendered.every((r) => r.startsWith('GET /v1/geo/') || r.startsWith('GET /v1/locale/'))).toBe(true);
  });
});
