/**
 * The core: one gRPC server whose services are thin adapters over the
 * capability modules. This file reads as the table of contents: open the
 * data, add each capability, health and reflection, listen; and one place
 * closes everything again.
 */
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { ReflectionService } from '@grpc/reflection';
import { existsSync } from 'node:fs';
import { isLoopbackAddress, type CoreConfig } from './config.js';
import { Authenticator } from './grpc/authentication.js';
import { ConnectionPool, openDatabase } from './db/duckdb.js';
import { addGeoService, openPlaceStore, placeIndexPath, type Geo } from './geo/geoService.js';
import { addLocaleService } from './locale/localeService.js';
import { reflectionDefinition } from './grpc/protos.js';
import { addExchangeService } from './grpc/exchange.js';
import { ServiceRegistry } from './grpc/serviceRegistry.js';
import { logger } from './log.js';
import { addSentimentService, type Sentiment } from './sentiment/sentimentService.js';
import { CertificateAuthority } from './certificates/certificateAuthority.js';
import { addCertificateService } from './certificates/certificateService.js';
import type { SharedCertificates } from './certificates/sharedCertificates.js';
import { Paging } from './paging.js';
import { pageTokenSecret } from '../proto/contract/pageTokens.js';
import { GEO_TABLES } from './geo/searchKey.js';

export interface Core {
  address: string;
  port: number;
  geo: Geo;
  sentiment: Sentiment;
  ca: CertificateAuthority;
  /** Whether callers must present a client certificate signed by `ca` (false only with the explicit plaintext flag). */
  mtls: boolean;
  close(): Promise<void>;
}

const SENTIMENT_SERVICE = 'meridian.sentiment.v1.SentimentService';
const SERVICES = [
  'meridian.geo.v1.GeoService', 'meridian.locale.v1.LocaleService', SENTIMENT_SERVICE,
  'meridian.certificates.v1.CertificateService', 'meridian.exchange.v1.CoreExchange',
];

/**
 * The geo database, read-only, checked to be one: a DuckDB file of something else (the state file, say) at
 * MERIDIAN_GEO_DB failed the start with a catalog error about a table `meta`, and a file that is not DuckDB's
 * with DuckDB's own words; both now name the variable and what to do.
 */
async function openGeoDatabase(config: Pick<CoreConfig, 'geoDbPath' | 'dbThreads'>, connections: number): Promise<ConnectionPool> {
  const path = config.geoDbPath;
  const fix = `point MERIDIAN_GEO_DB at the file 'npm run data:build' writes, or unset it for the default (data/build/geo.duckdb)`;
  if (!existsSync(path)) throw new Error(`geo database not found at ${path}: run 'npm run data:build' (npm install builds it too)`);
  let instance: Awaited<ReturnType<typeof openDatabase>>;
  try {
    instance = await openDatabase(path, { readOnly: true, threads: config.dbThreads });
  } catch (e) {
    throw new Error(`the geo database ${path} (MERIDIAN_GEO_DB) cannot be opened (${(e as Error).message.replace(/[.!]+$/, '')}): ${fix}`, { cause: e });
  }
  let db: ConnectionPool;
  try {
    db = await ConnectionPool.create(instance, connections);
  } catch (e) {
    instance.closeSync();
    throw e;
  }
  const [r] = await db.query<{ n: bigint | number }>(
    `SELECT count(*) AS n FROM information_schema.tables WHERE table_name IN (${GEO_TABLES.map((t) => `'${t}'`).join(', ')})`);
  if (Number(r?.n) !== GEO_TABLES.length) {
    await db.close();
    throw new Error(`${path} (MERIDIAN_GEO_DB) is a DuckDB file but not Meridian's geo database (no ${GEO_TABLES.join(', ')} tables): ${fix}`);
  }
  return db;
}

/** Writes the place index file of the configured geo database when it is missing or stale (install time; see placeIndexFile.ts). */
export async function preparePlaceIndex(config: CoreConfig): Promise<{ path: string; fromFile: boolean }> {
  const db = await openGeoDatabase(config, 1);
  try {
    let error: unknown;
    const path = placeIndexPath(config.geoDbPath);
    const r = await openPlaceStore(db, path, (e) => { if (!e.wrote) error = e.error; });
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return { path, fromFile: r.fromFile };
  } finally {
    await db.close();
  }
}

/**
 * Health is open to callers without a certificate, so what it keeps per call is bounded here. grpc-health-check
 * keeps a Map entry for every service name ever watched (its removeWatcher empties the entry's set but never
 * deletes it), so 100 cancelled Watch calls naming 2 MB services each kept ~190 MB for good; and Check echoed a
 * name of any length in its error message. A Watch of a service the core does not have is answered
 * SERVICE_UNKNOWN, as the protocol says, and ended without registering anything; a Check of one NOT_FOUND with the name cut.
 * A Watch of a service it has stays open until the caller cancels it, and nothing bounded how many were open: one
 * client without a certificate held 80,000 over 8 connections and the process kept ~570 MB more (~7 KB each) for as
 * long as it liked. Live Watch calls are capped per peer address (MAX_HEALTH_WATCHES_PER_PEER) and in all
 * (MAX_HEALTH_WATCHES); one over either cap is answered RESOURCE_EXHAUSTED at once. Check is unaffected.
 */
export const MAX_HEALTH_WATCHES_PER_PEER = 100;
export const MAX_HEALTH_WATCHES = 10_000;

function guardHealth(impl: grpc.UntypedServiceImplementation, known: ReadonlySet<string>): grpc.UntypedServiceImplementation {
  const check = impl['check'] as grpc.handleUnaryCall<{ service: string }, unknown>;
  const watch = impl['watch'] as grpc.handleServerStreamingCall<{ service: string }, unknown>;
  const watching = new Map<string, number>();
  let liveWatches = 0;
  return {
    ...impl,
    check: ((call, callback) => {
      const name = call.request.service ?? '';
      if (known.has(name)) { check(call, callback); return; }
      callback({ code: grpc.status.NOT_FOUND, details: `Health status unknown for service ${name.slice(0, 100)}${name.length > 100 ? '…' : ''}` });
    }) as grpc.handleUnaryCall<{ service: string }, unknown>,
    watch: ((call) => {
      if (known.has(call.request.service ?? '')) {
        // the peer's address without its port ("127.0.0.1:51234", "::1:51234"): connections of one client count together
        const peer = call.getPeer().replace(/:\d+$/, '');
        const mine = watching.get(peer) ?? 0;
        if (mine >= MAX_HEALTH_WATCHES_PER_PEER || liveWatches >= MAX_HEALTH_WATCHES) {
          call.emit('error', { code: grpc.status.RESOURCE_EXHAUSTED, details: mine >= MAX_HEALTH_WATCHES_PER_PEER
            ? `at most ${MAX_HEALTH_WATCHES_PER_PEER} health Watch calls may be open from one address; cancel one, or use Check`
            : `at most ${MAX_HEALTH_WATCHES} health Watch calls may be open; cancel one, or use Check` });
          return;
        }
        watching.set(peer, mine + 1);
        liveWatches++;
        let open = true;
        const release = () => {
          if (!open) return;
          open = false;
          liveWatches--;
          const n = (watching.get(peer) ?? 1) - 1;
          if (n === 0) watching.delete(peer);
          else watching.set(peer, n);
        };
        call.on('cancelled', release);
        call.on('close', release);
        call.on('finish', release);
        watch(call);
        return;
      }
      // the core's services are fixed, so an unknown one stays unknown: the call ends instead of holding its request
      call.write({ status: 'SERVICE_UNKNOWN' });
      call.end();
    }) as grpc.handleServerStreamingCall<{ service: string }, unknown>,
  };
}

/**
 * The largest message the core reads: room for the largest request its own limits accept (a batch of
 * MERIDIAN_SENTIMENT_MAX_BATCH texts of MERIDIAN_SENTIMENT_MAX_TEXT_CHARS characters, up to 4 UTF-8 bytes
 * each, plus their other fields), at least 4 MiB. With a fixed 4 MiB a valid batch (say 1,000 texts of
 * 6,000 characters) was refused RESOURCE_EXHAUSTED before validation, and on the CoreExchange stream that
 * ends the stream: every other call on it failed too.
 */
export function maxRequestBytes(config: Pick<CoreConfig, 'sentiment'>): number {
  const { maxBatch, maxTextChars } = config.sentiment;
  return Math.min(2 ** 31 - 1, Math.max(4 * 1024 * 1024, maxBatch * (maxTextChars * 4 + 1024) + 1024 * 1024));
}

/** How long the core keeps a client connection that has no call open. */
const CONNECTION_IDLE_MS = 60_000;

export async function startCore(config: CoreConfig): Promise<Core> {
  const started = performance.now();
  if (config.plaintext && !isLoopbackAddress(config.grpcAddress)) {
    throw new Error(`plaintext gRPC (MERIDIAN_CORE_PLAINTEXT / --plaintext) is refused on ${config.grpcAddress}: it is allowed on a loopback address or a Unix socket only; without it the core uses mutual TLS`);
  }
  const db = await openGeoDatabase(config, config.dbConnections);
  const paging = new Paging(config.maxLimit, pageTokenSecret(config.stateDir, config.pageTokenSecret || undefined));
  const server = new grpc.Server({
    'grpc.max_receive_message_length': maxRequestBytes(config),
    // a connection with no call open for a minute is closed (GOAWAY; a grpc-js client reconnects at its next call):
    // connections opened and left idle, which need no certificate to open, were held for ever and, some 20,000 of
    // them, used up the process's files, the gateway's included (docs/operations.md)
    'grpc.max_connection_idle_ms': CONNECTION_IDLE_MS,
  });

  const ca = await CertificateAuthority.open(config.stateDir);
  // replicas on one PostgreSQL share issued serials and revocations (every core mounts the same CA)
  // (the pg driver is loaded only then: ~70 ms of every start that does not use it)
  const sharedCertificates: SharedCertificates | null = config.sentiment.databaseUrl
    ? await (await import('./certificates/sharedCertificates.js')).SharedCertificates.open(config.sentiment.databaseUrl) : null;
  if (sharedCertificates) ca.shareWith(sharedCertificates);
  // every service but health behind authentication (src/grpc/authentication.ts)
  const services = new ServiceRegistry(server, new Authenticator(config.plaintext ? null : ca));
  const phases: Record<string, number> = {};
  let lap = performance.now();
  const phase = (name: string) => { const t = performance.now(); phases[name] = Math.round(t - lap); lap = t; };
  phase('open');
  const geo = await addGeoService(services, {
    db, paging, placeIndexPath: placeIndexPath(config.geoDbPath),
    onIndexBuilt: ({ wrote, error }) => (wrote ? logger.info({ path: placeIndexPath(config.geoDbPath) }, 'wrote the place index for the next start')
      : logger.warn({ err: error }, 'could not write the place index (the next start builds it again)')),
  });
  phase('geo');
  addLocaleService(services, { db, paging, zones: geo.zones });
  addCertificateService(services, { ca, defaultValidityDays: config.certValidityDays });
  const sentiment = await addSentimentService(services, { stateDir: config.stateDir, config: config.sentiment });
  phase('sentiment');
  addExchangeService(services);
  const healthNames = ['', ...SERVICES];
  const health = new HealthImplementation(Object.fromEntries(healthNames.map((s) => [s, 'SERVING'])));
  health.addToServer({ addService: (service, implementation) => services.addOpenService(service, guardHealth(implementation, new Set(healthNames))) } as Pick<grpc.Server, 'addService'> as grpc.Server);
  // reflection is authenticated too
  new ReflectionService(reflectionDefinition()).addToServer({ addService: (service, implementation) => services.addGrpcService(service, implementation) } as Pick<grpc.Server, 'addService'> as grpc.Server);

  let credentials = grpc.ServerCredentials.createInsecure();
  if (!config.plaintext) {
    const host = config.grpcAddress.startsWith('unix:') ? '' : config.grpcAddress.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
    const tls = await ca.serverTls([host, ...config.tlsHosts]);
    credentials = mutualTlsCredentials(tls);
  }
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) =>
      server.bindAsync(config.grpcAddress, credentials, (err, p) => (err
        ? reject(new Error(`the core cannot listen on ${config.grpcAddress} (MERIDIAN_GRPC_ADDR): ${err.message}`, { cause: err }))
        : resolve(p))));
  } catch (e) {
    await sentiment.close();
    await sharedCertificates?.close();
    await db.close();
    throw e;
  }
  phase('listen');
  const address = config.grpcAddress.startsWith('unix:') ? config.grpcAddress : `${config.grpcAddress.replace(/:\d+$/, '')}:${port}`;
  logger.info({ address, mtls: !config.plaintext, places: geo.places.size, ms: Math.round(performance.now() - started), phases }, 'core listening');

  let closing: Promise<void> | undefined;
  startSentimentHealth(sentiment, health, () => closing !== undefined);
  return {
    address, port, geo, sentiment, ca, mtls: !config.plaintext,
    close: () => (closing ??= (async () => {
      for (const s of ['', ...SERVICES]) health.setStatus(s, 'NOT_SERVING');
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => { server.forceShutdown(); resolve(); }, 5000);
        server.tryShutdown(() => { clearTimeout(force); resolve(); });
      });
      await sentiment.close();
      await sharedCertificates?.close();
      await db.close();
      logger.info('core stopped');
    })()),
  };
}

/**
 * The sentiment service's health after the core listens. The analysis threads load their models now, not while the
 * core was still starting (src/sentiment/analysisPool.ts): models that do not load leave geo serving, and
 * SentimentService says NOT_SERVING (its calls answer UNAVAILABLE with the reason), so that a readiness probe on it,
 * or a client that checks, sees it. The same while the shared PostgreSQL does not answer (calls wait out its retries
 * and may fail); geo and the overall '' stay SERVING then: readiness on '' keeps every replica in, as each would fail
 * the same way.
 */
function startSentimentHealth(sentiment: Sentiment, health: HealthImplementation, closing: () => boolean): void {
  let modelsFailed = false;
  void sentiment.startWorkers().then((failure) => {
    if (failure === undefined || closing()) return;
    modelsFailed = true;
    logger.error({ reason: failure }, 'the sentiment models did not load: SentimentService is NOT_SERVING; geo serves on');
    health.setStatus(SENTIMENT_SERVICE, 'NOT_SERVING');
  });
  sentiment.onStoreReachability((reachable, reason) => {
    if (closing()) return;
    // (models that did not load keep it NOT_SERVING whatever the database does)
    const status = reachable && !modelsFailed ? 'SERVING' : 'NOT_SERVING';
    if (reachable) logger.info({ status }, `PostgreSQL answers again: SentimentService is ${status}`);
    else logger.warn({ reason }, 'PostgreSQL does not answer: SentimentService is NOT_SERVING until it does (calls wait out its retries)');
    health.setStatus(SENTIMENT_SERVICE, status);
  });
}

/**
 * TLS that asks every peer for a client certificate and verifies any it gets
 * against the CA, but lets a peer without one connect: health answers
 * everyone, and every other service refuses such calls UNAUTHENTICATED
 * (src/grpc/grpcAdapter.ts). A certificate that fails verification leaves the peer
 * unauthenticated the same way.
 */
function mutualTlsCredentials(tls: { caPem: string; certPem: string; keyPem: string }): grpc.ServerCredentials {
  // Listeners are answered on the next tick: grpc-js registers the server's watcher only after adding them.
  const provider: grpc.experimental.CertificateProvider = {
    addCaCertificateListener: (l) => process.nextTick(l, { caCertificate: Buffer.from(tls.caPem) }),
    removeCaCertificateListener: () => undefined,
    addIdentityCertificateListener: (l) => process.nextTick(l, { certificate: Buffer.from(tls.certPem), privateKey: Buffer.from(tls.keyPem) }),
    removeIdentityCertificateListener: () => undefined,
  };
  return grpc.experimental.createCertificateProviderServerCredentials(provider, provider, false);
}
