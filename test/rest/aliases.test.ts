/**
 * REST alias names (nearLocation for location, countryCodes for countryIds,
 * ...) are the gateway's: the contract declares them as the field option
 * (meridian.api.v1.rest_aliases) on the one field the core knows, the gateway
 * binds them, refuses two names with different values itself, and names the
 * alias the client sent in the core's errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { loadProtoCatalog } from '../../gateway/protoCatalog.js';
import { leafFields } from '../../gateway/rest/requestBinding.js';

let g: TestGateway;
beforeAll(async () => { g = await startTestGateway(); });
afterAll(async () => { await g?.close(); });

describe('REST alias names', () => {
  it('the core\'s request messages have one field per filter; the aliases are options on it', () => {
    const aliases: Record<string, string[]> = {};
    for (const s of loadProtoCatalog().services) {
      for (const m of Object.values(s.reflection.methods)) {
        const fields = Object.keys(m.resolvedRequestType!.fields);
        expect(fields.filter((f) => /^near_location/.test(f)), m.name).toEqual([]);
        // (BatchGetCountries' country_codes is its one list, not an alias)
        if (fields.includes('country_ids')) expect(fields.filter((f) => /^(excluded_)?country_codes?$/.test(f)), m.name).toEqual([]);
        for (const l of leafFields(m.resolvedRequestType!)) if (l.aliases) aliases[l.name] = l.aliases;
      }
    }
    expect(aliases).toMatchObject({
      location: ['nearLocation'], radius: ['nearLocationRadius'], distance_unit: ['nearLocationRadiusUnit'],
      country_ids: expect.arrayContaining(['countryCodes']), excluded_country_ids: ['excludedCountryCodes', 'excludeCountries'],
    });
  });

  it('OpenAPI still lists the alias parameters', async () => {
    const doc = (await g.get('/openapi.json')).body as { paths: Record<string, { get: { parameters: { name: string }[] } }> };
    const names = doc.paths['/v1/geo/cities']!.get.parameters.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['location', 'nearLocation', 'radius', 'nearLocationRadius', 'countryIds', 'countryCodes', 'countryCode', 'excludedCountryCodes']));
  });

  it('the same value under two names is one filter; different values are PARAMS_MUTUALLY_EXCLUSIVE naming both', async () => {
    const same = await g.get('/v1/geo/cities?location=%2B10-10&nearLocation=%2B10-10&limit=3');
    expect(same.status, same.text.slice(0, 200)).toBe(200);
    const r = await g.get('/v1/geo/cities?nearLocationRadius=10&radius=20&location=%2B10-10');
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ code: 'PARAMS_MUTUALLY_EXCLUSIVE', message: expect.stringMatching(/nearLocationRadius and radius are the same parameter/) });
    // repeated fields take the values of all their names
    const union = await g.get('/v1/geo/cities?countryIds=LI&countryCodes=LU&limit=100&minPopulation=0');
    const codes = new Set((union.body.data as { countryCode: string }[]).map((c) => c.countryCode));
    expect([...codes].sort()).toEqual(['LI', 'LU']);
  });

  it('an error about a field given under an alias names the alias', async () => {
    const r = await g.get('/v1/geo/cities?nearLocation=somewhere');
    expect(r.status).toBe(400);
    expect(r.body.errors[0].message).toMatch(/^nearLocation must look like/);
    expect(r.body.errors[0].details).toMatchObject({ field: 'nearLocation' });
    // (a radius without a location narrows nothing; one that is not a radius is refused under the name it was given)
    const radius = await g.get('/v1/geo/cities?nearLocationRadius=-10');
    expect(radius.status).toBe(400);
    expect(radius.body.errors[0].message).toMatch(/^nearLocationRadius must be a number above 0/);
    expect(radius.body.errors[0].details).toMatchObject({ field: 'nearLocationRadius' });
  });
});
