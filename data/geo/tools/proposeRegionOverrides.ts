/**
 * Proposes data/sources/region-overrides.json: corrections of the stale ISO 3166-2
 * codes in iso3166-2-db, checked against the current list in the `iso-3166`
 * package. It only proposes; a person reviews the file before it is committed
 * (see data/README.md). Run: npx tsx data/geo/tools/proposeRegionOverrides.ts > /tmp/proposal.json
 *
 * For each region of iso3166-2-db it compares the region's names (English,
 * GeoNames and every translation it carries) with the names of the current
 * subdivisions of the same country, and proposes:
 *   - `fix`: the code is missing from the current list, or names another
 *     subdivision, and one current subdivision matches the names well;
 *   - `unmatched`: no current subdivision matches (the build stores null);
 *   - `add`: a GeoNames admin1 code used by cities with no region in
 *     iso3166-2-db, where `CC-admin1` is a current ISO code (the build adds the
 *     region with the CLDR English name).
 */
import { readFileSync } from 'node:fs';
import { citiesFile, readPackageJson } from '../sources.js';
import { iso31662 } from 'iso-3166';
import { foldText } from '../../../src/geo/searchKey.js';


interface DbRegion { name: string; names: Record<string, string>; iso: string; fips: string; admin: string }
interface DbCountry { regions: DbRegion[] }
const db = readPackageJson<Record<string, DbCountry>>('iso3166-2-db', 'data/iso3166-2.json');
const cldrEn = readPackageJson<{ subdivisions: { localeDisplayNames: { subdivisions: Record<string, string> } } }>(
  'cldr-subdivisions-full', 'subdivisions/en/en.json').subdivisions.localeDisplayNames.subdivisions;

const GENERIC = new Set(('province provincia region regiao county state district department departement municipality municipio ' +
  'oblast oblysy sheng shi zizhiqu autonomous governorate prefecture kraj of the and va e y city parish commune division territory').split(' '));

function core(name: string): string {
  return foldText(name).split(/[^a-z0-9]+/).filter((w) => w && !GENERIC.has(w)).join(' ');
}
function skeleton(name: string): string {
  return core(name).replace(/[aeiouy\s'-]/g, '');
}
function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) m.set(s.slice(i, i + 2), (m.get(s.slice(i, i + 2)) ?? 0) + 1);
  return m;
}
function dice(a: string, b: string): number {
  if (a === b) return a ? 1 : 0;
  const A = bigrams(a), B = bigrams(b);
  let inter = 0, total = 0;
  for (const [k, n] of A) { inter += Math.min(n, B.get(k) ?? 0); total += n; }
  for (const n of B.values()) total += n;
  return total ? (2 * inter) / total : 0;
}
function similarity(names: string[], target: string[]): number {
  let best = 0;
  for (const a of names) for (const b of target) {
    const ca = core(a), cb = core(b);
    if (!ca || !cb) continue;
    best = Math.max(best, dice(ca, cb), skeleton(a) && skeleton(a) === skeleton(b) ? 0.95 : 0);
  }
  return best;
}

const current = new Map<string, { code: string; name: string }[]>();
for (const s of iso31662) {
  const cc = s.parent.slice(0, 2);
  if (s.parent.length !== 2) continue; // first-level subdivisions only
  (current.get(cc) ?? current.set(cc, []).get(cc)!).push({ code: s.code.slice(3), name: s.name });
}
// Only the current list's own name: CLDR keeps subdivision ids stable when ISO
// renumbers (CLDR's "ir07" is still Tehran, ISO's IR-07 is now Fars).
const namesOf = (cc: string, code: string) => {
  const c = current.get(cc)?.find((x) => x.code === code);
  return c ? [c.name] : [];
};

const fix: unknown[] = [];
const unmatched: unknown[] = [];
for (const [cc, country] of Object.entries(db)) {
  const subs = current.get(cc) ?? [];
  for (const r of country.regions) {
    const names = [r.name, ...Object.values(r.names ?? {})].filter(Boolean);
    const own = r.iso ? similarity(names, namesOf(cc, r.iso)) : 0;
    if (own >= 0.75) continue;
    let best: { code: string; name: string; score: number } | null = null;
    for (const s of subs) {
      const score = similarity(names, namesOf(cc, s.code));
      if (!best || score > best.score) best = { ...s, score };
    }
    if (best && best.score >= 0.6 && best.score > own) {
      fix.push({ country: cc, admin1: r.admin, name: r.name, from: r.iso || null, to: best.code, currentName: best.name, score: +best.score.toFixed(2) });
    } else {
      unmatched.push({ country: cc, admin1: r.admin, name: r.name, from: r.iso || null, to: null, bestCandidate: best ? `${best.code} ${best.name} (${best.score.toFixed(2)})` : null });
    }
  }
}

const known = new Set(Object.entries(db).flatMap(([cc, c]) => c.regions.map((r) => `${cc}.${r.admin}`)));
const cities = readFileSync(citiesFile(), 'utf8');
const missing = new Map<string, number>();
for (const line of cities.split('\n')) {
  const f = line.split('\t');
  if (f.length < 11) continue;
  const key = `${f[8]}.${f[10]}`;
  if (!known.has(key)) missing.set(key, (missing.get(key) ?? 0) + 1);
}
const add: unknown[] = [];
for (const [key, n] of [...missing].sort()) {
  const [cc, admin1] = key.split('.') as [string, string];
  const name = cldrEn[(cc + admin1).toLowerCase()];
  if (admin1 && current.get(cc)?.some((s) => s.code === admin1) && name) add.push({ country: cc, admin1, iso: admin1, name, cities: n });
}

process.stdout.write(JSON.stringify({ fix, unmatched, add }, null, 1) + '\n');
