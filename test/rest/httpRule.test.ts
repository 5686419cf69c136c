/**
 * The annotation compiler on its own: 0, 1 and 2 additional bindings (proto-loader
 * gives one as an object and several as an array), malformed rules that must
 * stop start-up, and path matching with variables, `**` and verbs.
 */
import { describe, expect, it } from 'vitest';
import { HttpRuleError, PathTemplate, readHttpRules } from '../../gateway/rest/httpRule.js';
import { compileRoutes } from '../../gateway/rest/routes.js';
import { loadProtoCatalog } from '../../gateway/protoCatalog.js';

const opts = (rule: unknown) => ({ '(google.api.http)': rule });

describe('readHttpRules', () => {
  it('reads a rule with no, one and two additional bindings', () => {
    expect(readHttpRules('M', undefined)).toEqual([]);
    expect(readHttpRules('M', {})).toEqual([]);
    expect(readHttpRules('M', opts({ get: '/a' }))).toEqual([{ verb: 'GET', template: '/a', body: '', index: 0 }]);
    expect(readHttpRules('M', opts({ get: '/a', additional_bindings: { get: '/b' } })).map((b) => b.template)).toEqual(['/a', '/b']);
    const two = readHttpRules('M', opts({ post: '/a', body: '*', additional_bindings: [{ get: '/b' }, { put: '/c', body: 'x' }] }));
    expect(two.map((b) => [b.verb, b.template, b.body, b.index])).toEqual([['POST', '/a', '*', 0], ['GET', '/b', '', 1], ['PUT', '/c', 'x', 2]]);
  });

  it.each([
    [{}, /exactly one of get/],
    [{ get: '/a', post: '/b' }, /exactly one of get/],
    [{ get: 5 }, /must be a string/],
    [{ get: '/a', body: '*' }, /GET must not declare a body/],
    [{ custom: { kind: 'HEAD', path: '/a' } }, /custom verb/],
    [{ get: '/a', additional_bindings: [{ get: '/b', additional_bindings: { get: '/c' } }] }, /must not nest/],
    [{ get: '/a', additional_bindings: [5] }, /not a message/],
  ])('refuses %j', (rule, message) => {
    expect(() => readHttpRules('pkg.Svc.M', opts(rule))).toThrow(HttpRuleError);
    expect(() => readHttpRules('pkg.Svc.M', opts(rule))).toThrow(message);
  });
});

describe('PathTemplate', () => {
  it.each([
    ['a/b', /must start with/], ['/a/{b', /unbalanced/], ['/a/{b}}', /unbalanced/], ['/a/{1b}', /not a field path/],
    ['/a/{b}/{b}', /bound twice/], ['/a/**/**', /more than one/], ['/a/**/{b}', /only literal segments may follow/],
    ['/a/x{b}', /is not/], ['/a/{b}x', /whole segment/], ['/a//b', /is not/], ['/a/b c', /is not/],
  ])('refuses %s', (t, message) => { expect(() => new PathTemplate('M', t)).toThrow(message); });

  it('matches literals and single-segment variables, percent-decoded', () => {
    const t = new PathTemplate('M', '/v1/cities/{city_id}/distance');
    expect(t.match('/v1/cities/42/distance')).toEqual({ city_id: '42' });
    expect(t.match('/v1/cities/4%202/distance')).toEqual({ city_id: '4 2' });
    expect(t.match('/v1/cities/42/distance/')).toEqual({ city_id: '42' });
    expect(t.match('/v1/cities//distance')).toBeUndefined();
    expect(t.match('/v1/cities/42')).toBeUndefined();
    expect(() => t.match('/v1/cities/%zz/distance')).toThrow(URIError);
  });

  it('matches ** with literal segments after it, and verbs', () => {
    const tz = new PathTemplate('M', '/v1/tz/{zone_id=**}/time');
    expect(tz.match('/v1/tz/America/Argentina/Buenos_Aires/time')).toEqual({ zone_id: 'America/Argentina/Buenos_Aires' });
    expect(tz.match('/v1/tz/UTC/time')).toEqual({ zone_id: 'UTC' });
    expect(tz.match('/v1/tz/America%2FNew_York/time')).toEqual({ zone_id: 'America/New_York' });
    expect(tz.match('/v1/tz/UTC/date')).toBeUndefined();
    expect(tz.match('/v1/tz/time')).toEqual({ zone_id: '' }); // ** may match no segment (the binder then refuses the empty id)
    expect(() => tz.match('/v1/tz/Bad%ZZ/time')).toThrow(URIError);
    const rest = new PathTemplate('M', '/v1/{name=shelves/*/books/**}');
    expect(rest.match('/v1/shelves/1/books/a/b')).toEqual({ name: 'shelves/1/books/a/b' });
    expect(rest.match('/v1/shelves/1/boxes/a')).toBeUndefined();
    const verb = new PathTemplate('M', '/v1/jobs/{job_id}:cancel');
    expect(verb.verb).toBe('cancel');
    expect(verb.match('/v1/jobs/abc:cancel')).toEqual({ job_id: 'abc' });
    expect(verb.match('/v1/jobs/abc')).toBeUndefined();
    expect(new PathTemplate('M', '/v1/jobs/{job_id}').specificity).toBeLessThan(verb.specificity);
  });

  it('renders with JSON names for documents', () => {
    expect(new PathTemplate('M', '/v1/tz/{zone_id=**}/time').render((f) => f.toUpperCase())).toBe('/v1/tz/{ZONE_ID}/time');
  });
});

describe('compileRoutes over the real protos', () => {
  it('compiles every binding, including the additional ones, with one route per verb and template', () => {
    const routes = compileRoutes(loadProtoCatalog());
    const getCity = routes.filter((r) => r.methodName === 'GetCity').map((r) => r.binding.template);
    expect(getCity).toEqual(['/v1/geo/cities/{city_id}', '/v1/geo/places/{city_id}', '/v1/geo/adminDivisions/{city_id}']);
    expect(routes.some((r) => r.methodName === 'BatchGetCities')).toBe(false); // no annotation, no route
    expect(new Set(routes.map((r) => `${r.binding.verb} ${r.binding.template}`)).size).toBe(routes.length);
    expect(routes.find((r) => r.methodName === 'ListTimeZones')?.scope).toBe('geo:read');
  });
});

describe('405 or 404 for a path no route of the method serves', () => {
  it('counts a template whose %-decoding fails as serving the path (405), instead of throwing', async () => {
    const { EdgeRefusals } = await import('../../gateway/rest/edgeRefusals.js');
    const edge = new EdgeRefusals({ addHook: () => undefined } as never, ['*'], [{ binding: { verb: 'GET' }, template: new PathTemplate('M', '/v1/geo/cities/{city_id}') }]);
    expect(edge.notFound('POST', '/v1/geo/cities/%ZZ')).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' } });
    expect(edge.notFound('POST', '/v1/geo/cities/42')).toMatchObject({ status: 405 });
    expect(edge.notFound('POST', '/v1/geo/towns/42')).toMatchObject({ status: 404 });
  });
});
