/**
 * Configuration of the gateway, read once from the environment. Every variable
 * and its default is listed in the README (section Configuration).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { projectRoot } from './paths.js';
import { boolSetting, databaseUrlSetting, grpcAddressSetting, hostPortSetting, intSetting, logLevelSetting, secretSetting, stringSetting } from '../lib/envSettings.js';

/** Work units per key per minute by default: see gateway/README.md, "Limits by work", for how it was sized. */
export const DEFAULT_WORK_BUDGET = 3_000_000;
/**
 * Work units of one key in progress at once (workPricing.ts WorkBudget.hold): the largest request's (MERIDIAN_GRAPHQL_MAX_COST's
 * default), so that one request of GeoDB's documented nestings (22,250) leaves room for the key's small calls; about 33
 * world-wide radius searches of 100.
 */
export const DEFAULT_WORK_IN_FLIGHT = 30_000;

export interface GatewayConfig {
  /** host:port the HTTP server listens on (MERIDIAN_HTTP_ADDR). */
  httpAddress: string;
  /** Where the gRPC core is: host:port or unix:/path (MERIDIAN_CORE_ADDR). */
  coreAddress: string;
  /** Folder of the gateway's state database and the local key file (MERIDIAN_STATE_DIR). */
  stateDir: string;
  /** Largest `limit` a REST list accepts; above it the answer is 403 ACCESS_DENIED (MERIDIAN_REST_MAX_LIMIT). */
  maxLimit: number;
  /** Requests per minute for keys that carry no limit of their own; 0 = unlimited (MERIDIAN_DEFAULT_RATE_LIMIT). */
  defaultRateLimit: number;
  /** Deadline of each call to the core, in ms (MERIDIAN_CORE_TIMEOUT_MS). */
  coreTimeoutMs: number;
  /** How long the core may take to answer its first health check before the gateway logs that it has not, in ms (MERIDIAN_CORE_FIRST_GRACE_MS, default 30000). */
  coreFirstGraceMs: number;
  /** How often the key table is re-read, in ms (MERIDIAN_KEY_RELOAD_MS). */
  keyReloadMs: number;
  /** Allowed CORS origins, comma-separated, or * (MERIDIAN_CORS_ORIGINS). */
  corsOrigins: string[];
  /** Largest request body in bytes (MERIDIAN_HTTP_BODY_LIMIT, default 16 MiB); larger is 413. */
  bodyLimit: number;
  /**
   * Most time a request may take to arrive, headers and body (MERIDIAN_HTTP_REQUEST_TIMEOUT_MS, default
   * 300 s, Node's own default, which Fastify turns off); past it 408 and the connection is closed. Without
   * it a client sending its body a byte at a time held its connection and buffer for ever.
   */
  requestTimeoutMs: number;
  /** Most open connections from one client address (MERIDIAN_HTTP_MAX_CONNECTIONS_PER_CLIENT, default 1024; 0: no cap). */
  maxConnectionsPerClient: number;
  /**
   * Most open connections in all (MERIDIAN_HTTP_MAX_CONNECTIONS; default half the process's open-file limit, at most
   * 50,000, 4,096 where the limit cannot be read; 0: no cap): the rest of the limit stays for the core, the job
   * store's files and the analysis threads, which connections from many addresses had used up.
   */
  maxConnections: number;
  /** Send core calls over the CoreExchange stream (true) or as one unary call each (MERIDIAN_CORE_EXCHANGE, default true). */
  coreExchange: boolean;
  /** Largest worst-case result count of a GraphQL query (MERIDIAN_GRAPHQL_MAX_COST). */
  graphqlMaxCost: number;
  /** Deepest GraphQL query (MERIDIAN_GRAPHQL_MAX_DEPTH). */
  graphqlMaxDepth: number;
  /** Largest GraphQL document in bytes (MERIDIAN_GRAPHQL_MAX_BYTES, default 65536); a body over twice that is refused unread. */
  graphqlMaxBytes: number;
  /** Most tokens in a GraphQL document (MERIDIAN_GRAPHQL_MAX_TOKENS, default 2000). */
  graphqlMaxTokens: number;
  /** Most aliases in a GraphQL document (MERIDIAN_GRAPHQL_MAX_ALIASES, default 50). */
  graphqlMaxAliases: number;
  /** Most fragment definitions in a GraphQL document (MERIDIAN_GRAPHQL_MAX_FRAGMENTS, default 50). */
  graphqlMaxFragments: number;
  /** Most operations in a document and queries in a batch (MERIDIAN_GRAPHQL_MAX_OPERATIONS, default 10). */
  graphqlMaxOperations: number;
  /** Work units (gateway/workPricing.ts) one API key may spend per minute over REST and GraphQL together; 0 = unlimited (MERIDIAN_WORK_BUDGET, formerly MERIDIAN_GRAPHQL_TENANT_BUDGET; default and reasoning in gateway/README.md). */
  workBudget: number;
  /** Most work units of one key's requests in progress at once, REST and GraphQL together; 0 = no cap (MERIDIAN_WORK_IN_FLIGHT, default 30,000; gateway/README.md). */
  workInFlight: number;
  /** Secret that signs GraphQL cursors, shared by replicas (MERIDIAN_PAGE_TOKEN_SECRET); empty: the state folder's page-token.secret. */
  pageTokenSecret: string;
  /**
   * How the gateway authenticates to the core: mutual TLS with the CA, its
   * certificate and key (role gateway), or null for plaintext
   * (MERIDIAN_CORE_PLAINTEXT=true, a core started with the same flag on loopback).
   */
  coreTls: CoreTlsConfig | null;
  /** Create a local key with every scope on first start (MERIDIAN_CREATE_LOCAL_KEY, default true). */
  createLocalKey: boolean;
  logLevel: string;
  /** PostgreSQL URL of keys and rate-limit counters shared by several gateways (MERIDIAN_DATABASE_URL); empty = embedded, per gateway. */
  databaseUrl: string;
  /**
   * The clock (ms since the epoch) the shared rate counter counts windows by, in place of PostgreSQL's: set by tests
   * only (no environment variable), so that a burst can start inside one window without waiting for the wall clock.
   */
  rateClock?: () => number;
}

/**
 * TLS material for the core channel: each of CA, certificate and key is given
 * as PEM text in the environment (MERIDIAN_CORE_CA_PEM, MERIDIAN_CORE_CERT_PEM,
 * MERIDIAN_CORE_KEY_PEM) or read from a file (MERIDIAN_CORE_CA_FILE,
 * MERIDIAN_CORE_CERT_FILE, MERIDIAN_CORE_KEY_FILE; by default the files
 * `npm start` creates in <state>/tls/: ca-cert.pem, gateway-cert.pem,
 * gateway-key.pem).
 */
export interface CoreTlsConfig {
  caFile: string;
  certFile: string;
  keyFile: string;
  caPem?: string | undefined;
  certPem?: string | undefined;
  keyPem?: string | undefined;
  /** Name to check the core's certificate against when it differs from the address's host (MERIDIAN_CORE_TLS_NAME). */
  serverName?: string | undefined;
}

/** The default TLS files in a state folder (as `npm start` creates them). */
export function coreTlsFiles(stateDir: string): CoreTlsConfig {
  const dir = join(stateDir, 'tls');
  return { caFile: join(dir, 'ca-cert.pem'), certFile: join(dir, 'gateway-cert.pem'), keyFile: join(dir, 'gateway-key.pem') };
}

const int = intSetting;
const bool = boolSetting;

export function defaultStateDir(): string {
  return join(projectRoot, 'state');
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const stateDir = resolve(env['MERIDIAN_STATE_DIR'] || defaultStateDir());
  const files = coreTlsFiles(stateDir);
  const coreTls: CoreTlsConfig | null = bool(env, 'MERIDIAN_CORE_PLAINTEXT', false) ? null : {
    caFile: resolve(env['MERIDIAN_CORE_CA_FILE'] || files.caFile),
    certFile: resolve(env['MERIDIAN_CORE_CERT_FILE'] || files.certFile),
    keyFile: resolve(env['MERIDIAN_CORE_KEY_FILE'] || files.keyFile),
    caPem: env['MERIDIAN_CORE_CA_PEM'] || undefined,
    certPem: env['MERIDIAN_CORE_CERT_PEM'] || undefined,
    keyPem: env['MERIDIAN_CORE_KEY_PEM'] || undefined,
    serverName: env['MERIDIAN_CORE_TLS_NAME'] || undefined,
  };
  return {
    coreTls,
    httpAddress: httpAddress('MERIDIAN_HTTP_ADDR', stringSetting(env, 'MERIDIAN_HTTP_ADDR', '127.0.0.1:8080')),
    coreAddress: grpcAddressSetting(env['MERIDIAN_CORE_ADDR']?.trim() ? 'MERIDIAN_CORE_ADDR' : 'MERIDIAN_GRPC_ADDR',
      stringSetting(env, 'MERIDIAN_CORE_ADDR', stringSetting(env, 'MERIDIAN_GRPC_ADDR', '127.0.0.1:50051'))),
    stateDir,
    maxLimit: int(env, 'MERIDIAN_REST_MAX_LIMIT', 100, 1, 1000),
    defaultRateLimit: int(env, 'MERIDIAN_DEFAULT_RATE_LIMIT', 0, 0, 10_000_000),
    coreTimeoutMs: int(env, 'MERIDIAN_CORE_TIMEOUT_MS', 10_000, 10, 600_000),
    coreFirstGraceMs: int(env, 'MERIDIAN_CORE_FIRST_GRACE_MS', 30_000, 1000, 600_000),
    keyReloadMs: int(env, 'MERIDIAN_KEY_RELOAD_MS', 1000, 10, 3_600_000),
    bodyLimit: int(env, 'MERIDIAN_HTTP_BODY_LIMIT', 16 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    requestTimeoutMs: int(env, 'MERIDIAN_HTTP_REQUEST_TIMEOUT_MS', 300_000, 1000, 3_600_000),
    maxConnectionsPerClient: int(env, 'MERIDIAN_HTTP_MAX_CONNECTIONS_PER_CLIENT', 1024, 0, 1_000_000),
    maxConnections: int(env, 'MERIDIAN_HTTP_MAX_CONNECTIONS', defaultMaxConnections(), 0, 10_000_000),
    corsOrigins: corsOrigins(env['MERIDIAN_CORS_ORIGINS'] || '*'),
    coreExchange: bool(env, 'MERIDIAN_CORE_EXCHANGE', true),
    graphqlMaxCost: int(env, 'MERIDIAN_GRAPHQL_MAX_COST', 30_000, 1, 10_000_000),
    graphqlMaxDepth: int(env, 'MERIDIAN_GRAPHQL_MAX_DEPTH', 15, 2, 100),
    graphqlMaxBytes: int(env, 'MERIDIAN_GRAPHQL_MAX_BYTES', 65_536, 1024, 16 * 1024 * 1024),
    graphqlMaxTokens: int(env, 'MERIDIAN_GRAPHQL_MAX_TOKENS', 2000, 100, 1_000_000),
    graphqlMaxAliases: int(env, 'MERIDIAN_GRAPHQL_MAX_ALIASES', 50, 0, 100_000),
    graphqlMaxFragments: int(env, 'MERIDIAN_GRAPHQL_MAX_FRAGMENTS', 50, 0, 100_000),
    graphqlMaxOperations: int(env, 'MERIDIAN_GRAPHQL_MAX_OPERATIONS', 10, 1, 1000),
    // the older name still counts, so that a deployment that set it keeps its budget
    workBudget: int(env, 'MERIDIAN_WORK_BUDGET', int(env, 'MERIDIAN_GRAPHQL_TENANT_BUDGET', DEFAULT_WORK_BUDGET, 0, 1_000_000_000), 0, 1_000_000_000),
    workInFlight: int(env, 'MERIDIAN_WORK_IN_FLIGHT', DEFAULT_WORK_IN_FLIGHT, 0, 1_000_000_000),
    pageTokenSecret: secretSetting(env, 'MERIDIAN_PAGE_TOKEN_SECRET'),
    createLocalKey: bool(env, 'MERIDIAN_CREATE_LOCAL_KEY', true),
    logLevel: logLevelSetting(env),
    databaseUrl: databaseUrlSetting(env),
  };
}

/** The gateway's HTTP address (MERIDIAN_HTTP_ADDR, or --listen), host:port with port 0 for an ephemeral one. */
export function httpAddress(name: string, address: string): string {
  const value = address.trim();
  hostPortSetting(name, value, '127.0.0.1:8080');
  return value;
}

/**
 * MERIDIAN_CORS_ORIGINS: `*`, `null`, or origins as browsers send them in `Origin` (scheme://host[:port]: lower
 * case, the default port left out, a non-ASCII host in punycode). Each entry is read as a URL and kept as its
 * origin (one trailing slash is forgiven: "https://app.example/" is "https://app.example"); an entry that is not
 * an origin (a path, a wildcard host, credentials) never equals an Origin header, so it allowed nobody without a
 * word: it stops the start.
 */
function corsOrigins(raw: string): string[] {
  const origins = raw.split(',').map((s) => s.trim()).filter(Boolean);
  return origins.map((o) => {
    if (o === '*' || o === 'null') return o;
    let origin: string | undefined;
    try {
      const url = new URL(o);
      if (!o.includes('*') && url.username === '' && url.password === '' && (url.pathname === '/' || url.pathname === '') && url.search === '' && url.hash === '' && url.origin !== 'null') origin = url.origin;
    } catch { origin = undefined; }
    if (origin === undefined) {
      throw new Error(`MERIDIAN_CORS_ORIGINS must be * or comma-separated origins such as https://app.example.com or http://localhost:3000 (scheme, host and port, no path, wildcard or credentials), got '${o}'`);
    }
    return origin;
  });
}

/**
 * Half the process's open-file limit (Linux: /proc/self/limits, after Node raised the soft limit to the hard one), at
 * most 50,000; 4,096 where it cannot be read.
 */
function defaultMaxConnections(): number {
  try {
    const m = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (m) return Math.max(64, Math.min(50_000, Math.floor(Number(m[1]) / 2)));
  } catch { /* not Linux */ }
  return 4096;
}
