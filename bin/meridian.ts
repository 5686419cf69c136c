/**
 * `npm start`: the core and the gateway in one process on embedded defaults,
 * the gateway reaching the core over the loopback gRPC channel. Each can run
 * alone so that they scale separately:
 *   node dist/bin/meridian.js                 core + gateway
 *   node dist/bin/meridian.js --core-only     the gRPC core
 *   node dist/bin/meridian.js --gateway-only --core=host:port
 * The core runs on a worker thread (its own event loop and CPU core; gRPC
 * between the two over loopback, as between separate processes).
 * SIGINT/SIGTERM close the gateway first (drain HTTP), then the core.
 */

interface CoreThread { address: string; close(): Promise<void> }

/** Starts the core on a worker thread and resolves once it listens. */
function startCoreThread(): Promise<CoreThread> {
  // Compiled: dist/bin/coreWorker.js; from source (tests run it with tsx): bin/coreWorker.ts, with tsx loaded in the worker too.
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './coreWorker.ts' : './coreWorker.js', import.meta.url);
  const worker = fromSource
    ? new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`, { eval: true })
    : new Worker(entry);
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the core thread exited with code ${code} before listening`)));
    worker.once('message', (m: { address?: string; error?: string }) => {
      if (m.error || !m.address) { reject(new Error(m.error ?? 'the core thread did not report its address')); return; }
      worker.removeAllListeners('exit');
      resolve({
        address: m.address,
        close: () => new Promise<void>((done) => {
          worker.once('message', () => { void worker.terminate().then(() => done()); });
          worker.postMessage('close');
        }),
      });
    });
  });
}
import { Worker } from 'node:worker_threads';
import { logger } from '../src/log.js';
import { argValue, loadGatewayConfig } from '../gateway/config.js';
import { startGateway, type RunningGateway } from '../gateway/app.js';
import { localKeyPath } from '../gateway/auth/keyStore.js';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const known = /^--(core-only|gateway-only|core=.+|listen=.+)$/;
  const unknown = args.filter((a) => !known.test(a));
  if (unknown.length) throw new Error(`unknown option ${unknown.join(' ')}; options are --core-only, --gateway-only, --core=host:port, --listen=host:port`);
  const coreOnly = args.includes('--core-only');
  const gatewayOnly = args.includes('--gateway-only');
  if (coreOnly && gatewayOnly) throw new Error('--core-only and --gateway-only exclude each other');

  let core: CoreThread | undefined;
  let gateway: RunningGateway | undefined;
  if (!gatewayOnly) {
    core = await startCoreThread();
    process.stdout.write(`Meridian core (gRPC) on ${core.address}   try: grpcurl -plaintext ${core.address} list\n`);
  }
  if (!coreOnly) {
    const config = loadGatewayConfig();
    const coreAddress = argValue(args, 'core') ?? core?.address ?? config.coreAddress;
    gateway = await startGateway({ ...config, coreAddress, httpAddress: argValue(args, 'listen') ?? config.httpAddress }, logger);
    const keyFile = localKeyPath(config.stateDir);
    process.stdout.write(`Meridian gateway (REST, JSONP, GraphQL, OpenAPI) on ${gateway.url}\n`);
    if (gateway.gateway.localKeyFile) process.stdout.write(`  created a local API key with every scope: ${keyFile}\n`);
    process.stdout.write(`  try: curl -H "X-Gateway-Key: $(cat ${keyFile})" '${gateway.url}/v1/geo/cities?namePrefix=San&limit=3'\n`);
  }
  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    (async () => {
      await gateway?.gateway.close();
      await core?.close();
    })().then(() => process.exit(0), (e: unknown) => { logger.error({ err: e }, 'shutdown failed'); process.exit(1); });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[2] === 'analyze') {
  // `meridian analyze FILE …`: the batch CLI (bin/analyze.ts), a REST client that starts nothing
  void import('./analyze.js').then(({ analyzeCli }) => analyzeCli(process.argv.slice(3))).then((code) => { process.exitCode = code; });
} else {
  main().catch((e: unknown) => {
    logger.error({ err: e }, 'start-up failed');
    process.stderr.write(`Meridian could not start: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
