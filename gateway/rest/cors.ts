/**
 * CORS by `@fastify/cors`, registered in app.ts between the edge refusals' `onRequest` hook and the body
 * admission's, with the options below: origins `*` or a list, the methods, allowed and exposed headers,
 * max age 600 s, strict preflights.
 *
 * Every answer: `Access-Control-Allow-Origin` (`*`, or the request's origin
 * when it is in the list; `Vary: Origin` with a list) and
 * `Access-Control-Expose-Headers`. A preflight (OPTIONS) without `Origin` or
 * `Access-Control-Request-Method`, or from an origin not allowed, is refused
 * before the plugin sees it, in the envelope (EdgeRefusals.early); a valid one is 204
 * with the allowed methods, the max age, and as allowed headers the ones it asks for
 * (`Access-Control-Request-Headers`, reflected, with `Vary: Access-Control-Request-Headers`):
 * GeoDB's browser apps send more than the key and host headers (RapidAPI's code
 * snippets put `useQueryString: true` among the headers, jQuery adds `X-Requested-With`),
 * and a fixed list made the browser drop their requests before sending them. Reflecting
 * admits no one: every request still needs its key, and no credentials (cookies) are
 * allowed.
 */
import type { FastifyCorsOptions } from '@fastify/cors';

/** Header names as browsers see them in the lists (X-Gateway-Key, not x-gateway-key). */
export const titleCase = (h: string): string => h.replace(/(^|-)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase());

export const CORS_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** What a browser script may read: the rate-limit headers in both names, and what 202, 429 and caching answers carry. */
export const CORS_EXPOSED_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-RateLimit-Requests-Limit',
  'X-RateLimit-Requests-Remaining', 'Retry-After', 'Location', 'ETag', 'Meridian-Ignored-Parameters'];
export const CORS_MAX_AGE_SECONDS = 600;

/**
 * The CORS headers the plugin gives every answer that is not a preflight when any origin is allowed (`*`): the same
 * for every request, as name, value pairs (rest/keptReplies.ts writes them itself). Undefined for a list of origins,
 * where they depend on the request's Origin (and carry Vary: Origin).
 */
export function fixedCorsHeaders(origins: string[]): string[] | undefined {
  return origins.includes('*') ? ['access-control-allow-origin', '*', 'access-control-expose-headers', CORS_EXPOSED_HEADERS.join(', ')] : undefined;
}

/** The plugin's options; the lists are joined here once (the plugin joins an array on every request). */
export function corsOptions(origins: string[]): FastifyCorsOptions {
  return {
    origin: origins.includes('*') ? '*' : origins,
    methods: CORS_METHODS.join(', '),
    // unset: the plugin reflects the preflight's Access-Control-Request-Headers (see above)
    exposedHeaders: CORS_EXPOSED_HEADERS.join(', '),
    maxAge: CORS_MAX_AGE_SECONDS,
    strictPreflight: true,
  };
}
