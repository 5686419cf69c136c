/**
 * Black-box probing of a fresh `npm start`: a key header sent twice. Node joins a repeated header's values with
 * ", ", so the right key sent twice (a proxy adding it again, a client library and a default header both setting it)
 * was answered 401 "this API key is not valid", which sends the client looking for a wrong key. It is still 401,
 * and says what is wrong.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

let gw: TestGateway;
beforeAll(async () => { gw = await startTestGateway(); });
afterAll(async () => { await gw?.close(); });

/** Writes `request` on a fresh connection and gives back the status and JSON body of the answer. */
function rawExchange(request: string): Promise<{ status: number; body: { errors?: { type: string; message: string }[] } }> {
  const { port, hostname } = new URL(gw.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const [head = '', ...rest] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      let body = {};
      try { body = JSON.parse(rest.join('\r\n\r\n')) as object; } catch { /* none */ }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), body });
    };
    const timer = setTimeout(done, 5000);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('close', done);
    socket.on('error', done);
    socket.write(request);
  });
}

describe('a key header sent more than once', () => {
  it('is 401 saying the header was repeated, not that the key is not valid, on REST and GraphQL', async () => {
    for (const [name, second] of [['X-Gateway-Key', gw.key], ['X-RapidAPI-Key', 'mrd_other']] as const) {
      for (const target of ['/v1/geo/countries/US', '/graphql?query=%7B__typename%7D']) {
        const r = await rawExchange(`GET ${target} HTTP/1.1\r\nHost: x\r\n${name}: ${gw.key}\r\n${name}: ${second}\r\nConnection: close\r\n\r\n`);
        expect(r.status, `${name} ${target}`).toBe(401);
        expect(JSON.stringify(r.body), `${name} ${target}`).toMatch(new RegExp(`the ${name.toLowerCase()} header was sent more than once`));
      }
    }
    // one key once still authenticates, and a wrong key is still "not valid"
    expect((await rawExchange(`GET /v1/geo/countries/US HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: ${gw.key}\r\nConnection: close\r\n\r\n`)).status).toBe(200);
    const wrong = await rawExchange('GET /v1/geo/countries/US HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: mrd_nope\r\nConnection: close\r\n\r\n');
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors?.[0]?.message).toBe('this API key is not valid');
  });
});
