/**
 * Answers the HTTP layer gives before any route runs, in the same envelope
 * and error table as everything else:
 * - 405 (type METHOD_NOT_ALLOWED, with Allow) for a path that exists under
 *   other methods; 404 (ROUTE_NOT_FOUND) for a path that does not;
 * - 413 (PAYLOAD_TOO_LARGE) and 415 (UNSUPPORTED_MEDIA_TYPE) from the body
 *   parser;
 * - CORS preflights: an origin not allowed is 403 (CORS_ORIGIN_DENIED), a
 *   preflight without Origin or Access-Control-Request-Method 400 (CORS_PREFLIGHT_INVALID);
 * - 503 (SHUTTING_DOWN, Connection: close) for requests that arrive while the
 *   gateway drains;
 * - 400 for an HTTP/1.1 request without Host (Node's own answer had no body);
 * - 400 for a JSON body that is not UTF-8, nests deeper than MAX_JSON_DEPTH, has an object of more than
 *   MAX_JSON_OBJECT_MEMBERS members or more than MAX_JSON_VALUES values, does not parse (saying where) or has a
 *   `__proto__` / `constructor.prototype` key (Fastify's own rule, which it
 *   reported as "Body is not valid JSON" too).
 */
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { HttpError } from '../httpError.js';
import { wellFormedText } from '../../lib/wellFormedText.js';

/** Whether a template serves the path; one that matches its shape but not its %-escapes counts (the method is what is wrong). */
function servesPath(r: MethodMatcher, path: string): boolean {
  try { return r.template.match(path) !== undefined; } catch { return true; }
}

/** What 405 needs of an annotated route: its verb and its path template's matcher. */
export interface MethodMatcher { binding: { verb: string }; template: { match(rawPath: string): unknown } }

/** A route's URL pattern (find-my-way syntax: `:name` one segment, `*` the rest) as a regular expression. */
function patternOf(url: string): RegExp {
  const body = url.split('/').map((seg) => (seg === '*' ? '.*' : seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\*$/, '.*'))).join('/');
  return new RegExp(`^${body}/?$`);
}

export class EdgeRefusals {
  private readonly routes: { method: string; pattern: RegExp }[] = [];
  private draining = false;

  /**
   * Records the plain routes as they are added (call before registering
   * them); the annotated routes answer by their own templates (a router
   * wildcard such as `/v1/*` says nothing about which paths exist).
   */
  constructor(app: FastifyInstance, private readonly corsOrigins: string[], private readonly annotated: MethodMatcher[]) {
    app.addHook('onRoute', (route) => {
      const url = route.url ?? route.path ?? '';
      if (url.includes('*')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const m of methods) if (m !== 'OPTIONS' && m !== 'HEAD') this.routes.push({ method: m, pattern: patternOf(url) });
    });
  }

  /** A path a method reaches through rewriteUrl (POST / is POST /graphql): another method there is 405 with Allow. */
  alsoServes(method: string, url: string): void {
    this.routes.push({ method, pattern: patternOf(url) });
  }

  /** From now on new requests are answered 503 SHUTTING_DOWN. */
  drain(): void { this.draining = true; }

  /** Whether drain() was called. */
  get isDraining(): boolean { return this.draining; }

  /** The refusal for a request that reached no route: 405 when other methods serve the path, else 404. */
  notFound(method: string, path: string): HttpError {
    const allowed = [...new Set([
      ...this.routes.filter((r) => r.method !== method && r.pattern.test(path)).map((r) => r.method),
      ...this.annotated.filter((r) => r.binding.verb !== method && servesPath(r, path)).map((r) => r.binding.verb),
    ])];
    if (allowed.length) return methodNotAllowed(method, path, allowed);
    return new HttpError(404, 'ENTITY_NOT_FOUND', `no route ${method} ${path.slice(0, 200)}; /openapi.json lists the routes`, {}, 'ROUTE_NOT_FOUND');
  }

  /** A refusal due before routing and CORS (draining, bad preflight), or undefined. */
  early(method: string, headers: Record<string, string | string[] | undefined>, httpVersion = '1.1', rawHeaders: readonly string[] = []): HttpError | undefined {
    if (this.draining) return new HttpError(503, 'SERVICE_UNAVAILABLE', 'the gateway is shutting down; retry on another instance or shortly', { connection: 'close', 'retry-after': '1' }, 'SHUTTING_DOWN');
    // RFC 9112 §3.2: a server must answer 400 to an HTTP/1.1 request without Host
    if (headers['host'] === undefined && httpVersion === '1.1') {
      return new HttpError(400, 'PARAM_INVALID', 'an HTTP/1.1 request needs a Host header', { connection: 'close' }, 'PARAM_INVALID', { field: 'Host' });
    }
    const framing = framingRefusal(headers, rawHeaders, httpVersion);
    if (framing) return framing;
    if (method !== 'OPTIONS') return undefined;
    const origin = headers['origin'];
    // every OPTIONS is answered as a preflight (the router has no OPTIONS routes of its own); one without
    // Origin used to get @fastify/cors's plain-text 'Invalid Preflight Request', outside the envelope
    if (typeof origin !== 'string') {
      return new HttpError(400, 'PARAM_INVALID', 'a CORS preflight needs the Origin and Access-Control-Request-Method headers', {}, 'CORS_PREFLIGHT_INVALID', { field: 'Origin' });
    }
    if (!this.corsOrigins.includes('*') && !this.corsOrigins.includes(origin)) {
      return new HttpError(403, 'ACCESS_DENIED', `origin ${origin.slice(0, 200)} is not allowed (MERIDIAN_CORS_ORIGINS)`, {}, 'CORS_ORIGIN_DENIED', { origin: origin.slice(0, 200) });
    }
    const asked = headers['access-control-request-method'];
    if (typeof asked !== 'string') {
      return new HttpError(400, 'PARAM_INVALID', 'a CORS preflight needs the Access-Control-Request-Method header', {}, 'CORS_PREFLIGHT_INVALID', { field: 'Access-Control-Request-Method' });
    }
    // a method is an HTTP token (RFC 9110 9.1); "GE T" or 10 KB of bytes is no method a browser would ask for
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}$/.test(asked)) {
      return new HttpError(400, 'PARAM_INVALID', `Access-Control-Request-Method must name an HTTP method, got '${asked.slice(0, 40)}'`, {}, 'CORS_PREFLIGHT_INVALID', { field: 'Access-Control-Request-Method' });
    }
    return undefined;
  }
}

/** A Host header's value (RFC 9112 §3.2, RFC 3986 uri-host [":" port]): a registered name, IPv4 or [IPv6] (a zone id too), and a port. */
const HOST = /^(?:\[[0-9A-Za-z:.%_~-]+\]|[A-Za-z0-9._~%!$&'()*+,;=-]*)(?::\d{0,5})?$/;

/**
 * Requests whose framing a server must refuse (RFC 9112) and Node's parser serves: more than one Host header (§3.2:
 * 400; Node kept the first), a Host that is no host[:port] (§3.2: 400), chunked framing under other transfer codings
 * (`gzip, chunked`, §6.1: 501; Node read the body as if it were not compressed), a transfer coding other than chunked
 * (§6.3: 400 and close; Node's parser refuses it only when it reaches the body, after a kept answer had been sent: two
 * answers to one request), any Transfer-Encoding on an HTTP/1.0 request (§6.1: faulty framing, 400 and close; Node
 * served it), and an HTTP version other than 1.0 and 1.1 (RFC 9110 §15.6.6: 505; Node answered "HTTP/2.0" as 1.1).
 * Undefined for the rest: the hot paths call it on every request, so it reads rawHeaders only for the host count.
 */
export function framingRefusal(headers: Record<string, string | string[] | undefined>, rawHeaders: readonly string[], httpVersion: string): HttpError | undefined {
  if (httpVersion !== '1.1' && httpVersion !== '1.0') {
    return new HttpError(505, 'PARAM_INVALID', `HTTP/${httpVersion.slice(0, 10)} is not supported: send HTTP/1.1`, { connection: 'close' }, 'HTTP_VERSION_NOT_SUPPORTED');
  }
  const te = headers['transfer-encoding'];
  if (te !== undefined) {
    if (httpVersion === '1.0') {
      return new HttpError(400, 'PARAM_INVALID', 'an HTTP/1.0 request cannot carry Transfer-Encoding: send the body with Content-Length', { connection: 'close' }, 'PARAM_INVALID', { field: 'Transfer-Encoding' });
    }
    const codings = String(te).toLowerCase();
    if (codings.includes(',')) {
      return new HttpError(501, 'PARAM_INVALID', `Transfer-Encoding '${String(te).slice(0, 60)}' is not supported: send the body with Content-Length, or chunked alone (compress with Content-Encoding)`, { connection: 'close' }, 'NOT_IMPLEMENTED', { field: 'Transfer-Encoding' });
    }
    if (codings.trim() !== 'chunked') {
      return new HttpError(400, 'PARAM_INVALID', `Transfer-Encoding '${String(te).slice(0, 60)}' cannot frame a request body: send it with Content-Length, or chunked`, { connection: 'close' }, 'PARAM_INVALID', { field: 'Transfer-Encoding' });
    }
  }
  const host = headers['host'];
  if (typeof host === 'string' && !HOST.test(host)) {
    return new HttpError(400, 'PARAM_INVALID', `the Host header '${host.slice(0, 60)}' is not a host name or address with an optional port`, { connection: 'close' }, 'PARAM_INVALID', { field: 'Host' });
  }
  let hosts = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host' && ++hosts > 1) {
      return new HttpError(400, 'PARAM_INVALID', 'the request has more than one Host header: send one', { connection: 'close' }, 'PARAM_INVALID', { field: 'Host' });
    }
  }
  return undefined;
}

/** 405 for a path other methods serve, listed in Allow (HEAD with GET). */
export function methodNotAllowed(method: string, path: string, allowed: string[]): HttpError {
  const allow = allowed.includes('GET') && !allowed.includes('HEAD') ? [...allowed, 'HEAD'] : allowed;
  return new HttpError(405, 'PARAM_INVALID', `${method} is not allowed on ${path.slice(0, 200)}; allowed: ${allow.join(', ')}`, { allow: allow.join(', ') }, 'METHOD_NOT_ALLOWED', { method });
}

/** A 400 the body parser raises: Fastify's error handlers (REST's envelope, GraphQL's errors) carry its message. */
function badJson(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
}

/**
 * How deep arrays and objects may nest in a request body. No request of this API nests more than a few levels
 * (a batch's items, a GraphQL query's variables); a body of 8 million nested `[` (16 MB, or 16 KB gzipped) made
 * JSON.parse build as many arrays: ~2 s of the gateway's thread and 3 GB of memory per request.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * How many members one object may have, and how many values a whole body may hold. No request message has more
 * than a dozen fields, and a GraphQL request's variables fit its document (at most MERIDIAN_GRAPHQL_MAX_TOKENS
 * tokens); a batch at MERIDIAN_SENTIMENT_MAX_BATCH's ceiling, 100,000 items of at most 4 fields, holds about 500,000
 * values. One object of 1.2 million keys (14 MB) kept the gateway's thread ~9.5 s (JSON.parse, then the binding's
 * walk over the keys) and a batch of 1.25 million items ~7 s, every other request of every client waiting.
 */
export const MAX_JSON_OBJECT_MEMBERS = 1_000;
export const MAX_JSON_VALUES = 600_000;

/**
 * Why `text` is refused by its shape (nesting deeper than `MAX_JSON_DEPTH`, an object with more than
 * `MAX_JSON_OBJECT_MEMBERS` members, more than `MAX_JSON_VALUES` values), or undefined; strings skipped, escapes
 * included, and the scan stops at the first limit passed. Values are counted by their separators, so a body that
 * does not parse may be counted loosely: JSON.parse refuses it after.
 */
function shapeRefusal(text: string): string | undefined {
  let depth = 0;
  let values = 0;
  const objectMembers: number[] = []; // per open container: its members so far (objects only; -1 for arrays)
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) { // a string: to its closing quote
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return `the request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep; no request of this API needs more than a few`;
      objectMembers.push(c === 0x7b ? 1 : -1);
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
      objectMembers.pop();
    } else if (c === 0x2c) {
      if (++values > MAX_JSON_VALUES) return `the request body holds more than ${MAX_JSON_VALUES} values; no request of this API needs that many (split a batch)`;
      const top = objectMembers.length - 1;
      if (top >= 0 && objectMembers[top]! >= 0 && ++objectMembers[top]! > MAX_JSON_OBJECT_MEMBERS) {
        return `the request body has an object with more than ${MAX_JSON_OBJECT_MEMBERS} members; no request of this API has more than a few dozen fields`;
      }
    }
  }
  return undefined;
}

/** A \\u escape of a high surrogate not followed by a low one, or of a low one not after a high one (a valid pair, as Python's json.dumps writes every emoji, is left alone). */
const LONE_SURROGATE_ESCAPE = /\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F]/;

/** A parsed JSON value with every string (and key) well formed: a lone surrogate becomes U+FFFD. */
function wellFormedValue(v: unknown): unknown {
  if (typeof v === 'string') return wellFormedText(v);
  if (Array.isArray(v)) return v.map(wellFormedValue);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[wellFormedText(k)] = wellFormedValue(x);
  return out;
}

/**
 * The `application/json` body parser: the rules of Fastify's own (secure-json-parse, prototype poisoning
 * refused), with messages that say what is wrong and where instead of one "Body is not valid JSON", and a
 * bound on nesting and size (MAX_JSON_DEPTH, MAX_JSON_OBJECT_MEMBERS, MAX_JSON_VALUES) checked before anything is built.
 */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) return undefined; // as if no body: a POST that needs none (a job's :cancel) works, one that needs one says what
  const refusal = shapeRefusal(text);
  if (refusal !== undefined) throw badJson(refusal);
  try {
    const parsed: unknown = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    // a lone surrogate can only come from a \u escape (the bytes are valid UTF-8): one U+FFFD in every string, as a
    // text gets, where encoding it for the core had made three
    return LONE_SURROGATE_ESCAPE.test(text) ? wellFormedValue(parsed) : parsed;
  } catch (e) {
    const m = (e as Error).message;
    if (/forbidden prototype/.test(m)) throw badJson('the request body has a "__proto__" or "constructor.prototype" key, which is refused: drop it');
    throw badJson(`the request body is not valid JSON: ${m}`);
  }
}

/** Body-parser failures → their envelope error (undefined for other errors). */
export function bodyRefusal(err: { code?: string; message?: string }, bodyLimit: number): HttpError | undefined {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new HttpError(413, 'PARAM_INVALID', `the request body is larger than ${bodyLimit} bytes (MERIDIAN_HTTP_BODY_LIMIT)`, {}, 'PAYLOAD_TOO_LARGE', { limit: String(bodyLimit) });
  }
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new HttpError(415, 'PARAM_INVALID', 'the request body must be application/json', {}, 'UNSUPPORTED_MEDIA_TYPE', { field: 'Content-Type' });
  }
  return undefined;
}

/**
 * What a request Node's HTTP parser refused gets (written by app.ts's clientErrorHandler, in the envelope):
 * the status line and error. Node's own answers for these are 408 for a request that did not arrive in
 * time and 431 for headers over its limit; everything else is 400.
 */
export function clientErrorAnswer(code: string | undefined, requestTimeoutMs: number): { status: string; error: HttpError } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: '408 Request Timeout', error: new HttpError(408, 'PARAM_INVALID', `the request did not arrive within ${requestTimeoutMs} ms (headers within ${Math.min(60_000, requestTimeoutMs)} ms)`, {}, 'REQUEST_TIMEOUT') };
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: '431 Request Header Fields Too Large', error: new HttpError(431, 'PARAM_INVALID', 'the request line and headers together are larger than 16 KiB (a URL that long counts): shorten the URL or the headers', {}, 'HEADERS_TOO_LARGE') };
  }
  return { status: '400 Bad Request', error: new HttpError(400, 'PARAM_INVALID', `malformed HTTP request (${code ?? 'parse error'})`) };
}
