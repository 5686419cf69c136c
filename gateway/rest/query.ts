/** The query string, parsed once per request by hand so that malformed escapes are a clear 400 and the raw pairs survive for paging links. */
import { paramInvalid } from '../httpError.js';

export interface QueryPair { name: string; value: string; raw: string }

export const MAX_QUERY_PARAMETERS = 100;

/** Decodes a name or value; a malformed escape is a 400 naming the parameter (`field`, or the raw name when the name itself is malformed). */
function decode(s: string, field?: string): string {
  if (s.indexOf('%') < 0 && s.indexOf('+') < 0) return s;
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    const shown = s.length > 40 ? `${s.slice(0, 40)}…` : s;
    throw field !== undefined
      ? paramInvalid(`${field} has a malformed %-escape in '${shown}'; encode '%' as %25`, field)
      : paramInvalid(`the query parameter name '${shown}' has a malformed %-escape; encode '%' as %25`, shown);
  }
}

export function parseQuery(raw: string): QueryPair[] {
  if (!raw) return [];
  const out: QueryPair[] = [];
  for (const part of raw.split('&')) {
    if (part === '') continue;
    if (out.length >= MAX_QUERY_PARAMETERS) throw paramInvalid(`the query string has more than ${MAX_QUERY_PARAMETERS} parameters`);
    const eq = part.indexOf('=');
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    out.push({ name, value: decode(eq < 0 ? '' : part.slice(eq + 1), name), raw: part });
  }
  return out;
}
