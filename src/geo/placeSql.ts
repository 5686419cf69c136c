/**
 * The same place queries as PlaceStore.search, answered by DuckDB SQL over the
 * geo file. This is the reference the in-memory store is checked against
 * (tests) and measured against (npm run bench).
 */
import type { ConnectionPool, Param } from '../db/duckdb.js';
import { EARTH_RADIUS_KM, boundingBoxes } from './distance.js';
import { clampOffset } from '../paging.js';
import { deletedSince, type PlaceQuery } from './placeStore.js';

export interface SqlPage { ids: number[]; distancesKm: number[]; total: number; offset: number }

const SORT_SQL = {
  name: 'sort_name',
  population: 'population',
  elevation: 'elevation',
  countryCode: 'country_code',
  distance: 'distance_km',
} as const;

function haversineSql(lat: string, lon: string): string {
  return `2 * ${EARTH_RADIUS_KM} * asin(sqrt(least(1, pow(sin(radians(latitude - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(latitude)) * pow(sin(radians(longitude - ${lon}) / 2), 2))))`;
}

export function placeQuerySql(q: PlaceQuery): { where: string; params: Param[]; order: string; distance: string } {
  const params: Param[] = [];
  const p = (v: Param) => { params.push(v); return `$${params.length}`; };
  const where: string[] = [];
  const since = deletedSince(q.includeDeleted, q.now);
  if (since === Infinity) where.push('deleted_at IS NULL');
  else if (since !== -Infinity) where.push(`(deleted_at IS NULL OR epoch_ms(deleted_at) >= ${p(since)})`);
  if (q.minPopulation !== undefined) where.push(`population >= ${p(q.minPopulation)}`);
  if (q.maxPopulation !== undefined) where.push(`population <= ${p(q.maxPopulation)}`);
  if (q.countries) where.push(`country_code IN (SELECT unnest(${p([...q.countries])}::VARCHAR[]))`);
  if (q.excludedCountries) where.push(`country_code NOT IN (SELECT unnest(${p([...q.excludedCountries])}::VARCHAR[]))`);
  if (q.region) where.push(`country_code = ${p(q.region.countryCode)} AND admin1_code = ${p(q.region.admin1Code)}`);
  if (q.timeZones) where.push(`timezone IN (SELECT unnest(${p([...q.timeZones])}::VARCHAR[]))`);
  if (q.featureCodes) where.push(`feature_code IN (SELECT unnest(${p([...q.featureCodes])}::VARCHAR[]))`);
  if (q.prefix !== undefined) {
    // The range lets DuckDB skip the row groups of other keys (place_keys is stored in key order); starts_with is the test.
    const prefix = p(q.prefix);
    where.push(`id IN (SELECT place_id FROM place_keys WHERE key >= ${prefix} AND key <= ${prefix} || chr(1114111) AND starts_with(key, ${prefix})${q.alternates ? '' : ' AND NOT alt'})`);
  }
  let distance = 'NULL';
  if (q.near) {
    distance = haversineSql(p(q.near.latitude), p(q.near.longitude));
    // Box prefilter (as src/geo/distance.ts computes it), then the exact distance.
    const boxes = boundingBoxes(q.near.latitude, q.near.longitude, q.near.radiusKm)
      .map(([minLon, minLat, maxLon, maxLat]) => `(latitude BETWEEN ${p(minLat)} AND ${p(maxLat)} AND longitude BETWEEN ${p(minLon)} AND ${p(maxLon)})`);
    where.push(`(${boxes.join(' OR ')})`);
    where.push(`distance_km <= ${p(q.near.radiusKm)}`);
    if (q.near.excludeId !== undefined) where.push(`id <> ${p(q.near.excludeId)}`);
  }
  const order = [
    ...q.sort.map(({ field, desc }) => `${SORT_SQL[field]} ${desc ? 'DESC' : 'ASC'} NULLS LAST`),
    'id ASC',
  ].join(', ');
  return { where: where.length ? where.join(' AND ') : 'true', params, order, distance };
}

export async function searchPlacesSql(db: ConnectionPool, q: PlaceQuery): Promise<SqlPage> {
  const { where, params, order, distance } = placeQuerySql(q);
  const base = `SELECT *, ${distance} AS distance_km FROM places`;
  const filtered = `SELECT * FROM (${base}) WHERE ${where}`;
  const [{ total }] = (await db.query<{ total: bigint }>(`SELECT count(*) AS total FROM (${filtered})`, params)) as [{ total: bigint }];
  const offset = clampOffset(q.offset, q.limit, Number(total));
  const rows = await db.query<{ id: number; distance_km: number | null }>(
    `${filtered} ORDER BY ${order} LIMIT ${q.limit} OFFSET ${offset}`, params);
  return { ids: rows.map((r) => r.id), distancesKm: rows.map((r) => r.distance_km ?? NaN), total: Number(total), offset };
}
