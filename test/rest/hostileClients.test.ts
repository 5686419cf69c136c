/**
 * What black-box probing of a fresh `npm start` found (seventh session): requests
 * a careless or hostile client sends get their answer in the envelope, and one
 * client's request never fails another's.
 */
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestGateway, type TestGateway } from '../support/gateway.js';
import { EXCHANGE_MESSAGE_BYTES, runsByPayloadBytes } from '../../proto/contract/exchange.js';

let gw: TestGateway;
beforeAll(async () => { gw = await startTestGateway(); });
afterAll(async () => { await gw?.close(); });

/** Writes `request` on a fresh connection and gives back everything the gateway sent until it closed (or `ms` passed). */
function rawExchange(url: string, request: string, ms = 5000): Promise<string> {
  const { port, hostname } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const done = () => { clearTimeout(timer); socket.destroy(); resolve(Buffer.concat(chunks).toString('utf8')); };
    const timer = setTimeout(done, ms);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('close', done);
    socket.on('error', done);
    socket.write(request);
  });
}

/** Status line and JSON body of a raw HTTP/1.1 answer (Content-Length framed). */
function parseAnswer(raw: string): { status: number; headers: string; body: unknown } {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  let body: unknown;
  try { body = JSON.parse(rest.join('\r\n\r\n')); } catch { body = undefined; }
  return { status, headers: head.toLowerCase(), body };
}

describe('requests Node would answer outside the envelope', () => {
  it('one request gets one answer: a GET with a body it cannot frame is refused once, not answered and then refused', async () => {
    const kept = '/v1/geo/cities/5391959';
    for (let i = 0; i < 2; i++) expect((await gw.get(kept)).status).toBe(200); // kept: answered before Fastify since
    const count = (raw: string) => raw.split('HTTP/1.1 ').length - 1;
    // a transfer coding other than chunked (RFC 9112 6.3: 400 and close); it was 200, then the parser's 400
    for (const te of ['identity', 'gzip', 'xchunked']) {
      const raw = await rawExchange(gw.url, `GET ${kept} HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: ${gw.key}\r\nTransfer-Encoding: ${te}\r\n\r\nGET /v1/geo/countries/US HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: ${gw.key}\r\n\r\n`);
      expect(count(raw), te).toBe(1);
      expect(parseAnswer(raw)).toMatchObject({ status: 400, body: { errors: [{ details: { field: 'Transfer-Encoding' } }] } });
    }
    // chunked with a malformed chunk, then another request: one answer (the GET's, given before its body was read),
    // and the connection closes when the body turns out malformed; nothing is answered twice or to the next request
    const bad = await rawExchange(gw.url, `GET ${kept} HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: ${gw.key}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nGET /v1/geo/countries/US HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: ${gw.key}\r\n\r\n`);
    expect(count(bad)).toBe(1);
    expect(bad).not.toContain('"code":"US"');
    // the same with the malformed chunk in a later packet, after the answer went out
    const { port, hostname } = new URL(gw.url);
    const split = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), hostname);
      let got = '';
      const done = () => { clearTimeout(timer); socket.destroy(); resolve(got); };
      const timer = setTimeout(done, 5000);
      socket.on('data', (d: Buffer) => { got += d.toString('utf8'); });
      socket.on('close', done);
      socket.on('error', done);
      socket.write(`GET ${kept} HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: ${gw.key}\r\nTransfer-Encoding: chunked\r\n\r\n`);
      setTimeout(() => socket.write(`zz\r\nGET /v1/geo/countries/US HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: ${gw.key}\r\n\r\n`), 300);
    });
    expect(count(split)).toBe(1);
    // a version other than 1.0 and 1.1 is 505 (it was answered as 1.1), a Host that is no host[:port] 400
    expect(parseAnswer(await rawExchange(gw.url, `GET /healthz HTTP/2.0\r\nHost: x\r\n\r\n`)).status).toBe(505);
    expect(parseAnswer(await rawExchange(gw.url, `GET ${kept} HTTP/1.1\r\nHost: a b\r\nX-Gateway-Key: ${gw.key}\r\n\r\n`))).toMatchObject({ status: 400, body: { errors: [{ details: { field: 'Host' } }] } });
    for (const host of ['example.com', 'example.com:8080', '127.0.0.1:1', '[::1]:8080', 'localhost']) {
      expect(parseAnswer(await rawExchange(gw.url, `GET ${kept} HTTP/1.1\r\nHost: ${host}\r\nX-Gateway-Key: ${gw.key}\r\nConnection: close\r\n\r\n`)).status, host).toBe(200);
    }
  });

  it('an HTTP/1.1 request without Host is 400 in the envelope naming Host (Node answered 400 with no body)', async () => {
    const a = parseAnswer(await rawExchange(gw.url, `GET /v1/geo/cities/5391959 HTTP/1.1\r\nX-Gateway-Key: ${gw.key}\r\n\r\n`));
    expect(a.status).toBe(400);
    expect(a.headers).toContain('content-type: application/json');
    expect(a.body).toMatchObject({ errors: [{ code: 'PARAM_INVALID', details: { field: 'Host' } }] });
    // HTTP/1.0 has no Host requirement: answered as usual
    const old = parseAnswer(await rawExchange(gw.url, `GET /v1/geo/cities/5391959 HTTP/1.0\r\nX-Gateway-Key: ${gw.key}\r\n\r\n`));
    expect(old.status).toBe(200);
  });
});

describe('a proxy request', () => {
  it('CONNECT gets 405 in the envelope (Node closed the socket without an answer)', async () => {
    const { port } = new URL(gw.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('CONNECT example.com:443 HTTP/1.1\r\nhost: example.com:443\r\n\r\n'));
      let got = '';
      socket.on('data', (b: Buffer) => { got += b.toString(); });
      socket.on('error', reject);
      socket.on('close', () => resolve(got));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).errors[0]).toMatchObject({ code: 'PARAM_INVALID', type: 'METHOD_NOT_ALLOWED' });
  });
});

describe('bodies that are not JSON', () => {
  it('text/plain is 415 like every other non-JSON type (it was 400), on REST (UNSUPPORTED_MEDIA_TYPE) and GraphQL', async () => {
    for (const path of ['/v1/analyses', '/v1/analyses:batch', '/graphql']) {
      const r = await gw.send('POST', path, '{"text":"hello"}', { 'content-type': 'text/plain' });
      expect(r.status, `${path}: ${r.text.slice(0, 200)}`).toBe(415);
      if (path !== '/graphql') expect(r.body.errors[0]).toMatchObject({ code: 'PARAM_INVALID', type: 'UNSUPPORTED_MEDIA_TYPE' });
      else expect(r.body.errors[0].extensions).toMatchObject({ code: 'PARAM_INVALID', type: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    // a Content-Encoding Fastify cannot decode is 415 too, with the same type (it was PARAM_INVALID)
    const compress = await gw.send('POST', '/v1/analyses', '{"text":"hello"}', { 'content-type': 'application/json', 'content-encoding': 'compress' });
    expect(compress.status).toBe(415);
    expect(compress.body.errors[0]).toMatchObject({ code: 'PARAM_INVALID', type: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('a JSON body that does not parse says where; a __proto__ key is refused by name (both were "Body is not valid JSON")', async () => {
    const json = { 'content-type': 'application/json' };
    const broken = await gw.send('POST', '/v1/analyses', '{"text": "good",', json);
    expect(broken.status).toBe(400);
    expect(broken.body.errors[0]).toMatchObject({ code: 'PARAM_INVALID' });
    expect(broken.body.errors[0].message).toMatch(/^the request body is not valid JSON: .*position 16/);
    for (const body of ['{"text": "good", "__proto__": {"admin": true}}', '{"text": "good", "constructor": {"prototype": {"admin": true}}}']) {
      const poisoned = await gw.send('POST', '/v1/analyses', body, json);
      expect(poisoned.status, body).toBe(400);
      expect(poisoned.body.errors[0].message).toMatch(/"__proto__" or "constructor.prototype" key, which is refused/);
    }
    const gql = await gw.send('POST', '/graphql', '{"query": ', json);
    expect(gql.status).toBe(400);
    expect(gql.body.errors[0]).toMatchObject({ message: expect.stringMatching(/not valid JSON/), extensions: { code: 'PARAM_INVALID' } });
  });

  it('a body nesting arrays or objects more than 64 deep is refused before it is built, plain or gzipped, on REST and GraphQL', async () => {
    // 8 million nested '[' unpacked to 16 MB and kept the gateway's thread ~2 s and 3 GB per request
    const deep = `{"text":"hi","x":${'['.repeat(4_000_000)}${']'.repeat(4_000_000)}}`;
    const started = performance.now();
    const plain = await gw.send('POST', '/v1/analyses', deep, { 'content-type': 'application/json' });
    expect(plain.status).toBe(400);
    expect(plain.body.errors[0].message).toMatch(/nests arrays and objects more than 64 levels deep/);
    const gz = await fetch(`${gw.url}/v1/analyses`, {
      method: 'POST', body: gzipSync(deep),
      headers: { 'X-Gateway-Key': gw.key, 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(gz.status).toBe(400);
    const gql = await gw.send('POST', '/graphql', `{"query":"{ __typename }","variables":{"v":${'{"a":'.repeat(100)}1${'}'.repeat(100)}}}`, { 'content-type': 'application/json' });
    expect(gql.status).toBe(400);
    expect(gql.body.errors[0].message).toMatch(/more than 64 levels deep/);
    expect(performance.now() - started).toBeLessThan(5_000); // was ~2 s of parsing each, with 3 GB
    // what requests do nest stays well inside: strings with brackets are text, not nesting
    const ok = await gw.send('POST', '/v1/analyses', { text: `${'[{'.repeat(100)} brackets in text are only text` }, { 'X-Service-Async-Mode': 'false' });
    expect(ok.status, ok.text.slice(0, 200)).toBe(200);
  });

  it('a body with an object of more than 1,000 members or more than 600,000 values is refused before it is built, on REST and GraphQL', async () => {
    // one object of 1.2 million keys (14 MB) kept the gateway's thread ~9.5 s, a batch of 1.25 million items ~7 s
    const json = { 'content-type': 'application/json' };
    const members = (n: number) => Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',');
    const started = performance.now();
    const keys = await gw.send('POST', '/v1/analyses', `{"text":"hi",${members(1_200_000)}}`, json);
    expect(keys.status).toBe(400);
    expect(keys.body.errors[0].message).toMatch(/an object with more than 1000 members/);
    const items = await gw.send('POST', '/v1/analyses:batch', `{"items":[${Array(1_250_000).fill('{"text":"t"}').join(',')}]}`, json);
    expect(items.status).toBe(400);
    expect(items.body.errors[0].message).toMatch(/holds more than 600000 values/);
    expect(performance.now() - started).toBeLessThan(5_000); // was ~16 s for the two
    const gql = await gw.send('POST', '/graphql', `{"query":"{ __typename }","variables":{${members(1_001)}}}`, json);
    expect(gql.status).toBe(400);
    expect(gql.body.errors[0]).toMatchObject({ message: expect.stringMatching(/more than 1000 members/), extensions: { code: 'PARAM_INVALID' } });
    // at the limits the body is read as before: 1,000 members reach the binding (which names the unknown field),
    // and a batch of 1,000 items is accepted; commas and braces inside strings are text
    const atLimit = await gw.send('POST', '/v1/analyses', `{"text":"hi",${members(999)}}`, json);
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.errors[0].message).toMatch(/unknown field 'k0'/);
    expect((await gw.send('POST', '/graphql', `{"query":"{ __typename }","variables":{${members(998)}}}`, json)).body).toEqual({ data: { __typename: 'Query' } });
    const batch = await gw.send('POST', '/v1/analyses:batch', { items: Array.from({ length: 1000 }, (_, i) => ({ text: `item ${i}, {with, commas}`, feedId: 'shape' })) });
    expect(batch.status, batch.text.slice(0, 200)).toBe(202);
    const text = await gw.send('POST', '/v1/analyses', { text: ','.repeat(2_000) + ' a comma storm' }, { 'X-Service-Async-Mode': 'false' });
    expect(text.status, text.text.slice(0, 200)).toBe(200);
  });

  it('an empty JSON body is no body: a job cancel works, a submission says a body is needed (Fastify refused both)', async () => {
    const json = { 'content-type': 'application/json' };
    const submitted = await gw.send('POST', '/v1/analyses', { text: 'cancel me later' });
    expect(submitted.status).toBe(202);
    const cancel = await gw.send('POST', `/v1/jobs/${submitted.body.data.jobId}:cancel`, '', json);
    // cancelled, or 409 when the job finished first: either way the empty body was read as none
    expect([200, 409], cancel.text.slice(0, 200)).toContain(cancel.status);
    if (cancel.status === 409) expect(cancel.body.errors[0].type).toBe('JOB_FINISHED');
    const empty = await gw.send('POST', '/v1/analyses', '', json);
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].message).toMatch(/must be a JSON object/);
    // GraphQL says what its body must be (Fastify's schema said only "body must be object", mercurius "Unknown query")
    for (const body of ['', '[]', '5', '{}', '{"query":""}', '{"query":"  "}', '{"variables":{}}']) {
      const gql = await gw.send('POST', '/graphql', body, json);
      expect(gql.status, body).toBe(400);
      expect(gql.body.errors[0]).toMatchObject({ message: expect.stringMatching(/^the body must be JSON \{query, variables\}/), extensions: { code: 'PARAM_INVALID' } });
    }
    // and a GET what it needs (mercurius said "Unknown query")
    for (const path of ['/graphql', '/graphql?query=', '/graphql?variables=%7B%7D']) {
      const gql = await gw.get(path);
      expect(gql.status, path).toBe(400);
      expect(gql.body.errors[0]).toMatchObject({ message: expect.stringMatching(/^a GET needs the GraphQL document in the query parameter/), extensions: { code: 'PARAM_INVALID' } });
    }
  });
});

describe('slow and oversized requests', () => {
  it('a body sent a byte at a time is cut off with 408 in the envelope once MERIDIAN_HTTP_REQUEST_TIMEOUT_MS passes', async () => {
    // Fastify turns Node's request timeout off; such a client held its connection and buffer for ever.
    const slow = await startTestGateway({ requestTimeoutMs: 1500 });
    try {
      const { port, hostname } = new URL(slow.url);
      const started = performance.now();
      const raw = await new Promise<string>((resolve) => {
        const socket = connect(Number(port), hostname);
        const chunks: Buffer[] = [];
        const drip = setInterval(() => socket.write('a'), 200);
        const done = () => { clearInterval(drip); clearTimeout(limit); socket.destroy(); resolve(Buffer.concat(chunks).toString('utf8')); };
        const limit = setTimeout(done, 15_000);
        socket.on('data', (d: Buffer) => chunks.push(d));
        socket.on('close', done);
        socket.on('error', done);
        socket.write(`POST /v1/analyses HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: ${slow.key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"text":"`);
      });
      const a = parseAnswer(raw);
      expect(a.status, raw.slice(0, 200)).toBe(408);
      expect(a.body).toMatchObject({ errors: [{ code: 'PARAM_INVALID', type: 'REQUEST_TIMEOUT' }] });
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally { await slow.close(); }
  });

  it('headers over Node\'s 16 KiB are 431 in the envelope (they were 400)', async () => {
    const a = parseAnswer(await rawExchange(gw.url, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(a.status).toBe(431);
    expect(a.body).toMatchObject({ errors: [{ code: 'PARAM_INVALID', type: 'HEADERS_TOO_LARGE' }] });
  });
});

describe('a batch whose request message is over 4 MiB', () => {
  it('is accepted (it is within the documented limits), and the calls in flight beside it still answer', async () => {
    // 200 texts of 19,000 characters, 7 UTF-8 bytes per 5 characters: ~5.3 MB of request, under the 16 MiB
    // body limit, 1,000 texts and 20,000 characters per text. The core read at most 4 MiB per message and
    // refused it RESOURCE_EXHAUSTED (429), which on the CoreExchange stream ended the stream and failed
    // every other call on it with the same 429.
    const text = '€uro '.repeat(3800);
    const body = { items: Array.from({ length: 200 }, (_, i) => ({ text: `${i} ${text}`.slice(0, 19_000), feedId: 'large-batch' })) };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(5 * 1024 * 1024);
    const beside = Array.from({ length: 24 }, (_, i) => new Promise<void>((resolve) => { setTimeout(resolve, i * 2); })
      .then(() => gw.get('/v1/geo/cities?nearLocation=%2B37.7749-122.4194&nearLocationRadius=300&limit=50'))
      .then((r) => r.status));
    const batch = await gw.send('POST', '/v1/analyses:batch', body);
    const besideStatuses = await Promise.all(beside);
    expect(batch.status, batch.text.slice(0, 300)).toBe(202);
    expect(batch.body.data).toHaveLength(200);
    expect(besideStatuses).toEqual(beside.map(() => 200));
  });
});

describe('exchange messages by size', () => {
  it('carry the calls of a turn in runs of at most EXCHANGE_MESSAGE_BYTES of payload, a larger call alone', () => {
    const call = (bytes: number) => ({ payload: Buffer.alloc(bytes) });
    const small = [call(10), call(20)];
    expect(runsByPayloadBytes(small)).toEqual([small]);
    const half = EXCHANGE_MESSAGE_BYTES / 2;
    const calls: { payload?: Buffer }[] = [call(half), call(half), call(1), call(EXCHANGE_MESSAGE_BYTES * 3), call(5), {}];
    expect(runsByPayloadBytes(calls).map((run) => run.map((c) => c.payload?.length ?? 0)))
      .toEqual([[half, half], [1], [EXCHANGE_MESSAGE_BYTES * 3], [5, 0]]);
  });
});

describe('clients that would hold the gateway without a key or with many connections', () => {
  /** Sends `head` (and `body`, if any) on a raw socket and resolves with what came back before the socket closed (or 5 s). */
  const exchange = (url: string, head: string, body = ''): Promise<{ raw: string; ms: number }> => new Promise((resolve) => {
    const { port, hostname } = new URL(url);
    const started = performance.now();
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const done = () => { clearTimeout(limit); socket.destroy(); resolve({ raw: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }); };
    const limit = setTimeout(done, 5_000);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('close', done);
    socket.on('error', done);
    socket.write(head + body);
  });

  it('a body without a valid key is refused 401 before it is read, and the connection closed', async () => {
    // 16 MB declared, a few bytes sent: the answer comes at once (the body was never waited for, read or parsed)
    for (const [path, key] of [['/v1/analyses', ''], ['/v1/nope', ''], ['/graphql', ''], ['/v1/analyses', 'X-Gateway-Key: not-a-key\r\n']] as const) {
      const { raw, ms } = await exchange(gw.url, `POST ${path} HTTP/1.1\r\nHost: x\r\n${key}Content-Type: application/json\r\nContent-Length: 16000000\r\n\r\n`, '{"text":"');
      const a = parseAnswer(raw);
      expect(a.status, path).toBe(401);
      expect(a.headers, path).toContain('connection: close');
      expect(ms, path).toBeLessThan(4_000); // not the 5 s wait for a close
      const errors = (a.body as { errors: { message: string }[] }).errors;
      expect(errors[0]!.message, path).toMatch(/API key/);
    }
    // chunked, too (no Content-Length to judge by)
    const chunked = parseAnswer((await exchange(gw.url, 'POST /v1/analyses HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n', '5\r\n{"tex\r\n')).raw);
    expect(chunked.status).toBe(401);
  });

  it('a body is refused before it is read when the key lacks the route\'s scope (403) or is over its rate limit (429), on REST and GraphQL; an admitted one counts once', async () => {
    const head = (key: string) => `POST /v1/analyses HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 16000000\r\n\r\n`;
    const geoOnly = (await gw.gateway.keyStore.create({ name: 'geo only, body', scopes: ['geo:read'] })).key;
    const limited = (await gw.gateway.keyStore.create({ name: 'three a minute, body', scopes: ['*'], rateLimit: 3 })).key;
    // until the key ring has reloaded both: a 401 is not charged, the one 200 for `limited` is (3 → 2 left)
    await eventually(async () => (await gw.get('/v1/geo/countries/FR', { 'X-Gateway-Key': limited })).status === 200);
    await eventually(async () => (await gw.get('/v1/geo/countries/FR', { 'X-Gateway-Key': geoOnly })).status === 200);
    const scoped = await exchange(gw.url, head(geoOnly), '{"text":"');
    const a = parseAnswer(scoped.raw);
    expect(a.status).toBe(403); // was answered only after the 16 MB had been read and parsed
    expect(a.headers).toContain('connection: close');
    expect(scoped.ms).toBeLessThan(4_000);
    // two admitted requests with bodies: each counted once (the route does not charge the limit again)
    for (let i = 0; i < 2; i++) {
      const r = await gw.send('POST', '/v1/analyses', { text: `counted once ${i}` }, { 'X-Gateway-Key': limited });
      expect(r.status, r.text.slice(0, 200)).toBe(202);
      expect(r.headers.get('x-ratelimit-remaining')).toBe(String(1 - i));
    }
    const over = parseAnswer((await exchange(gw.url, head(limited), '{"text":"')).raw);
    expect(over.status).toBe(429);
    expect(over.headers).toContain('retry-after:');
    // GraphQL's POST routes too (the refusal in GraphQL's shape)
    for (const path of ['/graphql', '/']) {
      const gql = await exchange(gw.url, `POST ${path} HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: ${limited}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`, '{"query":"');
      const g = parseAnswer(gql.raw);
      expect(g.status, path).toBe(429);
      expect(gql.ms, path).toBeLessThan(4_000);
      expect((g.body as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code, path).toBe('ACCESS_DENIED');
    }
  });

  it('a chunked GraphQL body is cut off at the GraphQL size limit (413) like one with Content-Length', async () => {
    const big = JSON.stringify({ query: `{ __typename } # ${'x'.repeat(300_000)}` });
    const chunk = `${Buffer.byteLength(big).toString(16)}\r\n${big}\r\n0\r\n\r\n`;
    const a = parseAnswer((await exchange(gw.url, `POST /graphql HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: ${gw.key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`, chunk)).raw);
    expect(a.status).toBe(413);
  });

  it('a JSON body declared in another charset than UTF-8 is 415 (it was read as UTF-8 and lost its accents)', async () => {
    const post = (body: Buffer, charset: string) => fetch(`${gw.url}/v1/analyses`, {
      method: 'POST', body, headers: { 'content-type': `application/json; charset=${charset}`, 'x-gateway-key': gw.key, 'x-service-async-mode': 'false' },
    });
    const latin1 = await post(Buffer.from('{"text":"tr\u00e8s bien"}', 'latin1'), 'iso-8859-1');
    expect(latin1.status).toBe(415);
    expect(((await latin1.json()) as { errors: unknown[] }).errors[0]).toMatchObject({ type: 'UNSUPPORTED_MEDIA_TYPE', details: { field: 'Content-Type' } });
    expect((await post(Buffer.from('{"text":"tr\u00e8s bien"}', 'utf8'), 'UTF-8')).status).toBe(200);
  });

  /**
   * Holds connections from `from` (local addresses; each sends half a request and waits) against a gateway with these
   * caps, then checks that the next connection is 503 TOO_MANY_CONNECTIONS naming `setting`, and that the gateway
   * serves again once they close.
   */
  async function capRefuses(caps: { maxConnectionsPerClient: number; maxConnections?: number }, from: (string | undefined)[], setting: string): Promise<void> {
    const capped = await startTestGateway(caps);
    const { port, hostname } = new URL(capped.url);
    const held = from.map((localAddress) => {
      const s = connect({ port: Number(port), host: hostname, ...(localAddress ? { localAddress } : {}) });
      s.write('GET /healthz HTTP/1.1\r\nHost: x\r\n'); // never finished
      return s;
    });
    try {
      // the held connections count once the server has accepted them: ask until it has (a request before then is
      // simply answered)
      await eventually(async () => (await fetch(`${capped.url}/healthz`)).status === 503, 5000);
      const over = await fetch(`${capped.url}/healthz`);
      expect(over.status).toBe(503);
      const error = ((await over.json()) as { errors: { type: string; message: string }[] }).errors[0]!;
      expect(error.type).toBe('TOO_MANY_CONNECTIONS');
      expect(error.message).toContain(`${setting})`);
      for (const s of held) s.destroy();
      await eventually(async () => (await fetch(`${capped.url}/healthz`)).status !== 503, 5000);
    } finally {
      for (const s of held) s.destroy();
      await capped.close();
    }
  }

  it('one client address holds at most MERIDIAN_HTTP_MAX_CONNECTIONS_PER_CLIENT connections; the next is 503 in the envelope', async () => {
    await capRefuses({ maxConnectionsPerClient: 5 }, Array.from({ length: 5 }, () => undefined), 'MERIDIAN_HTTP_MAX_CONNECTIONS_PER_CLIENT');
  });

  it('all clients together hold at most MERIDIAN_HTTP_MAX_CONNECTIONS connections, each address under its own cap; the next is 503', async () => {
    // two other loopback addresses, three connections each: under the per-address cap, at the total one
    await capRefuses({ maxConnectionsPerClient: 5, maxConnections: 6 }, ['127.0.0.2', '127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.3', '127.0.0.3'], 'MERIDIAN_HTTP_MAX_CONNECTIONS');
  });

  it('two Host headers are 400, chunked under other transfer codings 501, any transfer coding on HTTP/1.0 400, in the envelope, on kept answers\' early path too (RFC 9112)', async () => {
    const path = '/v1/geo/countries/FR';
    // the same GET answered twice first, so that its answer is kept and the early path would answer it
    for (let i = 0; i < 2; i++) expect(parseAnswer((await exchange(gw.url, `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: ${gw.key}\r\nConnection: close\r\n\r\n`)).raw).status).toBe(200);
    const twoHosts = parseAnswer((await exchange(gw.url, `GET ${path} HTTP/1.1\r\nHost: x\r\nHost: y\r\nX-Gateway-Key: ${gw.key}\r\nConnection: close\r\n\r\n`)).raw);
    expect(twoHosts.status).toBe(400);
    expect((twoHosts.body as { errors: unknown[] }).errors[0]).toMatchObject({ details: { field: 'Host' } });
    const body = '{"text":"great"}';
    const chunk = `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const gzipChunked = parseAnswer((await exchange(gw.url, `POST /v1/analyses HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: ${gw.key}\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\nConnection: close\r\n\r\n`, chunk)).raw);
    expect(gzipChunked.status).toBe(501);
    expect((gzipChunked.body as { errors: unknown[] }).errors[0]).toMatchObject({ type: 'NOT_IMPLEMENTED', details: { field: 'Transfer-Encoding' } });
    // a coding without chunked last is Node's parser's one 400 (this check once answered a second response after it)
    const gzipOnly = (await exchange(gw.url, `GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n`)).raw;
    expect(parseAnswer(gzipOnly).status).toBe(400);
    expect(gzipOnly.match(/^HTTP\/1\.1 \d{3}/gm)).toHaveLength(1);
    // HTTP/1.0 has no transfer codings: faulty framing, 400 and close (Node served it)
    const old = parseAnswer((await exchange(gw.url, `POST /v1/analyses HTTP/1.0\r\nHost: x\r\nX-Gateway-Key: ${gw.key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`, chunk)).raw);
    expect(old.status).toBe(400);
    expect((old.body as { errors: unknown[] }).errors[0]).toMatchObject({ details: { field: 'Transfer-Encoding' } });
    // chunked alone is served as ever
    const chunked = parseAnswer((await exchange(gw.url, `POST /v1/analyses HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: ${gw.key}\r\nX-Service-Async-Mode: false\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`, chunk)).raw);
    expect(chunked.status).toBe(200);
  });

  it('an absolute-form request target is served by its path; an Expect other than 100-continue is 417 in the envelope', async () => {
    const absolute = parseAnswer((await exchange(gw.url, `GET http://example.com/v1/geo/countries/FR HTTP/1.1\r\nHost: x\r\nX-Gateway-Key: ${gw.key}\r\nConnection: close\r\n\r\n`)).raw);
    expect(absolute.status).toBe(200);
    expect((absolute.body as { data: { code: string } }).data.code).toBe('FR');
    const expectation = parseAnswer((await exchange(gw.url, 'GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nConnection: close\r\n\r\n')).raw); // fetch refuses to send Expect
    expect(expectation.status).toBe(417);
    expect((expectation.body as { errors: unknown[] }).errors[0]).toMatchObject({ type: 'EXPECTATION_FAILED', details: { field: 'Expect' } });
  });

  it('GraphQL body refusals answer in GraphQL\'s shape; an async header that contradicts the body is 400', async () => {
    for (const body of ['{"query":"{ __typename }","__proto__":{"x":1}}', '{"query":']) {
      const r = await gw.send('POST', '/graphql', body);
      expect(r.status, body).toBe(400);
      expect(r.body, body).toMatchObject({ data: null, errors: [{ extensions: { code: 'PARAM_INVALID' } }] });
    }
    const both = await gw.send('POST', '/v1/analyses', { text: 'good', asyncMode: true }, { 'X-Service-Async-Mode': 'false' });
    expect(both.status).toBe(400);
    expect(both.body.errors[0].message).toMatch(/X-Service-Async-Mode says false but the body's asyncMode says true/);
    expect((await gw.send('POST', '/v1/analyses', { text: 'good', asyncMode: false }, { 'X-Service-Async-Mode': 'false' })).status).toBe(200);
  });
});
