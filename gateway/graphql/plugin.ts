/**
 * The GraphQL surface: mercurius at /graphql (GraphiQL at /graphiql) with the
 * schema of schema.graphql, the resolvers and loaders that call the core, the
 * cost and depth rule, and the same keys, scopes and rate limits as REST.
 * Queries are parsed, validated and compiled once and cached (mercurius
 * cache + JIT), so repeated queries do no per-request schema work.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import type { GraphQLError } from 'graphql';
import { projectRoot } from '../paths.js';
import type { Guard } from '../auth/guard.js';
import { isHttpError } from '../rest/httpError.js';
import { buildResolvers, newContext, type GraphqlDeps } from './resolvers.js';
import { costRule, type CostLimits } from './costRule.js';
import { registerGraphiql } from './graphiql.js';

export const SCHEMA_FILE = join(projectRoot, 'gateway', 'graphql', 'schema.graphql');

export interface GraphqlOptions extends GraphqlDeps { guard: Guard; limits: CostLimits }

export async function registerGraphql(app: FastifyInstance, opts: GraphqlOptions): Promise<void> {
  const { resolvers, loaders } = buildResolvers(opts);
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.url !== '/graphql' && !(request.routeOptions.url === '/' && request.method === 'POST')) return;
    request.routeLabel = '/graphql';
    try {
      const admission = await opts.guard.admit(request.headers, 'geo:read');
      for (const [k, v] of Object.entries(admission.headers)) reply.header(k, v);
    } catch (e) {
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
    context: () => newContext(),
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
      return await reply.graphql(body.query, newContext() as never, body.variables, body.operationName);
    } catch (e) {
      const errors = (e as { errors?: GraphQLError[] }).errors ?? [e as GraphQLError];
      const { statusCode, response } = mercurius.defaultErrorFormatter({ errors } as never, undefined as never);
      return reply.code(statusCode).send(response);
    }
  });
}
