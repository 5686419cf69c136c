/**
 * Builds the gateway without listening (tests `inject` or listen on an
 * ephemeral port): the REST routes compiled from the annotations, keys and
 * rate limits, CORS, JSONP, /healthz, /metrics and /openapi.json. One place
 * builds it all and `close()` takes it down again.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { isUtf8 } from 'node:buffer';
import { type GatewayConfig } from './config.js';
import { hostPortSetting } from '../lib/envSettings.js';
import { loadProtoCatalog } from './protoCatalog.js';
import { CoreClient } from './coreClient.js';
import type { ApiKeyStore } from './auth/keyStore.js';
import { KeyRing } from './auth/keyRing.js';
import { Guard } from './auth/guard.js';
import { openGatewayState } from './auth/gatewayState.js';
import { GatewayMetrics } from './metrics.js';
import { chargeWork, compileRoutes, registerRoutes, sendError, callbackOf, type CompiledRoute, type RouteScope } from './rest/routes.js';
import { KeptReplies } from './rest/keptReplies.js';
import { KeptPosts } from './graphql/keptPosts.js';
import { takePreAdmission } from './auth/preAdmission.js';
import { HttpError, errorEntry, isHttpError } from './httpError.js';
import { parseQuery } from './rest/query.js';
import { buildOpenApi } from './openapi/openapiDocument.js';
import { isGraphqlPost, registerGraphql, sendGraphqlError } from './graphql/plugin.js';
import { Cursors } from './graphql/connections.js';
import { KeptAnswers } from './keptAnswers.js';
import { pageTokenSecret } from '../proto/contract/pageTokens.js';
import { projectRoot } from './paths.js';
import httpCaching from './rest/caching.js';
import { registerDashboard } from './dashboard/plugin.js';
import { WorkBudget } from './workPricing.js';
import { bodyRefusal, clientErrorAnswer, EdgeRefusals, framingRefusal, parseJsonBody } from './rest/edgeRefusals.js';
import fastifyCors from '@fastify/cors';
import { corsOptions, fixedCorsHeaders } from './rest/cors.js';

/** The error entry's `type` for a status that has one of its own (docs/operations.md, "Every answer in the envelope"). */
const STATUS_TYPES: Readonly<Record<number, string>> = { 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' };


/** A connection's latest response (its request listener sets it), for the parser's errors that come after it (clientErrorHandler). */
const LAST_RESPONSE = Symbol('meridian.lastResponse');
export interface Gateway {
  app: FastifyInstance;
  routes: CompiledRoute[];
  core: CoreClient;
  keyRing: KeyRing;
  keyStore: ApiKeyStore;
  /** Set when this start created the local key (first start on embedded defaults). */
  localKeyFile: string | undefined;
  openapi: Record<string, unknown>;
  close(): Promise<void>;
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * A whole answer written straight to a socket that is then closed, for the refusals made outside Fastify (a
 * connection over the cap, a request Node's parser refused, CONNECT): the error in the envelope, as JSON.
 */
function closingAnswer(statusLine: string, error: HttpError, headers: Record<string, string> = {}): string {
  const body = JSON.stringify({ errors: [errorEntry(error)] });
  const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  return `HTTP/1.1 ${statusLine}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${extra}connection: close\r\n\r\n${body}`;
}

/**
 * At most `perClient` open connections per client address and `total` in all (0: no cap): one client holding idle or
 * half-sent connections (about 20,000 reached the process's file limit) left no socket for anyone, /healthz included,
 * and 20 addresses under the per-address cap did the same. A connection over a cap is answered 503 in the envelope and
 * closed before it is read.
 */
function capConnections(server: Server, perClient: number, total: number): void {
  if (perClient <= 0 && total <= 0) return;
  const open = new Map<string, number>();
  let all = 0;
  const refusal = (why: string): string => closingAnswer('503 Service Unavailable', new HttpError(503, 'SERVICE_UNAVAILABLE', why, {}, 'TOO_MANY_CONNECTIONS'), { 'retry-after': '1' });
  const fromClient = refusal(`too many connections from this address (at most ${perClient}, MERIDIAN_HTTP_MAX_CONNECTIONS_PER_CLIENT): reuse connections with keep-alive, or close idle ones`);
  const inAll = refusal(`the gateway holds as many connections as it takes (${total}, MERIDIAN_HTTP_MAX_CONNECTIONS): retry shortly`);
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const n = (open.get(address) ?? 0) + 1;
    const overAll = total > 0 && all >= total;
    if (overAll || (perClient > 0 && n > perClient)) {
      socket.end(overAll ? inAll : fromClient);
      socket.destroySoon?.();
      return;
    }
    open.set(address, n);
    all++;
    socket.once('close', () => {
      all--;
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** The origin-form of a request target sent in absolute form (`http://host/path?q` → `/path?q`); others as they are. */
function absoluteFormPath(url: string): string {
  if (url.startsWith('/')) return url;
  const m = /^https?:\/\/[^/?#]*(.*)$/i.exec(url);
  return m ? (m[1] || '/') : url;
}

/** Whether a request comes with a body to read (GET and HEAD bodies are never read). */
function carriesBody(method: string, headers: IncomingHttpHeaders): boolean {
  if (method === 'GET' || method === 'HEAD') return false;
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export async function buildGateway(config: GatewayConfig, log: Logger = pino({ level: config.logLevel })): Promise<Gateway> {
  const catalog = loadProtoCatalog();
  const routes = compileRoutes(catalog);
  const core = new CoreClient(config.coreAddress, catalog, config.coreTimeoutMs, config.coreExchange, config.coreTls);
  const state = await openGatewayState(config, (e) => log.warn({ err: e }, 'PostgreSQL connection lost; reconnecting'));
  const keyStore = state.keyStore;
  const localKeyFile = config.createLocalKey ? await keyStore.ensureLocalKey() : undefined;
  const keyRing = new KeyRing(keyStore, (e) => log.warn({ err: e }, 'could not re-read the key database; will retry'));
  await keyRing.start(config.keyReloadMs);
  const guard = new Guard(keyRing, state.rateCounter, config.defaultRateLimit);
  const metrics = new GatewayMetrics();
  const openapi = buildOpenApi(routes, { version: packageVersion(), maxLimit: config.maxLimit });
  const openapiJson = JSON.stringify(openapi);

  /** A callback that is valid may carry 404s and framework errors too; a bad one is ignored here (the error is answered as JSON). */
  const safeCallback = (method: string, url: string): string | undefined => {
    try {
      const q = url.indexOf('?');
      return q < 0 ? undefined : callbackOf(method, parseQuery(url.slice(q + 1)));
    } catch { return undefined; }
  };
  const app = Fastify({
    loggerInstance: log.child({ component: 'http' }, { level: log.levelVal > 40 ? log.level : 'warn' }) as FastifyBaseLogger,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 2048 },
    bodyLimit: config.bodyLimit,
    // Node answers an HTTP/1.1 request without Host itself (400, empty body); EdgeRefusals does, in the envelope
    // Node checks the request timeout every connectionsCheckingInterval (30 s by default).
    http: {
      requireHostHeader: false, headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(config.requestTimeoutMs / 4))),
    },
    requestTimeout: config.requestTimeoutMs,
    // a request target in absolute form (GET http://host/v1/…, RFC 9112 3.2.2: servers must accept it) is routed by its
    // path; GeoDB's RapidAPI GraphQL endpoint is the root path, so a POST / is POST /graphql (batches included)
    rewriteUrl: (req) => {
      const path = absoluteFormPath(req.url ?? '/');
      if (req.method !== 'POST') return path;
      // the root path however many slashes it is written with (the router ignores repeated ones)
      const q = path.indexOf('?');
      return /^\/+$/.test(q < 0 ? path : path.slice(0, q)) ? `/graphql${q < 0 ? '' : path.slice(q)}` : path;
    },
    // draining is answered in the envelope (EdgeRefusals)
    return503OnClosing: false,
    // Router-level refusals (a malformed %-escape in the path) answer in the envelope too.
    frameworkErrors: (err, request, reply) => {
      const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      const message = err.code === 'FST_ERR_BAD_URL' ? 'the path has a malformed %-escape; encode \'%\' as %25'
        : err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a path segment is too long (at most 2048 characters)'
          : `the request was refused (${err.code ?? 'bad request'})`;
      return sendError(reply, new HttpError(status, 'PARAM_INVALID', message), safeCallback(request.method, request.url));
    },
    // Requests Node's HTTP parser refuses (bad header bytes, broken framing) still get the envelope.
    clientErrorHandler: (err, socket) => {
      if (!socket.writable) { socket.destroy(); return; }
      // the body of a request answered already (a GET answered before its malformed chunked body was read, in this
      // packet or a later one): a second answer would reach the next request on the connection; close it after the first
      const last = (socket as Socket & { [LAST_RESPONSE]?: ServerResponse })[LAST_RESPONSE];
      if (last?.headersSent && !last.req.complete) { socket.end(); return; }
      const { status, error } = clientErrorAnswer((err as { code?: string }).code, config.requestTimeoutMs);
      socket.end(closingAnswer(status, error));
    },
  });
  capConnections(app.server, config.maxConnectionsPerClient, config.maxConnections);
  // CONNECT (a proxy tunnel request): Node hands it to 'connect' listeners and, with none, closes the socket unanswered
  app.server.on('connect', (req: { url?: string }, socket: Socket) => {
    socket.end(closingAnswer('405 Method Not Allowed', new HttpError(405, 'PARAM_INVALID', `CONNECT is not allowed: this is an API server, not a proxy (asked to tunnel to ${String(req.url ?? '').slice(0, 100)})`, {}, 'METHOD_NOT_ALLOWED', { method: 'CONNECT' }),
      { allow: 'GET, HEAD, POST, DELETE, OPTIONS' }));
  });
  // An Expect other than 100-continue: Node answered 417 with an empty body
  app.server.on('checkExpectation', (req, res) => {
    const body = JSON.stringify({ errors: [errorEntry(new HttpError(417, 'PARAM_INVALID', `the Expect header '${String(req.headers.expect).slice(0, 40)}' is not supported (only 100-continue)`, {}, 'EXPECTATION_FAILED', { field: 'Expect' }))] });
    res.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' }).end(body);
  });
  // Request bodies are JSON: Fastify's default text/plain parser let a plain-text body through as a string
  // (then 400 'must be a JSON object'), where every other non-JSON type is 415 UNSUPPORTED_MEDIA_TYPE.
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    // JSON is UTF-8 (RFC 8259); a body declared in another charset was decoded as UTF-8 all the same ("très" lost its è)
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      done(new HttpError(415, 'PARAM_INVALID', `the request body must be UTF-8 JSON, not ${charset}: send it as UTF-8 (charset=utf-8 or none)`, {}, 'UNSUPPORTED_MEDIA_TYPE', { field: 'Content-Type' }), undefined);
      return;
    }
    // JSON text is UTF-8 (RFC 8259 8.1); invalid bytes used to become U+FFFD unseen ("caf\xe9" analysed as "caf\ufffd"),
    // where a path or query with them is a 400 (a U+FFFD the client sent as UTF-8 is text like any other)
    if (!isUtf8(body as Buffer)) {
      done(new HttpError(400, 'PARAM_INVALID', 'the request body is not valid UTF-8: send JSON encoded as UTF-8 (text in another encoding must be converted first)', {}, 'INVALID_UTF8'), undefined);
      return;
    }
    try { done(null, parseJsonBody((body as Buffer).toString('utf8'))); } catch (e) { done(e as Error, undefined); }
  });
  const edge = new EdgeRefusals(app, config.corsOrigins, routes);
  edge.alsoServes('POST', '/'); // GeoDB's GraphQL endpoint, rewritten to /graphql (rewriteUrl above)
  // The onRequest hooks, in order: the edge refusals, then CORS (@fastify/cors, gateway/rest/cors.ts; it answers
  // valid preflights itself, through its OPTIONS route for every path), then the body admission.
  app.addHook('onRequest', (request, reply, done) => {
    const refusal = edge.early(request.method, request.headers, request.raw.httpVersion, request.raw.rawHeaders);
    if (refusal) { void sendError(reply, refusal, undefined); return; }
    done();
  });
  await app.register(fastifyCors, corsOptions(config.corsOrigins));
  app.addHook('onRequest', (request, reply, done) => {
    // A body is read only once its request's key authenticates (no route serves a body without one) and, on
    // a REST route, once the key has the route's scope and is within its rate limit: a keyless client, or a
    // key without the scope or over its limit, could otherwise make the gateway read, hold, unpack and parse
    // up to the body limit per connection before the route's own check refused it. The connection is closed,
    // the body unread. The admission is kept for the route (no second count against the rate limit). (One
    // exception: graphql/keptPosts.ts reads a GraphQL POST body of at most 8 KiB from a key that authenticates
    // with the scope before counting it, to look for a kept answer.)
    if (carriesBody(request.method, request.headers)) {
      const refuse = (e: unknown): void => {
        if (!isHttpError(e)) { done(e as Error); return; }
        reply.header('connection', 'close');
        void (isGraphqlPost(request.method, request.url) ? sendGraphqlError(reply, e) : sendError(reply, e, undefined));
      };
      try {
        const scope = (request.routeOptions.config as Partial<RouteScope> | undefined)?.scope;
        if (scope === undefined) guard.authenticate(request.headers);
        else {
          // admitted already when a GraphQL POST's body was read before Fastify (graphql/keptPosts.ts)
          const admitted = takePreAdmission(request.raw) ?? guard.admit(request.headers, scope);
          if (admitted instanceof Promise) {
            admitted.then((a) => { request.admission = a; done(); }, refuse);
            return;
          }
          request.admission = admitted;
        }
      } catch (e) {
        refuse(e);
        return;
      }
    }
    done();
  });
  app.decorateRequest('routeLabel', '');
  app.decorateRequest('answerMaxAge', undefined);
  app.decorateRequest('admission', undefined);
  await app.register(httpCaching); // ETag/Cache-Control/304 and compression (gateway/rest/caching.ts); before the routes
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request.routeLabel || request.routeOptions.url || 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // one work budget per key, charged by REST and GraphQL alike (workPricing.ts)
  const budget = new WorkBudget(config.workBudget, config.workInFlight);
  // one store of answers over reference data kept by their request, for REST and GraphQL alike (keptAnswers.ts)
  const answers = new KeptAnswers();
  const graphql = await registerGraphql(app, {
    answers,
    catalog, core, guard, cursors: new Cursors(pageTokenSecret(config.stateDir, config.pageTokenSecret || undefined)), maxPage: config.maxLimit,
    limits: { maxDepth: config.graphqlMaxDepth },
    work: {
      maxBytes: config.graphqlMaxBytes, maxTokens: config.graphqlMaxTokens, maxAliases: config.graphqlMaxAliases, maxDepth: config.graphqlMaxDepth,
      maxFragments: config.graphqlMaxFragments, maxOperations: config.graphqlMaxOperations, maxCost: config.graphqlMaxCost,
      maxPage: config.maxLimit,
    },
    budget,
  });
  // a repeated GET whose answer is kept is answered before Fastify (rest/keptReplies.ts says when, and why);
  // everything else, and app.inject() in tests, goes through Fastify as before
  const pricing = { budget, maxCost: config.graphqlMaxCost };
  const keptReplies = new KeptReplies({
    answers, guard, corsHeaders: fixedCorsHeaders(config.corsOrigins), draining: () => edge.isDraining,
    chargeWork: (cost, keyId) => chargeWork(pricing, cost, keyId),
    observe: (label, method, status, seconds) => metrics.observe(label, method, status, seconds),
  });
  const [fastifyHandler, ...others] = app.server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!fastifyHandler || others.length) throw new Error('expected Fastify as the HTTP server\'s only request listener');
  app.server.removeListener('request', fastifyHandler);
  // and so is a repeated GraphQL POST whose answer is kept (graphql/keptPosts.ts), its body read first
  const keptPosts = new KeptPosts({
    answers, guard, budget, maxBodyBytes: graphql.maxBodyBytes, corsHeaders: fixedCorsHeaders(config.corsOrigins), draining: () => edge.isDraining,
    observe: (label, method, status, seconds) => metrics.observe(label, method, status, seconds),
  });
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    (req.socket as Socket & { [LAST_RESPONSE]?: ServerResponse })[LAST_RESPONSE] = res;
    // a request whose framing is refused (edgeRefusals.ts framingRefusal) goes to Fastify, whose edge hook answers it
    if (framingRefusal(req.headers, req.rawHeaders, req.httpVersion) !== undefined || (!keptReplies.reply(req, res) && !keptPosts.take(req, res, fastifyHandler))) fastifyHandler(req, res);
  });
  registerRoutes(app, routes, {
    core, answers, guard, maxLimit: config.maxLimit, budget, maxCost: config.graphqlMaxCost,
    logError: (e, request) => log.error({ err: e, url: request.url }, 'request failed'),
    notFound: (method, path) => edge.notFound(method, path),
  });

  app.get('/healthz', async (_request, reply) => {
    const coreUp = await core.healthy();
    const data = { gateway: 'SERVING', core: coreUp ? 'SERVING' : 'UNAVAILABLE' };
    if (coreUp) return reply.code(200).send({ data, errors: [] });
    return reply.code(503).send({ data, errors: [errorEntry(new HttpError(503, 'SERVICE_UNAVAILABLE', `the core at ${config.coreAddress} does not answer its health check`))] });
  });
  registerDashboard(app); // /dashboard (gateway/dashboard/)
  app.get('/metrics', async (_request, reply) => reply.type(metrics.registry.contentType).send(await metrics.exposition(catalog, core)));
  app.get('/openapi.json', (_request, reply) => { reply.type('application/json; charset=utf-8').send(openapiJson); });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    return sendError(reply, edge.notFound(request.method, path), safeCallback(request.method, request.url));
  });
  app.setErrorHandler((err, request, reply) => {
    // a GraphQL request's refusal (a body that does not parse, a __proto__ key) answers in GraphQL's shape
    const send = isGraphqlPost(request.method, request.url)
      ? (e: HttpError) => sendGraphqlError(reply, e)
      : (e: HttpError, callback?: string) => sendError(reply, e, callback);
    if (isHttpError(err)) return send(err, safeCallback(request.method, request.url));
    const body = bodyRefusal(err as { code?: string }, config.bodyLimit);
    if (body) return send(body);
    // a request no route serves whose body Fastify refused first (QUERY without a Content-Type): its 404 or 405,
    // as for every other method, not Fastify's "must provide a 'Content-Type' header"
    const code = (err as { code?: string }).code ?? '';
    if (request.is404 && (code.startsWith('FST_ERR_CTP_') || code === 'FST_ERR_ROUTE_MISSING_CONTENT_TYPE')) return send(edge.notFound(request.method, request.url.split('?')[0] ?? ''));
    const status = typeof (err as { statusCode?: unknown }).statusCode === 'number' ? (err as { statusCode: number }).statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's other refusals (a Content-Encoding it cannot decode is 415) keep the type their status has everywhere
      const type = STATUS_TYPES[status] ?? 'PARAM_INVALID';
      return send(new HttpError(status, 'PARAM_INVALID', (err as Error).message || 'bad request', {}, type));
    }
    log.error({ err, url: request.url }, 'request failed');
    return send(new HttpError(500, 'INTERNAL', 'internal error in the gateway; its log has the details'));
  });

  const stopWatch = core.watchHealth(log, 5000, 10_000, config.coreFirstGraceMs);
  let closing: Promise<void> | undefined;
  return {
    app, routes, core, keyRing, keyStore, localKeyFile, openapi,
    close: () => (closing ??= (async () => {
      keyRing.stop();
      stopWatch();
      edge.drain();
      await app.close();
      core.close();
      await state.close();
    })()),
  };
}

export interface RunningGateway { gateway: Gateway; url: string }

export async function startGateway(config: GatewayConfig, log = pino({ level: config.logLevel })): Promise<RunningGateway> {
  // the address is checked before anything is built, and a gateway whose listen fails is closed (its state
  // database, key ring and health watcher), so that a failed start leaves nothing open
  const { host, port } = hostPortSetting('MERIDIAN_HTTP_ADDR (or --listen)', config.httpAddress);
  const gateway = await buildGateway(config, log);
  try {
    await gateway.app.listen({ host, port });
  } catch (e) {
    await gateway.close().catch(() => undefined);
    throw e;
  }
  const address = gateway.app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`;
  log.info({ url, core: config.coreAddress, routes: gateway.routes.length }, 'gateway listening');
  return { gateway, url };
}

