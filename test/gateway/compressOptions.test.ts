/**
 * The caching hook compresses in place of @fastify/compress's per-route hooks
 * (gateway/rest/caching.ts): only for the routes whose hooks it took off. A route with
 * compress options of its own keeps the plugin's hooks and its options (none of the
 * gateway's routes has any today; this holds the rule for the first that will).
 */
import { describe, it, expect, afterAll } from 'vitest';
import Fastify from 'fastify';
import httpCaching from '../../gateway/rest/caching.js';

const app = Fastify();
afterAll(() => app.close());

describe('compression by the caching hook', () => {
  it('compresses ordinary routes and leaves a route with its own compress options to them', async () => {
    app.decorateRequest('routeLabel', '');
    await app.register(httpCaching);
    const big = 'x'.repeat(5000);
    app.post('/plain', async () => big);
    app.post('/never', { compress: false }, async () => big);
    app.post('/late', { compress: { threshold: 100_000 } }, async () => big);
    await app.ready();
    const enc = async (url: string) => (await app.inject({ method: 'POST', url, headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding'];
    expect(await enc('/plain')).toBe('gzip');
    expect(await enc('/never')).toBeUndefined();
    expect(await enc('/late')).toBeUndefined();
  });
});
