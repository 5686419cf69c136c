/**
 * GeoDB client probe: replays the requests real GeoDB Cities client apps send
 * (shared/spec/geodb-compat.md, the [obs] notes: official SDKs, demos, Angular
 * and JavaScript apps, free-instance and RapidAPI styles) against a running
 * Meridian and checks each answer against the spec: status, envelope, field
 * names and types, value forms, error codes, the headers clients read.
 *
 *   npx tsx test/compat/geodbProbe.ts [baseUrl] [key]
 *   (defaults: http://127.0.0.1:18881 and $MERIDIAN_STATE_DIR/local-key.txt)
 *
 * Prints one line per request that does not match and a count per operation
 * group; exits 1 when any request does not match. Checks marked in the spec as
 * Meridian's documented choice (keys required, unknown parameters 400, place
 * names in a language only where a source has one) are expected as Meridian documents them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies are checked field by field
type Body = any;
interface Answer { status: number; body: Body; text: string; headers: Headers }
interface Case {
  group: string;
  path: string;
  method?: 'GET' | 'POST' | 'OPTIONS';
  body?: unknown;
  headers?: Record<string, string>;
  /** problems found in the answer (empty: matches the spec) */
  check: (a: Answer) => string[];
  /** set where the spec leaves GeoDB's answer open ([?]) or Meridian documents its own choice: a difference is reported as a question, not a mismatch */
  question?: string;
}

const SF = 5391959, LA = 5368361, NYC = 5128581, PARIS = 2988507, BERLIN = 2950159;
const RAPID_HOST = 'wft-geo-db.p.rapidapi.com';

// ---------------------------------------------------------------- shape checks (spec section 2)
const isInt = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v);
const isNum = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): boolean => typeof v === 'string';

function field(p: string[], o: Body, name: string, ok: (v: unknown) => boolean, what: string, where: string): void {
  if (!(name in o)) p.push(`${where}.${name} missing`);
  else if (!ok(o[name])) p.push(`${where}.${name} is ${JSON.stringify(o[name])}, want ${what}`);
}
function optional(p: string[], o: Body, name: string, ok: (v: unknown) => boolean, what: string, where: string): void {
  if (name in o && !ok(o[name])) p.push(`${where}.${name} is ${JSON.stringify(o[name])}, want ${what}`);
}

interface PlaceOpts { country?: boolean; region?: boolean; distance?: boolean; types?: string[] }
function placeSummary(p: string[], o: Body, where: string, opts: PlaceOpts = {}): void {
  field(p, o, 'id', isInt, 'int32', where);
  field(p, o, 'type', (v) => (opts.types ?? ['CITY', 'ADM2', 'ISLAND']).includes(v as string), (opts.types ?? ['CITY', 'ADM2', 'ISLAND']).join('|'), where);
  field(p, o, 'name', isStr, 'string', where);
  if (o.city !== o.name) p.push(`${where}.city ${JSON.stringify(o.city)} differs from name`);
  optional(p, o, 'wikiDataId', (v) => /^Q\d+$/.test(String(v)), 'Q-id', where);
  optional(p, o, 'regionWdId', (v) => v === null || /^Q\d+$/.test(String(v)), 'Q-id', where);
  field(p, o, 'latitude', (v) => isNum(v) && Math.abs(v as number) <= 90, 'double', where);
  field(p, o, 'longitude', (v) => isNum(v) && Math.abs(v as number) <= 180, 'double', where);
  field(p, o, 'population', (v) => isInt(v) && (v as number) >= 0, 'int32 >= 0', where);
  if (opts.country === false) {
    if ('country' in o || 'countryCode' in o) p.push(`${where} carries country fields in a country-scoped list`);
  } else {
    field(p, o, 'country', isStr, 'string', where);
    field(p, o, 'countryCode', (v) => /^[A-Z]{2}$/.test(String(v)), 'alpha-2', where);
  }
  if (opts.region === false) {
    if ('region' in o || 'regionCode' in o) p.push(`${where} carries region fields in a region-scoped list`);
  } else {
    optional(p, o, 'region', isStr, 'string', where);
    optional(p, o, 'regionCode', isStr, 'string', where);
  }
  if (opts.distance) field(p, o, 'distance', (v) => isNum(v) && (v as number) >= 0, 'double', where);
  else if ('distance' in o) p.push(`${where}.distance present outside a distance query`);
  optional(p, o, 'timezone', (v) => isStr(v) && !(v as string).includes('/'), 'zone id with __', where);
}
function placeDetails(p: string[], o: Body, where: string, types = ['CITY', 'ADM2', 'ISLAND']): void {
  placeSummary(p, o, where, { types });
  optional(p, o, 'elevationMeters', isInt, 'int32', where);
  field(p, o, 'timezone', (v) => isStr(v) && /^[A-Za-z]+(__[A-Za-z0-9_+-]+)*$/.test(v as string) && !(v as string).includes('/'), 'zone id with __', where);
  field(p, o, 'deleted', (v) => typeof v === 'boolean', 'boolean', where);
}
function countrySummary(p: string[], o: Body, where: string): void {
  field(p, o, 'code', (v) => /^[A-Z]{2}$/.test(String(v)), 'alpha-2', where);
  field(p, o, 'currencyCodes', (v) => Array.isArray(v) && v.every((c) => /^[A-Z]{3}$/.test(c)), 'array of ISO-4217', where);
  field(p, o, 'name', isStr, 'string', where);
  field(p, o, 'wikiDataId', (v) => /^Q\d+$/.test(String(v)), 'Q-id', where);
}
function countryDetails(p: string[], o: Body, where: string): void {
  countrySummary(p, o, where);
  field(p, o, 'callingCode', (v) => /^\+\d+/.test(String(v)), '"+N"', where);
  field(p, o, 'flagImageUri', isStr, 'string (URI)', where);
  field(p, o, 'numRegions', isInt, 'int32', where);
}
function regionSummary(p: string[], o: Body, where: string): void {
  field(p, o, 'countryCode', (v) => /^[A-Z]{2}$/.test(String(v)), 'alpha-2', where);
  optional(p, o, 'fipsCode', (v) => v === null || isStr(v), 'string', where);
  optional(p, o, 'isoCode', isStr, 'string', where);
  if (!o.isoCode && !o.fipsCode) p.push(`${where} has neither isoCode nor fipsCode`);
  field(p, o, 'name', isStr, 'string', where);
  optional(p, o, 'wikiDataId', (v) => v === null || /^Q\d+$/.test(String(v)), 'Q-id', where);
}
function regionDetails(p: string[], o: Body, where: string): void {
  regionSummary(p, o, where);
  optional(p, o, 'capital', (v) => v === null || isStr(v), 'string', where);
  field(p, o, 'numCities', isInt, 'int32', where);
}
function timeZone(p: string[], o: Body, where: string): void {
  field(p, o, 'id', (v) => isStr(v) && !(v as string).includes('/'), 'zone id with __', where);
  field(p, o, 'name', isStr, 'string', where);
  field(p, o, 'rawUtcOffsetHours', isInt, 'int32', where);
}

interface ListOpts { limit?: number; offset?: number; hateoas?: boolean; min?: number; max?: number; item?: (p: string[], o: Body, where: string) => void }
/** The list envelope (2.1): data array, errors [], metadata, links only when the results exceed limit. */
function list(opts: ListOpts = {}) {
  return (a: Answer): string[] => {
    const p: string[] = [];
    if (a.status !== 200) return [`status ${a.status}: ${a.text.slice(0, 200)}`];
    const b = a.body;
    if (!Array.isArray(b.data)) return ['data is not an array'];
    if (!Array.isArray(b.errors) || b.errors.length) p.push(`errors ${JSON.stringify(b.errors)}`);
    const limit = opts.limit ?? 10, offset = opts.offset ?? 0;
    const m = b.metadata;
    if (!m || !isInt(m.currentOffset) || !isInt(m.totalCount)) p.push(`metadata ${JSON.stringify(m)}`);
    else {
      // GeoDB echoes the offset asked for, also past the end, where the page is the last one (spec 2.1, "Offsets")
      if (m.currentOffset !== offset) p.push(`metadata.currentOffset ${m.currentOffset}, requested ${offset}`);
      const start = offset < m.totalCount ? offset : Math.max(0, Math.floor((m.totalCount - 1) / limit) * limit);
      const expectLen = Math.max(0, Math.min(limit, m.totalCount - start));
      if (b.data.length !== expectLen) p.push(`data has ${b.data.length} items, want ${expectLen} (limit ${limit}, total ${m.totalCount})`);
      const wantLinks = opts.hateoas !== false && m.totalCount > limit;
      if (wantLinks !== Array.isArray(b.links)) p.push(`links ${b.links ? 'present' : 'absent'} (total ${m.totalCount}, limit ${limit}, hateoas ${opts.hateoas !== false})`);
      if (Array.isArray(b.links)) {
        const rels = b.links.map((l: Body) => l.rel);
        if (!rels.includes('first') || !rels.includes('last')) p.push(`links rels ${rels}`);
        if ((start === 0) === rels.includes('prev')) p.push(`prev link on page at ${start}: ${rels}`);
        if ((start + limit >= m.totalCount) === rels.includes('next')) p.push(`next link at ${start}/${m.totalCount}: ${rels}`);
        for (const l of b.links) if (!/^\/v1\/[^?]*\?offset=\d+&limit=\d+/.test(l.href)) p.push(`link href ${l.href}`);
      }
    }
    if (opts.min !== undefined && b.data.length < opts.min) p.push(`only ${b.data.length} items, want >= ${opts.min}`);
    if (opts.max !== undefined && b.data.length > opts.max) p.push(`${b.data.length} items, want <= ${opts.max}`);
    if (opts.item) b.data.forEach((o: Body, i: number) => opts.item!(p, o, `data[${i}]`));
    return p;
  };
}
function places(opts: ListOpts & PlaceOpts & { extra?: (p: string[], b: Body) => void } = {}) {
  const base = list({ ...opts, item: (p, o, w) => placeSummary(p, o, w, opts) });
  return (a: Answer): string[] => { const p = base(a); if (a.status === 200 && opts.extra) opts.extra(p, a.body); return p; };
}
function one(check: (p: string[], d: Body) => void) {
  return (a: Answer): string[] => {
    if (a.status !== 200) return [`status ${a.status}: ${a.text.slice(0, 200)}`];
    const p: string[] = [];
    if (!Array.isArray(a.body.errors) || a.body.errors.length) p.push(`errors ${JSON.stringify(a.body.errors)}`);
    if ('links' in a.body || 'metadata' in a.body) p.push('links/metadata on a single-object answer');
    check(p, a.body.data);
    return p;
  };
}
function error(status: number, code: string) {
  return (a: Answer): string[] => {
    const p: string[] = [];
    if (a.status !== status) p.push(`status ${a.status}, want ${status}: ${a.text.slice(0, 200)}`);
    const e = a.body?.errors?.[0];
    if (!e || e.code !== code || !isStr(e.message)) p.push(`errors ${JSON.stringify(a.body?.errors)?.slice(0, 200)}, want code ${code}`);
    return p;
  };
}
const sortedBy = (key: string, dir: 1 | -1) => (p: string[], b: Body): void => {
  const v = b.data.map((o: Body) => o[key]);
  for (let i = 1; i < v.length; i++) {
    const c = typeof v[i] === 'string' ? (v[i - 1] as string).localeCompare(v[i]) : v[i - 1] - v[i];
    if (c * dir > 0) { p.push(`not sorted ${dir > 0 ? '+' : '-'}${key}: ${JSON.stringify(v)}`); return; }
  }
};
const all = (pred: (o: Body) => boolean, what: string) => (p: string[], b: Body): void => {
  const bad = b.data.filter((o: Body) => !pred(o));
  if (bad.length) p.push(`${bad.length} items not ${what}: ${JSON.stringify(bad[0]).slice(0, 160)}`);
};
const firstId = (id: number) => (p: string[], b: Body): void => { if (b.data[0]?.id !== id) p.push(`first id ${b.data[0]?.id}, want ${id}`); };
const both = (...fs: ((p: string[], b: Body) => void)[]) => (p: string[], b: Body): void => { for (const f of fs) f(p, b); };

// ---------------------------------------------------------------- the requests
const cases: Case[] = [];
const add = (group: string, path: string, check: Case['check'], extra: Partial<Case> = {}) => cases.push({ group, path, check, ...extra });

// base paths and auth styles (section 0): every base path ends in /v1, so only the key header differs
for (const [name, headers] of [
  ['RapidAPI', { 'X-RapidAPI-Key': '$KEY', 'X-RapidAPI-Host': RAPID_HOST }],
  ['RapidAPI lower case', { 'x-rapidapi-key': '$KEY', 'x-rapidapi-host': RAPID_HOST }],
  ['Angular client (X-Mashape-Key)', { 'X-Mashape-Key': '$KEY' }],
  ['legacy Mashape', { 'X-Mashape-Key': '$KEY', 'X-Mashape-Host': 'wft-geo-db.p.mashape.com' }],
] as const) {
  add('auth+headers', '/v1/geo/cities?limit=5&offset=0&namePrefix=Lon&sort=-population&hateoasMode=false', (a) => {
    const p = places({ limit: 5, hateoas: false })(a);
    for (const h of ['x-ratelimit-requests-limit', 'x-ratelimit-requests-remaining']) if (!/^\d+$/.test(a.headers.get(h) ?? '')) p.push(`${name}: header ${h} ${a.headers.get(h)}`);
    return p;
  }, { headers: { ...headers } });
}
add('auth+headers', '/v1/geo/cities?limit=5', (a) => (a.status === 401 ? [] : [`no key: status ${a.status} (Meridian documents 401: keys stay required)`]), { headers: {} });
add('auth+headers', '/v1/geo/cities?limit=5', (a) => (a.status === 401 ? [] : [`invalid key: status ${a.status}, spec 2.2 says 401`]), { headers: { 'X-RapidAPI-Key': 'not-a-key' } });
add('auth+headers', '/v1/geo/cities?limit=5', (a) => {
  const allow = (a.headers.get('access-control-allow-headers') ?? '').toLowerCase();
  const p = a.status >= 300 ? [`preflight status ${a.status}`] : [];
  for (const h of ['x-rapidapi-key', 'x-rapidapi-host']) if (!allow.includes(h) && allow !== '*') p.push(`preflight does not allow ${h}: ${allow}`);
  return p;
}, { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-rapidapi-key,x-rapidapi-host' } });
add('auth+headers', '/v1/geo/cities?limit=5', (a) => {
  const allow = (a.headers.get('access-control-allow-headers') ?? '').toLowerCase();
  return ['x-mashape-key', 'x-mashape-host'].filter((h) => !allow.includes(h)).map((h) => `preflight does not allow ${h}`);
}, { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-mashape-key,x-mashape-host' } });

// #6 /geo/cities
const C = 'cities search (#6)';
add(C, '/v1/geo/cities', places({ limit: 10 }));
add(C, '/v1/geo/cities?limit=10&offset=0', places({ limit: 10 }));
add(C, '/v1/geo/cities?namePrefix=San%20Fr&namePrefixDefaultLangResults=true&languageCode=en&limit=5', places({ limit: 5, extra: firstId(SF) }));
add(C, '/v1/geo/cities?namePrefix=san%20fr&limit=5', places({ limit: 5, extra: firstId(SF) }));
add(C, '/v1/geo/cities?namePrefix=M%C3%BCnchen&namePrefixDefaultLangResults=false&languageCode=de&limit=3', places({ limit: 3, extra: firstId(2867714) }));
add(C, '/v1/geo/cities?namePrefix=Paris&languageCode=fr&namePrefixDefaultLangResults=true&limit=3', places({ limit: 3, extra: firstId(PARIS) }));
add(C, '/v1/geo/cities?namePrefix=&limit=3', places({ limit: 3 }));
// 1.7: the prefix starts a word (boundaries: spaces, hyphens) and never runs across one
add(C, '/v1/geo/cities?namePrefix=Baden&countryIds=DE&limit=20', places({ limit: 20, extra: all((o) => o.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).some((w: string) => w.startsWith('baden')), 'with a word starting Baden') }));
add(C, '/v1/geo/cities?namePrefix=york&limit=5', places({ limit: 5, extra: firstId(NYC) }));
add(C, '/v1/geo/cities?namePrefix=Rio&languageCode=pt-BR&limit=3', places({ limit: 3 }));
add(C, '/v1/geo/cities?namePrefix=Mos&languageCode=RU&limit=3', places({ limit: 3 }));
add(C, '/v1/geo/cities?namePrefix=Mos&languageCode=pt_BR&limit=3', places({ limit: 3 }));
add(C, '/v1/geo/cities?namePrefix=Sao&asciiMode=true&limit=5', places({ limit: 5, extra: all((o) => /^[\x20-\x7e]*$/.test(o.name) && /^[\x20-\x7e]*$/.test(o.country) && /^[\x20-\x7e]*$/.test(o.region ?? ''), 'ASCII') }));
add(C, '/v1/geo/cities?namePrefix=Zur&asciiMode=on&languageCode=de&limit=5', places({ limit: 5, extra: all((o) => /^[\x20-\x7e]*$/.test(o.name + o.country + (o.region ?? '')), 'ASCII') }));
add(C, '/v1/geo/cities?minPopulation=1000000&maxPopulation=2000000&limit=10', places({ limit: 10, extra: all((o) => o.population >= 1e6 && o.population <= 2e6, 'in population range') }));
add(C, '/v1/geo/cities?minPopulation=100000&countryIds=US&sort=-population&limit=10', places({ limit: 10, extra: sortedBy('population', -1) }));
add(C, '/v1/geo/cities?countryIds=US,CA&minPopulation=500000&limit=10', places({ limit: 10, extra: all((o) => ['US', 'CA'].includes(o.countryCode), 'in US,CA') }));
add(C, '/v1/geo/cities?countryIds=US%2CCA&minPopulation=500000&limit=10', places({ limit: 10, extra: all((o) => ['US', 'CA'].includes(o.countryCode), 'in US,CA') }));
add(C, '/v1/geo/cities?countryIds=Q30,Q16&minPopulation=500000&limit=10', places({ limit: 10, extra: all((o) => ['US', 'CA'].includes(o.countryCode), 'in US,CA') }));
add(C, '/v1/geo/cities?excludedCountryIds=US,CN,IN&minPopulation=5000000&limit=10', places({ limit: 10, extra: all((o) => !['US', 'CN', 'IN'].includes(o.countryCode), 'outside US,CN,IN') }));
add(C, '/v1/geo/cities?countryIds=&limit=3', places({ limit: 3 }));
add(C, '/v1/geo/cities?timeZoneIds=America__Los_Angeles&minPopulation=1000000&limit=10', places({ limit: 10, extra: all((o) => o.countryCode === 'US' || o.countryCode === 'MX' || o.countryCode === 'CA', 'in the zone') }));
add(C, '/v1/geo/cities?timeZoneIds=America__New_York,Europe__Paris&minPopulation=2000000&limit=10', places({ limit: 10 }));
add(C, '/v1/geo/cities?types=CITY&limit=5', places({ limit: 5 }));
add(C, '/v1/geo/cities?types=CITY,ADM2&limit=5', places({ limit: 5 }));
add(C, '/v1/geo/cities?sort=name&namePrefix=Spring&limit=10', places({ limit: 10, extra: sortedBy('name', 1) }));
add(C, '/v1/geo/cities?sort=%2Bname&namePrefix=Spring&limit=10', places({ limit: 10, extra: sortedBy('name', 1) }));
add(C, '/v1/geo/cities?sort=+name&namePrefix=Spring&limit=10', places({ limit: 10, extra: sortedBy('name', 1) }));
add(C, '/v1/geo/cities?sort=-population&limit=10', places({ limit: 10, extra: sortedBy('population', -1) }));
add(C, '/v1/geo/cities?sort=countryCode,-population&minPopulation=5000000&limit=10', places({ limit: 10, extra: sortedBy('countryCode', 1) }));
add(C, '/v1/geo/cities?sort=-countryCode,%2Bname&minPopulation=5000000&limit=10', places({ limit: 10, extra: sortedBy('countryCode', -1) }));
add(C, '/v1/geo/cities?sort=-elevation&countryIds=NP&limit=5', places({ limit: 5 }));
add(C, '/v1/geo/cities?limit=10&offset=10&hateoasMode=true', places({ limit: 10, offset: 10 }));
add(C, '/v1/geo/cities?limit=10&offset=10&hateoasMode=off', places({ limit: 10, offset: 10, hateoas: false }));
add(C, '/v1/geo/cities?limit=10&offset=10&hateoasMode=0', places({ limit: 10, offset: 10, hateoas: false }));
add(C, '/v1/geo/cities?limit=1&offset=0', places({ limit: 1 }));
add(C, '/v1/geo/cities?limit=100', places({ limit: 100 }));
add(C, '/v1/geo/cities?limit=101', error(403, 'ACCESS_DENIED'));
add(C, '/v1/geo/cities?limit=1000', error(403, 'ACCESS_DENIED'));
add(C, '/v1/geo/cities?limit=-1', error(400, 'PARAM_INVALID'));
add(C, '/v1/geo/cities?offset=-1', error(400, 'PARAM_INVALID'));
add(C, '/v1/geo/cities?limit=abc', error(400, 'PARAM_INVALID'));
add(C, '/v1/geo/cities?includeDeleted=NONE&limit=3', places({ limit: 3 }));
add(C, '/v1/geo/cities?includeDeleted=ALL&limit=3', places({ limit: 3 }));
add(C, '/v1/geo/cities?includeDeleted=SINCE_YESTERDAY&limit=3', places({ limit: 3 }));
add(C, '/v1/geo/cities?includeDeleted=SINCE_LAST_WEEK&limit=3', places({ limit: 3 }));
add(C, '/v1/geo/cities?includeDeleted=BOGUS&limit=3', error(400, 'PARAM_INVALID'));
// location forms (1.5)
for (const loc of ['%2B40.7128-074.0060', '+40.7128-074.0060', '40.7128-74.0060', '40.712775-74.005973', '+40.71277500000001-74.00597300000001', '40.7128-074.006']) {
  add(C, `/v1/geo/cities?location=${loc}&radius=10&distanceUnit=MI&limit=5`, places({ limit: 5, distance: true, extra: both(firstId(NYC), sortedBy('distance', 1), all((o) => o.distance <= 10, 'within 10 mi')) }));
}
add(C, '/v1/geo/cities?location=%2B48.85%2B2.35&radius=10&distanceUnit=KM&limit=5', places({ limit: 5, distance: true, extra: firstId(PARIS) }));
add(C, '/v1/geo/cities?location=48.85%2B2.35&radius=10&distanceUnit=KM&limit=5', places({ limit: 5, distance: true, extra: firstId(PARIS) }));
add(C, '/v1/geo/cities?location=48.8566%2B2.3522&radius=100&limit=10&minPopulation=100000', places({ limit: 10, distance: true, extra: sortedBy('distance', 1) }));
add(C, '/v1/geo/cities?location=%2B33.831965-118.376601&radius=100&distanceUnit=KM&minPopulation=40000&limit=10&offset=0&sort=-population', places({ limit: 10, distance: true, extra: sortedBy('population', -1) }));
add(C, '/v1/geo/cities?location=33.832213-118.387099&radius=50&limit=10&types=CITY&hateoasMode=false', places({ limit: 10, distance: true, hateoas: false }));
add(C, '/v1/geo/cities?location=%2B40.7128-074.0060&radius=100&distanceUnit=km&limit=5', places({ limit: 5, distance: true }));
add(C, '/v1/geo/cities?location=%2B40.7128-074.0060&limit=5', places({ limit: 5, distance: true, extra: firstId(NYC) }));
add(C, '/v1/geo/cities?nearLocation=%2B40.7128-074.0060&nearLocationRadius=10&nearLocationRadiusUnit=KM&limit=5', places({ limit: 5, distance: true, extra: firstId(NYC) }));
add(C, '/v1/geo/cities?countryCode=FR&limit=3', places({ limit: 3, country: false }));
add(C, '/v1/geo/cities?countryCodes=FR,DE&minPopulation=1000000&limit=10', places({ limit: 10 }));
add(C, '/v1/geo/cities?excludedCountryCodes=FR,DE&limit=3', places({ limit: 3 }));
add(C, '/v1/geo/cities?includeCountries=FR,DE&limit=3', places({ limit: 3 }));
add(C, '/v1/geo/cities?excludeCountries=FR,DE&limit=3', places({ limit: 3 }));
add(C, '/v1/geo/cities?location=%2B40.7128-074.0060&countryIds=US', error(400, 'PARAMS_MUTUALLY_EXCLUSIVE'));
add(C, '/v1/geo/cities?countryIds=US&excludedCountryIds=CA', error(400, 'PARAMS_MUTUALLY_EXCLUSIVE'));
add(C, '/v1/geo/cities?location=91.0-074.0060&radius=10', error(400, 'PARAM_INVALID'));
add(C, '/v1/geo/cities?location=garbage&radius=10', error(400, 'PARAM_INVALID'));
add(C, '/v1/geo/cities?sort=SORT_FIELD', error(400, 'PARAM_INVALID'));
add(C, '/v1/geo/cities?minPopulation=abc', error(400, 'PARAM_INVALID'));
add(C, '/v1/geo/cities?callback=cb&limit=2', (a) => (a.status === 200 && /^\/\*\*\/cb\(/.test(a.text) ? [] : [`JSONP: ${a.status} ${a.text.slice(0, 80)}`]));

// #26 /geo/places, #27 details, #28-#32
const P = 'places (#26-#32)';
add(P, '/v1/geo/places?limit=10', places({ limit: 10 }));
add(P, '/v1/geo/places?types=CITY,ISLAND,ADM2&namePrefix=San&limit=5', places({ limit: 5 }));
add(P, '/v1/geo/places?types=ISLAND&limit=5', places({ limit: 5 }));
add(P, '/v1/geo/places?location=%2B37.7749-122.4194&radius=10&distanceUnit=KM&limit=5', places({ limit: 5, distance: true }));
add(P, `/v1/geo/places/${SF}`, one((p, d) => placeDetails(p, d, 'data')));
add(P, `/v1/geo/places/${SF}?languageCode=ru&asciiMode=false`, one((p, d) => placeDetails(p, d, 'data')));
add(P, `/v1/geo/places/${SF}/nearbyPlaces?radius=10&limit=5`, places({ limit: 5, distance: true }));
add(P, `/v1/geo/places/${SF}/nearbyPlaces?radius=10&limit=5&types=CITY&sort=-population&countryIds=US`, places({ limit: 5, distance: true, extra: sortedBy('population', -1) }));
add(P, `/v1/geo/places/${SF}/distance?toPlaceId=${LA}`, one((p, d) => { if (!isNum(d) || Math.abs(d - 347.4) > 1) p.push(`distance ${d}`); }));
add(P, `/v1/geo/places/${SF}/distance?toPlaceId=${LA}&distanceUnit=KM`, one((p, d) => { if (!isNum(d) || Math.abs(d - 559.1) > 1) p.push(`distance ${d}`); }));
add(P, `/v1/geo/places/${SF}/dateTime`, one((p, d) => { if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)$/.test(d)) p.push(`dateTime ${d}`); }));
add(P, `/v1/geo/places/${SF}/time`, one((p, d) => { if (!/^\d\d:\d\d:\d\d/.test(d)) p.push(`time ${d}`); }));
add(P, `/v1/geo/places/${SF}/locatedIn`, one((p, d) => placeDetails(p, d, 'data', ['ADM1', 'ADM2', 'CITY', 'ISLAND'])));
add(P, '/v1/geo/places/999999999', error(404, 'ENTITY_NOT_FOUND'));

// #7-#14 city paths
const CI = 'city paths (#7-#14)';
add(CI, `/v1/geo/cities/${NYC}`, one((p, d) => { placeDetails(p, d, 'data'); if (d.timezone !== 'America__New_York') p.push(`timezone ${d.timezone}`); }));
add(CI, `/v1/geo/cities/${NYC}?languageCode=de`, one((p, d) => placeDetails(p, d, 'data')));
add(CI, `/v1/geo/cities/${NYC}?asciiMode=true&languageCode=ru`, one((p, d) => { placeDetails(p, d, 'data'); if (!/^[\x20-\x7e]*$/.test(d.name + d.country + (d.region ?? ''))) p.push(`not ASCII: ${d.name}/${d.country}/${d.region}`); }));
add(CI, `/v1/geo/cities/${NYC}/nearbyCities?radius=100&limit=10`, places({ limit: 10, distance: true, extra: both(sortedBy('distance', 1), all((o) => o.id !== NYC, 'other than the centre')) }));
add(CI, `/v1/geo/cities/${NYC}/nearbyCities?radius=100&distanceUnit=KM&minPopulation=100000&limit=10&offset=0&sort=-population&hateoasMode=false&languageCode=fr`, places({ limit: 10, distance: true, hateoas: false, extra: sortedBy('population', -1) }));
add(CI, `/v1/geo/cities/${NYC}/nearbyCities?radius=100&limit=5&namePrefix=New&namePrefixDefaultLangResults=true&types=CITY`, places({ limit: 5, distance: true }));
add(CI, `/v1/geo/cities/${NYC}/nearbyCities?radius=100&limit=5&countryIds=US&excludedCountryIds=`, places({ limit: 5, distance: true }));
add(CI, `/v1/geo/cities/${NYC}/nearbyCities?radius=100&limit=5&timeZoneIds=America__New_York&includeDeleted=NONE`, places({ limit: 5, distance: true }));
add(CI, `/v1/geo/cities/${NYC}/nearbyCities?limit=5`, places({ limit: 5, distance: true }));
add(CI, `/v1/geo/cities/${NYC}/nearbyCities?radius=100&limit=5&sort=-countryId`, places({ limit: 5, distance: true }));
add(CI, `/v1/geo/cities/${NYC}/nearbyDivisions?radius=100&limit=5`, places({ limit: 5, distance: true }));
add(CI, `/v1/geo/cities/${NYC}/nearbyPlaces?radius=10&limit=5&types=CITY,ISLAND`, places({ limit: 5, distance: true }));
add(CI, `/v1/geo/cities/${NYC}/distance?toCityId=${LA}`, one((p, d) => { if (!isNum(d) || Math.abs(d - 2446) > 10) p.push(`distance ${d}`); }));
add(CI, `/v1/geo/cities/${NYC}/distance?toCityId=${LA}&distanceUnit=KM`, one((p, d) => { if (!isNum(d) || Math.abs(d - 3936) > 15) p.push(`distance ${d}`); }));
add(CI, `/v1/geo/cities/${NYC}/distance`, error(400, 'PARAM_INVALID'));
add(CI, `/v1/geo/cities/${NYC}/dateTime`, one((p, d) => { if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/.test(d) || Number.isNaN(Date.parse(d))) p.push(`dateTime ${d}`); }));
add(CI, `/v1/geo/cities/${NYC}/time`, one((p, d) => { if (!/^\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/.test(d)) p.push(`time ${d}`); }));
add(CI, `/v1/geo/cities/${NYC}/locatedIn`, one((p, d) => placeDetails(p, d, 'data', ['ADM1', 'ADM2', 'CITY', 'ISLAND'])));
add(CI, `/v1/geo/cities/${NYC}/locatedIn?languageCode=es`, one((p, d) => placeDetails(p, d, 'data', ['ADM1', 'ADM2', 'CITY', 'ISLAND'])));
// WikiData ids (1.1): every place path takes them, and lists carry wikiDataId
const wd = (q: string, id: number) => one((p, d) => { placeDetails(p, d, 'data'); if (d?.id !== id || d?.wikiDataId !== q) p.push(`${q}: id ${d?.id} wikiDataId ${d?.wikiDataId}, want ${id} ${q}`); });
add(CI, '/v1/geo/cities/Q60', wd('Q60', NYC));
add(CI, '/v1/geo/places/Q90', wd('Q90', PARIS));
add(CI, '/v1/geo/cities/Q64?languageCode=ru', wd('Q64', BERLIN));
add(CI, '/v1/geo/places/Q90/distance?toPlaceId=Q60', one((p, d) => { if (!isNum(d) || Math.abs(d - 3635) > 15) p.push(`distance ${d}`); }));
add(CI, '/v1/geo/cities/Q65/distance?toCityId=Q62&distanceUnit=KM', one((p, d) => { if (!isNum(d) || Math.abs(d - 559) > 5) p.push(`distance ${d}`); }));
add(CI, '/v1/geo/places/Q65/locatedIn', one((p, d) => placeDetails(p, d, 'data', ['ADM1', 'ADM2', 'CITY', 'ISLAND'])));
add(CI, '/v1/geo/cities/Q62/nearbyCities?radius=20&limit=3', places({ limit: 3, distance: true }));
add(CI, '/v1/geo/cities/Q62/dateTime', one((p, d) => { if (!isStr(d)) p.push(`dateTime ${d}`); }));
add(CI, '/v1/geo/cities?countryIds=FR,DE,JP&minPopulation=1000000&limit=10', places({ limit: 10, extra: all((o) => /^Q\d+$/.test(o.wikiDataId ?? ''), 'with a wikiDataId') }));
add(CI, '/v1/geo/cities/Q999999999', error(404, 'ENTITY_NOT_FOUND'));
// names in the display language (1.7): the name in that language where a source has one; namePrefix matches it
add(CI, `/v1/geo/cities/${BERLIN}?languageCode=ru`, one((p, d) => { if (d?.name !== 'Берлин') p.push(`name ${d?.name}, want Берлин`); }));
add(CI, '/v1/geo/cities?namePrefix=Lond&languageCode=fr&limit=1', places({ limit: 1, extra: (p, b) => { if (b.data[0]?.name !== 'Londres') p.push(`name ${b.data[0]?.name}, want Londres`); } }));
add(CI, `/v1/geo/cities/2867714`, one((p, d) => { if (!isInt(d?.elevationMeters)) p.push(`elevationMeters ${d?.elevationMeters}`); }));
add(CI, '/v1/geo/cities/0', error(400, 'PARAM_INVALID'));
add(CI, '/v1/geo/cities/abc', error(400, 'PARAM_INVALID'));

// #1-#5 admin divisions
const A = 'admin divisions (#1-#5)';
add(A, '/v1/geo/adminDivisions?limit=5', places({ limit: 5 }));
add(A, '/v1/geo/adminDivisions?namePrefix=Los&countryIds=US&minPopulation=100000&sort=-population&limit=5', places({ limit: 5 }));
add(A, '/v1/geo/adminDivisions?location=%2B34.05-118.25&radius=50&limit=5', places({ limit: 5, distance: true }));
const adm2 = all((o) => o.type === 'ADM2', 'ADM2');
add(A, '/v1/geo/adminDivisions?location=%2B34.0522-118.2437&radius=100&minPopulation=100000&limit=5', places({ limit: 5, distance: true, min: 1, extra: adm2 }));
add(A, '/v1/geo/adminDivisions?minPopulation=1000000&namePrefix=Lon&limit=5', places({ limit: 5, min: 1, extra: both(adm2, all((o) => o.population < 1.2e7, 'below 12M (no double counting)')) }));
add(A, '/v1/geo/places?location=%2B48.8566%2B002.3522&radius=50&types=ADM2&limit=5', places({ limit: 5, distance: true, min: 1, extra: adm2 }));
add(A, '/v1/geo/countries/US/regions/CA/adminDivisions?limit=5', places({ limit: 5, min: 5, country: false, region: false, extra: adm2 }));
add(A, `/v1/geo/adminDivisions/${LA}`, one((p, d) => placeDetails(p, d, 'data')));
add(A, `/v1/geo/adminDivisions/${LA}/nearbyCities?radius=10&limit=3`, places({ limit: 3, distance: true }));
add(A, `/v1/geo/adminDivisions/${LA}/nearbyDivisions?radius=10&limit=3`, places({ limit: 3, distance: true }));
add(A, `/v1/geo/adminDivisions/${LA}/nearbyPlaces?radius=10&limit=3&types=CITY`, places({ limit: 3, distance: true }));

// #23-#25 locations
const L = 'location searches (#23-#25)';
for (const loc of ['%2B40.7128-074.0060', '+40.7128-074.0060', '40.7128-74.0060', '40.712775-74.005973']) {
  add(L, `/v1/geo/locations/${loc}/nearbyCities?radius=10&limit=5`, places({ limit: 5, distance: true, extra: both(firstId(NYC), sortedBy('distance', 1)) }));
}
add(L, '/v1/geo/locations/%2B48.8566%2B002.3522/nearbyCities?radius=10&distanceUnit=KM&limit=5&minPopulation=1000&sort=-population', places({ limit: 5, distance: true, extra: sortedBy('population', -1) }));
add(L, '/v1/geo/locations/48.8566%2B2.3522/nearbyCities?radius=10&distanceUnit=KM&limit=5', places({ limit: 5, distance: true, extra: firstId(PARIS) }));
add(L, '/v1/geo/locations/%2B40.7128-074.0060/nearbyCities?radius=100&limit=10&offset=20&languageCode=es&namePrefix=N&types=CITY', places({ limit: 10, offset: 20, distance: true }));
add(L, '/v1/geo/locations/%2B40.7128-074.0060/nearbyCities?radius=100&limit=5&countryIds=US', places({ limit: 5, distance: true }));
add(L, '/v1/geo/locations/%2B40.7128-074.0060/nearbyDivisions?radius=100&limit=5', places({ limit: 5, distance: true }));
add(L, '/v1/geo/locations/%2B40.7128-074.0060/nearbyPlaces?radius=5&limit=5', places({ limit: 5, distance: true }));
add(L, '/v1/geo/locations/%2B40.7128-074.0060/nearbyPlaces?radius=5&limit=5&types=ISLAND,CITY', places({ limit: 5, distance: true }));
add(L, '/v1/geo/locations/abc/nearbyCities?radius=10', error(400, 'PARAM_INVALID'));

// #15-#22 countries and regions
const CO = 'countries+regions (#15-#22)';
add(CO, '/v1/geo/countries', list({ limit: 10, item: countrySummary }));
add(CO, '/v1/geo/countries?limit=10&offset=240', list({ limit: 10, offset: 240, item: countrySummary }));
add(CO, '/v1/geo/countries?namePrefix=United&limit=10', list({ limit: 10, item: countrySummary, min: 3 }));
add(CO, '/v1/geo/countries?namePrefix=Vereinigte&languageCode=de&namePrefixDefaultLangResults=false&limit=10', list({ limit: 10, item: countrySummary, min: 1 }));
add(CO, '/v1/geo/countries?namePrefix=Germ&languageCode=de&namePrefixDefaultLangResults=true&limit=10', list({ limit: 10, item: countrySummary, min: 1 }));
add(CO, '/v1/geo/countries?currencyCode=EUR&limit=10', list({ limit: 10, item: countrySummary, min: 10 }));
add(CO, '/v1/geo/countries?currencyCode=usd&limit=10', list({ limit: 10, item: countrySummary, min: 2 }));
add(CO, '/v1/geo/countries?sort=name&limit=10', list({ limit: 10, item: countrySummary }));
add(CO, '/v1/geo/countries?sort=-code&limit=10', list({ limit: 10, item: countrySummary }));
add(CO, '/v1/geo/countries?sort=%2Bcode&limit=10&asciiMode=true&languageCode=ru', list({ limit: 10, item: (p, o, w) => { countrySummary(p, o, w); if (!/^[\x20-\x7e]*$/.test(o.name)) p.push(`${w}.name not ASCII: ${o.name}`); } }));
add(CO, '/v1/geo/countries?offset=1000&limit=3', list({ limit: 3, offset: 1000 }));
// every country, summary and details: the field types hold for all of them, not just the famous ones
for (const offset of [0, 100, 200]) add(CO, `/v1/geo/countries?limit=100&offset=${offset}`, list({ limit: 100, offset, item: countrySummary }));
for (const c of ['AQ', 'VA', 'PS', 'XK', 'BV', 'UM', 'SJ', 'HM']) add(CO, `/v1/geo/countries/${c}`, one((p, d) => countryDetails(p, d, 'data')));
for (const c of ['CN', 'JP', 'IN', 'BR', 'RU', 'NG', 'ES', 'IT']) add(CO, `/v1/geo/countries/${c}/regions?limit=100`, list({ limit: 100, item: regionSummary }));
add(CO, '/v1/geo/countries/US', one((p, d) => countryDetails(p, d, 'data')));
add(CO, '/v1/geo/countries/Q30?languageCode=fr', one((p, d) => countryDetails(p, d, 'data')));
add(CO, '/v1/geo/countries/us', one((p, d) => countryDetails(p, d, 'data')));
add(CO, '/v1/geo/countries/ZZ', error(404, 'ENTITY_NOT_FOUND'));
add(CO, '/v1/geo/countries/US/places?limit=10', places({ limit: 10, country: false }));
add(CO, '/v1/geo/countries/DE/places?namePrefix=Berl&minPopulation=1000000&limit=3', places({ limit: 3, country: false, extra: firstId(BERLIN) }));
add(CO, '/v1/geo/countries/US/places?limit=10&types=CITY,ADM2,ISLAND&sort=-population,%2Bname&minPopulation=100000&timeZoneIds=America__Chicago&namePrefix=S&namePrefixDefaultLangResults=true', places({ limit: 10, country: false, extra: sortedBy('population', -1) }));
add(CO, '/v1/geo/countries/US/regions', list({ limit: 10, item: regionSummary }));
add(CO, '/v1/geo/countries/US/regions?limit=10&offset=50', list({ limit: 10, offset: 50, item: regionSummary }));
add(CO, '/v1/geo/countries/US/regions?namePrefix=New&sort=-name&languageCode=es&namePrefixDefaultLangResults=true', list({ limit: 10, item: regionSummary, min: 3 }));
add(CO, '/v1/geo/countries/US/regions?sort=isoCode&hateoasMode=false', list({ limit: 10, hateoas: false, item: regionSummary }));
add(CO, '/v1/geo/countries/FR/regions?limit=10', list({ limit: 10, item: regionSummary }));
add(CO, '/v1/geo/countries/GB/regions?limit=10', list({ limit: 10, item: regionSummary }));
add(CO, '/v1/geo/countries/US/regions/CA', one((p, d) => regionDetails(p, d, 'data')));
add(CO, '/v1/geo/countries/US/regions/06?languageCode=ru', one((p, d) => regionDetails(p, d, 'data')));
add(CO, '/v1/geo/countries/Q30/regions/NY', one((p, d) => regionDetails(p, d, 'data')));
add(CO, '/v1/geo/countries/US/regions/CA/cities', places({ limit: 10, country: false, region: false }));
add(CO, '/v1/geo/countries/US/regions/CA/cities?minPopulation=100000&sort=-population&limit=10&types=CITY&namePrefix=San&timeZoneIds=America__Los_Angeles', places({ limit: 10, country: false, region: false, extra: sortedBy('population', -1) }));
add(CO, '/v1/geo/countries/US/regions/CA/cities?sort=name,-population&limit=10&offset=10', places({ limit: 10, offset: 10, country: false, region: false, extra: sortedBy('name', 1) }));
add(CO, '/v1/geo/countries/US/regions/06/cities?limit=5', places({ limit: 5, country: false, region: false }));
add(CO, '/v1/geo/countries/US/regions/CA/places?limit=5&types=ISLAND,CITY', places({ limit: 5, country: false, region: false }));
add(CO, '/v1/geo/countries/US/regions/CA/adminDivisions?limit=5', places({ limit: 5, country: false, region: false }));
add(CO, '/v1/geo/countries/US/regions/ZZ/cities', error(404, 'ENTITY_NOT_FOUND'));

// #33-#39 locale
const LO = 'locale (#33-#39)';
add(LO, '/v1/locale/currencies', list({ limit: 10, item: (p, o, w) => { field(p, o, 'code', (v) => /^[A-Z]{3}$/.test(String(v)), 'ISO-4217', w); field(p, o, 'countryCodes', Array.isArray, 'array', w); field(p, o, 'symbol', isStr, 'string', w); } }));
add(LO, '/v1/locale/currencies?countryId=US', list({ limit: 10, min: 1 }));
add(LO, '/v1/locale/currencies?countryId=&limit=5&offset=0&hateoasMode=false', list({ limit: 5, hateoas: false }));
add(LO, '/v1/locale/currencies?offset=200&limit=5', list({ limit: 5, offset: 200 }));
add(LO, '/v1/locale/languages', list({ limit: 10, item: (p, o, w) => { field(p, o, 'code', (v) => /^[a-z]{2,3}$/.test(String(v)), 'ISO-639 lower case', w); field(p, o, 'name', isStr, 'string', w); } }));
add(LO, '/v1/locale/locales?limit=50', list({ limit: 50, item: (p, o, w) => field(p, o, 'code', (v) => isStr(v) && !(v as string).includes('-'), 'code with _', w) }));
add(LO, '/v1/locale/timezones', list({ limit: 10, item: timeZone }));
add(LO, '/v1/locale/timezones?limit=100&offset=300', list({ limit: 100, offset: 300, item: timeZone }));
for (const offset of [0, 100, 200, 300]) add(LO, `/v1/locale/timezones?limit=100&offset=${offset}`, list({ limit: 100, offset, item: timeZone }));
add(LO, '/v1/locale/timezones/America__Los_Angeles', one((p, d) => timeZone(p, d, 'data')));
add(LO, '/v1/locale/timezones/America__Argentina__Buenos_Aires', one((p, d) => timeZone(p, d, 'data')));
add(LO, '/v1/locale/timezones/Asia__Kolkata', one((p, d) => { timeZone(p, d, 'data'); if (d?.rawUtcOffsetHours !== 5) p.push(`offset ${d?.rawUtcOffsetHours}`); }));
add(LO, '/v1/locale/timezones/Etc__UTC', one((p, d) => timeZone(p, d, 'data')));
add(LO, '/v1/locale/timezones/America__Los_Angeles/dateTime', one((p, d) => { if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/.test(d)) p.push(`dateTime ${d}`); }));
add(LO, '/v1/locale/timezones/America__Los_Angeles/time', one((p, d) => { if (!/^\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/.test(d)) p.push(`time ${d}`); }));
add(LO, '/v1/locale/timezones/Europe__London/time', one((p, d) => { if (!/^\d\d:\d\d:\d\d\.\d{3}([+-]\d\d:\d\d|Z)$/.test(d)) p.push(`time ${d}`); }));
add(LO, '/v1/locale/timezones/Nowhere__Land', error(404, 'ENTITY_NOT_FOUND'));

// GraphQL (section 3), at /graphql (free instance) and / (RapidAPI)
const G = 'graphql';
function gql(query: string, check: (p: string[], data: Body) => void, variables?: Record<string, unknown>, path = '/graphql', question?: string) {
  add(G, path, (a) => {
    if (a.status !== 200) return [`status ${a.status}: ${a.text.slice(0, 300)}`];
    if (a.body.errors) return [`errors ${JSON.stringify(a.body.errors).slice(0, 300)}`];
    const p: string[] = [];
    check(p, a.body.data);
    return p;
  }, { method: 'POST', body: { query, variables }, ...(question ? { question } : {}) });
}
function gqlInvalid(query: string) {
  add(G, '/graphql', (a) => (a.body?.errors?.length ? [] : [`accepted a query GeoDB rejects: ${a.text.slice(0, 200)}`]), { method: 'POST', body: { query } });
}
/** A connection: the fields the query selected have GeoDB's types (3.3). */
const conn = (c: Body, where: string, p: string[]) => {
  if (!c || !Array.isArray(c.edges) || ('totalCount' in c && !isInt(c.totalCount))) { p.push(`${where}: ${JSON.stringify(c)?.slice(0, 200)}`); return; }
  for (const e of c.edges) if (('cursor' in e && !isStr(e.cursor)) || !e.node) p.push(`${where}: edge ${JSON.stringify(e).slice(0, 100)}`);
  if ('pageInfo' in c) for (const k of ['startCursor', 'endCursor', 'hasNextPage', 'hasPreviousPage']) if (k in c.pageInfo && c.pageInfo[k] === undefined) p.push(`${where}: pageInfo.${k}`);
};
gql('{ populatedPlace(id: "Q65") { id wikiDataId name placeType } }', (p, d) => {
  if (d.populatedPlace?.id !== String(LA) || d.populatedPlace?.wikiDataId !== 'Q65') p.push(`populatedPlace(Q65) ${JSON.stringify(d.populatedPlace)}`);
});
gql('{ populatedPlaces(countryIds: ["FR"], minPopulation: 500000, first: 3) { edges { node { id wikiDataId } } } distanceBetween(fromPlaceId: "Q90", toPlaceId: "Q60") }', (p, d) => {
  for (const e of d.populatedPlaces.edges) if (!/^Q\d+$/.test(e.node.wikiDataId ?? '')) p.push(`node ${e.node.id} wikiDataId ${e.node.wikiDataId}`);
  if (!isNum(d.distanceBetween)) p.push(`distanceBetween ${d.distanceBetween}`);
});
gql('{ populatedPlaces(namePrefix: "Greater London", types: ["ADM2"], first: 1) { edges { node { id placeType population } } } }', (p, d) => {
  const n = d.populatedPlaces.edges[0]?.node;
  if (n?.placeType !== 'ADM2') p.push(`ADM2 node ${JSON.stringify(n)}`);
});
gql('{ countries(namePrefix: "United", first: 5) { totalCount edges { cursor node { code name wikiDataId currencyCodes } } pageInfo { startCursor endCursor hasNextPage hasPreviousPage } } }', (p, d) => conn(d.countries, 'countries', p));
gql('{ country(id: "US") { code name capital callingCode currencyCodes flagImageUri numRegions wikiDataId regions(first: 10, sort: "isoCode") { totalCount edges { node { isoCode fipsCode name wikiDataId capital numPopulatedPlaces } } } } }', (p, d) => { if (d.country?.code !== 'US') p.push(JSON.stringify(d).slice(0, 200)); conn(d.country?.regions, 'regions', p); });
gql('{ country(id: "Q142", displayOptions: { language: FR, asciiMode: true }) { name region(code: "IDF") { name isoCode populatedPlaces(first: 3, sort: "-population", types: ["CITY"], minPopulation: 100000, includeDeleted: NONE) { totalCount edges { node { id name population placeType } } } } } }', (p, d) => conn(d.country?.region?.populatedPlaces, 'region places', p));
gql('query Places($prefix: String, $first: Int) { populatedPlaces(namePrefix: $prefix, first: $first, sort: "-population", countryIds: "FR", types: ["CITY"]) { totalCount edges { node { id wikiDataId name placeType population latitude longitude elevationMeters timezone deleted country { code name } region { isoCode name } } } } }', (p, d) => { conn(d.populatedPlaces, 'populatedPlaces', p); if (d.populatedPlaces?.edges[0]?.node.id !== String(PARIS)) p.push(`first ${JSON.stringify(d.populatedPlaces?.edges[0])}`); }, { prefix: 'Par', first: 5 });
gql(`{ populatedPlaces(location: { latitude: 40.7128, longitude: -74.006 }, radius: 10, distanceUnit: MI, first: 5) { edges { node { id name distance } } } }`, (p, d) => { const e = d.populatedPlaces?.edges ?? []; if (e[0]?.node.id !== String(NYC)) p.push(`first ${JSON.stringify(e[0])}`); if (!e.every((x: Body) => isNum(x.node.distance))) p.push('distance without arguments is not the search distance'); });
gql(`{ populatedPlace(id: "${SF}") { id name placeType distance(toPlaceId: "${LA}") locatedIn { id name placeType } nearbyPopulatedPlaces(radius: 20, distanceUnit: KM, first: 5, minPopulation: 50000) { totalCount edges { node { id name distance } } } } }`, (p, d) => conn(d.populatedPlace?.nearbyPopulatedPlaces, 'nearby', p));
gql(`{ distanceBetween(fromPlaceId: "${SF}", toPlaceId: "${LA}", distanceUnit: KM) }`, (p, d) => { if (!isNum(d.distanceBetween)) p.push(JSON.stringify(d)); });
gql('{ currencies(countryId: "US", first: 5) { totalCount edges { node { code symbol countryCodes } } } }', (p, d) => conn(d.currencies, 'currencies', p));
gql('{ currencies(first: 5) { totalCount edges { node { code symbol countryCodes } } } }', (p, d) => conn(d.currencies, 'currencies', p));
gql('{ locales(first: 5) { totalCount edges { node { code name } } } }', (p, d) => { conn(d.locales, 'locales', p); for (const e of d.locales?.edges ?? []) if (e.node.code.includes('-')) p.push(`locale code ${e.node.code}`); },
  undefined, '/graphql', 'GeoDB writes locale codes en_US (2.3); gateway/README.md keeps BCP-47 (en-US) in GraphQL and uses _ on REST only');
gql('{ timeZones(first: 5) { totalCount edges { node { id name rawUtcOffsetHours } } } }', (p, d) => conn(d.timeZones, 'timeZones', p));
gql('{ timeZone(id: "America__Los_Angeles") { id name rawUtcOffsetHours dateTime time } }', (p, d) => { if (!d.timeZone || !isInt(d.timeZone.rawUtcOffsetHours)) p.push(JSON.stringify(d)); });
gql('{ timeZone(id: "Asia/Kolkata") { id rawUtcOffsetHours } }', (p, d) => { if (!isInt(d.timeZone?.rawUtcOffsetHours)) p.push(JSON.stringify(d)); });
gql('{ populatedPlaces(namePrefix: "San", first: 10, after: null, displayOptions: { language: PT_BR }) { totalCount pageInfo { hasNextPage endCursor } edges { node { id name } } } }', (p, d) => conn(d.populatedPlaces, 'populatedPlaces', p));
gql('{ countries(first: 3, last: 3) { totalCount edges { node { code } } } }', (p, d) => conn(d.countries, 'countries', p));
gql('{ country(id: "DE") { code } }', (p, d) => { if (d.country?.code !== 'DE') p.push(JSON.stringify(d)); }, undefined, '/');
gqlInvalid('{ countries { code name } }');
gqlInvalid('{ country(code: "US") { name } }');
gqlInvalid('{ states { name } }');
gqlInvalid('{ countries(limit: 5) { totalCount } }');

// ---------------------------------------------------------------- client flows (one answer feeds the next request)
type Get = (path: string) => Promise<Answer>;
interface Flow { group: string; name: string; run: (get: Get) => Promise<string[]> }
const flows: Flow[] = [];
// country -> its regions -> each region by the isoCode the list gave (fipsCode where it has none) -> its cities
for (const country of ['US', 'CN', 'MX', 'UA', 'IR', 'ID', 'IN', 'FR', 'JP', 'BR']) {
  flows.push({ group: 'flows', name: `${country} regions -> each by its code -> cities`, run: async (get) => {
    const p: string[] = [];
    const regions: Body[] = [];
    for (let offset = 0; ; offset += 100) {
      const a = await get(`/v1/geo/countries/${country}/regions?limit=100&offset=${offset}&hateoasMode=false`);
      if (a.status !== 200) return [`regions: status ${a.status}`];
      regions.push(...a.body.data);
      if (offset + 100 >= a.body.metadata.totalCount) break;
    }
    const codeOf = (r: Body): string => r.isoCode || r.fipsCode;
    const uses = new Map<string, number>();
    for (const r of regions) uses.set(codeOf(r), (uses.get(codeOf(r)) ?? 0) + 1);
    for (const r of regions) {
      const code = codeOf(r);
      const d = await get(`/v1/geo/countries/${country}/regions/${encodeURIComponent(code)}`);
      // a code two GeoNames regions share (one subdivision GeoNames still splits, e.g. IN-DH since the 2020 merger) answers one of them
      if (d.status !== 200 || (d.body.data.name !== r.name && uses.get(code) === 1)) p.push(`${country}-${code} (${r.name}) answers ${d.status} ${d.body?.data?.name ?? ''}`);
      const c = await get(`/v1/geo/countries/${country}/regions/${encodeURIComponent(code)}/cities?limit=1&hateoasMode=false`);
      if (c.status !== 200) p.push(`${country}-${code} cities: status ${c.status}`);
    }
    return p;
  } });
}
// a place -> its timezone id as given -> that zone's time; -> locatedIn
for (const id of [SF, NYC, PARIS, 1850147, 1275339, 3448439]) {
  flows.push({ group: 'flows', name: `place ${id} -> its zone's time and dateTime`, run: async (get) => {
    const d = await get(`/v1/geo/cities/${id}`);
    if (d.status !== 200) return [`details: status ${d.status}`];
    const p: string[] = [];
    for (const what of ['time', 'dateTime']) {
      const t = await get(`/v1/locale/timezones/${d.body.data.timezone}/${what}`);
      if (t.status !== 200 || !isStr(t.body.data)) p.push(`zone ${d.body.data.timezone} ${what}: ${t.status}`);
    }
    const z = await get(`/v1/locale/timezones/${d.body.data.timezone}`);
    if (z.status !== 200 || z.body.data.id !== d.body.data.timezone) p.push(`zone ${d.body.data.timezone}: ${z.status} ${z.body?.data?.id}`);
    return p;
  } });
}

// ---------------------------------------------------------------- run
async function main(): Promise<void> {
  const base = process.argv[2] ?? 'http://127.0.0.1:18881';
  const key = process.argv[3] ?? readFileSync(join(process.env.MERIDIAN_STATE_DIR ?? '.', 'local-key.txt'), 'utf8').trim();
  const counts = new Map<string, { n: number; ok: number; q: number }>();
  let failed = 0, questions = 0;
  for (const c of cases) {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(c.headers ?? { 'X-RapidAPI-Key': '$KEY', 'X-RapidAPI-Host': RAPID_HOST })) headers[k] = v.replace('$KEY', key);
    if (c.body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(base + c.path, { method: c.method ?? 'GET', headers, body: c.body === undefined ? undefined : JSON.stringify(c.body) });
    const text = await r.text();
    let body: Body;
    try { body = text ? JSON.parse(text) : undefined; } catch { body = undefined; }
    let problems: string[];
    try { problems = c.check({ status: r.status, body, text, headers: r.headers }); } catch (e) { problems = [`check threw ${(e as Error).message}`]; }
    const g = counts.get(c.group) ?? { n: 0, ok: 0, q: 0 };
    counts.set(c.group, g);
    g.n++;
    const label = c.body ? `${c.method} ${c.path} ${JSON.stringify(c.body).slice(0, 140)}` : `${c.method ?? 'GET'} ${c.path}`;
    if (problems.length === 0) g.ok++;
    else if (c.question) {
      g.q++;
      questions++;
      console.log(`QUESTION [${c.group}] ${label}\n    ${problems.slice(0, 2).join('\n    ')}\n    (${c.question})`);
    } else {
      failed++;
      console.log(`MISMATCH [${c.group}] ${label}\n    ${problems.slice(0, 4).join('\n    ')}`);
    }
  }
  const get: Get = async (path) => {
    const r = await fetch(base + path, { headers: { 'X-RapidAPI-Key': key, 'X-RapidAPI-Host': RAPID_HOST } });
    const text = await r.text();
    let body: Body;
    try { body = JSON.parse(text); } catch { body = undefined; }
    return { status: r.status, body, text, headers: r.headers };
  };
  for (const f of flows) {
    const g = counts.get(f.group) ?? { n: 0, ok: 0, q: 0 };
    counts.set(f.group, g);
    g.n++;
    const problems = await f.run(get).catch((e: Error) => [`flow threw ${e.message}`]);
    if (!problems.length) g.ok++;
    else { failed++; console.log(`MISMATCH [${f.group}] ${f.name}\n    ${problems.slice(0, 6).join('\n    ')}`); }
  }
  console.log('\ngroup                          requests  matched  questions');
  for (const [g, { n, ok, q }] of counts) console.log(`${g.padEnd(31)}${String(n).padStart(8)}${String(ok).padStart(9)}${String(q).padStart(11)}`);
  console.log(`total ${cases.length} requests and ${flows.length} flows, mismatched ${failed}, open questions ${questions}`);
  process.exitCode = failed ? 1 : 0;
}
await main();
