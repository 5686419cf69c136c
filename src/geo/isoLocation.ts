/** ISO-6709 points as the API takes them: `±DD.DDDD±DDD.DDDD` (e.g. +37.7749-122.4194). */
import { invalid } from '../errors.js';

const LOCATION_RE = /^([+-]?)(\d{1,2}(?:\.\d+)?)([+-])(\d{1,3}(?:\.\d+)?)\/?$/;

export interface LatLon { latitude: number; longitude: number }

/** Parses an ISO-6709 location (a '+' that a URL decoder turned into a space is put back by the gateway, not here). */
export function parseIsoLocation(raw: string, field: string): LatLon {
  const m = LOCATION_RE.exec(raw);
  if (!m) throw invalid(field, `${field} must look like +37.7749-122.4194 (ISO-6709 ±DD.DDDD±DDD.DDDD), got '${raw}'`);
  const latitude = Number(`${m[1] === '-' ? '-' : ''}${m[2]}`);
  const longitude = Number(`${m[3] === '-' ? '-' : ''}${m[4]}`);
  if (latitude < -90 || latitude > 90) throw invalid(field, `${field} latitude must be from -90 to +90, got ${latitude}`);
  if (longitude < -180 || longitude > 180) throw invalid(field, `${field} longitude must be from -180 to +180, got ${longitude}`);
  return { latitude, longitude };
}
