/**
 * Great-circle distance (haversine) on a sphere of the IUGG mean Earth radius.
 * The SQL reference (placeSql.ts) computes the same formula in the same order.
 */
import { KM_PER_MILE } from '../../lib/distanceUnits.js';

export { KM_PER_MILE };
export const EARTH_RADIUS_KM = 6371.0088;
export const EARTH_MODEL = `sphere, radius ${EARTH_RADIUS_KM} km (IUGG mean), haversine; 1 mi = ${KM_PER_MILE} km`;

const RAD = Math.PI / 180;

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, a)));
}

export type Unit = 'MI' | 'KM';

export function toKm(value: number, unit: Unit): number {
  return unit === 'KM' ? value : value * KM_PER_MILE;
}

export function fromKm(km: number, unit: Unit): number {
  return unit === 'KM' ? km : km / KM_PER_MILE;
}

/**
 * A latitude/longitude box that contains every point within radiusKm of the
 * centre. Longitude spans may wrap the antimeridian: the caller gets one or two
 * [minLon, minLat, maxLon, maxLat] boxes.
 */
export function boundingBoxes(lat: number, lon: number, radiusKm: number): [number, number, number, number][] {
  const dLat = (radiusKm / EARTH_RADIUS_KM) / RAD;
  const minLat = lat - dLat, maxLat = lat + dLat;
  if (minLat <= -90 || maxLat >= 90) return [[-180, Math.max(-90, minLat), 180, Math.min(90, maxLat)]];
  const s = Math.sin(radiusKm / EARTH_RADIUS_KM) / Math.cos(lat * RAD);
  if (s >= 1) return [[-180, minLat, 180, maxLat]];
  const dLon = Math.asin(s) / RAD;
  const minLon = lon - dLon, maxLon = lon + dLon;
  if (minLon < -180) return [[minLon + 360, minLat, 180, maxLat], [-180, minLat, maxLon, maxLat]];
  if (maxLon > 180) return [[minLon, minLat, 180, maxLat], [-180, minLat, maxLon - 360, maxLat]];
  return [[minLon, minLat, maxLon, maxLat]];
}
