/**
 * The `+` repair is an HTTP rule and lives in the gateway: a field marked with
 * the field option (meridian.api.v1.form_plus) gets back the '+' that form
 * decoding turned into a space; the core receives the '+' and no longer
 * repairs anything itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { geoClient } from '../support/grpcClient.js';
import { loadProtoCatalog } from '../../gateway/protoCatalog.js';
import { leafFields } from '../../gateway/rest/requestBinding.js';

let g: TestGateway;
beforeAll(async () => { g = await startTestGateway(); });
afterAll(async () => { await g?.close(); });

describe('the + repair, from the form_plus field option', () => {
  it('is declared in the contract on exactly the location and sort fields of the geo requests and the RFC 3339 bounds of the sentiment ones (aliases inherit it)', () => {
    const marked = new Set<string>();
    for (const s of loadProtoCatalog().services) {
      for (const m of Object.values(s.reflection.methods)) {
        for (const l of leafFields(m.resolvedRequestType!)) if (l.formPlus) marked.add(l.name);
      }
    }
    // nearLocation is a REST alias of location (rest_aliases) and inherits the rule
    expect([...marked].sort()).toEqual(['created_after', 'created_before', 'from', 'location', 'sort', 'to']);
  });

  it('puts back an unescaped + of a time offset (a feed\'s range, a job list\'s bounds)', async () => {
    for (const q of ['from=2026-11-01T00:00:00+01:00&to=2026-11-01T10:00:00+01:00', 'from=2026-11-01T00:00:00%2B01:00&to=2026-11-01T10:00:00%2B01:00']) {
      const r = await g.get(`/v1/feeds/form-plus/trend?window=1h&${q}`);
      expect(r.status, `${q}: ${r.text.slice(0, 200)}`).not.toBe(400); // 404 (no such feed) or 200, never a refused offset
    }
    expect((await g.get('/v1/jobs?createdAfter=2026-11-01T00:00:00+01:00')).status).toBe(200);
  });

  it('puts back an unescaped + in a query string (location, sort) and in a path', async () => {
    const escaped = await g.get('/v1/geo/cities?location=%2B35.6895%2B139.6917&radius=30&sort=-population,%2Bname&limit=5');
    expect(escaped.status).toBe(200);
    const raw = await g.get('/v1/geo/cities?location=+35.6895+139.6917&radius=30&sort=-population,+name&limit=5');
    expect(raw.status, raw.text.slice(0, 300)).toBe(200);
    expect(raw.body.data).toEqual(escaped.body.data);
    const countries = await g.get('/v1/geo/countries?sort=+name&limit=3');
    expect(countries.status).toBe(200);
    expect(countries.body.data.map((c: { name: string }) => c.name)).toEqual([...countries.body.data.map((c: { name: string }) => c.name)].sort((a, b) => a.localeCompare(b, 'en'))); // ascending, accents aside (Åland Islands before Albania)
    const path = await g.get('/v1/geo/locations/+35.6895+139.6917/nearbyCities?radius=30&limit=5');
    expect(path.status).toBe(200);
  });

  it('does not touch fields without the option (a space in a name prefix stays a space)', async () => {
    const r = await g.get('/v1/geo/cities?namePrefix=San+Fr&limit=3');
    expect(r.status).toBe(200);
    // with a '+' put back nothing would match
    expect((r.body.data as { name: string }[]).some((c) => /^san fr/i.test(c.name))).toBe(true);
  });

  it('leaves the core with clean typed requests: over gRPC a space where the + belongs is refused, not repaired', async () => {
    const geo = geoClient(inject('coreAddress'));
    try {
      const e = await geo.fail('ListCities', { location: ' 35.6895 139.6917', radius: 30, limit: 5 });
      expect(e.code).toBe(3); // INVALID_ARGUMENT
      expect(e.message).toMatch(/location must look like \+37\.7749-122\.4194/);
      const ok = await geo.call<{ data: unknown[] }>('ListCities', { location: '+35.6895+139.6917', radius: 30, limit: 5 });
      expect(ok.data.length).toBeGreaterThan(0);
    } finally { geo.close(); }
  });
});
