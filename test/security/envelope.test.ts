/**
 * Every answer in the envelope, with its type: 404 unknown route, 405 (with
 * Allow), 413, 415, CORS preflight refusals, and 503 while draining; and the
 * OpenAPI document lists these statuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

let g: TestGateway;
beforeAll(async () => { g = await startTestGateway({ corsOrigins: ['https://app.example'], bodyLimit: 64 * 1024 }); });
afterAll(async () => { await g?.close(); });

const expectEnvelope = (r: { status: number; body: { errors?: { code: string; type: string; message: string; details: Record<string, string> }[] } }, status: number, type: string) => {
  expect(r.status).toBe(status);
  expect(r.body?.errors?.[0]).toMatchObject({ type, code: expect.any(String), message: expect.any(String), details: expect.any(Object) });
};

describe('the envelope on framework answers', () => {
  it('404 for an unknown route, 405 with Allow for a known path under another method', async () => {
    expectEnvelope(await g.get('/v1/no/such/route'), 404, 'ROUTE_NOT_FOUND');
    const r = await g.send('DELETE', '/v1/geo/cities/5391959');
    expectEnvelope(r, 405, 'METHOD_NOT_ALLOWED');
    expect(r.headers.get('allow')).toContain('GET');
    const post = await g.send('PUT', '/v1/analyses', { text: 'x' });
    expectEnvelope(post, 405, 'METHOD_NOT_ALLOWED');
    expect(post.headers.get('allow')).toContain('POST');
    // QUERY (a method with a body) without a Content-Type was Fastify's 400 "must provide a 'Content-Type' header"
    expectEnvelope(await g.send('QUERY', '/v1/geo/about'), 405, 'METHOD_NOT_ALLOWED');
    expectEnvelope(await g.send('QUERY', '/v1/no/such/route'), 404, 'ROUTE_NOT_FOUND');
  });

  it('413 for a body over the limit, 415 for a body that is not JSON', async () => {
    expectEnvelope(await g.send('POST', '/v1/analyses', { text: 'x'.repeat(70 * 1024) }), 413, 'PAYLOAD_TOO_LARGE');
    expectEnvelope(await g.send('POST', '/v1/analyses', '<text>x</text>', { 'content-type': 'application/xml' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses CORS preflights from other origins (403) or without a method (400), in the envelope', async () => {
    const denied = await g.send('OPTIONS', '/v1/geo/cities', undefined, { origin: 'https://evil.example', 'access-control-request-method': 'GET' });
    expectEnvelope(denied, 403, 'CORS_ORIGIN_DENIED');
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    expectEnvelope(await g.send('OPTIONS', '/v1/geo/cities', undefined, { origin: 'https://app.example' }), 400, 'CORS_PREFLIGHT_INVALID');
    for (const method of ['GE T', 'G'.repeat(10_000), '']) { // not an HTTP method (they were answered 204)
      expectEnvelope(await g.send('OPTIONS', '/v1/geo/cities', undefined, { origin: 'https://app.example', 'access-control-request-method': method }), 400, 'CORS_PREFLIGHT_INVALID');
    }
    const ok = await g.send('OPTIONS', '/v1/geo/cities', undefined, { origin: 'https://app.example', 'access-control-request-method': 'GET' });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });

  it('lists 404, 405, 413, 415 and 503 in the OpenAPI document', async () => {
    const doc = (await g.get('/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const op = doc.paths['/v1/analyses']!['post']!;
    for (const s of ['400', '401', '403', '404', '405', '413', '415', '429', '503']) expect(op.responses[s], s).toBeDefined();
  });

  it('answers 503 SHUTTING_DOWN in the envelope while the gateway drains', async () => {
    const other = await startTestGateway();
    const closing = other.gateway.close();
    const r = await other.gateway.app.inject({ method: 'GET', url: '/v1/geo/cities?limit=1', headers: { 'x-gateway-key': other.key } });
    expect(r.statusCode).toBe(503);
    expect(JSON.parse(r.body).errors[0]).toMatchObject({ code: 'SERVICE_UNAVAILABLE', type: 'SHUTTING_DOWN' });
    expect(r.headers['connection']).toBe('close');
    await closing;
    await other.close();
  });
});
