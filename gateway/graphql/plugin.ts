/**
 * The GraphQL surface: mercurius at /graphql (GraphiQL at /graphiql) with the
 * schema of schema.graphql, the resolvers and loaders that call the core, the
 * cost and depth rule, and the same keys, scopes and rate limits as REST.
 * Queries are parsed, validated and compiled once and cached (mercurius
 * cache + JIT), so repeated queries do no per-request schema work.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler, preSerializationHookHandler, preValidationHookHandler } from 'fastify';
import mercurius from 'mercurius';
import { projectRoot } from '../paths.js';
import type { Admission, Guard } from '../auth/guard.js';
import { HttpError, isHttpError } from '../httpError.js';
import { buildResolvers, newContext, type GraphqlDeps } from './resolvers.js';
import { registerGraphiql } from './graphiql.js';
import { GraphqlWorkLimits, LimitRefusal, type WorkLimits } from './workLimits.js';
import type { WorkBudget } from '../workPricing.js';
import { AnswerLifetime, GRAPHQL_SCOPE, graphqlAnswerKey, sendKept } from './answerCache.js';
import { KeptAnswers } from '../keptAnswers.js';
import { giveBackBody } from './keptPosts.js';

export const SCHEMA_FILE = join(projectRoot, 'gateway', 'graphql', 'schema.graphql');

export interface GraphqlOptions extends GraphqlDeps {
  guard: Guard; limits: { maxDepth: number }; work: WorkLimits; budget: WorkBudget;
  /** The gateway's kept answers over reference data (keptAnswers.ts, shared with REST); a new one of its own when not given. */
  answers?: KeptAnswers;
}

/**
 * Request errors (the document does not parse or validate, or a variable does not coerce: errors
 * without a `path`, and no data) answer 400 however many there are; field errors keep 200 with the
 * data that did resolve (GraphQL over HTTP). mercurius alone answers 400 for one request error and
 * 200 for two. Request errors without a code get PARAM_INVALID in `extensions.code`.
 */
const requestErrorsAre400 = (work: GraphqlWorkLimits): typeof mercurius.defaultErrorFormatter => (execution, context) => {
  const errors = execution.errors ?? [];
  // a body over the limit as it was read (gzip, chunked): the same refusal as one whose Content-Length said so
  if (errors.some(isBodyTooLarge)) return { statusCode: 413, response: work.bodyTooLarge().body() as never };
  // an answer past V8's longest string (~512 MiB of JSON) cannot be sent: say so, not "PARAM_INVALID: Invalid string length"
  if (errors.some(isTooLongToSend)) {
    return { statusCode: 400, response: { data: null, errors: [{ message: 'the answer is too large to send (over 512 MiB of JSON); ask for fewer or smaller pages, or leave out flagImageUri', extensions: { code: 'PARAM_INVALID', type: 'ANSWER_TOO_LARGE' } }] } as never };
  }
  const out = mercurius.defaultErrorFormatter(execution, context);
  const requestError = !execution.data && errors.length > 0 && errors.every((e) => !(e as { path?: unknown }).path);
  if (!requestError) return out;
  // a query of a batch: its errors are its own item's, and the batch is answered 200 as a whole (an item with a
  // mutation or an unknown operation name made the whole array 400, an item with a syntax error did not)
  const batched = Array.isArray((context as { reply?: { request?: { body?: unknown } } } | undefined)?.reply?.request?.body);
  // as every other refusal, a request error carries a REST code (PARAM_INVALID) in extensions.code; a body that is not
  // JSON, which Fastify refuses inside mercurius's route, is 415 with REST's type (UNSUPPORTED_MEDIA_TYPE) too
  const response = out.response as { data?: unknown; errors?: { extensions?: Record<string, unknown> }[] };
  const typed = out.statusCode === 415 ? { type: 'UNSUPPORTED_MEDIA_TYPE' } : {};
  const coded = response.errors?.map((e) => (e.extensions?.['code'] ? e : (e as { message?: unknown }).message === 'Validation aborted.' ? tooManyToCompare
    : { ...e, extensions: { ...e.extensions, code: 'PARAM_INVALID', ...typed } }));
  return { statusCode: batched ? 200 : out.statusCode === 200 ? 400 : out.statusCode, response: { ...response, ...(coded ? { errors: coded } : {}) } as typeof out.response };
};

/**
 * graphql-js stops checking that a selection's fields can be merged past a budget of comparisons (some 700 fields in
 * one selection set, each against the others) and says only "Validation aborted.".
 */
const tooManyToCompare = { message: 'the query asks for too many fields side by side in one selection set to check them against each other (graphql-js compares each pair; about 700 at most): ask for each field once', extensions: { code: 'PARAM_INVALID', type: 'QUERY_TOO_COMPLEX' } };

/** V8's refusal to make a string longer than its maximum (JSON.stringify of a huge answer), as it is or as mercurius wraps it. */
const isTooLongToSend = (e: unknown): boolean => [e, (e as { originalError?: unknown } | null)?.originalError]
  .some((x) => x instanceof RangeError && /Invalid string length/.test(x.message));

/** Fastify's error for a body read past the route's bodyLimit, as it is or as mercurius wraps it. */
const isBodyTooLarge = (e: unknown): boolean => {
  const code = (x: unknown) => (x as { code?: unknown } | null)?.code;
  return code(e) === 'FST_ERR_CTP_BODY_TOO_LARGE' || code((e as { originalError?: unknown } | null)?.originalError) === 'FST_ERR_CTP_BODY_TOO_LARGE';
};

/** Whether a request is a GraphQL POST (to /graphql, or to GeoDB's root path /). */
export function isGraphqlPost(method: string, url: string): boolean {
  if (method !== 'POST') return false;
  const path = url.split('?')[0];
  return path === '/graphql' || path === '/';
}

/**
 * A refusal in GraphQL's shape ({data: null, errors: [{message, extensions: {code}}]}), with the error's headers; a
 * type other than the code (UNSUPPORTED_MEDIA_TYPE, PAYLOAD_TOO_LARGE) goes into extensions.type, as on REST.
 */
export function sendGraphqlError(reply: FastifyReply, e: HttpError): FastifyReply {
  for (const [k, v] of Object.entries(e.headers)) reply.header(k, v);
  const extensions = e.type === e.code ? { code: e.code } : { code: e.code, type: e.type };
  return reply.code(e.status).type('application/json; charset=utf-8').send({ data: null, errors: [{ message: e.message, extensions }] });
}

/** GraphQL POST bodies that are not an object with a non-empty string query (noted before Fastify's validation sees them). */
const badBodies = new WeakSet<object>();
/** Batches with an automatic persisted query in them (noted before the body is replaced: persistedOnly). */
const persistedBatches = new WeakSet<object>();
const badBody = (): HttpError => new HttpError(400, 'PARAM_INVALID', 'the body must be JSON {query, variables} with query a string holding the GraphQL document and variables an object (or a batch: an array of such objects)');
/** A GET's variables: JSON text of an object (or of null, which is none). */
const jsonObjectText = (v: unknown): boolean => {
  if (typeof v !== 'string') return false;
  try {
    const parsed: unknown = JSON.parse(v);
    return parsed === null || (typeof parsed === 'object' && !Array.isArray(parsed));
  } catch {
    return false;
  }
};
/**
 * An automatic persisted query (Apollo's APQ: a hash in extensions.persistedQuery, no document) is not kept here; the
 * protocol's own answer makes Apollo's link send the document instead (it matches this message), where any other
 * refusal failed the request.
 */
const notPersisted = (): HttpError => new HttpError(400, 'PARAM_INVALID', 'PersistedQueryNotSupported', {}, 'PERSISTED_QUERY_NOT_SUPPORTED');
function persistedOnly(payload: unknown): boolean {
  // a batch (Apollo's BatchHttpLink with the persisted-query link) with such a request in it: the same answer
  if (Array.isArray(payload)) return payload.some(persistedOnly);
  if (payload === null || typeof payload !== 'object') return false;
  const { query, extensions } = payload as { query?: unknown; extensions?: unknown };
  if (typeof query === 'string' && query.trim() !== '') return false;
  return typeof extensions === 'string' ? extensions.includes('persistedQuery') : typeof extensions === 'object' && extensions !== null && 'persistedQuery' in extensions;
}
const badGet = (): HttpError => new HttpError(400, 'PARAM_INVALID', 'a GET needs the GraphQL document in the query parameter (?query=…, variables as JSON in ?variables=…), or POST {query, variables}');

/** Registers the GraphQL routes; answers GraphQL's body limit (bytes), which graphql/keptPosts.ts keeps to as well. */
export async function registerGraphql(app: FastifyInstance, opts: GraphqlOptions): Promise<{ maxBodyBytes: number }> {
  const { resolvers, loaders } = buildResolvers(opts);
  const work = new GraphqlWorkLimits(() => app.graphql.schema, opts.work, opts.budget);
  const formatErrors = requestErrorsAre400(work); // mercurius's formatter (POST / is POST /graphql: app.ts rewriteUrl)
  const answers = opts.answers ?? new KeptAnswers();
  /** Requests whose answer may be kept once run: their key, and the lifetime their core calls allow (answerCache.ts). */
  const running = new WeakMap<FastifyRequest, { key: string; cost: number; lifetime: AnswerLifetime }>();
  const lifetimeOf = (request: FastifyRequest): AnswerLifetime | undefined => running.get(request)?.lifetime;
  const refuse = (reply: FastifyReply, e: LimitRefusal) => {
    for (const [k, v] of Object.entries(e.headers)) reply.header(k, v);
    return reply.code(e.status).type('application/json; charset=utf-8').send(e.body());
  };
  // These hooks belong to the GraphQL routes only (added to them as they are registered, onRoute below):
  // as global hooks they ran two more hook phases on every REST request. Callback hooks: an async hook
  // costs a promise and a microtask turn per request.
  // a body over the document limit is refused before it is read
  const checkSize: onRequestHookHandler = (request, reply, done) => {
    if (request.method !== 'POST') { done(); return; }
    try { work.checkDeclaredSize(request.headers['content-length']); } catch (e) {
      if (e instanceof LimitRefusal) { void refuse(reply, e); return; }
      done(e as Error);
      return;
    }
    done();
  };
  const keyCheck: preHandlerHookHandler = (request, reply, done) => {
    request.routeLabel = '/graphql';
    const fail = (e: unknown): void => {
      if (e instanceof LimitRefusal) { void refuse(reply, e); return; }
      if (!isHttpError(e)) { done(e as Error); return; }
      void sendGraphqlError(reply, e);
    };
    const admitted = (admission: Admission): void => {
      try {
        for (const [k, v] of Object.entries(admission.headers)) reply.header(k, v);
        if (persistedBatches.has(request) || persistedOnly(request.method === 'GET' ? request.query : request.body)) throw notPersisted();
        if (badBodies.has(request)) throw badBody();
        if (request.method === 'GET') {
          const { query: q, variables: v, callback } = request.query as { query?: unknown; variables?: unknown; callback?: unknown };
          // JSONP is the REST routes' (their GETs take callback); an ignored one had answered plain JSON to a <script>
          if (callback !== undefined) throw new HttpError(400, 'PARAM_INVALID', 'callback (JSONP) is served by the REST routes only: /graphql answers JSON (call it with fetch, or use the REST route of the same data)', {}, 'PARAM_INVALID', { field: 'callback' });
          if (Array.isArray(q) || Array.isArray(v)) throw new HttpError(400, 'PARAM_INVALID', `${Array.isArray(q) ? 'query' : 'variables'} was given ${(Array.isArray(q) ? q : v as unknown[]).length} times; give it once`, {}, 'PARAM_INVALID', { field: Array.isArray(q) ? 'query' : 'variables' });
          if (typeof q !== 'string' || q.trim() === '') throw badGet(); // mercurius would only say "Unknown query"
          if (v !== undefined && !jsonObjectText(v)) throw new HttpError(400, 'PARAM_INVALID', 'variables must be the JSON text of an object, e.g. ?variables={"id":"US"}');
        }
        const payload = request.method === 'GET' ? request.query : request.body;
        // an answer kept from an earlier run of the same request (after the key and rate checks above, which every
        // request pays), charged the work units that run was priced at: the same document and variables cost the same
        const key = graphqlAnswerKey(request.method, payload);
        const kept = key === undefined ? undefined : answers.get(key);
        if (kept?.cost !== undefined) {
          work.charge(kept.cost, admission.key.id);
          sendKept(reply, kept.body);
          return;
        }
        // limits by work (workLimits.ts), before mercurius parses or runs anything
        const cost = work.admit(payload, admission.key.id, reply.raw);
        // (a batch's requests are answered one by one: pinOperations below has mercurius refuse a missing operation there)
        if (payload !== null && typeof payload === 'object' && !Array.isArray(payload)) {
          const missing = work.missingOperation(payload as { query?: unknown; operationName?: unknown });
          if (missing !== undefined) throw new HttpError(400, 'PARAM_INVALID', missing);
        }
        if (key !== undefined) running.set(request, { key, cost, lifetime: new AnswerLifetime() });
        work.pinOperations(payload);
      } catch (e) { fail(e); return; }
      done();
    };
    try {
      // admitted already when the POST carried a body (gateway/app.ts, before reading it, for the route's config.scope)
      const admission = request.admission ?? opts.guard.admit(request.headers, GRAPHQL_SCOPE);
      if (admission instanceof Promise) admission.then(admitted, fail);
      else admitted(admission);
    } catch (e) { fail(e); }
  };
  // Fastify's body schema would coerce a query given as a number or a one-item array into a string (and mercurius
  // then fails inside), and it refuses a body that is not an object (empty, a number, an empty batch) with only "body
  // must be object": such a body is noted before validation and refused after the key check (preHandler above).
  // A hook of the two GraphQL POST routes only (added as they are registered below), not one every REST request runs.
  const noteBadBody: preValidationHookHandler = (request, _reply, done) => {
    const body = request.body as { query?: unknown } | null | undefined;
    // a request holds a query that is a non-empty string (mercurius would only say "Unknown query", in a batch as a bare error object)
    // and variables that are an object or none (mercurius failed inside on 5 or "x": a 500 on POST /)
    const holdsQuery = (r: unknown): boolean => {
      if (r === null || typeof r !== 'object') return false;
      const { query, variables } = r as { query?: unknown; variables?: unknown };
      return typeof query === 'string' && query.trim() !== '' && (variables === undefined || variables === null || (typeof variables === 'object' && !Array.isArray(variables)));
    };
    if (body === null || typeof body !== 'object' || (Array.isArray(body) && (body.length === 0 || !body.every((r) => !Array.isArray(r) && holdsQuery(r))))) {
      badBodies.add(request);
      if (persistedOnly(body)) persistedBatches.add(request); // the key check answers it as a persisted query
      request.body = {}; // passes the schema; the key check refuses it
    } else if (!Array.isArray(body) && !holdsQuery(body)) {
      badBodies.add(request);
    }
    done();
  };
  // a whole success whose every core call allows it is kept (answerCache.ts), as the text the route's own serializer
  // makes of it (then sent as it is): before serialisation, so also for an answer compressed afterwards
  const asIs = (text: unknown): string => text as string; // (or the Buffer a serializer made: sent as it is too)
  const keepAnswer: preSerializationHookHandler<unknown> = (request, reply, payload, done) => {
    const r = running.get(request);
    const seconds = r?.lifetime.keepSeconds ?? 0;
    if (r === undefined || seconds === 0 || reply.statusCode !== 200 || payload === null || typeof payload !== 'object' || Array.isArray(payload)
      || (payload as { errors?: unknown }).errors !== undefined) {
      done(null, payload);
      return;
    }
    let text: string | ArrayBuffer | Buffer;
    try { text = reply.serialize(payload); } catch (e) { done(e as Error); return; }
    if (typeof text === 'string') answers.set(r.key, { body: text, cost: r.cost }, seconds);
    reply.serializer(asIs);
    done(null, text);
  };
  const first = <T>(hook: T, own: T | T[] | undefined): T[] => (own === undefined ? [hook] : [hook, ...(Array.isArray(own) ? own : [own])]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const post = methods.includes('POST');
    // the GraphQL endpoint: /graphql, GET and POST (GeoDB's POST / is rewritten to it: app.ts rewriteUrl; the rest of this
    // plugin's routes, GraphiQL, are pages)
    if (route.url === '/graphql') {
      route.preHandler = first(keyCheck, route.preHandler);
      route.preSerialization = first(keepAnswer, route.preSerialization);
    }
    if (!post || route.url !== '/graphql') return;
    route.onRequest = first(checkSize, route.onRequest);
    // the key's scope and rate limit are checked before the body is read (gateway/app.ts), as on REST
    route.config = { ...(route.config as object | undefined), scope: GRAPHQL_SCOPE } as typeof route.config;
    route.preValidation = first(noteBadBody, route.preValidation);
    // a body read before Fastify (keptPosts.ts) is given back as the request's stream
    route.preParsing = first(giveBackBody, route.preParsing);
    // a body sent without Content-Length (chunked) is cut off at the same size while it is read
    route.bodyLimit = work.maxBodyBytes;
  });
  await app.register(mercurius, {
    schema: readFileSync(SCHEMA_FILE, 'utf8'),
    errorFormatter: formatErrors,
    resolvers,
    loaders,
    path: '/graphql',
    context: (request, reply) => newContext(reply, lifetimeOf(request)),
    graphiql: false, // mercurius's GraphiQL loads from a CDN; ours is served from npm packages (graphiql.ts)
    jit: 1,
    cache: 1024,
    // one cost model and one depth rule, both before parsing (workLimits.ts): a second, worst-case cost rule here
    // refused queries the work price had admitted and charged, and mercurius's depth check answered deep
    // introspection in another shape than QUERY_TOO_DEEP; kept as a backstop two levels further only
    queryDepth: opts.limits.maxDepth + 2,
    // arrays of {query, variables} (apollo-link-batch-http and the like), answered as an array; the work limits
    // count and charge every query of a batch (workLimits.ts, MERIDIAN_GRAPHQL_MAX_OPERATIONS)
    allowBatchedQueries: true,
  });
  registerGraphiql(app);
  return { maxBodyBytes: work.maxBodyBytes };
}
