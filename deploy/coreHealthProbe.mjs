// Readiness/liveness probe of a core replica: grpc.health.v1.Health/Check on the
// core's port, over TLS with the deployment's CA (and a client certificate if given),
// exit 0 when SERVING. Kubernetes' built-in gRPC probe speaks plaintext only, and the
// core's port is TLS. Usage (env): PROBE_ADDR=127.0.0.1:50051 PROBE_CA=/tls/ca-cert.pem
// [PROBE_CERT=… PROBE_KEY=…] [PROBE_TLS_NAME=core] [PROBE_PLAINTEXT=true] node coreHealthProbe.mjs
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import process from 'node:process';
import * as grpc from '@grpc/grpc-js';

const env = process.env;
const addr = env.PROBE_ADDR || '127.0.0.1:50051';
const read = (p) => (p ? readFileSync(p) : null);
const creds = env.PROBE_PLAINTEXT === 'true'
  ? grpc.credentials.createInsecure()
  : grpc.credentials.createSsl(read(env.PROBE_CA), read(env.PROBE_KEY), read(env.PROBE_CERT));
const options = env.PROBE_TLS_NAME ? { 'grpc.ssl_target_name_override': env.PROBE_TLS_NAME } : {};
const client = new grpc.Client(addr, creds, options);
// HealthCheckRequest{service = 1}: empty message = the whole server; HealthCheckResponse{status = 1}: 1 = SERVING.
client.makeUnaryRequest('/grpc.health.v1.Health/Check', (x) => x, (b) => b, Buffer.alloc(0), { deadline: Date.now() + 3000 }, (err, res) => {
  client.close();
  if (err) { process.stderr.write(`core not healthy: ${err.message}\n`); process.exit(1); }
  const serving = res.length >= 2 && res[0] === 0x08 && res[1] === 0x01;
  if (!serving) { process.stderr.write('core answers but is not SERVING\n'); process.exit(1); }
  process.exit(0);
});
