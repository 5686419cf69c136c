/**
 * CORS, answered by the gateway's own `onRequest` hook (app.ts, after
 * EdgeRefusals.early) with the same headers and preflight answers
 * `@fastify/cors` gave for this configuration (origins `*` or a list, the
 * methods, allowed and exposed headers below, max age 600 s, strict
 * preflights). The plugin spread its options into a new object, resolved the
 * origin through callbacks and joined the header lists on every request; here
 * every header value is a string made once at start-up (bench/README.md, REST:
 * CPU per request).
 *
 * Every answer: `Access-Control-Allow-Origin` (`*`, or the request's origin
 * when it is in the list; `Vary: Origin` with a list) and
 * `Access-Control-Expose-Headers`. A preflight (OPTIONS) without `Origin` or
 * `Access-Control-Request-Method`, or from an origin not allowed, is refused
 * before this runs, in the envelope (EdgeRefusals.early); a valid one is 204
 * with the allowed methods and headers and the max age.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KEY_HEADERS } from '../auth/guard.js';

/** Header names as browsers see them in the lists (X-Gateway-Key, not x-gateway-key). */
export const titleCase = (h: string): string => h.replace(/(^|-)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase());

export const CORS_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** GeoDB's browser clients send RapidAPI's host headers beside the key. */
export const CORS_ALLOWED_HEADERS = ['Content-Type', 'X-Service-Async-Mode', ...KEY_HEADERS.map(titleCase), 'X-RapidAPI-Host', 'X-Mashape-Host'];
/** What a browser script may read: the rate-limit headers in both names, and what 202, 429 and caching answers carry. */
export const CORS_EXPOSED_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-RateLimit-Requests-Limit',
  'X-RateLimit-Requests-Remaining', 'Retry-After', 'Location', 'ETag'];
export const CORS_MAX_AGE_SECONDS = 600;

export class Cors {
  private readonly anyOrigin: boolean;
  private readonly origins: Set<string>;
  private readonly exposed = CORS_EXPOSED_HEADERS.join(', ');
  private readonly methods = CORS_METHODS.join(', ');
  private readonly allowed = CORS_ALLOWED_HEADERS.join(', ');
  private readonly maxAge = String(CORS_MAX_AGE_SECONDS);

  constructor(origins: string[]) {
    this.anyOrigin = origins.includes('*');
    this.origins = new Set(origins);
  }

  /** Adds the CORS headers; answers a preflight itself. True when the request was answered here. */
  apply(request: FastifyRequest, reply: FastifyReply): boolean {
    const origin = request.headers.origin;
    if (this.anyOrigin) reply.header('access-control-allow-origin', '*');
    else {
      reply.header('vary', 'Origin'); // the answer depends on the origin (no Vary is set before onRequest)
      if (origin !== undefined && this.origins.has(origin)) reply.header('access-control-allow-origin', origin);
    }
    reply.header('access-control-expose-headers', this.exposed);
    if (request.raw.method !== 'OPTIONS') return false;
    reply.header('access-control-allow-methods', this.methods);
    reply.header('access-control-allow-headers', this.allowed);
    reply.header('access-control-max-age', this.maxAge);
    void reply.code(204).header('content-length', '0').send();
    return true;
  }
}
