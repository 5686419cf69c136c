/**
 * Per-route REST presentation rules come from the contract's options
 * (proto/meridian/api/v1/presentation.proto), not from tables in the generic
 * route code: the compiled routes carry them, REST answers show them, and
 * the core's own answers (gRPC) keep the core's forms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { geoClient } from '../support/grpcClient.js';
import { loadProtoCatalog } from '../../gateway/protoCatalog.js';
import { compileRoutes } from '../../gateway/rest/routes.js';

let g: TestGateway;
beforeAll(async () => { g = await startTestGateway(); });
afterAll(async () => { await g?.close(); });

const routes = compileRoutes(loadProtoCatalog());
const route = (verb: string, template: string) => {
  const r = routes.find((x) => x.binding.verb === verb && x.binding.template === template);
  if (!r) throw new Error(`no route ${verb} ${template}`);
  return r;
};

describe('REST presentation rules from the contract', () => {
  it('key scopes come from the service option key_scope (locale is geo; certificates one scope)', () => {
    expect(route('GET', '/v1/locale/timezones').scope).toBe('geo:read');
    expect(route('GET', '/v1/geo/cities').scope).toBe('geo:read');
    expect(route('POST', '/v1/certificates').scope).toBe('certificates:issue');
    expect(route('POST', '/v1/analyses').scope).toBe('sentiment:write');
  });

  it('a list restricted to one country or one region leaves those fields out (rest_omits_when_single)', () => {
    const cities = route('GET', '/v1/geo/cities');
    const asNamed = (name: string) => new Map([['countryIds', name]]); // the REST name the request used (RequestBinder's aliasNames)
    // the seed's names restrict the list to one country: its items leave the country out
    expect(cities.omissions?.({ countryIds: ['us'] }, asNamed('countryCode'))).toEqual(['country', 'countryCode']);
    expect(cities.omissions?.({ countryIds: ['US'] }, asNamed('countryCodes'))).toEqual(['country', 'countryCode']);
    expect(cities.omissions?.({ countryIds: ['US', 'CA'] }, asNamed('countryCodes'))).toEqual([]);
    // GeoDB's countryIds (and its 2017 name) keep them, as GeoDB does (geodb-compat 2.3: omitted only in /countries/{id}/places and region lists)
    expect(cities.omissions?.({ countryIds: ['US'] }, new Map())).toEqual([]);
    expect(cities.omissions?.({ countryIds: ['US'] }, asNamed('includeCountries'))).toEqual([]);
    expect(route('GET', '/v1/geo/countries/{country_code}/regions/{region_code}/cities').omissions?.({ countryCode: 'US', regionCode: 'CA' }, new Map()))
      .toEqual(expect.arrayContaining(['region', 'regionCode', 'country', 'countryCode']));
    // regions of a country keep their country fields: no option there
    expect(route('GET', '/v1/geo/countries/{country_code}/regions').omissions).toBeUndefined();
  });

  it('REST answers write zone ids and whole-hour offsets in GeoDB\'s form (rest_text, rest_integer); gRPC keeps IANA ids', async () => {
    const zone = await g.get('/v1/locale/timezones/Asia__Kolkata');
    expect(zone.status).toBe(200);
    expect(zone.body.data).toMatchObject({ id: 'Asia__Kolkata', rawUtcOffsetHours: 5 });
    const locales = await g.get('/v1/locale/locales?limit=100');
    expect(locales.body.data.some((l: { code: string }) => /^[a-z]{2}_[A-Z]{2}$/.test(l.code))).toBe(true);
    const rest = await g.get('/v1/geo/cities/5391959');
    expect(rest.body.data.timezone).toBe('America__Los_Angeles');
    const geo = geoClient(inject('coreAddress'));
    try {
      const core = await geo.call<{ data: { timezone: string } }>('GetCity', { cityId: 5391959 });
      expect(core.data.timezone).toBe('America/Los_Angeles');
    } finally { geo.close(); }
  });
});
