// The production start, as deploy/Dockerfile runs it, called once on each surface: run by .ci/run in a folder that
// holds a production install (`npm ci --omit=dev`: no devDependencies, so no tsx, vitest or typescript).
//   node test/ship/productionSmoke.mjs <folder>
// Starts `node dist/bin/meridian.js` there on free ports with a fresh state folder, then: a synchronous sentiment
// analysis (REST), a webhook registration and the delivery of job.succeeded for an asynchronous analysis to a local
// receiver, a GraphQL query, the dashboard page, the keys and analyze CLIs' --help; stops it with SIGTERM (exit 0).
// Plain JavaScript with no dependencies: it runs on the production install. Exit 1 with the step that failed.
/* global fetch, AbortSignal, setTimeout, clearTimeout -- Node globals the lint config does not list for .mjs */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const folder = resolve(process.argv[2] ?? '.');
const state = mkdtempSync(join(tmpdir(), 'meridian-prod-state-'));
const started = Date.now();
let server;
let receiver;

function fail(step, detail) {
  process.stderr.write(`production smoke test failed: ${step}${detail ? `: ${detail}` : ''}\n`);
  server?.kill('SIGKILL');
  receiver?.close();
  rmSync(state, { recursive: true, force: true });
  process.exit(1);
}

async function call(step, url, init, want = 200) {
  let res;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  } catch (e) {
    fail(step, e.message);
  }
  const body = await res.text();
  if (res.status !== want) fail(step, `HTTP ${res.status} (wanted ${want}): ${body.slice(0, 300)}`);
  process.stdout.write(`  ok  ${step} (HTTP ${res.status})\n`);
  return body;
}

// a webhook receiver on a free loopback port: resolves with the first delivery's event type
const deliveries = [];
let delivered;
const firstDelivery = new Promise((r) => { delivered = r; });
receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => { body += c; });
  req.on('end', () => {
    res.writeHead(204).end();
    deliveries.push({ signature: req.headers['webhook-signature'], body });
    delivered(JSON.parse(body).type);
  });
});
await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${receiver.address().port}/hook`;

server = spawn(process.execPath, ['dist/bin/meridian.js'], {
  cwd: folder,
  env: {
    ...process.env, NODE_ENV: 'production', MERIDIAN_STATE_DIR: state, MERIDIAN_HTTP_ADDR: '127.0.0.1:0', MERIDIAN_GRPC_ADDR: '127.0.0.1:0',
    MERIDIAN_WEBHOOK_ALLOW_HOSTS: '127.0.0.1', MERIDIAN_LOG_LEVEL: 'warn', MERIDIAN_SENTIMENT_WORKERS: '1',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let out = '';
let err = '';
server.stderr.on('data', (c) => { err += c; });
const base = await new Promise((res) => {
  const timer = setTimeout(() => fail('start', `no gateway address within 120 s; stderr: ${err.slice(-1000)}`), 120_000);
  server.stdout.on('data', (c) => {
    out += c;
    const m = /Meridian gateway \(REST, JSONP, GraphQL, OpenAPI\) on (http:\/\/\S+)/.exec(out);
    if (m && /Meridian core \(gRPC\) on/.test(out)) { clearTimeout(timer); res(m[1]); }
  });
  server.once('exit', (code) => fail('start', `exited with ${code}; stderr: ${err.slice(-1000)}`));
});
process.stdout.write(`production start serving at ${base} after ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
const key = readFileSync(join(state, 'local-key.txt'), 'utf8').trim();
const json = { 'x-gateway-key': key, 'content-type': 'application/json' };

const sync = JSON.parse(await call('REST sentiment analysis (synchronous)', `${base}/v1/analyses`, {
  method: 'POST', headers: { ...json, 'x-service-async-mode': 'false' }, body: JSON.stringify({ text: 'The support team was wonderful and fixed everything!' }),
}));
if (!['POSITIVE', 'VERY_POSITIVE'].includes(sync.data?.sentiment)) fail('REST sentiment analysis', `sentiment ${sync.data?.sentiment} for a plainly positive text`);

const hook = JSON.parse(await call('webhook registration', `${base}/v1/webhooks`, {
  method: 'POST', headers: json, body: JSON.stringify({ url: hookUrl, eventTypes: ['job.succeeded'] }),
}));
if (!/^whsec_/.test(hook.data?.secret ?? '')) fail('webhook registration', 'no whsec_ secret in the answer');
await call('REST sentiment analysis (asynchronous job)', `${base}/v1/analyses`, {
  method: 'POST', headers: json, body: JSON.stringify({ text: 'Shares plunge after the company cuts guidance', domain: 'FINANCIAL_NEWS' }),
}, 202);
const event = await Promise.race([firstDelivery, new Promise((r) => setTimeout(() => r(null), 60_000))]);
if (event !== 'job.succeeded') fail('webhook delivery', `no job.succeeded delivery within 60 s (${deliveries.length} received)`);
process.stdout.write(`  ok  webhook delivery (${event}, signed ${String(deliveries[0].signature).slice(0, 3)}…)\n`);

const gql = JSON.parse(await call('GraphQL query', `${base}/graphql`, {
  method: 'POST', headers: json, body: JSON.stringify({ query: '{ country(id: "US") { code name } }' }),
}));
if (gql.errors?.length || !gql.data?.country?.name) fail('GraphQL query', JSON.stringify(gql).slice(0, 300));

const page = await call('dashboard page', `${base}/dashboard`, { headers: { 'x-gateway-key': key } });
if (!/<html/i.test(page)) fail('dashboard page', 'not an HTML page');
await call('geo REST', `${base}/v1/geo/cities?namePrefix=San&limit=3`, { headers: { 'x-gateway-key': key } });

for (const [name, file] of [['keys', 'dist/gateway/auth/keysCli.js'], ['analyze', 'dist/bin/analyze.js']]) {
  const r = spawnSync(process.execPath, [file, '--help'], { cwd: folder, encoding: 'utf8' });
  if (r.status !== 0 || !/--help/.test(r.stdout)) fail(`${name} --help`, `exit ${r.status}: ${r.stderr.slice(0, 300)}`);
  process.stdout.write(`  ok  ${name} --help\n`);
}

server.removeAllListeners('exit');
server.kill('SIGTERM');
const code = await new Promise((r) => server.once('exit', r));
receiver.close();
rmSync(state, { recursive: true, force: true });
if (code !== 0) fail('stop', `exit code ${code} after SIGTERM`);
process.stdout.write(`production smoke test passed in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
// every check is done and the service has exited: exit now rather than wait for Node's fetch pool and the
// receiver's sockets to time out (the process lingered ~60 s after this line, a minute of every CI run)
process.exit(0);
