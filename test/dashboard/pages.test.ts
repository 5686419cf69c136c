/**
 * The gateway's own pages over plain HTTP (no browser needed): /dashboard and /graphiql
 * reference only files this gateway serves (from the repository and npm packages), every
 * one of them answers, pages carry a same-origin Content-Security-Policy, and static files
 * are revalidated with ETags and compressed.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { rawRequest, startTestGateway, type TestGateway } from '../support/gateway.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.close();
});

const rawGet = (path: string, headers: Record<string, string> = {}) => rawRequest(gw.url + path, headers);

/** src/href values of a page. */
function references(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1] as string);
}

const TYPE_OF: Record<string, RegExp> = { js: /^text\/javascript/, css: /^text\/css/ };

describe.each(['/dashboard', '/graphiql'])('%s', (page) => {
  it('is served without a key, with a same-origin Content-Security-Policy', async () => {
    const r = await rawGet(page);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = r.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/https?:|\*/);
  });

  it('references only files of this gateway, each of which answers with its type', async () => {
    const html = (await rawGet(page)).body.toString();
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/unpkg|jsdelivr|esm\.sh|cdnjs/);
    const refs = references(html).filter((u) => !u.startsWith('data:'));
    expect(refs.length).toBeGreaterThanOrEqual(4);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^\/[^/]/); // root-relative: same origin
      const r = await rawGet(ref);
      expect(r.status, ref).toBe(200);
      const ext = ref.split('.').pop() as string;
      if (TYPE_OF[ext]) expect(r.headers['content-type'], ref).toMatch(TYPE_OF[ext] as RegExp);
      expect(r.body.length, ref).toBeGreaterThan(0);
      // stylesheets pull nothing from elsewhere (GraphiQL's fonts are embedded as data: URLs)
      if (ext === 'css') expect(r.body.toString(), ref).not.toMatch(/url\(\s*['"]?(https?:)?\/\//);
    }
  });
});

describe('static files', () => {
  it('are revalidated with an ETag (304) and compressed when large', async () => {
    const path = '/graphiql/vendor/graphiql.min.js';
    const r = await rawGet(path);
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
    const tag = r.headers['etag'] as string;
    expect(tag).toMatch(/^W\/"/);
    const again = await rawGet(path, { 'If-None-Match': tag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const gz = await rawGet(path, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(r.body)).toBe(true);
    expect(gz.body.length).toBeLessThan(r.body.length / 2);
  });

  it('the GraphQL endpoint still needs a key; unknown page files are 404 in the envelope', async () => {
    const q = await gw.send('POST', '/graphql', { query: '{ countries(first: 1) { totalCount } }' }, { 'X-Gateway-Key': '' });
    expect(q.status).toBe(401);
    const missing = await rawGet('/dashboard/vendor/nothing.js');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString()).errors[0].code).toBe('ENTITY_NOT_FOUND');
  });
});
