/**
 * HTTP caching and compression.
 *
 * Reference data (the geo and locale GETs) changes only when the data is
 * refreshed, so those answers carry `Cache-Control: private, max-age=3600`
 * (the services' `service_answer_cache` option in proto/; a method's own
 * `answer_cache` overrides it, and a method with neither is private)
 * and an `ETag`, and a request whose `If-None-Match` names the current tag
 * gets a bodiless 304. The tag is a hash of the exact bytes the client would
 * get (JSONP: the wrapped script, callback included), so it changes exactly
 * when the answer does: after a data refresh, a new tz release or a different
 * callback name, and never otherwise. `private`: the answer needs a key, so
 * no shared cache may serve it to someone without one.
 *
 * Answers that tell the time now (`…/dateTime`, `…/time`: max_age_seconds 0), and lists of places
 * deleted since yesterday or last week (the option's clock_field), are `no-cache` (a cache must ask each time). Everything else the gateway answers with a key
 * (sentiment, jobs, feeds, certificates, GraphQL) and every error is private
 * to a tenant or transient: `Cache-Control: no-store`. JSONP errors travel
 * with HTTP 200 (so that the script runs); their real status is read from
 * the script and they are `no-store` as well.
 *
 * Compression (`@fastify/compress`: br, gzip, deflate, by `Accept-Encoding`)
 * applies to answers of 1 KiB or more. The tag is computed on the
 * uncompressed bytes and is weak (`W/"…"`), as the same entity is sent in
 * several encodings. Routes that set their own `Cache-Control` (the
 * dashboard's static files) are left alone.
 *
 * Why not `@fastify/etag` (6.2.0, read for issue 40): its one global `onSend` hook tags every string or
 * Buffer answer, with no way to leave out errors and private answers (sentiment, jobs, no-store: they
 * must carry no tag, test/rest/caching.test.ts), and its 304 compares `If-None-Match` as one whole tag,
 * so a list of tags or `*` (RFC 9110 §13.1.2, the same test) never matches. Using it would still need
 * this hook for the policy and the matching, and it would hash the private answers too. Its default
 * hash also costs more: 2.05 µs a tag for a 767-byte body against 1.34 here, 12.1 against 11.2 µs for
 * 10 KB (tsx loop, 200k tags × 7, medians; `createHash('sha1')…digest('base64')` against `entityTag`).
 */
import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/** What the geo and locale services declare (service_answer_cache in proto/): the tests read the header against it. */
export const REFERENCE_MAX_AGE_SECONDS = 3600;
/** Answers smaller than this are sent uncompressed (compression would cost more than it saves). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const JSONP_STATUS = /,"status":(\d{3})\}\);$/;

type CachePolicy = 'reference' | 'clock' | 'private';

/**
 * The answer's policy, from its method's answer_cache option in proto/ (routes.ts reads it per request: an
 * IncludeDeleted SINCE_* request moves with the clock): undefined there is private, 0 tells the time.
 */
function policyOf(request: FastifyRequest): { policy: CachePolicy; maxAge: number } {
  const maxAge = request.method === 'GET' || request.method === 'HEAD' ? request.answerMaxAge : undefined;
  return { policy: maxAge === undefined ? 'private' : maxAge === 0 ? 'clock' : 'reference', maxAge: maxAge ?? 0 };
}

/** The real status of an answer: JSONP answers are 200 with the status inside the script. */
function effectiveStatus(reply: FastifyReply, payload: unknown): number {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return reply.statusCode;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!type.startsWith('text/javascript')) return 200;
  const m = JSONP_STATUS.exec(payload);
  return m ? Number(m[1]) : 200;
}

export function entityTag(body: string | Buffer): string {
  // one-shot hash: the same tag as createHash().update().digest(), without the Hash object (~3.7 → ~1.8 µs for a 1 KB page)
  return `W/"${hash('sha256', body, 'base64url').slice(0, 27)}"`;
}

/** RFC 9110 §13.1.2: weak comparison against a list of tags (or `*`). */
export function matchesIfNoneMatch(header: string | string[] | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = (t: string): string => t.trim().replace(/^W\//, '');
  const mine = opaque(tag);
  return value.split(',').some((t) => opaque(t) === mine);
}

/** Whether a payload may reach the compression threshold (a string's UTF-8 length is at least its length, at most three times it). */
export function atLeastThreshold(payload: unknown): boolean {
  if (typeof payload === 'string') {
    return payload.length >= COMPRESS_THRESHOLD_BYTES || (payload.length * 3 >= COMPRESS_THRESHOLD_BYTES && Buffer.byteLength(payload) >= COMPRESS_THRESHOLD_BYTES);
  }
  if (Buffer.isBuffer(payload)) return payload.length >= COMPRESS_THRESHOLD_BYTES;
  return payload != null; // a stream (dashboard files): its size is unknown here
}

type OnSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void) => void;

async function httpCaching(app: FastifyInstance): Promise<void> {
  await app.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip', 'deflate'] });
  /*
   * @fastify/compress gives every route two hooks of its own: an onRequest hook that sets reply.compress
   * (which nothing here calls) and an onSend hook that negotiates Accept-Encoding. Both are taken off the
   * routes as they are added; the plugin's onSend (the same for every route without compress options of its
   * own) runs at the end of the caching hook below, and only for an answer that could be
   * compressed: the client accepts an encoding and the body reaches the threshold. Two hook calls fewer
   * per request, and none of the negotiation for clients that send no Accept-Encoding.
   */
  let compressOnSend: OnSend | undefined;
  const COMPRESSED_HERE = 'meridianCompressedByCaching';
  app.addHook('onRoute', (route) => {
    if ((route as { compress?: unknown }).compress !== undefined) return; // a route with its own compress options keeps the plugin's hooks
    const takeOff = <T extends { name: string }>(hooks: T | T[] | undefined, name: string): [T[] | T | undefined, T | undefined] => {
      if (!Array.isArray(hooks)) return hooks?.name === name ? [undefined, hooks] : [hooks, undefined];
      const i = hooks.findLastIndex((h) => h.name === name);
      return i < 0 ? [hooks, undefined] : [hooks.filter((_h, j) => j !== i), hooks[i]];
    };
    const [onRequest, decorate] = takeOff(route.onRequest, 'onRequest');
    const [onSend, negotiate] = takeOff(route.onSend as OnSend | OnSend[] | undefined, 'onSend');
    if (!decorate || !negotiate) return; // not the plugin's pair: leave the route as it is
    route.onRequest = onRequest as typeof route.onRequest;
    route.onSend = onSend as typeof route.onSend;
    // finish() compresses only for routes whose pair was taken off here (a route with its own options keeps its hooks)
    route.config = { ...(route.config as object | undefined), [COMPRESSED_HERE]: true } as typeof route.config;
    compressOnSend ??= negotiate;
  });
  /**
   * The caching hook's last step: compression where it may apply. Not for 404s and preflights (routes the
   * plugin never saw), nor HEAD (fastify's HEAD hook, which ran before the plugin's, had already dropped the body).
   */
  const finish = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void): void => {
    if (compressOnSend && request.headers['accept-encoding'] !== undefined && atLeastThreshold(payload)
      && (request.routeOptions.config as unknown as Record<string, unknown> | undefined)?.[COMPRESSED_HERE] === true && !request.is404 && request.method !== 'OPTIONS' && request.method !== 'HEAD') {
      compressOnSend(request, reply, payload, done);
      return;
    }
    done(null, payload);
  };
  // A callback hook, not an async one: an async hook costs a promise and a microtask turn on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.hasHeader('cache-control')) { finish(request, reply, payload, done); return; }
    const { policy, maxAge } = policyOf(request);
    if (policy === 'private' || effectiveStatus(reply, payload) !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      reply.header('cache-control', 'no-store');
      finish(request, reply, payload, done);
      return;
    }
    // a route that keeps its answer keeps the tag of those bytes with it (routes.ts sendKeeping, keptAnswers.ts) and sets it
    const set = reply.getHeader('etag');
    const tag = typeof set === 'string' ? set : entityTag(payload);
    if (typeof set !== 'string') reply.header('etag', tag);
    reply.header('cache-control', policy === 'clock' ? 'private, no-cache' : `private, max-age=${maxAge}`);
    // beside what CORS set (Vary: Origin with a list of origins): a cache must key on both
    const vary = reply.getHeader('vary');
    reply.header('vary', typeof vary === 'string' && vary !== '' ? `${vary}, accept-encoding` : 'accept-encoding');
    if (matchesIfNoneMatch(request.headers['if-none-match'], tag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      done(null, null);
      return;
    }
    finish(request, reply, payload, done);
  });
}

/**
 * The headers the hook above gives a kept 200 JSON answer that it neither compresses nor turns into a 304, appended
 * to `list` (name, value pairs) after those the reply holds already: the entity tag, the JSON type,
 * `Cache-Control: private, max-age`, `Vary` and the length. keptReplies.ts writes kept answers with them before
 * Fastify; a change to the hook's rules for reference answers belongs here too (test/rest/keptReplies.test.ts
 * compares the two paths).
 */
export function keptAnswerHeaders(list: string[], tag: string, maxAge: number, body: string | Buffer): string[] {
  list.push('etag', tag, 'content-type', 'application/json; charset=utf-8', 'cache-control', `private, max-age=${maxAge}`,
    'vary', 'accept-encoding', 'content-length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.length));
  return list;
}

/**
 * The headers the hook above gives an uncompressed 200 JSON answer of a private policy (a POST's, GraphQL's kept
 * answers: `Cache-Control: no-store`), appended to `list` after those the reply holds already: the JSON type, the
 * policy and the length. graphql/keptPosts.ts writes kept GraphQL answers with them before Fastify
 * (test/graphql/keptPosts.test.ts compares the two paths).
 */
export function privateAnswerHeaders(list: string[], body: string | Buffer): string[] {
  list.push('content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store',
    'content-length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.length));
  return list;
}

/** Registered once in app.ts, before the routes (compression hooks attach to routes as they are added). */
export default fp(httpCaching, { name: 'meridian-http-caching', fastify: '5.x' });
