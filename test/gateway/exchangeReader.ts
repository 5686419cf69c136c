/**
 * A slow CoreExchange client in its own process, for the backpressure test:
 * it sends `count` calls (argv: core address, the core's state folder, count,
 * request payload in hex, method path, ms of work per answer message), takes
 * that long over each answer message with its event loop blocked (as a
 * gateway whose event loop is saturated reads its socket), and prints
 * {"answered": n, "failed": m} once every call is answered.
 */
import * as grpc from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientConstructor } from '../../src/grpc/protos.js';

const [address, stateDir, countArg, payloadHex, method, slowArg] = process.argv.slice(2) as [string, string, string, string, string, string];
const slowMs = Number(slowArg);
const count = Number(countArg);
const tls = join(stateDir, 'tls');
const credentials = grpc.credentials.createSsl(readFileSync(join(tls, 'ca-cert.pem')), readFileSync(join(tls, 'gateway-key.pem')), readFileSync(join(tls, 'gateway-cert.pem')));
const Exchange = clientConstructor('meridian.exchange.v1.CoreExchange');
const client = new Exchange(address, credentials, { 'grpc.ssl_target_name_override': 'localhost', 'grpc.default_authority': 'localhost' }) as unknown as grpc.Client & { Exchange: () => grpc.ClientDuplexStream<unknown, { results: { id: number; statusCode: number }[] }> };
const stream = client.Exchange();
const payload = Buffer.from(payloadHex, 'hex');
let answered = 0;
let failed = 0;
stream.on('data', (m: { results: { id: number; statusCode: number }[] }) => {
  const until = performance.now() + slowMs;
  while (performance.now() < until) { /* a reader busy elsewhere */ }
  for (const r of m.results) { answered++; if (r.statusCode !== grpc.status.OK) failed++; }
  if (answered === count) { process.stdout.write(JSON.stringify({ answered, failed }) + '\n'); stream.end(); client.close(); }
});
stream.on('error', (e) => { process.stdout.write(JSON.stringify({ answered, failed, error: e.message }) + '\n'); process.exit(1); });
for (let id = 1; id <= count; id += 8) {
  stream.write({ calls: Array.from({ length: Math.min(8, count - id + 1) }, (_, k) => ({ id: id + k, method, payload, timeoutMs: 600_000 })) });
}
