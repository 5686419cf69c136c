/**
 * `npm start`: the core and the gateway in one process on embedded defaults,
 * the gateway reaching the core over the loopback gRPC channel. Each can run
 * alone so that they scale separately:
 *   node dist/bin/meridian.js                 core + gateway
 *   node dist/bin/meridian.js --core-only     the gRPC core
 *   node dist/bin/meridian.js --gateway-only --core=host:port
 *   --plaintext                               no TLS between them (loopback only)
 *   --listen=host:port                        the gateway's HTTP address (else MERIDIAN_HTTP_ADDR)
 *   --build-index                             write the place index next to the geo file and exit
 *                                             (install time, image build)
 * The core runs on a worker thread (its own event loop and CPU core; gRPC
 * between the two over loopback, as between separate processes).
 *
 * Trust: the core's CA and two role certificates live in the state folder
 * (files 0600 in state/tls/): gateway-cert.pem/-key.pem, which the gateway
 * presents to the core, and admin-cert.pem/-key.pem for an operator's grpcurl
 * (issuing, revoking). The core thread is started first and loads its modules
 * while the launcher makes or checks these files; it starts serving once they
 * are ready ('trust-ready'). The core refuses every call but health without
 * such a certificate.
 *
 * Lifecycle: SIGINT/SIGTERM (or SIGHUP, or the parent going away, as when
 * `npm start` is stopped) close the gateway first (drain HTTP), then the core,
 * and exit 0; a second signal exits at once with code 1.
 */

interface CoreThread { address: string; close(): Promise<void> }

/** The core thread's V8 young generation in MB (V8's default grows to 48; CHANGELOG.md). */
const CORE_YOUNG_GENERATION_MB = 12;

/**
 * Starts the core on a worker thread and resolves once it listens. The thread
 * loads its modules at once, then waits for `trustReady` (the certificates in
 * the state folder) before it opens its CA: its loading overlaps the
 * launcher's own, and the certificates' (bin/coreWorker.ts).
 */
function startCoreThread(env: NodeJS.ProcessEnv, trustReady: Promise<unknown>): Promise<CoreThread> {
  // Compiled: dist/bin/coreWorker.js; from source (tests run it with tsx, a devDependency): bin/coreWorker.ts through
  // test/support/tsxCoreWorker.mjs, which registers tsx in the thread first.
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? '../test/support/tsxCoreWorker.mjs' : './coreWorker.js', import.meta.url);
  // the core's young generation as small as the analysis threads' (YOUNG_GENERATION_MB): it holds most of the
  // growth under a sentiment batch (stored results, messages), and V8 keeps a grown young generation
  const resourceLimits = { maxYoungGenerationSizeMb: CORE_YOUNG_GENERATION_MB };
  const worker = new Worker(entry, { env, resourceLimits });
  // a failure here is main's to report (it awaits trustReady too); the thread, which would wait for 'trust-ready'
  // forever (a failed start waits for it to end: an unusable state folder hung the launcher silently), is told to end
  trustReady.then(() => worker.postMessage('trust-ready'), () => worker.postMessage('close'));
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the core thread exited with code ${code} before listening`)));
    worker.once('message', (m: { address?: string; error?: string }) => {
      if (m.error || !m.address) { reject(new Error(m.error ?? 'the core thread did not report its address')); return; }
      worker.removeAllListeners('exit');
      worker.removeAllListeners('error');
      let closing = false;
      let exited = false;
      // a core thread that dies while serving takes the service down with it (exit 1, so a supervisor restarts it),
      // rather than leaving a gateway that answers 503 to everything
      worker.on('error', (e) => logger.fatal({ err: e }, 'the core thread failed'));
      worker.once('exit', (code) => {
        exited = true;
        if (closing) return;
        logger.fatal({ code }, 'the core thread stopped while serving; exiting');
        process.exit(1);
      });
      resolve({
        address: m.address,
        close: () => new Promise<void>((done) => {
          closing = true;
          if (exited) { done(); return; }
          worker.once('exit', () => done());
          worker.once('message', () => {
            // the thread ends by itself once closed; terminate it only if something keeps it alive
            setTimeout(() => { void worker.terminate(); }, 3000).unref();
          });
          worker.postMessage('close');
        }),
      });
    });
  });
}
import './duckdbAllocator.js'; // first: sets DuckDB's allocator options before any import loads DuckDB
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { logger } from '../src/log.js';
import { cliArgs } from '../lib/cliArgs.js';
import { httpAddress, loadGatewayConfig } from '../gateway/config.js';
import { grpcAddressSetting } from '../lib/envSettings.js';
import type { RunningGateway } from '../gateway/app.js';
import { loadCoreConfig } from '../src/config.js';

/**
 * The CA and the gateway's and admin's certificates in the state folder, created when missing (first start).
 * The certificate code (~0.3 s of loading) is imported here, after the core thread has started.
 */
async function ensureTrust(stateDir: string): Promise<{ dir: string; created: string[] }> {
  const { CertificateAuthority } = await import('../src/certificates/certificateAuthority.js');
  const ca = await CertificateAuthority.open(stateDir);
  const created: string[] = [];
  for (const role of ['gateway', 'admin'] as const) {
    const r = await ca.ensureIdentity(role, role);
    if (r.created) created.push(r.certPath);
  }
  return { dir: ca.dir, created };
}

async function main(): Promise<void> {
  const { values: args } = cliArgs({
    name: 'meridian',
    usage: 'node dist/bin/meridian.js [options]   (npm start [-- options]); node dist/bin/meridian.js analyze --help for the batch CLI',
    about: 'Starts the gRPC core and the REST/GraphQL gateway in one process (each alone with --core-only or --gateway-only).\n'
      + 'Settings come from MERIDIAN_* environment variables (README "Configuration").',
    options: {
      'core-only': { type: 'boolean', help: 'the gRPC core only (MERIDIAN_GRPC_ADDR)' },
      'gateway-only': { type: 'boolean', help: 'the gateway only, calling the core at --core' },
      plaintext: { type: 'boolean', help: 'no TLS between gateway and core (loopback only)' },
      'build-index': { type: 'boolean', help: 'write the place index next to the geo database and exit (install time)' },
      core: { type: 'string', arg: 'HOST:PORT', help: 'the core the gateway calls (else MERIDIAN_CORE_ADDR)' },
      listen: { type: 'string', arg: 'HOST:PORT', help: "the gateway's HTTP address (else MERIDIAN_HTTP_ADDR)" },
    },
  });
  if (args['build-index']) {
    // install time (bin/ensureBuilt.mjs): the place index file next to the geo database, so that no start builds it
    const { preparePlaceIndex } = await import('../src/server.js'); // the core itself runs in its thread: loaded here only for this
    const r = await preparePlaceIndex(loadCoreConfig());
    process.stdout.write(r.fromFile ? `place index up to date: ${r.path}\n` : `place index written: ${r.path}\n`);
    return;
  }
  const coreOnly = args['core-only'] === true;
  const gatewayOnly = args['gateway-only'] === true;
  if (coreOnly && gatewayOnly) throw new Error('--core-only and --gateway-only exclude each other');
  const env = args.plaintext ? { ...process.env, MERIDIAN_CORE_PLAINTEXT: 'true' } : process.env;

  let core: CoreThread | undefined;
  let gateway: RunningGateway | undefined;
  let coreStarting: Promise<CoreThread> | undefined;
  let gatewayStarting: Promise<RunningGateway> | undefined;
  let stopping: Promise<void> | undefined;
  // A part still starting is waited for, then closed: ending the process while the core's thread is inside
  // DuckDB's or onnxruntime's native start-up aborted it (SIGTERM in the first second: exit 134).
  const closeStarted = async () => {
    const g = gateway ?? (await gatewayStarting?.catch(() => undefined));
    await g?.gateway.close();
    const c = core ?? (await coreStarting?.catch(() => undefined));
    await c?.close();
  };
  const stop = (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    logger.info({ signal }, 'shutting down');
    stopping = closeStarted();
    stopping.then(() => { logger.info('stopped'); process.exit(0); }, (e: unknown) => { logger.error({ err: e }, 'shutdown failed'); process.exit(1); });
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
  // Orphaned (npm, or the shell between npm and us, was stopped without passing the signal on): stop as on SIGTERM.
  const parent = process.ppid;
  setInterval(() => { if (process.ppid !== parent && !stopping) stop('parent exited'); }, 500).unref();

  try {
    await startParts();
  } catch (e) {
    // A part that failed to start (the gateway's port taken, say) ends the start: the parts already started or
    // starting are closed first, as on a signal. Exiting at once aborted the process (exit 134, "terminate called
    // after throwing an instance of 'Napi::Error'") when the analysis threads were still loading their models.
    if (!stopping) await closeStarted().catch((closeError: unknown) => logger.error({ err: closeError }, 'closing after a failed start failed'));
    throw e;
  }

  async function startParts(): Promise<void> {
    let coreConfig: ReturnType<typeof loadCoreConfig> | undefined;
    // Both halves' settings are read before anything starts: a bad gateway setting found only once the core had
    // started left certificates and state files behind, and printed the core's start before the failure.
    const config = coreOnly ? undefined : loadGatewayConfig(env);
    if (args.listen !== undefined) httpAddress('--listen', args.listen);
    if (args.core !== undefined) grpcAddressSetting('--core', args.core);
    if (!gatewayOnly) {
      coreConfig = loadCoreConfig(env);
      const trust = coreConfig.plaintext ? Promise.resolve(undefined) : ensureTrust(coreConfig.stateDir);
      coreStarting = startCoreThread(env, trust);
      // the core reports its own failure (main's catch); a rejection seen only later must not go unhandled meanwhile
      coreStarting.catch(() => undefined);
      const made = await trust;
      if (made?.created.length) process.stdout.write(`  created the core's certificates (mutual TLS) in ${made.dir}\n`);
    }
    const reportCore = (c: CoreThread) => {
      const tls = join(coreConfig!.stateDir, 'tls');
      process.stdout.write(`Meridian core (gRPC) on ${c.address}   try: ${coreConfig!.plaintext
        ? `grpcurl -plaintext ${c.address} list`
        : `grpcurl -cacert ${tls}/ca-cert.pem -cert ${tls}/admin-cert.pem -key ${tls}/admin-key.pem ${c.address.replace(/^127\.0\.0\.1:/, 'localhost:')} list`}\n`);
    };
    // The gateway starts while the core loads when it knows the core's address beforehand (a fixed port, the default):
    // its channel connects when the core listens, and /healthz answers 503 (core UNAVAILABLE) until then. With an
    // ephemeral core port (:0) it waits for the core to say where it listens.
    const parallel = coreStarting !== undefined && config !== undefined && args.core === undefined && !/:0$/.test(coreConfig!.grpcAddress);
    if (coreStarting && !parallel) {
      core = await coreStarting;
      if (stopping) return;
      reportCore(core);
    }
    if (config && !stopping) {
      const coreAddress = args.core ?? core?.address ?? (parallel ? coreConfig!.grpcAddress : config.coreAddress);
      // Loaded after the core thread has started, so that the core's own loading (its thread) overlaps this one.
      const { startGateway } = await import('../gateway/app.js');
      gatewayStarting = startGateway({ ...config, coreAddress, httpAddress: args.listen ?? config.httpAddress }, logger);
      gateway = await gatewayStarting;
      if (stopping) await gateway.gateway.close();
    }
    // printed once the core listens too: a start whose core then failed first said where the gateway serves
    if (parallel && coreStarting) {
      core = await coreStarting;
      if (stopping) return;
    }
    if (gateway && config && !stopping) {
      const { localKeyPath } = await import('../gateway/auth/keyStore.js'); // loaded by the gateway already
      const keyFile = localKeyPath(config.stateDir);
      process.stdout.write(`Meridian gateway (REST, JSONP, GraphQL, OpenAPI) on ${gateway.url}\n`);
      if (gateway.gateway.localKeyFile) process.stdout.write(`  created a local API key with every scope: ${keyFile}\n`);
      // a replica made no local key (MERIDIAN_CREATE_LOCAL_KEY=false): the hint names a key of its own, not a missing file
      const key = existsSync(keyFile) ? `$(cat ${keyFile})` : '<your key: npm run keys -- create>';
      process.stdout.write(`  try: curl -H "X-Gateway-Key: ${key}" '${gateway.url}/v1/geo/cities?namePrefix=San&limit=3'\n`);
    }
    if (parallel && core) reportCore(core);
  }
}

if (process.argv[2] === 'analyze') {
  // `meridian analyze FILE …`: the batch CLI (bin/analyze.ts), a REST client that starts nothing
  void import('./analyze.js').then(({ analyzeCli }) => analyzeCli(process.argv.slice(3))).then((code) => { process.exitCode = code; });
} else {
  main().catch((e: unknown) => {
    // what failed, not where: a setting, a port in use, a state folder (the stack at MERIDIAN_LOG_LEVEL=debug)
    const reason = e instanceof Error ? e.message : String(e);
    logger.error({ reason }, 'start-up failed');
    logger.debug({ err: e }, 'start-up failure, with its stack');
    process.stderr.write(`Meridian could not start: ${reason}\n`);
    process.exit(1);
  });
}
