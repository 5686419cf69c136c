/**
 * A repeated REST GET whose answer is kept (gateway/keptAnswers.ts) answered before Fastify sees it: the key check,
 * scope and rate limit, the work budget, then the kept body written with the headers Fastify's path gives it (CORS,
 * the rate-limit headers, Age, and the caching hook's ETag, type, Cache-Control, Vary and length: caching.ts
 * `keptAnswerHeaders`), and the request counted in the metrics under its route.
 *
 * Why: by id is bound by the gateway thread (bench/README.md, "Where a by-id answer's time goes"). For a kept
 * answer the route handler has nothing left to do but check the key, yet Fastify's request and reply objects, its
 * three onRequest hooks, the async handler's promise, the onSend and onResponse hooks and its send path cost more
 * than the answer itself. Measured with `npm run bench:rest`: see CHANGELOG.md, "Gateway, exchange and REST speed".
 *
 * It answers only what Fastify's path would answer 200 with exactly these bytes and headers, and hands everything
 * else to Fastify unchanged (`reply()` returns false, having written nothing): methods other than GET, a JSONP
 * callback, If-None-Match (a 304 perhaps), a body that would be compressed, a CORS origin list (only `*` gives
 * headers that do not depend on the request), a request without Host, the gateway draining, a request target not
 * in origin form, a query that does not parse, and anything not kept. The kept entry says which route made it
 * (`KeptRoute`): the same request target always binds the same request message, so the route, its max-age and the
 * work price found when it was kept hold for every repeat, and its validation passed then. A key that does not
 * authenticate or lacks the scope is handed on before anything is counted (Fastify's path refuses it the same way);
 * a rate-limit refusal, or an admission still pending on the shared counter (PostgreSQL), has counted the request
 * once, so it travels with the request (auth/preAdmission.ts) and the route uses it instead of asking again.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Admission, Guard } from '../auth/guard.js';
import { setPreAdmission } from '../auth/preAdmission.js';
import { isHttpError } from '../httpError.js';
import type { KeptAnswers } from '../keptAnswers.js';
import { atLeastThreshold, keptAnswerHeaders } from './caching.js';
import { parseQuery, type QueryPair } from './query.js';

/**
 * A request target's path as the routes read it: the router ignores repeated slashes (ignoreDuplicateSlashes), and so
 * do the templates: the Mashape-generated GeoDB SDKs send `//v1/...` on every call. `q`: the index of its `?` (or -1).
 */
export function pathOf(url: string, q: number): string {
  const asSent = q < 0 ? url : url.slice(0, q);
  return asSent.includes('//') ? asSent.replace(/\/{2,}/g, '/') : asSent;
}

/**
 * The kept-answers key of a GET (keptAnswers.ts): its path (repeated slashes folded, as the router does) and every
 * query parameter as sent (the paging links repeat their spelling), in order, but the JSONP callback, which only
 * wraps the same JSON, and `_`, the cache-buster jQuery adds to every JSONP request, which no answer or link reads.
 * No header binds a field of a kept route's request (routes.ts HEADER_FIELDS), and the key, tenant and role change
 * no reference answer. (A GeoDB client's unknown parameters, which routes.ts leaves out, are left out of the key it keeps
 * the answer under too, so such a request is answered again through Fastify's path, never here.)
 */
export function keptAnswerKey(path: string, query: QueryPair[]): string {
  let key = `rest\u0000${path}`;
  for (const p of query) if (p.name !== 'callback' && p.name !== '_') key += `\u0000${p.raw}`;
  return key;
}

/** The key of a request target as routes.ts makes it, or undefined when it names a JSONP callback; throws when its query does not parse. */
function keptRequestKey(url: string): string | undefined {
  const q = url.indexOf('?');
  const query = parseQuery(q < 0 ? '' : url.slice(q + 1));
  for (const p of query) if (p.name === 'callback') return undefined;
  return keptAnswerKey(pathOf(url, q), query);
}

export interface KeptRepliesOptions {
  answers: KeptAnswers;
  guard: Guard;
  /** Charges a request's work units to its key; throws the refusal when the budget is spent (routes.ts chargeWork). */
  chargeWork: (cost: number, keyId: string) => void;
  /** CORS headers every answer carries (`*` origins), as name, value pairs; undefined when they depend on the request. */
  corsHeaders: string[] | undefined;
  draining: () => boolean;
  /** Counts an answer in the metrics (route label, method, status, seconds), as the onResponse hook does. */
  observe: (label: string, method: string, status: number, seconds: number) => void;
}

export class KeptReplies {
  constructor(private readonly o: KeptRepliesOptions) {}

  /** Answers `req` when it repeats a kept REST GET (see the module comment); false: nothing written, Fastify takes it. */
  reply(req: IncomingMessage, res: ServerResponse): boolean {
    const cors = this.o.corsHeaders;
    const url = req.url;
    if (req.method !== 'GET' || cors === undefined || url === undefined || url.charCodeAt(0) !== 0x2f /* / */ || this.o.draining()) return false;
    const headers = req.headers;
    if (headers.host === undefined || headers['if-none-match'] !== undefined) return false;
    // a GET with a body is Fastify's to answer: answered here at once, the parser's refusal of a malformed body
    // followed it as a second answer to the one request
    if (headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0')) return false;
    const start = performance.now();
    let key: string | undefined;
    try { key = keptRequestKey(url); } catch { return false; } // a malformed query: Fastify's path says what is wrong
    if (key === undefined) return false;
    const kept = this.o.answers.get(key);
    const route = kept?.route;
    if (kept === undefined || route === undefined || kept.tag === undefined) return false;
    if (headers['accept-encoding'] !== undefined && atLeastThreshold(kept.body)) return false;
    let admitted: Admission | Promise<Admission>;
    try {
      admitted = this.o.guard.admit(headers, route.scope);
    } catch (e) {
      // 401 and 403 are decided before the rate limit counts anything; a later refusal has counted this request
      if (isHttpError(e) && (e.status === 401 || e.status === 403)) return false;
      if (isHttpError(e)) setPreAdmission(req, e);
      return false;
    }
    setPreAdmission(req, admitted);
    if (admitted instanceof Promise) return false;
    if (kept.cost !== undefined) {
      try { this.o.chargeWork(kept.cost, admitted.key.id); } catch { return false; } // nothing was taken; the route refuses it
    }
    setPreAdmission(req, undefined);
    const list = cors.slice();
    const rate = admitted.headers;
    for (const k in rate) list.push(k, rate[k] as string);
    // how long ago the core made it (RFC 9111 Age), as routes.ts says it
    const age = Math.floor((Date.now() - kept.at) / 1000);
    if (age > 0) list.push('age', String(age));
    keptAnswerHeaders(list, kept.tag, route.maxAge, kept.body);
    res.writeHead(200, list);
    res.end(kept.body);
    this.o.observe(route.label, 'GET', 200, (performance.now() - start) / 1000);
    return true;
  }
}
