/**
 * The GraphQL surface: mercurius at /graphql (GraphiQL at /graphiql) with the
 * schema of schema.graphql, the resolvers and loaders that call the core, the
 * cost and depth rule, and the same keys, scopes and rate limits as REST.
 * Queries are parsed, validated and compiled once and cached (mercurius
 * cache + JIT), so repeated queries do no per-request schema work.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import mercurius from 'mercurius';
import type { GraphQLError } from 'graphql';
import { projectRoot } from '../paths.js';
import type { Guard } from '../auth/guard.js';
import { isHttpError } from '../httpError.js';
import { buildResolvers, newContext, type GraphqlDeps } from './resolvers.js';
import { costRule, type CostLimits } from './costRule.js';
import { registerGraphiql } from './graphiql.js';
import { GraphqlWorkLimits, LimitRefusal, type WorkLimits } from './workLimits.js';
import type { WorkBudget } from '../workPricing.js';

export const SCHEMA_FILE = join(projectRoot, 'gateway', 'graphql', 'schema.graphql');

export interface GraphqlOptions extends GraphqlDeps { guard: Guard; limits: CostLimits; work: WorkLimits; budget: WorkBudget }

export async function registerGraphql(app: FastifyInstance, opts: GraphqlOptions): Promise<void> {
  const { resolvers, loaders } = buildResolvers(opts);
  const work = new GraphqlWorkLimits(() => app.graphql.schema, opts.work, opts.budget);
  const refuse = (reply: FastifyReply, e: LimitRefusal) => {
    for (const [k, v] of Object.entries(e.headers)) reply.header(k, v);
    return reply.code(e.status).type('application/json; charset=utf-8').send(e.body());
  };
  // a body over the document limit is refused before it is read
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || !(request.url.startsWith('/graphql') || request.url === '/' || request.url.startsWith('/?'))) return undefined;
    try { work.checkDeclaredSize(request.headers['content-length']); } catch (e) { if (e instanceof LimitRefusal) return refuse(reply, e); throw e; }
    return undefined;
  });
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.url !== '/graphql' && !(request.routeOptions.url === '/' && request.method === 'POST')) return;
    request.routeLabel = '/graphql';
    try {
      const admission = await opts.guard.admit(request.headers, 'geo:read');
      for (const [k, v] of Object.entries(admission.headers)) reply.header(k, v);
      // limits by work (workLimits.ts), before mercurius parses or runs anything
      work.admit(request.method === 'GET' ? request.query : request.body, admission.key.id);
    } catch (e) {
      if (e instanceof LimitRefusal) return refuse(reply, e);
      if (!isHttpError(e)) throw e;
      for (const [k, v] of Object.entries(e.headers)) reply.header(k, v);
      return reply.code(e.status).type('application/json; charset=utf-8').send({ data: null, errors: [{ message: e.message, extensions: { code: e.code } }] });
    }
    return undefined;
  });
  await app.register(mercurius, {
    schema: readFileSync(SCHEMA_FILE, 'utf8'),
    resolvers,
    loaders,
    path: '/graphql',
    context: (_request, reply) => newContext(reply),
    graphiql: false, // mercurius's GraphiQL loads from a CDN; ours is served from npm packages (graphiql.ts)
    jit: 1,
    cache: 1024,
    validationRules: [costRule(opts.limits)],
    queryDepth: opts.limits.maxDepth,
  });
  registerGraphiql(app);
  // GeoDB's RapidAPI GraphQL endpoint is the root path: POST / answers as POST /graphql (same key check above,
  // same schema, cache and rules through reply.graphql).
  app.post('/', async (request, reply) => {
    const body = (request.body ?? {}) as { query?: unknown; variables?: Record<string, unknown>; operationName?: string };
    if (typeof body.query !== 'string') {
      return reply.code(400).send({ data: null, errors: [{ message: 'the body must be JSON {query, variables}', extensions: { code: 'PARAM_INVALID' } }] });
    }
    try {
      return await reply.graphql(body.query, newContext(reply) as never, body.variables, body.operationName);
    } catch (e) {
      const errors = (e as { errors?: GraphQLError[] }).errors ?? [e as GraphQLError];
      const { statusCode, response } = mercurius.defaultErrorFormatter({ errors } as never, undefined as never);
      return reply.code(statusCode).send(response);
    }
  });
}
