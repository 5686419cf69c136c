/** The query string, parsed once per request by hand so that malformed escapes are a clear 400 and the raw pairs survive for paging links. */
import { paramInvalid } from './httpError.js';

export interface QueryPair { name: string; value: string; raw: string }

export const MAX_QUERY_PARAMETERS = 100;

function decode(s: string): string {
  if (s.indexOf('%') < 0 && s.indexOf('+') < 0) return s;
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw paramInvalid(`the query string has a malformed %-escape in '${s.length > 40 ? `${s.slice(0, 40)}…` : s}'; encode '%' as %25`);
  }
}

export function parseQuery(raw: string): QueryPair[] {
  if (!raw) return [];
  const out: QueryPair[] = [];
  for (const part of raw.split('&')) {
    if (part === '') continue;
    if (out.length >= MAX_QUERY_PARAMETERS) throw paramInvalid(`the query string has more than ${MAX_QUERY_PARAMETERS} parameters`);
    const eq = part.indexOf('=');
    out.push({ name: decode(eq < 0 ? part : part.slice(0, eq)), value: decode(eq < 0 ? '' : part.slice(eq + 1)), raw: part });
  }
  return out;
}
