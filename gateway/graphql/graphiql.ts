/**
 * GraphiQL at `/graphiql`, served from npm packages through the gateway
 * (graphiql's UMD build with React 18's), so it works without internet:
 * mercurius's own GraphiQL loads its scripts from a CDN and is blank offline.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { projectRoot } from '../paths.js';
import { packageFile, serveFiles } from '../dashboard/staticFiles.js';

const PAGE_DIR = join(projectRoot, 'gateway', 'graphql', 'graphiql');

export function registerGraphiql(app: FastifyInstance): void {
  serveFiles(app, {
    '/graphiql': join(PAGE_DIR, 'index.html'),
    '/graphiql/graphiql-page.js': join(PAGE_DIR, 'graphiql-page.js'),
    '/graphiql/graphiql-page.css': join(PAGE_DIR, 'graphiql-page.css'),
    '/graphiql/vendor/graphiql.min.js': packageFile('graphiql', 'graphiql.min.js'),
    '/graphiql/vendor/graphiql.min.css': packageFile('graphiql', 'graphiql.min.css'),
    '/graphiql/vendor/react.production.min.js': packageFile('react', 'umd/react.production.min.js'),
    '/graphiql/vendor/react-dom.production.min.js': packageFile('react-dom', 'umd/react-dom.production.min.js'),
  });
}
