/**
 * A repeated GraphQL POST whose answer is kept (answerCache.ts, gateway/keptAnswers.ts) answered before Fastify
 * sees it, as rest/keptReplies.ts answers a kept REST GET: the key check, scope and rate limit, the work units the
 * answer was priced at, then the kept JSON with the headers Fastify's path gives it (CORS, the rate-limit headers,
 * the JSON type, `Cache-Control: no-store` as every POST answer, the length), counted in the metrics under
 * `/graphql`.
 *
 * Why: GraphQL answered its kept answers at half of REST's rate (bench/README.md), the difference being Fastify's
 * request, hooks, body parser, mercurius's route and the send path, run for an answer that is already text.
 *
 * A POST's answer depends on its body, so the body is read here first, and only when it is small and plain:
 * `Content-Length` of at most MAX_BODY bytes and within GraphQL's own body limit (no chunked or compressed body),
 * `Content-Type: application/json` (charset UTF-8 or none), from a key that authenticates and has the scope. Unlike
 * app.ts, which counts the rate limit before it reads any body, this reads such a body before counting (the kept
 * answer's admission counts it once; a miss is counted by app.ts as ever). The body is parsed by the same parser as
 * Fastify's (its refusals hand the request on) into the same key as the plugin's, for a body the plugin would run:
 * a POST's variables must be an object or none (a string is a GET's spelling, refused on a POST). Everything else, and any body whose answer is not kept, goes to
 * Fastify with the body read here (`preParsing` below gives it back as the request's stream), so nothing is read
 * twice or lost. A rate-limit or budget refusal, or an admission still pending on the shared counter (PostgreSQL),
 * has counted the request once, so it travels with it (auth/preAdmission.ts) and app.ts's body admission uses it.
 * A kept answer large enough to be compressed for a client that accepts an encoding goes to Fastify too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import type { preParsingHookHandler } from 'fastify';
import type { Admission, Guard } from '../auth/guard.js';
import { hasScope } from '../auth/keyRing.js';
import { setPreAdmission } from '../auth/preAdmission.js';
import { isHttpError } from '../httpError.js';
import type { KeptAnswers } from '../keptAnswers.js';
import { atLeastThreshold, privateAnswerHeaders } from '../rest/caching.js';
import { parseJsonBody } from '../rest/edgeRefusals.js';
import type { WorkBudget } from '../workPricing.js';
import { GRAPHQL_SCOPE, graphqlAnswerKey } from './answerCache.js';

/** The largest body read before Fastify (bytes): a query with its variables; a larger one is Fastify's to read. */
export const MAX_BODY = 8 * 1024;
/**
 * The kept-answers key prefix of a POST body's text as received: an alias (keptAnswers.ts `alias`) of the key its
 * parse gave, made once a body is answered here, so a repeated body is answered without parsing it and making its
 * key again (JSON parse, shape check and key were about 5 % of the gateway's CPU for a kept GraphQL POST). The same
 * text always parses to the same key.
 */
const BODY_KEY = 'graphql-body\u0000';
/**
 * The alias key of a body read in full: BODY_KEY and the body's bytes one character each (Latin-1), made in one flat
 * string from this buffer (BODY_KEY written once at its start). The same bytes always make the same key, so a repeat is
 * found without checking or decoding its UTF-8 (a body is aliased only once it parsed, so only valid UTF-8 is ever
 * found); an ASCII body's key is its text's. A concatenation made a rope that the map's hash flattened again.
 */
const aliasBuffer = Buffer.allocUnsafeSlow(BODY_KEY.length + MAX_BODY);
aliasBuffer.write(BODY_KEY, 0, 'latin1');
function aliasKey(body: Buffer): string {
  aliasBuffer.set(body, BODY_KEY.length);
  return aliasBuffer.toString('latin1', 0, BODY_KEY.length + body.length);
}
const PLAIN_JSON = /^application\/json\s*(;\s*charset\s*=\s*"?utf-?8"?\s*)?$/i;

const READ_BODY = Symbol('meridian.graphqlBody');
type WithBody = IncomingMessage & { [READ_BODY]?: Buffer };

/**
 * The GraphQL POST routes' first preParsing hook: a body read before Fastify (below) is the request's stream again,
 * for the body parser to read as it reads any other.
 */
export const giveBackBody: preParsingHookHandler = (request, _reply, payload, done) => {
  const raw = request.raw as WithBody;
  const body = raw[READ_BODY];
  if (body === undefined) { done(null, payload); return; }
  raw[READ_BODY] = undefined;
  done(null, Readable.from([body], { objectMode: false }));
};

export interface KeptPostsOptions {
  answers: KeptAnswers;
  guard: Guard;
  /** The work budget GraphQL charges (a kept answer is charged the units its run was priced at). */
  budget: WorkBudget;
  /** GraphQL's body limit (workLimits.ts maxBodyBytes): a larger body is refused by Fastify's path, never answered here. */
  maxBodyBytes: number;
  /** CORS headers every answer carries (`*` origins), as name, value pairs; undefined when they depend on the request. */
  corsHeaders: string[] | undefined;
  draining: () => boolean;
  /** Counts an answer in the metrics (route label, method, status, seconds), as the onResponse hook does. */
  observe: (label: string, method: string, status: number, seconds: number) => void;
}

export class KeptPosts {
  constructor(private readonly o: KeptPostsOptions) {}

  /**
   * Takes `req` when it may be a kept GraphQL POST (true: it answers it, or hands it to `next` with its body once
   * read); false: nothing was read or written, the caller hands it on.
   */
  take(req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage, res: ServerResponse) => void): boolean {
    const url = req.url;
    if (req.method !== 'POST' || (url !== '/graphql' && url !== '/') || this.o.corsHeaders === undefined || this.o.draining()) return false;
    const h = req.headers;
    const length = h['content-length'];
    const type = h['content-type'];
    if (h.host === undefined || length === undefined || h['transfer-encoding'] !== undefined || h['content-encoding'] !== undefined
      || h.expect !== undefined || type === undefined || !PLAIN_JSON.test(type)) return false;
    const declared = Number(length);
    if (!Number.isInteger(declared) || declared <= 0 || declared > MAX_BODY || declared > this.o.maxBodyBytes) return false;
    try {
      if (!hasScope(this.o.guard.authenticate(h), GRAPHQL_SCOPE)) return false;
    } catch { return false; } // 401: refused by Fastify's path, the body unread
    const start = performance.now();
    const chunks: Buffer[] = [];
    let got = 0;
    let done = false;
    const onData = (chunk: Buffer): void => {
      got += chunk.length;
      if (got <= declared) chunks.push(chunk);
      // the declared length is the whole body (the HTTP parser reads no more of it): answer now, not a tick later at 'end'
      if (got === declared) onEnd();
    };
    const onEnd = (): void => {
      if (done) return;
      done = true;
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onEnd);
      const body = chunks.length === 1 ? chunks[0] as Buffer : Buffer.concat(chunks);
      if (got === declared && this.answer(req, res, body, start)) return;
      // Fastify's path reads what was read here (a body shorter or longer than declared is refused there, as ever)
      (req as WithBody)[READ_BODY] = body;
      next(req, res);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onEnd);
    // a read asked for now makes the stream hand the body over as the HTTP parser pushes it, inside the parse of this
    // request (the answer written there, as a REST GET's is), rather than a tick later from the buffered stream
    req.read(0);
    return true;
  }

  /** Answers a body read in full when its answer is kept (true); false: nothing written. */
  private answer(req: IncomingMessage, res: ServerResponse, body: Buffer, start: number): boolean {
    if (this.o.draining()) return false;
    // a body answered here before is found by its bytes (an alias of its answer's key, made below); another is parsed and keyed
    const asSent = aliasKey(body);
    let kept = this.o.answers.get(asSent);
    let key: string | undefined; // the plugin's key, when the body had to be parsed
    if (kept === undefined) {
      if (!isUtf8(body)) return false;
      try {
        const payload = parseJsonBody(body.toString('utf8'));
        // variables as JSON text are a GET's spelling: the plugin refuses them on a POST, so they never reach a kept answer
        if (typeof (payload as { variables?: unknown } | null)?.variables === 'string') return false;
        key = graphqlAnswerKey('POST', payload);
      } catch { return false; }
      if (key !== undefined) kept = this.o.answers.get(key);
    }
    if (kept === undefined || kept.cost === undefined || kept.route !== undefined) return false;
    const h = req.headers;
    if (h['accept-encoding'] !== undefined && atLeastThreshold(kept.body)) return false;
    let admitted: Admission | Promise<Admission>;
    try {
      admitted = this.o.guard.admit(h, GRAPHQL_SCOPE);
    } catch (e) {
      // a refusal after the rate limit counted the request travels with it; 401/403 count nothing and recur
      if (isHttpError(e) && e.status !== 401 && e.status !== 403) setPreAdmission(req, e);
      return false;
    }
    if (admitted instanceof Promise || this.o.budget.take(admitted.key.id, kept.cost) !== 0) {
      setPreAdmission(req, admitted); // Fastify's path charges (and refuses) the budget as for any request
      return false;
    }
    const list = this.o.corsHeaders!.slice();
    const rate = admitted.headers;
    for (const k in rate) list.push(k, rate[k] as string);
    privateAnswerHeaders(list, kept.body);
    res.writeHead(200, list);
    res.end(kept.body);
    // only a body answered here gets an alias: one that goes to Fastify (compressed, refused) would hold bytes for nothing
    if (key !== undefined) this.o.answers.alias(asSent, key);
    this.o.observe('/graphql', 'POST', 200, (performance.now() - start) / 1000);
    return true;
  }
}
