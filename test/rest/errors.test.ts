/**
 * What goes wrong, and how the gateway says so: the error table (status and
 * envelope code), keys and scopes, rate limits, JSONP (valid, hostile, errors
 * through it), CORS, health, metrics, and the generated documents.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestGateway, type TestGateway } from '../support/gateway.js';
import { CLIENT_FILE, generatedArtifacts, OPENAPI_FILE } from '../../gateway/openapi/writeOpenApi.js';
import { callbackOf } from '../../gateway/rest/routes.js';
import { parseQuery } from '../../gateway/rest/query.js';
import { buildOpenApi } from '../../gateway/openapi/openapiDocument.js';
import { packageVersion } from '../../gateway/app.js';
import { mapCoreError } from '../../gateway/httpError.js';

let gw: TestGateway;
beforeAll(async () => { gw = await startTestGateway({ maxLimit: 50 }); });
afterAll(async () => { await gw.close(); });

const SF = 5391959;

async function expectError(path: string, status: number, code: string, message?: RegExp, headers?: Record<string, string>) {
  const r = await gw.get(path, headers);
  expect(r.status, r.text).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(r.body)).toEqual(['errors']);
  expect(r.body.errors).toHaveLength(1);
  expect(r.body.errors[0].code).toBe(code);
  if (message) expect(r.body.errors[0].message).toMatch(message);
  return r;
}

describe('bad parameters are 400 PARAM_INVALID naming the parameter and the accepted form', () => {
  it.each([
    ['/v1/geo/cities?bogus=1', /unknown query parameter 'bogus'.*namePrefix/],
    ['/v1/geo/cities?limit=abc', /limit must be an integer/],
    ['/v1/geo/cities?limit=5&limit=6', /limit takes one value and was given 2 times/],
    ['/v1/geo/cities?limit=5&limit=', undefined], // the empty one is "not set": fine → checked below
    ['/v1/geo/cities?minPopulation=1e3', /minPopulation must be an integer/],
    ['/v1/geo/cities?limit=2.5', /^limit must be a whole number, got '2.5'$/], // not the wire type's range
    ['/v1/geo/cities?limit=5.0', /^limit must be an integer in digits \(no decimal point or exponent\), got '5.0'$/],
    ['/v1/geo/cities?limit=ten', /^limit must be an integer, got 'ten'$/],
    ['/v1/geo/cities?minPopulation=99999999999999999999', /minPopulation must be an integer from/],
    ['/v1/geo/cities?nearLocationRadius=ten', /nearLocationRadius must be a number/],
    ['/v1/geo/cities?nearLocationRadiusUnit=LIGHTYEARS', /nearLocationRadiusUnit must be one of MI, KM/],
    ['/v1/geo/cities?includeDeleted=SOMETIMES', /includeDeleted must be one of NONE, ALL, SINCE_YESTERDAY, SINCE_LAST_WEEK/],
    ['/v1/geo/cities?asciiMode=maybe', /asciiMode must be true or false/],
    ['/v1/geo/cities?hateoasMode=perhaps', /hateoasMode must be true or false/],
    ['/v1/geo/cities?nearLocation=somewhere', /nearLocation must look like/],
    ['/v1/geo/cities?namePrefix=%E0%A4%A', /malformed %-escape/],
    ['/v1/geo/cities/abc', /cityId must be an integer/],
    ['/v1/geo/cities/99999999999', /cityId must be an integer GeoNames id from 1 to 2147483647 or a WikiData id/],
    [`/v1/geo/cities/${SF}?cityId=1`, /cityId is given in the path/],
    [`/v1/geo/cities/${SF}/distance`, /fromCityId|toCityId/],
    ['/v1/geo/cities?sort=sideways', /sort/],
    ['/v1/geo/cities?languageCode=not%20a%20language', /languageCode must be a BCP-47 language code/],
    ['/v1/geo/countries/USA', /countryCode/],
  ])('%s', async (path, message) => {
    if (!message) {
      const r = await gw.get(path);
      expect(r.status).toBe(200);
      expect(r.body.data).toHaveLength(5);
      return;
    }
    await expectError(path, 400, 'PARAM_INVALID', message);
  });

  it('conflicting parameters are 400 PARAMS_MUTUALLY_EXCLUSIVE', async () => {
    await expectError('/v1/geo/cities?countryIds=US&excludedCountryIds=CA', 400, 'PARAMS_MUTUALLY_EXCLUSIVE', /countryIds and excludedCountryIds/);
    await expectError(`/v1/geo/cities/${SF}/distance?fromCityId=1&toCityId=2`, 400, 'PARAMS_MUTUALLY_EXCLUSIVE');
  });
});

describe('not found is 404 ENTITY_NOT_FOUND', () => {
  it.each([
    ['/v1/geo/cities/1', /no place with id 1/],
    ['/v1/geo/countries/ZZ', /ZZ/],
    ['/v1/geo/countries/US/regions/ZZZ', /ZZZ/],
    ['/v1/locale/timezones/Mars/Olympus_Mons', /Mars\/Olympus_Mons/],
    ['/v1/geo/nowhere', /no route GET \/v1\/geo\/nowhere/],
  ])('%s', async (path, message) => { await expectError(path, 404, 'ENTITY_NOT_FOUND', message); });

  it('a method the route does not have is 405 with Allow, in the envelope', async () => {
    // DELETE reaches no route; POST reaches the router's wildcard for POST templates with verbs (:cancel, :batch)
    for (const method of ['DELETE', 'POST', 'PUT']) {
      const r = await fetch(`${gw.url}/v1/geo/cities`, { method, headers: { 'X-Gateway-Key': gw.key } });
      expect(r.status, method).toBe(405);
      expect(r.headers.get('allow')).toBe('GET, HEAD');
      expect(((await r.json()) as { errors: { type: string }[] }).errors[0]?.type).toBe('METHOD_NOT_ALLOWED');
    }
    expect((await fetch(`${gw.url}/v1/geo/nowhere`, { method: 'POST', headers: { 'X-Gateway-Key': gw.key } })).status).toBe(404);
    // a path ending in a custom verb under a method that does not serve it: 405 Allow: POST, not 'id must be a UUID, got
    // ':cancel' …' from GET /v1/jobs/{id} reading the verb as part of the id; a colon that is no route's verb stays the id's
    const id = '0190f5a8-8c3e-7000-8000-000000000000';
    for (const method of ['GET', 'DELETE']) {
      const r = await fetch(`${gw.url}/v1/jobs/${id}:cancel`, { method, headers: { 'X-Gateway-Key': gw.key } });
      expect(r.status, method).toBe(405);
      expect(r.headers.get('allow'), method).toBe('POST');
    }
    expect((await fetch(`${gw.url}/v1/jobs/${id}:nonsense`, { headers: { 'X-Gateway-Key': gw.key } })).status).toBe(400);
    // a malformed %-escape in a path another method serves: a 4xx naming the escape or the method, never a 500
    // from the 405 check decoding the path for the other method's template
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const r = await fetch(`${gw.url}/v1/geo/cities/%ZZ`, { method, headers: { 'X-Gateway-Key': gw.key } });
      expect([400, 405], method).toContain(r.status);
      expect(((await r.json()) as { errors: { message: string }[] }).errors[0]?.message).toMatch(/malformed %-escape|not allowed/);
    }
    // the root path is GeoDB's GraphQL endpoint (POST only)
    const root = await fetch(`${gw.url}/`, { headers: { 'X-Gateway-Key': gw.key } });
    expect(root.status).toBe(405);
    expect(root.headers.get('allow')).toContain('POST');
  });
});

describe('keys', () => {
  it('no key and an unknown key are 401 with a challenge (GeoDB answers a missing or invalid key 401), both ACCESS_DENIED', async () => {
    await expectError('/v1/geo/cities', 401, 'ACCESS_DENIED', /missing API key.*X-Gateway-Key/, {});
    await expectError('/v1/geo/cities', 401, 'ACCESS_DENIED', /not valid/, { 'X-Gateway-Key': 'mrd_nope_nope' });
    for (const headers of [{}, { 'X-Gateway-Key': 'mrd_nope_nope' }] as Record<string, string>[]) {
      expect((await gw.get('/v1/geo/cities', headers)).headers.get('www-authenticate')).toBe('ApiKey header="X-Gateway-Key"');
    }
  });

  it('X-RapidAPI-Key and X-Mashape-Key are accepted, in any case', async () => {
    expect((await gw.get('/v1/geo/countries/FR', { 'x-rapidapi-key': gw.key })).status).toBe(200);
    expect((await gw.get('/v1/geo/countries/FR', { 'X-MASHAPE-KEY': gw.key })).status).toBe(200);
  });

  it('a key without the route\'s scope is 403', async () => {
    const { key } = await gw.gateway.keyStore.create({ name: 'sentiment only', scopes: ['sentiment:read'] });
    await eventually(async () => gw.gateway.keyRing.check(key).ok);
    await expectError('/v1/geo/cities', 403, 'ACCESS_DENIED', /lacks the scope geo:read/, { 'X-Gateway-Key': key });
  });

  it('a revoked key is refused within the reload interval', async () => {
    const { key, record } = await gw.gateway.keyStore.create({ name: 'soon revoked', scopes: ['geo:read'] });
    await eventually(async () => (await gw.get('/v1/geo/countries/FR', { 'X-Gateway-Key': key })).status === 200);
    await gw.gateway.keyStore.revoke(record.id);
    await eventually(async () => (await gw.get('/v1/geo/countries/FR', { 'X-Gateway-Key': key })).status === 401);
    await expectError('/v1/geo/countries/FR', 401, 'ACCESS_DENIED', /revoked/, { 'X-Gateway-Key': key });
  });

  it('the key CLI creates, lists and revokes keys while the gateway runs', async () => {
    const run = async (...args: string[]) => (await promisify(execFile)(process.execPath, ['--import', 'tsx', 'gateway/auth/keysCli.ts', ...args], {
      env: { ...process.env, MERIDIAN_STATE_DIR: gw.stateDir },
    })).stdout;
    const key = (await run('create', '--name=cli test', '--scopes=geo:read', '--rate-limit=100')).trim();
    expect(key).toMatch(/^mrd_[0-9a-f]{12}_[\w-]{43}$/);
    await eventually(async () => (await gw.get('/v1/geo/countries/FR', { 'X-Gateway-Key': key })).status === 200);
    const id = key.split('_')[1] as string;
    expect(await run('list')).toMatch(new RegExp(`${id}  active  cli test  scopes=geo:read  rate-limit=100`));
    // 0: no limit of its own, whatever MERIDIAN_DEFAULT_RATE_LIMIT says (the help said 0 and the store refused it)
    const free = (await run('create', '--name=unlimited', '--rate-limit=0')).trim();
    expect(await run('list')).toMatch(new RegExp(`${free.split('_')[1]}  active  unlimited  scopes=geo:read  rate-limit=none`));
    expect(await run('revoke', id)).toMatch(/revoked/);
    await eventually(async () => (await gw.get('/v1/geo/countries/FR', { 'X-Gateway-Key': key })).status === 401);
    expect(readFileSync(`${gw.stateDir}/gateway.duckdb`).includes(Buffer.from(key))).toBe(false); // only the hash is stored
    // odd arguments are refused with the usage, exit 2, no stack trace (1e99 printed one; an escape sequence in a name was stored)
    for (const [args, message] of [[['--rate-limit=1e99'], /--rate-limit must be a whole number .* from 0 to 10000000/], [['--rate-limit=3000000000'], /from 0 to 10000000/], [['--name=a\u001b[31mb'], /--name must be at most 100 characters with no control characters/], [['--name=a\u202eb'], /no control characters .*bidirectional/]] as const) {
      const failed = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'gateway/auth/keysCli.ts', 'create', ...args], { env: { ...process.env, MERIDIAN_STATE_DIR: gw.stateDir } })
        .then(() => ({ code: 0, stderr: '' }), (e: { code: number; stderr: string }) => e);
      expect(failed.code, args.join(' ')).toBe(2);
      expect(failed.stderr, args.join(' ')).toMatch(message);
      expect(failed.stderr).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  }, 60_000);

  it('a limit above the maximum is 403 ACCESS_DENIED', async () => {
    await expectError('/v1/geo/cities?limit=51', 403, 'ACCESS_DENIED', /limit 51 is above the maximum of 50/);
    expect((await gw.get('/v1/geo/cities?limit=50')).body.data).toHaveLength(50);
  });
});

describe('rate limits', () => {
  it('answer with X-RateLimit headers, then 429 with Retry-After past the limit', async () => {
    const { key } = await gw.gateway.keyStore.create({ name: 'limited', scopes: ['geo:read'], rateLimit: 3 });
    await eventually(async () => gw.gateway.keyRing.check(key).ok);
    const h = { 'X-Gateway-Key': key };
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await gw.get('/v1/geo/countries/FR', h);
      expect(r.status).toBe(200);
      expect(r.headers.get('x-ratelimit-limit')).toBe('3');
      seen.push(Number(r.headers.get('x-ratelimit-remaining')));
    }
    expect(seen).toEqual([2, 1, 0]);
    const over = await expectError('/v1/geo/countries/FR', 429, 'ACCESS_DENIED', /rate limit of 3 requests per minute/, h);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await gw.get('/v1/geo/countries/FR')).status).toBe(200); // other keys are not affected
  });
});

describe('JSONP', () => {
  const JSONP = /^\/\*\*\/([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\((.*)\);$/s;

  it('wraps the envelope for a valid callback, with nosniff and the status inside', async () => {
    const r = await gw.get('/v1/geo/cities?namePrefix=Zur&limit=2&callback=app.cb_1');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    const m = JSONP.exec(r.text);
    expect(m?.[1]).toBe('app.cb_1');
    const body = JSON.parse(m?.[2] ?? '');
    expect(body).toMatchObject({ errors: [], status: 200, metadata: { currentOffset: 0 } });
    expect(body.links[0].href).not.toContain('callback'); // links do not repeat the callback
  });

  it('carries errors with status 200 so the script runs, the real status inside', async () => {
    const r = await gw.get('/v1/geo/cities/1?callback=cb');
    expect(r.status).toBe(200);
    const body = JSON.parse(JSONP.exec(r.text)?.[2] ?? '');
    expect(body).toEqual({ errors: [{ code: 'ENTITY_NOT_FOUND', type: 'ENTITY_NOT_FOUND', message: 'no place with id 1', details: {} }], status: 404 });
    const noKey = await gw.get('/v1/geo/cities?callback=cb', {});
    expect(JSON.parse(JSONP.exec(noKey.text)?.[2] ?? '').status).toBe(401);
  });

  it('escapes U+2028 and U+2029', async () => {
    const r = await gw.get('/v1/geo/cities?namePrefix=%E2%80%A8x%E2%80%A9&callback=cb');
    expect(r.text).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(JSONP.exec(r.text)?.[2] ?? '').status).toBeLessThan(500);
  });

  it.each([
    'alert(1)', 'a b', '1abc', 'a..b', 'a.', '.a', 'x;alert(1)//', '<script>', 'a'.repeat(129), 'cb%00', 'ünïcode', 'a-b', 'a[0]',
  ])('refuses the callback %j with a 400 JSON error', async (cb) => {
    const r = await gw.get(`/v1/geo/cities?callback=${encodeURIComponent(cb)}`);
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.body.errors[0]).toMatchObject({ code: 'PARAM_INVALID', message: expect.stringMatching(/^callback must be/) });
  });

  it('a second callback is refused, and non-GET requests get no JSONP', async () => {
    await expectError('/v1/geo/cities?callback=a&callback=b', 400, 'PARAM_INVALID', /callback takes one value/);
    expect(() => callbackOf('POST', parseQuery('callback=cb'))).toThrow(/only available on GET/);
    expect(callbackOf('GET', parseQuery('callback='))).toBeUndefined();
  });

  it('a callback that is a reserved word or no function (true, null, eval, __proto__) is refused; a path of ordinary names is not', async () => {
    for (const name of ['true', 'null', 'NaN', 'eval', '__proto__', 'app.constructor', 'new', 'window.eval']) {
      await expectError(`/v1/geo/cities?callback=${name}`, 400, 'PARAM_INVALID', /reserved word or no function/);
    }
    expect(callbackOf('GET', parseQuery('callback=app.trueValue.onCities'))).toBe('app.trueValue.onCities');
  });
});

describe('CORS, health, metrics, documents', () => {
  it('answers a browser preflight without a key, allowing the headers GeoDB apps send, and exposes the rate-limit headers', async () => {
    // GeoDB browser apps send RapidAPI's key and host headers, and RapidAPI's snippets `useQueryString` (jQuery adds X-Requested-With)
    const asked = ['x-rapidapi-key', 'x-rapidapi-host', 'usequerystring', 'x-requested-with', 'content-type'];
    const r = await fetch(`${gw.url}/v1/geo/cities`, {
      method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': asked.join(',') },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = r.headers.get('access-control-allow-headers')?.toLowerCase().split(/,\s*/) ?? [];
    for (const h of asked) expect(allowed).toContain(h);
    // and the request itself, with those headers, is answered
    const app = await fetch(`${gw.url}/v1/geo/cities?limit=1`, { headers: { Origin: 'https://app.example', 'X-RapidAPI-Key': gw.key, 'X-RapidAPI-Host': 'wft-geo-db.p.rapidapi.com', useQueryString: 'true', 'X-Requested-With': 'XMLHttpRequest' } });
    expect(app.status).toBe(200);
    expect(app.headers.get('access-control-allow-origin')).toBe('*');
    const get = await fetch(`${gw.url}/v1/geo/countries/FR`, { headers: { Origin: 'https://app.example', 'X-Gateway-Key': gw.key } });
    const exposed = get.headers.get('access-control-expose-headers')?.split(/,\s*/) ?? [];
    for (const h of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Requests-Limit', 'X-RateLimit-Requests-Remaining', 'ETag']) expect(exposed).toContain(h);
  });

  it('/healthz reports gateway and core', async () => {
    const r = await gw.get('/healthz', {});
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { gateway: 'SERVING', core: 'SERVING' }, errors: [] });
  });

  it('/healthz probes that arrive together share one core health call', async () => {
    const client = (gw.gateway.core as unknown as { client: { makeUnaryRequest: (...a: unknown[]) => unknown } }).client;
    const make = client.makeUnaryRequest;
    let calls = 0;
    client.makeUnaryRequest = function (this: unknown, ...a: unknown[]) { calls++; return make.apply(this, a); };
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, () => fetch(`${gw.url}/healthz`)));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      expect(calls).toBeGreaterThan(0);
      expect(calls).toBeLessThan(150); // one per probe before (200); how many overlap depends on arrival
    } finally {
      client.makeUnaryRequest = make;
    }
  });

  it('/metrics counts requests by route template and status, with latency histograms', async () => {
    await gw.get('/v1/geo/cities/1');
    const text = await (await fetch(`${gw.url}/metrics`)).text();
    expect(text).toMatch(/meridian_http_requests_total\{route="\/v1\/geo\/cities\/\{city_id\}",method="GET",status="404"\} [1-9]/);
    expect(text).toMatch(/meridian_http_request_duration_seconds_bucket\{le="0.005",route="\/v1\/geo\/cities",method="GET",status="200"\}/);
  });

  it('/openapi.json is the committed document, generated from the protos; the committed client matches the generator', async () => {
    const served = (await (await fetch(`${gw.url}/openapi.json`)).json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const { openapi, client } = generatedArtifacts();
    expect(readFileSync(OPENAPI_FILE, 'utf8'), 'run npm run openapi').toBe(openapi);
    expect(readFileSync(CLIENT_FILE, 'utf8'), 'run npm run openapi').toBe(client);
    expect(served).toEqual(buildOpenApi(gw.gateway.routes, { version: packageVersion(), maxLimit: 50 })); // this gateway's maximum
    expect(JSON.parse(openapi).paths['/v1/geo/cities'].get.parameters.find((p: { name: string }) => p.name === 'limit').schema.maximum).toBe(100);
    expect(served.openapi).toBe('3.1.0');
    const list = served.paths['/v1/geo/cities'].get;
    const names = list.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['namePrefix', 'countryCode', 'countryCodes', 'nearLocation', 'nearLocationRadiusUnit', 'limit', 'offset', 'callback', 'hateoasMode']));
    expect(list.parameters.find((p: { name: string }) => p.name === 'namePrefix').description).toMatch(/start of any word/);
    expect(Object.keys(list.responses)).toEqual(['200', '400', '401', '403', '404', '405', '413', '415', '429', '503', '504']);
    // writes can conflict (a finished job's cancel, a reused requestId); reads cannot
    expect(Object.keys(served.paths['/v1/analyses:batch'].post.responses)).toContain('409');
    // the sentiment spec's header is a parameter a generated client can send, and the body's enums list only what is accepted
    expect(served.paths['/v1/analyses'].post.parameters).toEqual([expect.objectContaining({ name: 'X-Service-Async-Mode', in: 'header', schema: { type: 'boolean', default: true } })]);
    expect(JSON.stringify(served.components.schemas)).not.toMatch(/_UNSPECIFIED/);
    expect(served.paths['/v1/locale/timezones/{zoneId}/dateTime'].get.parameters[0]).toMatchObject({ name: 'zoneId', in: 'path' });
  });
});

describe('a core that cannot be reached', () => {
  it('is 503 SERVICE_UNAVAILABLE with Retry-After, and /healthz says so', async () => {
    const dead = await startTestGateway({ coreAddress: '127.0.0.1:1', coreTimeoutMs: 2000 });
    try {
      const r = await dead.get('/v1/geo/cities');
      expect(r.status).toBe(503);
      expect(r.body.errors[0].code).toBe('SERVICE_UNAVAILABLE');
      expect(r.headers.get('retry-after')).toBe('1');
      // grpc-js's own text ("connect ECONNREFUSED 127.0.0.1:1") names the core's address: not told to API users
      expect(r.body.errors[0].message).toBe('the core service is unavailable (it cannot be reached from the gateway); retry shortly');
      const h = await dead.get('/healthz', {});
      expect(h.status).toBe(503);
      expect(h.body.data.core).toBe('UNAVAILABLE');
    } finally { await dead.close(); }
  });
});

describe('what the gateway tells API users of a core failure', () => {
  it('keeps grpc-js\'s connection details (the core\'s internal address) out of 503s and 504s', () => {
    const timedOut = mapCoreError(4, undefined, 'Deadline exceeded after 0.299s,name resolution: 0.001s,LB pick: 0.002s,remote_addr=10.0.0.7:50051');
    expect(timedOut.status).toBe(504);
    expect(timedOut.message).toBe('the core did not answer in time (Deadline exceeded after 0.299s); retry, or narrow the request');
    const down = mapCoreError(14, undefined, 'No connection established. Last error: connect ECONNREFUSED 10.0.0.7:50051');
    expect(down.message).not.toMatch(/10\.0\.0\.7/);
    // a status the core sent itself (with its reason) says why
    expect(mapCoreError(14, 'SHUTTING_DOWN', 'the core is shutting down; retry shortly').message).toMatch(/shutting down/);
  });
});
