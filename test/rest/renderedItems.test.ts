/**
 * Place lists rendered from each item's kept JSON (gateway/rest/renderedItems.ts)
 * are the very text the route's serializer makes of the whole decoded answer:
 * with and without distances, on the first rendering and on later ones, with
 * the same place at other distances; malformed bytes are left to the whole
 * decoding; and over REST, a place found again by another radius search has
 * its own distance. Real contract; the REST part against the real core and
 * gateway on ephemeral ports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as protoLoader from '@grpc/proto-loader';
import { loadProtoCatalog } from '../../gateway/protoCatalog.js';
import { compileRoutes, type CompiledRoute } from '../../gateway/rest/routes.js';
import { splitList } from '../../gateway/rest/renderedItems.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

const catalog = loadProtoCatalog();
const routes = compileRoutes(catalog);
const listCities = routes.find((r) => r.binding.verb === 'GET' && r.binding.template === '/v1/geo/cities') as CompiledRoute;
const encode = (v: object): Buffer => (catalog.definition['meridian.geo.v1.ListCitiesResponse'] as protoLoader.MessageTypeDefinition<object, object>).serialize(v);

const place = (id: number, extra: Record<string, unknown> = {}) => ({
  id, city: `Ville ${id}`, name: `Ville ${id}`, country: 'Côte d’Ivoire', countryCode: 'CI', region: 'Vallée du Bandama', regionCode: 'VB',
  latitude: 7.85249, longitude: -5.31063, population: 13375 + id, type: 'CITY', timezone: 'Africa/Abidjan', ...extra,
});

/** What the route writes for the answer decoded whole (the path without kept items). */
function whole(bytes: Buffer, envelope: Record<string, unknown>): string {
  const answer = listCities.unary.deserialize(bytes);
  const items = answer['data'] as Record<string, unknown>[];
  for (const item of items) listCities.present?.(item);
  return listCities.stringify({ ...envelope, data: items });
}

function viaItems(bytes: Buffer, envelope: Record<string, unknown>): string {
  const split = splitList(bytes, listCities.renderedItems!.dataField, (b) => listCities.unary.deserialize(b));
  expect(split).toBeDefined();
  return listCities.renderedItems!.items.page(split!.items, { ...envelope, data: [] }, listCities.stringify);
}

describe('place lists from kept item JSON', () => {
  const envelope = { errors: [], links: [{ rel: 'next', href: '/v1/geo/cities?offset=10&limit=10' }], metadata: { currentOffset: 0, totalCount: 3, nextPageToken: 'MTA.abc' } };

  it('the route is set up for it, and renders the same text as the whole answer, first and later', () => {
    expect(listCities.renderedItems).toBeDefined();
    const bytes = encode({ data: [place(1), place(2, { regionWdId: 'Q845721' }), place(3)], totalCount: 3, currentOffset: 0, nextPageToken: 'MTA.abc' });
    expect(viaItems(bytes, envelope)).toBe(whole(bytes, envelope));
    expect(viaItems(bytes, envelope)).toBe(whole(bytes, envelope));
    const empty = encode({ data: [], totalCount: 0, currentOffset: 0 });
    expect(viaItems(empty, { errors: [], metadata: { currentOffset: 0, totalCount: 0 } })).toBe(whole(empty, { errors: [], metadata: { currentOffset: 0, totalCount: 0 } }));
  });

  it('the same place at other distances, and without one, each with its own text', () => {
    for (const distance of [0.163, 12.5, 0, 1234.567, 3e-7]) {
      const bytes = encode({ data: [place(7, { distance }), place(8, { distance: distance + 1 })], totalCount: 2, currentOffset: 0 });
      const text = viaItems(bytes, envelope);
      expect(text).toBe(whole(bytes, envelope));
      expect(JSON.parse(text).data[0].distance).toBe(distance);
    }
    const without = encode({ data: [place(7), place(8)], totalCount: 2, currentOffset: 0 });
    expect(viaItems(without, envelope)).toBe(whole(without, envelope));
    expect(JSON.parse(viaItems(without, envelope)).data[0].distance).toBeUndefined();
  });

  it('a page\'s tag is the same for the same text and another for other text (items, distances, envelope)', () => {
    const items = listCities.renderedItems!.items;
    const tagOf = (bytes: Buffer, env: Record<string, unknown>) => {
      const split = splitList(bytes, listCities.renderedItems!.dataField, (b) => listCities.unary.deserialize(b))!;
      const tagged = items.pageWithTag(split.items, { ...env, data: [] }, listCities.stringify);
      expect(tagged.body.toString()).toBe(whole(bytes, env));
      return tagged.tag;
    };
    const page = (distance: number, extra: Record<string, unknown> = {}) => encode({ data: [place(11, { distance }), place(12, { distance: 2, ...extra })], totalCount: 2, currentOffset: 0 });
    const tag = tagOf(page(1.5), envelope);
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(tagOf(page(1.5), envelope)).toBe(tag); // again, from kept items
    const others = [
      tagOf(page(1.25), envelope), // another distance
      tagOf(page(1.5, { population: 1 }), envelope), // another item
      tagOf(page(1.5), { ...envelope, links: [{ rel: 'next', href: '/v1/geo/cities?offset=20&limit=10' }] }), // another envelope
      tagOf(encode({ data: [place(12, { distance: 2 }), place(11, { distance: 1.5 })], totalCount: 2, currentOffset: 0 }), envelope), // another order
    ];
    expect(new Set([tag, ...others]).size).toBe(5);
  });

  it('bytes that do not parse are not split (the whole decoding reports them)', () => {
    const decode = (b: Buffer) => listCities.unary.deserialize(b);
    expect(splitList(Buffer.from([0x0a, 0x20, 0x01]), 1, decode)).toBeUndefined(); // length past the end
    expect(splitList(Buffer.from([0x0b]), 1, decode)).toBeUndefined(); // wire type 3 (groups)
    expect(splitList(Buffer.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80]), 1, decode)).toBeUndefined();
  });
});

describe('over REST', () => {
  let g: TestGateway;
  beforeAll(async () => { g = await startTestGateway(); });
  afterAll(async () => { await g?.close(); });

  it('a place found again by another radius search answers its own distance', async () => {
    const near = (loc: string) => g.get(`/v1/geo/cities?nearLocation=${encodeURIComponent(loc)}&nearLocationRadius=50&nearLocationRadiusUnit=KM&limit=20`);
    const a = await near('+40.7128-074.0060');
    const b = await near('+40.7306-073.9352');
    const again = await near('+40.7128-074.0060');
    expect(a.status).toBe(200);
    expect(again.text).toBe(a.text);
    const byId = (r: typeof a) => new Map((r.body.data as { id: number; distance: number }[]).map((c) => [c.id, c.distance]));
    const da = byId(a), db = byId(b);
    const shared = [...da.keys()].filter((id) => db.has(id));
    expect(shared.length).toBeGreaterThan(3);
    expect(shared.some((id) => da.get(id) !== db.get(id))).toBe(true);
    for (const r of [a, b]) {
      const d = (r.body.data as { distance: number }[]).map((c) => c.distance);
      expect([...d].sort((x, y) => x - y)).toEqual(d);
    }
    // each page its own tag, the same one again, and 304 for it
    const tag = a.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"/);
    expect(again.headers.get('etag')).toBe(tag);
    expect(b.headers.get('etag')).not.toBe(tag);
    const revalidated = await g.get(`/v1/geo/cities?nearLocation=${encodeURIComponent('+40.7128-074.0060')}&nearLocationRadius=50&nearLocationRadiusUnit=KM&limit=20`,
      { 'X-Gateway-Key': g.key, 'If-None-Match': tag });
    expect(revalidated.status).toBe(304);
    const jsonp = await g.get(`/v1/geo/cities?nearLocation=${encodeURIComponent('+40.7128-074.0060')}&nearLocationRadius=50&nearLocationRadiusUnit=KM&limit=20&callback=cb`);
    expect(jsonp.text.startsWith('/**/cb(')).toBe(true);
    expect(jsonp.headers.get('etag')).not.toBe(tag); // another representation
  });

  it('a kept page answers only its own URL: the links, offset and hateoas mode of each request stay its own', async () => {
    const list = (q: string) => g.get(`/v1/geo/cities?namePrefix=San&limit=5${q}`);
    const first = await list('');
    const again = await list('');
    expect(first.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    const links = (r: typeof first) => (r.body.links as { rel: string; href: string }[] | undefined)?.map((l) => `${l.rel} ${l.href}`);
    expect(links(first)).toContain('next /v1/geo/cities?offset=5&limit=5&namePrefix=San');
    // the same items under another URL: no links without hateoas (another page, another tag)
    const bare = await list('&hateoasMode=false');
    expect(bare.body.data).toEqual(first.body.data);
    expect(bare.body.links).toBeUndefined();
    expect(bare.headers.get('etag')).not.toBe(first.headers.get('etag'));
    // the same parameters in another order: the same links (they are written in one order)
    const reordered = await g.get('/v1/geo/cities?limit=5&namePrefix=San');
    expect(reordered.text).toBe(first.text);
    // and its own answer again, not the other URL's
    expect((await list('')).text).toBe(first.text);
    expect((await list('&hateoasMode=false')).text).toBe(bare.text);
  });
});
