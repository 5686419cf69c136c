/**
 * The REST surface, compiled once at start-up from the `google.api.http`
 * annotations: each binding becomes a matcher, a request binder, a core
 * method and a response serializer; bindings that a router cannot tell apart
 * by itself (`**`, verbs) share one router entry and are tried most specific
 * first. There is no route table besides the annotations.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastJson from 'fast-json-stringify';
import type * as protoLoader from '@grpc/proto-loader';
import type protobuf from 'protobufjs';
import type { ProtoCatalog, ServiceInfo } from '../protoCatalog.js';
import { CoreClient, decodeAnswer, disconnectSignal, type UnaryMethod } from '../coreClient.js';
import type { Admission, Guard } from '../auth/guard.js';
import { HttpError, errorEntry, isHttpError, paramInvalid } from '../httpError.js';
import { methodNotAllowed } from './edgeRefusals.js';
import { HttpRuleError, PathTemplate, readHttpRules, type HttpBinding } from './httpRule.js';
import { titleCase } from './cors.js';
import { convertText, inAliasTerms, RequestBinder, type BoundRequest, type LeafField } from './requestBinding.js';
import { envelopeSchema, responseShape, type ResponseShape } from './schemas.js';
import { parseQuery, type QueryPair } from './query.js';
import { pagingLinks } from './links.js';
import { readCallback, wrapJsonp } from './jsonp.js';
import { acceptedRule, type AcceptedRule } from './accepted.js';
import { restPrice, type RestPrice } from './workPrice.js';
import { answerCacheOf, answerMaxAge, omissionsOf, presenterOf, scopeOf, type AnswerCache, type Omissions, type Presenter } from './restPresentation.js';
import { SCAN_ROWS, type WorkBudget } from '../workPricing.js';
import { RenderedItems, splitList } from './renderedItems.js';
import type { KeptAnswer, KeptAnswers, KeptRoute } from '../keptAnswers.js';
import { LIST_DEFAULTS } from '../../proto/contract/listDefaults.js';
import { entityTag } from './caching.js';
import { takePreAdmission } from '../auth/preAdmission.js';
import { keptAnswerKey, pathOf } from './keptReplies.js';

/** A page's size when a request gives none: the contract's list_defaults (presentation.proto), as the core reads it. */
export const DEFAULT_LIMIT = LIST_DEFAULTS.limit;

export interface CompiledRoute {
  service: ServiceInfo;
  methodName: string;
  binding: HttpBinding;
  template: PathTemplate;
  binder: RequestBinder;
  unary: UnaryMethod;
  shape: ResponseShape;
  stringify: (envelope: unknown) => string;
  /** The key scope the route needs: `<capability>:read` for GET, `<capability>:write` otherwise (locale data is part of geo). */
  scope: string;
  /** Router path (find-my-way syntax). */
  routerPath: string;
  /** Field names (proto) of the request message, for the header bindings. */
  requestFields: Set<string>;
  /** 202 + Location for long-running submissions (method option meridian.api.v1.accepted). */
  accepted: AcceptedRule | undefined;
  /** Item fields a list answer leaves out for a request (the rest_omits_when_single option: the country or region it is restricted to). */
  omissions: Omissions | undefined;
  /** How the answer's items are presented over REST (the rest_text and rest_integer options: GeoDB's forms), or undefined when as the core says. */
  present: Presenter | undefined;
  /** How long its answers may be kept (the answer_cache options in proto/); undefined: private, never kept. */
  cache: AnswerCache | undefined;
  /** Work units a request will cost (workPrice.ts), charged to the key's work budget; undefined: not priced. */
  price: RestPrice | undefined;
  /**
   * Whether a request's answer may be kept by the request (gateway/keptAnswers.ts) for the max-age its method's
   * answer_cache gives it: GETs of reference data (geo and locale) whose request no header binds.
   */
  keep: boolean;
  /** What keptReplies.ts needs to answer a kept answer of this route again (its scope, label and max-age); undefined when nothing is kept. */
  kept: KeptRoute | undefined;
  /** Place lists (GET, reference data): each item's JSON kept by its bytes (renderedItems.ts, one per item type); undefined: rendered whole. */
  renderedItems: { items: RenderedItems; dataField: number } | undefined;
}

function routerPathOf(t: PathTemplate): string {
  if (t.simple && t.segments.every((s, i) => s.kind === 'literal' || t.variables.some((v) => v.start === i && v.end === i + 1))) {
    return '/' + t.segments.map((s, i) => (s.kind === 'literal' ? s.value : `:${t.variables.find((v) => v.start === i)?.fieldPath.replace(/\./g, '_')}`)).join('/');
  }
  // A custom verb (`:batch`) is glued to the last segment, so that segment cannot be part of the router's static prefix.
  const prefix = t.verb && t.literalPrefix.length === t.segments.length ? t.literalPrefix.slice(0, -1) : t.literalPrefix;
  return `/${prefix.join('/')}${prefix.length ? '/' : ''}*`;
}

export function compileRoutes(catalog: ProtoCatalog): CompiledRoute[] {
  const routes: CompiledRoute[] = [];
  const seen = new Map<string, string>();
  // kept item renderings, one store per item type (place lists): the same type renders alike whichever route
  // answered it, and memory stays bounded by the types, not the routes
  const itemsByType = new Map<string, RenderedItems>();
  const itemsOf = (field: protobuf.Field, present: Presenter | undefined) => {
    const name = (field.resolvedType as protobuf.Type).fullName;
    return itemsByType.get(name) ?? itemsByType.set(name, new RenderedItems(itemReader(catalog, field), field, present)).get(name)!;
  };
  for (const service of catalog.services) {
    for (const [methodName, def] of Object.entries(service.definition)) {
      const method = `${service.name}.${methodName}`;
      const bindings = readHttpRules(method, (def as protoLoader.MethodDefinition<object, object>).options as Record<string, unknown>);
      if (bindings.length === 0) continue;
      const md = def as protoLoader.MethodDefinition<object, object>;
      if (md.requestStream || md.responseStream) throw new HttpRuleError(method, 'streaming methods cannot be transcoded to REST');
      const reflection = service.reflection.methods[methodName];
      if (!reflection?.resolvedRequestType || !reflection.resolvedResponseType) throw new HttpRuleError(method, 'its message types did not resolve');
      const requestType = reflection.resolvedRequestType;
      const responseType = reflection.resolvedResponseType;
      const stringify = fastJson(envelopeSchema(responseType) as unknown as Parameters<typeof fastJson>[0]) as (o: unknown) => string;
      for (const binding of bindings) {
        const template = new PathTemplate(method, binding.template);
        const key = `${binding.verb} ${template.segments.map((s) => (s.kind === 'literal' ? s.value : s.kind)).join('/')}:${template.verb}`;
        const other = seen.get(key);
        if (other) throw new HttpRuleError(method, `${binding.verb} ${binding.template} is also bound by ${other}`);
        seen.set(key, method);
        const requestFields = new Set(Object.keys(requestType.fields));
        const placeList = responseType.fields['data']?.resolvedType?.name === 'CitySummary';
        const shape = responseShape(responseType);
        const scope = scopeOf(service.reflection, service.capability, binding.verb);
        const accepted = acceptedRule(md.options as Record<string, unknown>);
        // GETs only: a POST's answer is never kept, whatever its service declares
        const cache = binding.verb === 'GET' ? answerCacheOf(service.reflection, md.options as Record<string, unknown>, requestType) : undefined;
        const kept = cache !== undefined && cache.maxAgeSeconds > 0 && !accepted;
        const keep = kept && !HEADER_FIELDS.some((h) => requestFields.has(h.field));
        const present = presenterOf(responseType.fields['data']?.resolvedType as protobuf.Type | null | undefined);
        routes.push({
          service, methodName, binding, template,
          binder: new RequestBinder(method, requestType, template, binding.body),
          unary: CoreClient.method(md), shape, stringify,
          scope, routerPath: routerPathOf(template),
          requestFields,
          accepted,
          cache,
          keep,
          kept: keep ? { scope, label: binding.template, maxAge: cache.maxAgeSeconds } : undefined,
          renderedItems: kept && shape.isList && placeList && shape.dataField && RenderedItems.splices(stringify)
            ? { items: itemsOf(shape.dataField, present), dataField: shape.dataField.id } : undefined,
          omissions: omissionsOf(requestType),
          price: restPrice(service.capability, methodName, requestFields, template.variables.map((v) => v.fieldPath), placeList, DEFAULT_LIMIT),
          present,
        });
      }
    }
  }
  return routes;
}

/** proto-loader's deserializer of a message field's type: the item read exactly as a whole answer's items are. */
function itemReader(catalog: ProtoCatalog, field: protobuf.Field): (bytes: Buffer) => Record<string, unknown> {
  const name = (field.resolvedType as protobuf.Type).fullName.replace(/^\./, '');
  const def = catalog.definition[name] as { deserialize?: (b: Buffer) => Record<string, unknown> } | undefined;
  if (!def?.deserialize) throw new HttpRuleError(name, 'the contract has no reader for this message type');
  return def.deserialize;
}

export interface RestContext {
  core: CoreClient;
  /** The gateway's kept answers over reference data, shared with GraphQL (keptAnswers.ts). */
  answers: KeptAnswers;
  guard: Guard;
  maxLimit: number;
  /** The per-key work budget GraphQL charges too. */
  budget: WorkBudget;
  /** Most work units one request may cost (MERIDIAN_GRAPHQL_MAX_COST, shared with GraphQL). */
  maxCost: number;
  logError: (e: unknown, request: FastifyRequest) => void;
  /** The answer for a path no route of this method serves: 405 with Allow when another method serves it, else 404 (EdgeRefusals.notFound). */
  notFound: (method: string, path: string) => HttpError;
}

const EMPTY: never[] = [];
const ERROR_JSON = (e: HttpError): string => JSON.stringify({ errors: [errorEntry(e)] });
const hateoasField: LeafField = { path: ['hateoas_mode'], jsonPath: ['hateoasMode'], name: 'hateoas_mode', jsonName: 'hateoasMode', kind: 'bool', repeated: false, optional: false, enumValues: [], comment: '' };

/** Sends an error in the envelope (or through JSONP with status 200 and the real status inside). */
export function sendError(reply: FastifyReply, err: HttpError, callback: string | undefined): FastifyReply {
  for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  if (callback) return sendJsonp(reply, callback, ERROR_JSON(err), err.status);
  return reply.code(err.status).type('application/json; charset=utf-8').send(ERROR_JSON(err));
}

function sendJsonp(reply: FastifyReply, callback: string, json: string, status: number): FastifyReply {
  return reply.code(200).header('x-content-type-options', 'nosniff').type('text/javascript; charset=utf-8').send(wrapJsonp(callback, json, status));
}

/** Reads `callback` (GET only) before anything else, so that a hostile name is refused as plain JSON. */
export function callbackOf(method: string, query: QueryPair[]): string | undefined {
  let values: string[] | undefined; // most requests have no callback: no arrays for them
  for (const p of query) if (p.name === 'callback') (values ??= []).push(p.value);
  if (!values) return undefined;
  if (method !== 'GET' && method !== 'HEAD') throw paramInvalid('callback (JSONP) is only available on GET requests');
  return readCallback(values);
}

/**
 * Headers only GeoDB's clients send (its RapidAPI and Mashape key and host headers). A GET carrying one is answered as
 * GeoDB (Spring) answers it where the seed is silent: a query parameter the route does not know is left out, not
 * refused, and named in IGNORED_HEADER (clients send stray ones: a misspelt `offsett`, a literal `sort=SORT_FIELD`).
 * Every other request keeps the 400 that names the parameter and what the route accepts.
 */
const GEODB_HEADERS = ['x-rapidapi-key', 'x-rapidapi-host', 'x-mashape-key', 'x-mashape-host', 'x-mashape-authorization'] as const;
export const IGNORED_HEADER = 'meridian-ignored-parameters';

export function isGeoDbClient(headers: Readonly<Record<string, unknown>>): boolean {
  for (const h of GEODB_HEADERS) if (headers[h] !== undefined) return true;
  return false;
}

/**
 * Request headers bound to request fields, for the routes whose request message has
 * the field: X-Service-Async-Mode → async_mode (true/false, 1/0, yes/no; default true).
 * The OpenAPI document lists each as a header parameter of those routes.
 */
export const HEADER_FIELDS: { header: string; field: string; jsonName: string; description: string }[] = [{
  header: 'x-service-async-mode', field: 'async_mode', jsonName: 'asyncMode',
  description: 'true (the default): asynchronous, 202 with `data.jobId` and a Location to poll; false: the result itself, 200. '
    + 'Also true/false, 1/0, yes/no or on/off; the body\'s `asyncMode` says the same (both given must agree). A batch is always asynchronous.',
}];

function bindHeaders(route: CompiledRoute, request: FastifyRequest, message: Record<string, unknown>): void {
  for (const h of HEADER_FIELDS) {
    const raw = request.headers[h.header];
    if (raw === undefined) continue;
    const value = (Array.isArray(raw) ? raw.join(',') : raw).trim().toLowerCase();
    if (value === '') continue; // an empty header means not set, as an empty query parameter does
    let v: boolean;
    if (/^(true|1|yes|on)$/.test(value)) v = true;
    else if (/^(false|0|no|off)$/.test(value)) v = false;
    else if (!route.requestFields.has(h.field)) continue;
    else throw paramInvalid(`header ${titleCase(h.header)} must be true or false, got '${value.slice(0, 40)}'`);
    if (!route.requestFields.has(h.field)) {
      // a long-running submission without the setting (a batch) is always asynchronous: asking it to wait is refused,
      // not answered 202 as if the header had not been sent
      if (!v && route.accepted) throw paramInvalid(`${route.binding.verb} ${route.binding.template} is always asynchronous: leave out ${titleCase(h.header)}: false (or send one text to POST /v1/analyses with it)`, h.jsonName);
      continue;
    }
    // the same setting in the body too, saying the other thing: which one the client meant cannot be told
    const inBody = message[h.jsonName];
    if (typeof inBody === 'boolean' && inBody !== v) throw paramInvalid(`header ${titleCase(h.header)} says ${v} but the body's ${h.jsonName} says ${inBody}: give one of them`, h.jsonName);
    message[h.jsonName] = v;
  }
}

export function registerRoutes(app: FastifyInstance, routes: CompiledRoute[], ctx: RestContext): void {
  const verbRoutes = routes.filter((r) => r.template.verb !== '');
  const groups = new Map<string, CompiledRoute[]>();
  for (const r of routes) {
    const k = `${r.binding.verb} ${r.routerPath}`;
    const g = groups.get(k) ?? [];
    g.push(r);
    groups.set(k, g);
  }
  for (const [, group] of groups) {
    group.sort((a, b) => b.template.specificity - a.template.specificity);
    const first = group[0] as CompiledRoute;
    // the scope every route of the entry needs, when they agree: app.ts checks it, with the rate limit, before a body is read
    const scope = group.every((r) => r.scope === first.scope) ? first.scope : undefined;
    app.route({
      method: first.binding.verb,
      url: first.routerPath,
      config: { scope } satisfies RouteScope,
      handler: (request, reply) => handle(group, request, reply, ctx, verbRoutes),
    });
  }
}

/**
 * Limits by work on REST: a request that would make the core read too much is
 * refused before it reaches the core (400, type QUERY_COST_EXCEEDED), and each
 * request is charged to its key's work budget, shared with GraphQL (429, type
 * TENANT_BUDGET_EXHAUSTED, with Retry-After). Both carry the cost in details.
 */
export function chargeWork(ctx: Pick<RestContext, 'budget' | 'maxCost'>, cost: number, key: string): void {
  const units = String(Math.ceil(cost));
  if (cost > ctx.maxCost) {
    throw new HttpError(400, 'PARAM_INVALID', `this request would cost ${units} work units, above the maximum of ${ctx.maxCost} per request: a list costs its limit plus one unit per ${SCAN_ROWS} places the core may read (a radius by the places its circle may hold, a short namePrefix by the names it matches, no criterion every place, offset by the rows skipped); ask for a smaller radius, a longer prefix, a smaller offset or page with pageToken`,
      {}, 'QUERY_COST_EXCEEDED', { cost: units, maxCost: String(ctx.maxCost) });
  }
  const wait = ctx.budget.take(key, cost);
  if (wait) {
    throw new HttpError(429, 'ACCESS_DENIED', ctx.budget.exhausted(wait), { 'retry-after': String(wait) }, 'TENANT_BUDGET_EXHAUSTED',
      { cost: units, budgetPerMinute: String(ctx.budget.perMinute), retryAfterSeconds: String(wait) });
  }
}

async function handle(group: CompiledRoute[], request: FastifyRequest, reply: FastifyReply, ctx: RestContext, verbRoutes: readonly CompiledRoute[]): Promise<FastifyReply> {
  let callback: string | undefined;
  let bound: BoundRequest | undefined;
  try {
    const url = request.url;
    const q = url.indexOf('?');
    const rawPath = pathOf(url, q);
    const query = parseQuery(q < 0 ? '' : url.slice(q + 1));
    callback = callbackOf(request.method, query);
    let route: CompiledRoute | undefined;
    let vars: Record<string, string> | undefined;
    for (const r of group) {
      try {
        vars = r.template.match(rawPath);
      } catch {
        throw paramInvalid('the path has a malformed %-escape; encode \'%\' as %25');
      }
      if (vars) { route = r; break; }
    }
    // a router wildcard (templates with verbs or '**') caught a path none of its templates serves
    if (!route || !vars) throw ctx.notFound(request.method, rawPath);
    // a path ending in another route's custom verb (`GET /v1/jobs/abc:cancel`, which `GET /v1/jobs/{id}` would read as
    // the id 'abc:cancel'): that route's path under another method, 405 with Allow rather than a complaint about the id
    if (!route.template.verb && rawPath.includes(':')) {
      const allowed = [...new Set(verbRoutes.filter((r) => r.binding.verb !== request.method && servesVerbPath(r, rawPath)).map((r) => r.binding.verb))];
      if (allowed.length) throw methodNotAllowed(request.method, rawPath, allowed);
    }
    request.routeLabel = route.binding.template;
    // admitted already when the request carried a body (app.ts, before reading it, for this same scope)
    // or before Fastify, when keptReplies.ts began to answer a kept one (the rate limit has counted it then)
    const admitted = request.admission ?? takePreAdmission(request.raw) ?? ctx.guard.admit(request.headers, route.scope);
    const admission = admitted instanceof Promise ? await admitted : admitted;
    const rate = admission.headers;
    for (const k in rate) reply.header(k, rate[k] as string);
    const geoDbClient = request.method === 'GET' && isGeoDbClient(request.headers);
    bound = route.binder.bind(vars, query, request.body, geoDbClient);
    const { ignored } = bound;
    let ignoredAt = bound.ignoredAt;
    // hateoasMode takes one value, as every single parameter (a GeoDB client's first stands; the last had won)
    let hateoas = true;
    let hateoasGiven = 0;
    for (let i = 0; i < query.length; i++) {
      const p = query[i]!;
      if (p.name !== 'hateoasMode' && p.name !== 'hateoas_mode') continue;
      if (++hateoasGiven > 1) {
        if (!geoDbClient) throw paramInvalid(`hateoasMode takes one value and was given ${hateoasGiven} times; give it once`, 'hateoasMode');
        ignoredAt = new Set([...(ignoredAt ?? []), i]);
        continue;
      }
      hateoas = p.value === '' ? true : (convertText(hateoasField, p.value, p.name) as boolean);
    }
    if (ignored) reply.header(IGNORED_HEADER, ignored.map((n) => encodeURIComponent(n).slice(0, 100)).slice(0, 20).join(', '));
    // the parameters the answer depends on: its kept key and paging links leave out the pairs that were ignored (a
    // repeated parameter's first value was bound, and stays)
    const left = ignoredAt;
    const used = left ? query.filter((_, i) => !left.has(i)) : query;
    bindHeaders(route, request, bound.message);
    if (route.cache) request.answerMaxAge = answerMaxAge(route.cache, bound.message);
    const limit = bound.message['limit'];
    if (typeof limit === 'number' && limit <= 0) throw paramInvalid(`limit must be from 1 to ${ctx.maxLimit} (leave it out for the default of ${DEFAULT_LIMIT}), got ${limit}`, 'limit');
    if (typeof limit === 'number' && limit > ctx.maxLimit) {
      throw new HttpError(403, 'ACCESS_DENIED', `limit ${limit} is above the maximum of ${ctx.maxLimit} for this service; page with offset instead`, {}, 'ACCESS_DENIED', { field: 'limit' });
    }
    const cost = route.price?.(bound.message);
    if (cost !== undefined) chargeWork(ctx, cost, admission.key.id);
    // the answer kept for this very request (keptAnswers.ts), for its method's max-age: the same body and tag, no core call
    const keepFor = route.keep ? request.answerMaxAge ?? 0 : 0;
    const keptKey = keepFor > 0 ? keptAnswerKey(rawPath, used) : undefined;
    // kept with it, for keptReplies.ts to answer it again before Fastify: the price found now, and the route
    const keptAs = keptKey === undefined ? undefined : { cost, route: keepFor === route.kept?.maxAge ? route.kept : undefined };
    if (keptKey !== undefined) {
      const kept = ctx.answers.get(keptKey);
      if (kept !== undefined) {
        // how long ago the core made it (RFC 9111 Age): a cache after us counts its max-age from then
        const age = Math.floor((Date.now() - kept.at) / 1000);
        if (age > 0) reply.header('age', String(age));
        if (callback) return sendJsonp(reply, callback, kept.body.toString(), 200);
        return sendTagged(reply, kept.body, kept.tag!); // REST keeps every answer with its tag (sendKeeping, pageWithTag)
      }
    }
    // the work this key has with the core (WorkBudget.hold), held until the response closes; a kept answer above makes
    // no core call and is not held. Refused here, the request gets its units back.
    if (cost !== undefined && !ctx.budget.hold(admission.key.id, cost, reply.raw)) {
      ctx.budget.refund(admission.key.id, cost);
      throw new HttpError(429, 'ACCESS_DENIED', ctx.budget.busy(cost), { 'retry-after': '1' }, 'TOO_MANY_IN_PROGRESS', { cost: String(Math.ceil(cost)), inProgressMax: String(ctx.budget.inFlight) });
    }
    const callOptions = { tenant: admission.key.id, signal: disconnectSignal(reply.raw) };
    const omit = route.shape.isList ? route.omissions?.(bound.message, bound.aliasNames) ?? EMPTY : EMPTY;
    let result: Record<string, unknown>;
    let itemBytes: Buffer[] | undefined; // a place list's items, rendered from their kept JSON
    if (route.renderedItems && !omit.length) {
      const bytes = await ctx.core.callBytes(route.unary, bound.message, callOptions);
      const split = splitList(bytes, route.renderedItems.dataField, (b) => decodeAnswer(route.unary, b));
      if (split) { result = split.rest; itemBytes = split.items; } else result = decodeAnswer(route.unary, bytes);
    } else result = await ctx.core.call(route.unary, bound.message, callOptions);
    if (!route.shape.isList) {
      const json = renderOne(route, result);
      return keptKey === undefined ? sendOne(reply, route, result, json, callback) : sendKeeping(reply, ctx.answers, keptKey, keepFor, json, callback, keptAs);
    }
    const data = route.shape.dataField ? result['data'] : result;
    const items = data as Record<string, unknown>[];
    if (!itemBytes) {
      if (route.present && Array.isArray(data)) for (const item of items) route.present(item);
      if (omit.length) for (const item of items) for (const f of omit) item[f] = undefined;
    }
    const totalCount = Number(result['totalCount'] ?? 0);
    const pageOffset = Number(result['currentOffset'] ?? 0); // where the page the core answered starts
    const pageLimit = typeof limit === 'number' && limit > 0 ? limit : DEFAULT_LIMIT;
    const nextPageToken = result['nextPageToken'] ? String(result['nextPageToken']) : undefined;
    // metadata.currentOffset echoes the offset asked for, as GeoDB does (geodb-compat.md, "Offsets"): past the
    // end the page is the last one but currentOffset stays the request's; the links are the page's.
    const asked = bound.message['offset'];
    const currentOffset = typeof asked === 'number' && asked > pageOffset ? asked : pageOffset;
    const envelope = {
      data: itemBytes ? EMPTY : items, errors: EMPTY,
      // GeoDB sends links only when the results do not fit on one page.
      links: hateoas && totalCount > pageLimit ? pagingLinks(rawPath, used, pageOffset, pageLimit, totalCount) : undefined,
      metadata: { currentOffset, totalCount, nextPageToken },
    };
    if (itemBytes && (!callback || keptKey !== undefined)) {
      // the page's tag from its parts (renderedItems.ts), the same whichever of JSON or JSONP asked first
      const { body, tag } = route.renderedItems!.items.pageWithTag(itemBytes, envelope, route.stringify);
      if (keptKey !== undefined) ctx.answers.set(keptKey, { body, tag, ...keptAs }, keepFor);
      return callback ? sendJsonp(reply, callback, body.toString(), 200) : sendTagged(reply, body, tag);
    }
    const json = itemBytes ? route.renderedItems!.items.page(itemBytes, envelope, route.stringify) : route.stringify(envelope);
    return keptKey === undefined ? sendOne(reply, route, result, json, callback) : sendKeeping(reply, ctx.answers, keptKey, keepFor, json, callback, keptAs);
  } catch (e) {
    if (isHttpError(e)) return sendError(reply, bound?.aliasNames.size ? inAliasTerms(e, bound.aliasNames) : e, callback);
    ctx.logError(e, request);
    return sendError(reply, new HttpError(500, 'INTERNAL', 'internal error in the gateway; its log has the details'), callback);
  }
}

/** The envelope of an answer that is not a list, presented and serialised. */
/** An accepted job is not yet a result: the result's lists, still empty, are left out (`emotionScores: []` read as "no emotions"). */
function withoutEmptyLists(o: unknown): unknown {
  if (!o || typeof o !== 'object' || Array.isArray(o)) return o;
  return Object.fromEntries(Object.entries(o).filter(([, v]) => !(Array.isArray(v) && v.length === 0)));
}

function renderOne(route: CompiledRoute, result: Record<string, unknown>): string {
  let data = route.shape.dataField ? result['data'] : result;
  if (route.accepted?.(result)) data = Array.isArray(data) ? data.map(withoutEmptyLists) : withoutEmptyLists(data);
  if (route.present && data && typeof data === 'object') {
    if (Array.isArray(data)) for (const item of data) route.present(item as Record<string, unknown>);
    else route.present(data as Record<string, unknown>);
  }
  const envelope: Record<string, unknown> = { data, errors: EMPTY };
  if (route.shape.hasMetadata) envelope['metadata'] = result['metadata'] ?? null;
  return route.stringify(envelope);
}

/** A 200 answer of a kept route, sent (JSON, or JSONP around it) and kept with its entity tag by its request for `seconds`. */
function sendKeeping(reply: FastifyReply, answers: KeptAnswers, key: string, seconds: number, json: string, callback: string | undefined,
  keptAs: Pick<KeptAnswer, 'cost' | 'route'> | undefined): FastifyReply {
  const tag = entityTag(json);
  answers.set(key, { body: json, tag, ...keptAs }, seconds);
  return callback ? sendJsonp(reply, callback, json, 200) : sendTagged(reply, json, tag);
}

/** A 200 JSON answer with the entity tag the route computed for it (caching.ts keeps a tag the route set). */
function sendTagged(reply: FastifyReply, json: string | Buffer, etag: string): FastifyReply {
  return reply.code(200).header('etag', etag).type('application/json; charset=utf-8').send(json);
}

function sendOne(reply: FastifyReply, route: CompiledRoute, result: Record<string, unknown>, json: string, callback: string | undefined): FastifyReply {
  if (callback) return sendJsonp(reply, callback, json, 200);
  const accepted = route.accepted?.(result);
  if (accepted) return reply.code(202).header('location', accepted.location).type('application/json; charset=utf-8').send(json);
  return reply.code(200).type('application/json; charset=utf-8').send(json);
}

/** A REST route's config: the key scope all its templates need (undefined when they differ: each is checked in handle()). */
export interface RouteScope { scope: string | undefined }

declare module 'fastify' {
  interface FastifyRequest {
    routeLabel: string;
    /** Cache-Control max-age of this request's answer, from its method's answer_cache (caching.ts); undefined: private, no-store. */
    answerMaxAge: number | undefined;
    /** The key's admission to the route's scope and rate limit, when it was given before the body was read (app.ts). */
    admission: Admission | undefined;
  }
}

/** Whether a route with a custom verb serves this raw path (a malformed %-escape serves nothing here). */
function servesVerbPath(r: CompiledRoute, rawPath: string): boolean {
  try { return r.template.match(rawPath) !== undefined; } catch { return false; }
}
