/**
 * The gateway's own pages (the dashboard, GraphiQL) and the browser libraries
 * they use, served from this repository and from npm packages in
 * node_modules: nothing is fetched from a CDN, so the pages work offline.
 *
 * Files are read once at start-up (a missing one stops start-up with its
 * path), served with an ETag (304 on If-None-Match) and `Cache-Control:
 * no-cache` (a browser revalidates, so an upgrade shows at once), and pages
 * with a Content-Security-Policy that allows only this origin: a page that
 * tried to load anything from elsewhere would be blocked by the browser.
 * Compression comes from the caching plugin (`@fastify/compress`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { entityTag, matchesIfNoneMatch } from '../rest/caching.js';

const require = createRequire(import.meta.url);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * Only this origin; inline styles are allowed because the chart and editor
 * libraries position their elements with style attributes. `data:` for the
 * fonts GraphiQL's stylesheet embeds and for small images.
 */
export const PAGE_CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
  "font-src 'self' data:", "connect-src 'self'", "worker-src 'self' blob:", "object-src 'none'", "base-uri 'none'",
  "form-action 'self'", "frame-ancestors 'none'",
].join('; ');

/** A file inside an installed npm package (resolved through its package.json, so hoisting does not matter). */
export function packageFile(pkg: string, file: string): string {
  return join(dirname(require.resolve(`${pkg}/package.json`)), file);
}

interface Asset { body: Buffer; type: string; tag: string; page: boolean }

/** Serves `url → file` (read now) under GET and HEAD. */
export function serveFiles(app: FastifyInstance, files: Record<string, string>): void {
  for (const [url, file] of Object.entries(files)) {
    const type = TYPES[extname(file)];
    if (!type) throw new Error(`no content type for ${file}`);
    const body = readFileSync(file);
    const asset: Asset = { body, type, tag: entityTag(body), page: type.startsWith('text/html') };
    app.get(url, (request, reply) => {
      request.routeLabel = url;
      // Vary on every answer, the uncompressed and the 304 too (RFC 9110 12.5.5, 15.4.5): the compression hook names it
      // only on the answers it compresses, and a shared cache could hand a plain one to a client that asked for gzip
      reply.header('cache-control', 'no-cache').header('etag', asset.tag).header('x-content-type-options', 'nosniff').header('vary', 'accept-encoding');
      if (asset.page) reply.header('content-security-policy', PAGE_CSP).header('referrer-policy', 'no-referrer');
      if (matchesIfNoneMatch(request.headers['if-none-match'], asset.tag)) return reply.code(304).send();
      return reply.type(asset.type).send(asset.body);
    });
  }
}
