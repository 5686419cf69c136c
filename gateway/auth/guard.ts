/**
 * The check every API request passes before its route runs: a key (header
 * X-Gateway-Key, or X-RapidAPI-Key / X-Mashape-Key / X-Mashape-Authorization
 * which existing GeoDB clients send), the route's scope, then the key's rate
 * limit. Every admitted answer carries the rate-limit headers, in our names
 * (X-RateLimit-Limit/-Remaining/-Reset) and in the RapidAPI names GeoDB
 * clients read (X-RateLimit-Requests-Limit/-Remaining); a key without a limit
 * reports UNLIMITED_RATE (int32 max) as its limit. A key without a limit is counted in this gateway's memory
 * even when the counter is shared (PostgreSQL): it is never refused, so the shared count would only feed its
 * headers, and waiting on the database for it made every request of every such key 503 while PostgreSQL did not
 * answer (geo calls included, which never touch the database).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from '../httpError.js';
import { hasScope, type KeyRing } from './keyRing.js';
import type { ApiKeyRecord } from './keyStore.js';
import { RateLimiter, type RateCounter, type RateDecision } from './rateLimiter.js';

export const KEY_HEADERS = ['x-gateway-key', 'x-rapidapi-key', 'x-mashape-key', 'x-mashape-authorization'] as const;

/** The limit reported for a key without one (requests are still counted, never refused). */
export const UNLIMITED_RATE = 2147483647;

export interface Admission {
  key: ApiKeyRecord;
  /** Rate-limit headers to send with the answer. */
  headers: Record<string, string>;
}

/** RFC 9110 15.5.2: a 401 names how to authenticate. */
const CHALLENGE = { 'www-authenticate': 'ApiKey header="X-Gateway-Key"' };

export class Guard {
  /** The counts of keys without a limit (never refused: only their headers read them). */
  private readonly unlimited = new RateLimiter();

  constructor(private readonly ring: KeyRing, private readonly limiter: RateCounter, private readonly defaultRateLimit: number) {}

  /**
   * Admits a request or throws the refusal. Synchronous with the in-memory
   * rate counter (a promise and a microtask turn per request saved); a
   * promise only when the counter is shared (PostgreSQL).
   */
  admit(headers: IncomingHttpHeaders, scope: string): Admission | Promise<Admission> {
    const key = this.authenticate(headers);
    if (!hasScope(key, scope)) throw new HttpError(403, 'ACCESS_DENIED', `this API key lacks the scope ${scope} that this route needs`);
    const limit = key.rateLimit ?? this.defaultRateLimit;
    let taken: RateDecision | Promise<RateDecision>;
    try {
      taken = limit ? this.limiter.take(key.id, limit) : this.unlimited.take(key.id, UNLIMITED_RATE);
    } catch {
      throw storeDown();
    }
    if (taken instanceof Promise) return taken.then((d) => decide(key, d), () => { throw storeDown(); });
    return decide(key, taken);
  }

  /**
   * The key a request presents, or the 401 it gets (missing, unknown or revoked), charging
   * no rate limit. app.ts asks it before reading a request's body, so that a client
   * without a valid key cannot make the gateway read and parse up to the body limit.
   */
  authenticate(headers: IncomingHttpHeaders): ApiKeyRecord {
    let presented: string | undefined;
    let header = '';
    for (const h of KEY_HEADERS) {
      const v = headers[h];
      const s = Array.isArray(v) ? v[0] : v;
      if (s && s.trim()) { presented = s.trim(); header = h; break; }
    }
    if (!presented) throw new HttpError(401, 'ACCESS_DENIED', 'missing API key: send it in the X-Gateway-Key header (GeoDB clients: X-RapidAPI-Key; the README says where the local key is)', CHALLENGE);
    // Node joins a repeated header's values with ", " and no key holds a comma: the same key sent twice was
    // answered "this API key is not valid", which sent the client looking for a wrong key
    if (presented.includes(',')) {
      throw new HttpError(401, 'ACCESS_DENIED', `the ${header} header was sent more than once (or holds a comma); send one key, once`, CHALLENGE);
    }
    const check = this.ring.check(presented);
    // Unknown and revoked keys are credentials that do not authenticate: 401, as GeoDB answers a missing or
    // invalid key (geodb-compat 2.2) and as HTTP means it; 403 is kept for a known key that may not do this.
    if (!check.ok) {
      throw new HttpError(401, 'ACCESS_DENIED', check.reason === 'revoked' ? 'this API key was revoked' : 'this API key is not valid', CHALLENGE);
    }
    return check.key;
  }
}

const storeDown = (): HttpError => new HttpError(503, 'SERVICE_UNAVAILABLE', 'the shared rate-limit store does not answer; retry shortly');

/** Limits and seconds to reset repeat from request to request: their header values are made once (bounded). */
const numberTexts = new Map<number, string>();
function numberText(n: number): string {
  let s = numberTexts.get(n);
  if (s === undefined) {
    s = String(n);
    if (numberTexts.size < 1024) numberTexts.set(n, s);
  }
  return s;
}

/**
 * A count that changes with every request (the remaining allowance) as text, made without V8's number-to-string cache:
 * String(n) files each new number's text in that cache, which outlives the request, so under load every answer left a
 * string for the old generation's collector (the sampling heap profiler's largest site in the gateway at by-id load,
 * once the kept answers stopped reordering their map: CHANGELOG.md). toFixed(0) writes the same digits for an integer.
 */
const countText = (n: number): string => n.toFixed(0);

function decide(key: ApiKeyRecord, d: RateDecision): Admission {
  const limit = numberText(d.limit);
  const remaining = countText(d.remaining);
  const rate = {
    'x-ratelimit-limit': limit, 'x-ratelimit-remaining': remaining, 'x-ratelimit-reset': numberText(d.resetSeconds),
    'x-ratelimit-requests-limit': limit, 'x-ratelimit-requests-remaining': remaining,
  };
  if (!d.allowed) {
    throw new HttpError(429, 'ACCESS_DENIED', `rate limit of ${d.limit} requests per minute reached for this key; retry after ${d.resetSeconds} s`,
      { ...rate, 'retry-after': String(d.resetSeconds) });
  }
  return { key, headers: rate };
}
