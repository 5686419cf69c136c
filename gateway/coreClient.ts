/**
 * The gateway's only way to the core: one long-lived gRPC channel (loopback
 * TCP or a Unix socket). Calls go as messages on one long-lived
 * meridian.exchange.v1.CoreExchange stream (several times cheaper than a unary
 * call each; see exchange.proto), or as plain unary calls against a core
 * without that service. Failures come back as
 * HttpError through the one error table, with the core's message and reason
 * (google.rpc.Status + ErrorInfo in grpc-status-details-bin).
 */
import * as grpc from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import type * as protoLoader from '@grpc/proto-loader';
import type protobuf from 'protobufjs';
import type { ProtoCatalog } from './protoCatalog.js';
import { HttpError, mapCoreError } from './httpError.js';
import type { CoreTlsConfig } from './config.js';
import { Batching } from '../lib/batching.js';
import { EXCHANGE_MESSAGE_ITEMS, exchangeWire, writeInRuns } from '../proto/contract/exchange.js';
import { decodeMessage } from '../proto/contract/protoLoading.js';
import type { ExchangeCall } from '../proto/contract/generated/meridian/exchange/v1/ExchangeCall.js';
import type { ExchangeRequest } from '../proto/contract/generated/meridian/exchange/v1/ExchangeRequest.js';
import type { ExchangeResponse__Output as ExchangeResponse } from '../proto/contract/generated/meridian/exchange/v1/ExchangeResponse.js';

/**
 * Channel credentials for the core: mutual TLS from PEM text or files (see
 * CoreTlsConfig), or plaintext when `tls` is null. A missing file is an error
 * that says where the file was looked for.
 */
export function coreCredentials(tls: CoreTlsConfig | null, address = ''): { credentials: grpc.ChannelCredentials; options: grpc.ChannelOptions } {
  if (!tls) return { credentials: grpc.credentials.createInsecure(), options: {} };
  // A loopback IP is checked as 'localhost' (in the core's certificate): TLS server names cannot be IP addresses (RFC 6066).
  const serverName = tls.serverName ?? (/^(127\.\d+\.\d+\.\d+|\[::1\]):\d+$/.test(address) ? 'localhost' : undefined);
  const read = (pem: string | undefined, file: string, what: string, env: string): Buffer => {
    if (pem) return Buffer.from(pem);
    try { return readFileSync(file); } catch {
      throw new Error(`the core's ${what} is not at ${file}: the core creates it in its state folder on first start; point ${env}_FILE (or ${env}_PEM) at it, or set MERIDIAN_CORE_PLAINTEXT=true for a core started with --plaintext on loopback`);
    }
  };
  const ca = read(tls.caPem, tls.caFile, 'CA certificate', 'MERIDIAN_CORE_CA');
  const key = read(tls.keyPem, tls.keyFile, 'gateway key', 'MERIDIAN_CORE_KEY');
  const cert = read(tls.certPem, tls.certFile, 'gateway certificate', 'MERIDIAN_CORE_CERT');
  checkTlsMaterial(tls, ca, key, cert);
  const credentials = grpc.credentials.createSsl(ca, key, cert);
  return { credentials, options: serverName ? { 'grpc.ssl_target_name_override': serverName, 'grpc.default_authority': serverName } : {} };
}

/**
 * The CA, key and certificate parse and belong together. grpc-js takes any bytes and only fails each TLS
 * handshake later, so a wrong MERIDIAN_CORE_CA_PEM left the gateway answering 503 for ever with nothing logged.
 */
function checkTlsMaterial(tls: CoreTlsConfig, ca: Buffer, key: Buffer, cert: Buffer): void {
  const where = (pem: string | undefined, file: string, env: string) => (pem ? `${env}_PEM` : `${file} (${env}_FILE)`);
  const parse = <T>(what: string, from: string, f: () => T): T => {
    try { return f(); } catch (e) {
      throw new Error(`the core's ${what} in ${from} does not parse (${(e as Error).message}): it must be PEM text (-----BEGIN …-----), as the core writes it in its state folder's tls/`, { cause: e });
    }
  };
  parse('CA certificate', where(tls.caPem, tls.caFile, 'MERIDIAN_CORE_CA'), () => new X509Certificate(ca));
  const certificate = parse('gateway certificate', where(tls.certPem, tls.certFile, 'MERIDIAN_CORE_CERT'), () => new X509Certificate(cert));
  const privateKey = parse('gateway key', where(tls.keyPem, tls.keyFile, 'MERIDIAN_CORE_KEY'), () => createPrivateKey(key));
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new Error(`the gateway key (${where(tls.keyPem, tls.keyFile, 'MERIDIAN_CORE_KEY')}) is not the key of the gateway certificate (${where(tls.certPem, tls.certFile, 'MERIDIAN_CORE_CERT')})`);
  }
}

export interface UnaryMethod {
  path: string;
  serialize: (value: object) => Buffer;
  deserialize: (bytes: Buffer) => Record<string, unknown>;
}

/** The tenant's metadata key, as the core reads it (src/grpc/caller.ts). */
const TENANT_METADATA = 'x-meridian-tenant';

export interface CallOptions {
  /** The tenant the gateway authenticated (API key id); the core scopes owned state by it. */
  tenant?: string;
  metadata?: grpc.Metadata;
  /**
   * Aborted when nobody waits for the answer any more (the HTTP client went
   * away): the call is cancelled in the core (an exchange cancel, or the
   * unary call's RST_STREAM) and the promise rejects.
   */
  signal?: Abandonment;
}

/**
 * What CallOptions.signal needs of a signal: the part of AbortSignal the
 * client uses (an AbortSignal is one).
 */
export interface Abandonment {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * The signal that the HTTP client of a request went away before its answer
 * was sent (the response closed unfinished), for CallOptions.signal. Not an
 * AbortController: one per request cost ~4 µs of the gateway thread's ~70 µs
 * per by-id request (EventTarget set-up and listener bookkeeping, measured
 * with --cpu-prof); this is one 'close' listener and an array.
 */
class Disconnect implements Abandonment {
  aborted = false;
  private listeners: (() => void)[] | undefined;

  constructor(response: { once(event: 'close', listener: () => void): unknown; readonly writableFinished: boolean }) {
    response.once('close', () => {
      if (response.writableFinished || this.aborted) return;
      this.aborted = true;
      const fire = this.listeners;
      this.listeners = undefined;
      if (fire) for (const l of fire) l();
    });
  }

  addEventListener(_type: 'abort', listener: () => void): void {
    if (this.aborted) return;
    (this.listeners ??= []).push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const i = this.listeners?.indexOf(listener) ?? -1;
    if (i >= 0) this.listeners?.splice(i, 1);
  }
}

export function disconnectSignal(response: { once(event: 'close', listener: () => void): unknown; readonly writableFinished: boolean }): Abandonment {
  return new Disconnect(response);
}

/** A response message's bytes decoded as the method's answer; an unreadable one is the core's fault (500). */
export function decodeAnswer(method: UnaryMethod, bytes: Buffer): Record<string, unknown> {
  try { return method.deserialize(bytes); } catch { throw mapCoreError(grpc.status.INTERNAL, undefined, 'the core answered without a readable message'); }
}

/** The rejection of a call whose signal was aborted (nobody reads it; it only has to be an HttpError). */
const callAbandoned = (): HttpError => mapCoreError(grpc.status.CANCELLED, undefined, 'the request was abandoned by its client');

/**
 * A service's unary methods as typed functions, from its generated definition
 * type (proto/contract/generated, `npm run proto:types`): the request as the
 * contract types it, the response as proto-loader decodes it (the `__Output`
 * type: defaults filled in, longs as numbers).
 */
export type TypedService<D> = {
  [K in keyof D]: D[K] extends protoLoader.MethodDefinition<infer Req, infer _Res, infer _ReqOut, infer ResOut>
    ? (request: Req, options?: CallOptions) => Promise<ResOut>
    : never;
};

export class CoreClient {
  private readonly channel: grpc.Channel;
  private readonly client: grpc.Client;
  private readonly statusType: protobuf.Type;
  private readonly errorInfoType: protobuf.Type;
  private readonly healthMethod: UnaryMethod;

  private readonly exchange: ExchangeStream | undefined;
  /** Calls this gateway cancelled in the core because their HTTP client went away or their deadline passed. */
  readonly cancelled = { abandoned: 0, deadline: 0 };

  constructor(readonly address: string, private readonly catalog: ProtoCatalog, private readonly timeoutMs: number, useExchange = true, tls: CoreTlsConfig | null = null) {
    const { credentials, options } = coreCredentials(tls, address);
    this.channel = new grpc.Channel(address, credentials, {
      ...options,
      // Every REST request is one unary call; grpc-js's retry machinery (buffering each message
      // for a possible replay) roughly doubles the CPU of such a call, and the gateway never retries.
      'grpc.enable_retries': 0,
      'grpc.keepalive_time_ms': 30_000,
      'grpc.max_receive_message_length': 16 * 1024 * 1024,
      // npm start runs the gateway while the core loads: the connection attempts made before the core
      // listens must not leave the channel waiting out a long reconnect backoff once it does (grpc-js's
      // default starts at 1 s, ×1.6 per attempt; with a 1 s ceiling the core's ~2 s start left /healthz
      // at 503 for up to another second). An attempt every 250 ms at most costs a refused TCP connect.
      'grpc.initial_reconnect_backoff_ms': 100,
      'grpc.max_reconnect_backoff_ms': 250,
    });
    this.client = new grpc.Client(address, credentials, { channelOverride: this.channel }); // health checks
    const ex = (catalog.definition['meridian.exchange.v1.CoreExchange'] as protoLoader.ServiceDefinition | undefined)?.['Exchange'];
    this.exchange = useExchange && ex ? new ExchangeStream(this.client, ex, timeoutMs, (c, m, d) => this.errorFrom(c, m, d), this.cancelled) : undefined;
    this.statusType = catalog.root.lookupType('google.rpc.Status');
    this.errorInfoType = catalog.root.lookupType('google.rpc.ErrorInfo');
    // grpc.health.v1: HealthCheckRequest{service=1}, HealthCheckResponse{status=1 (1 = SERVING)}
    this.healthMethod = {
      path: '/grpc.health.v1.Health/Check',
      serialize: () => Buffer.alloc(0),
      deserialize: (b) => ({ status: b.length >= 2 && b[0] === 0x08 ? b[1] : 0 }),
    };
  }

  /** Calls on the exchange stream waiting for their answer. */
  get callsInFlight(): number {
    return this.exchange?.inFlight ?? 0;
  }

  /** Calls written to the exchange stream so far. */
  get callsSent(): number {
    return this.exchange?.sent ?? 0;
  }

  /** Cancels written to the exchange stream so far. */
  get cancelsSent(): number {
    return this.exchange?.cancelsSent ?? 0;
  }

  /**
   * The typed methods of a service, e.g.
   * `core.service<GeoServiceDefinition>('meridian.geo.v1.GeoService').GetCity({ cityId })`;
   * a service the contract does not have is an error at start, not per call.
   */
  service<D>(name: string): TypedService<D> {
    const def = this.catalog.definition[name] as protoLoader.ServiceDefinition | undefined;
    if (!def || 'format' in def) throw new Error(`no service ${name} in the contract`);
    const typed: Record<string, (request: object, options?: CallOptions) => Promise<unknown>> = {};
    for (const [method, md] of Object.entries(def)) {
      const m = CoreClient.method(md as protoLoader.MethodDefinition<object, object>);
      typed[method] = (request, options) => this.call(m, request, options);
    }
    return typed as TypedService<D>;
  }

  /** The unary method of a service, from the package definition (no per-request lookups). */
  static method(def: protoLoader.MethodDefinition<object, object>): UnaryMethod {
    return {
      path: def.path,
      serialize: def.requestSerialize as (v: object) => Buffer,
      deserialize: def.responseDeserialize as (b: Buffer) => Record<string, unknown>,
    };
  }

  /**
   * One unary call on the channel's own Call interface (start, send, half-close,
   * read): the Client wrapper adds interceptor plumbing and captures a stack
   * trace per call, which costs more than the call itself on the hot path.
   */
  call(method: UnaryMethod, request: object, options: CallOptions = {}): Promise<Record<string, unknown>> {
    return this.callBytes(method, request, options).then((bytes) => decodeAnswer(method, bytes));
  }

  /**
   * The same call, answered with the response message's bytes as the core sent them (REST renders
   * reference data once per distinct answer: gateway/rest/routes.ts); `decodeAnswer` reads them.
   */
  callBytes(method: UnaryMethod, request: object, options: CallOptions = {}): Promise<Buffer> {
    if (options.signal?.aborted) return Promise.reject(callAbandoned());
    let metadata = options.metadata;
    if (options.tenant && !this.exchange?.usable) {
      metadata = metadata?.clone() ?? new grpc.Metadata();
      metadata.set(TENANT_METADATA, options.tenant);
    }
    let payload: Buffer;
    try { payload = method.serialize(request); } catch (e) {
      return Promise.reject(mapCoreError(grpc.status.INVALID_ARGUMENT, undefined, `the request could not be encoded: ${e instanceof Error ? e.message : String(e)}`));
    }
    if (this.exchange?.usable && !metadata) {
      return this.exchange.call(method.path, payload, options.tenant, options.signal).catch((e: unknown) => {
        if (e === EXCHANGE_UNSUPPORTED) return this.callBytes(method, request, options);
        throw e;
      });
    }
    return this.unaryCall(method, payload, metadata ?? new grpc.Metadata(), options.signal);
  }

  private unaryCall(method: UnaryMethod, payload: Buffer, metadata: grpc.Metadata, signal: Abandonment | undefined): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const call = this.channel.createCall(method.path, Date.now() + this.timeoutMs, null, null, null);
      const abandon = () => {
        this.cancelled.abandoned++;
        call.cancelWithStatus(grpc.status.CANCELLED, 'the request was abandoned by its client');
      };
      signal?.addEventListener('abort', abandon, { once: true });
      let response: Buffer | undefined;
      call.start(metadata, {
        onReceiveMetadata: () => undefined,
        onReceiveMessage: (bytes: Buffer) => {
          response = bytes;
          call.startRead();
        },
        onReceiveStatus: (status: grpc.StatusObject) => {
          signal?.removeEventListener('abort', abandon);
          if (status.code === grpc.status.DEADLINE_EXCEEDED) this.cancelled.deadline++;
          if (status.code === grpc.status.OK && response) resolve(response);
          else if (status.code === grpc.status.OK) reject(mapCoreError(grpc.status.INTERNAL, undefined, 'the core answered without a readable message'));
          else reject(this.toHttpError(status));
        },
      });
      call.sendMessageWithContext({}, payload);
      call.halfClose();
      call.startRead();
    });
  }

  /** Why the last health check failed (grpc-js's words: connection refused, a certificate that does not match), or undefined after a success. */
  lastHealthFailure: string | undefined;

  /** True when the core answers its health check with SERVING within the time given. */
  async healthy(timeoutMs = 1000): Promise<boolean> {
    // callers with the same time allowed that ask while a check is on its way share its answer: a burst of /healthz
    // probes is one core call (each was a call of its own, and 500 at once queued behind each other past their
    // deadline: 503s from a core that was up). A joined check started earlier, so it ends no later than the caller's
    // own would; watchHealth's checks (another time allowed) are not shared with the probes'.
    const shared = this.healthChecks.get(timeoutMs);
    if (shared) return shared;
    let settled = false;
    const check = new Promise<boolean>((resolve) => {
      const done = (up: boolean, failure: string | undefined): void => {
        settled = true;
        this.lastHealthFailure = failure;
        this.healthChecks.delete(timeoutMs);
        resolve(up);
      };
      try {
        this.client.makeUnaryRequest(this.healthMethod.path, this.healthMethod.serialize, this.healthMethod.deserialize, {}, new grpc.Metadata(),
          { deadline: Date.now() + timeoutMs }, (err, value) => {
            const up = !err && (value as { status: number }).status === 1;
            done(up, up ? undefined : err ? (err.details || err.message) : 'the core answers NOT_SERVING');
          });
      } catch (e) {
        done(false, (e as Error).message); // a closed channel throws at once: nothing to share
      }
    });
    if (!settled) this.healthChecks.set(timeoutMs, check);
    return check;
  }
  /** The health check on its way for each time allowed (ms), while it is. */
  private readonly healthChecks = new Map<number, Promise<boolean>>();

  /**
   * Checks the core's health every `everyMs` and logs when it has not answered for `graceMs` (`firstGraceMs` before
   * its first answer; with grpc-js's reason, again every minute while it lasts) and when it answers again. A gateway whose TLS settings did not
   * match its core (MERIDIAN_CORE_TLS_NAME, the CA) answered 503 for ever with nothing in its log. Returns the stop.
   */
  watchHealth(log: { warn(o: object, m: string): void; info(o: object, m: string): void }, everyMs = 5000, graceMs = 10_000, firstGraceMs = 30_000): () => void {
    let downSince: number | undefined = Date.now(); // not yet seen up: a gateway started beside its core waits for it
    let lastLog = 0;
    let seenUp = false;
    let checking = false;
    const timer = setInterval(() => {
      if (checking) return;
      checking = true;
      void this.healthy(Math.min(everyMs, 2000)).then((up) => {
        checking = false;
        const now = Date.now();
        if (up) {
          if (downSince !== undefined && lastLog > 0) log.info({ core: this.address, downMs: now - downSince }, 'the core answers again');
          downSince = undefined;
          lastLog = 0;
          seenUp = true;
          return;
        }
        downSince ??= now;
        // a gateway started beside its core waits longer for the first answer: a first start may take a while
        if (now - downSince >= (seenUp ? graceMs : firstGraceMs) && now - lastLog >= 60_000) {
          lastLog = now;
          log.warn({ core: this.address, downMs: now - downSince, reason: this.lastHealthFailure },
            `${seenUp ? 'the core stopped answering' : 'the core has not answered since the gateway started'} (reason: grpc-js's, in this entry): /healthz answers 503 and core calls fail until it does; check MERIDIAN_CORE_ADDR, MERIDIAN_CORE_TLS_NAME and the CA the gateway uses`);
        }
      });
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  toHttpError(err: Pick<grpc.StatusObject, 'code' | 'details' | 'metadata'>): HttpError {
    const bin = err.metadata?.get('grpc-status-details-bin')[0];
    return this.errorFrom(err.code, err.details, bin instanceof Buffer ? bin : undefined);
  }

  /** A gRPC status (code, message, google.rpc.Status bytes) → HttpError through the one table. */
  errorFrom(code: number, message: string, details: Buffer | undefined): HttpError {
    let reason: string | undefined;
    let field: string | undefined;
    if (details && details.length) {
      try {
        const st = this.statusType.toObject(decodeMessage(this.statusType, details)) as { details?: { type_url: string; value: Uint8Array }[] };
        for (const d of st.details ?? []) {
          if (d.type_url.endsWith('google.rpc.ErrorInfo')) {
            const info = this.errorInfoType.toObject(decodeMessage(this.errorInfoType, d.value)) as { reason?: string; metadata?: Record<string, string> };
            reason = info.reason;
            field = info.metadata?.['field'];
          }
        }
      } catch { /* a malformed Status leaves the code alone to decide */ }
    }
    return mapCoreError(code, reason, message || `gRPC status ${code}`, field);
  }

  close(): void {
    this.exchange?.close();
    this.client.close();
    this.channel.close();
  }
}


/** How often pending exchange calls are checked against their deadline, at most (ms). */
const SWEEP_MS = 50;

/** Rejection of calls in flight when the core turns out not to serve CoreExchange: they are re-sent unary. */
const EXCHANGE_UNSUPPORTED = Symbol('exchange unsupported');

interface Pending {
  resolve: (b: Buffer) => void;
  reject: (e: HttpError | typeof EXCHANGE_UNSUPPORTED) => void;
  /** performance.now() after which the gateway stops waiting (the sweep rejects it and cancels it in the core). */
  deadline: number;
  signal: Abandonment | undefined;
  abandon: (() => void) | undefined;
  /** Written to the stream: a call given up after this needs a cancel; one given up before is simply not sent. */
  sent: boolean;
}
/** What goes to the core: a call, or the id of a call no longer wanted. */
type Outgoing = ExchangeCall | number;

/**
 * The gateway's end of CoreExchange: one stream, opened on first use and again
 * after it ends; calls pair with answers by id; each call has its own
 * deadline. A core without the service (UNIMPLEMENTED) turns the exchange off
 * and the calls go unary.
 */
class ExchangeStream {
  private stream: grpc.ClientDuplexStream<object, ExchangeResponse> | undefined;
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  /**
   * Calls (and cancels) made in one turn of the event loop go to the core
   * together, at most EXCHANGE_MESSAGE_ITEMS (and EXCHANGE_MESSAGE_BYTES) per message. Backpressure: while
   * the stream's write buffer is full (the core reads slower than calls
   * come), further calls wait here (one per HTTP request in flight) until it
   * drains, instead of piling up in the transport.
   */
  private readonly outgoing = new Batching<Outgoing>((items) => {
    const calls: ExchangeCall[] = [];
    const cancelIds: number[] = [];
    for (const it of items) {
      if (typeof it === 'number') cancelIds.push(it);
      else {
        const p = this.pending.get(it.id as number);
        if (!p) continue; // abandoned before it left: not sent at all
        p.sent = true;
        calls.push(it);
      }
    }
    this.sent += calls.length;
    this.cancelsSent += cancelIds.length;
    if (calls.length === 0 && cancelIds.length === 0) return undefined;
    return writeInRuns(this.stream ?? this.open(), calls, (run, first): ExchangeRequest => (first && cancelIds.length ? { calls: run, cancelIds } : { calls: run }));
  }, { maxItems: EXCHANGE_MESSAGE_ITEMS });
  usable = true;

  /** Calls written to the stream so far, and cancels. */
  sent = 0;
  cancelsSent = 0;

  get inFlight(): number {
    return this.pending.size;
  }

  constructor(
    private readonly client: grpc.Client,
    private readonly method: protoLoader.MethodDefinition<object, object>,
    private readonly timeoutMs: number,
    private readonly errorFrom: (code: number, message: string, details: Buffer | undefined) => HttpError,
    private readonly cancelled: { abandoned: number; deadline: number },
  ) {}

  /** Takes a call out of the pending set (its answer came, or nobody waits any more). */
  private settle(id: number): Pending | undefined {
    const p = this.pending.get(id);
    if (!p) return undefined;
    this.pending.delete(id);
    if (p.abandon) p.signal?.removeEventListener('abort', p.abandon);
    return p;
  }

  /**
   * Deadlines: one sweep timer while calls are pending, instead of a timer per
   * call (setTimeout + clearTimeout per request showed in the gateway's
   * profile). Every call has the same timeout, so the pending map (in the
   * order calls were made) expires from its front: a sweep stops at the first
   * call still in time. A call is given up at most SWEEP_MS after its deadline.
   */
  private sweepTimer: NodeJS.Timeout | undefined;

  private armSweep(): void {
    if (this.sweepTimer) return;
    this.sweepTimer = setTimeout(() => this.sweep(), Math.min(SWEEP_MS, this.timeoutMs));
    this.sweepTimer.unref();
  }

  private sweep(): void {
    this.sweepTimer = undefined;
    const now = performance.now();
    for (const [id, p] of this.pending) {
      if (p.deadline > now) break;
      this.settle(id);
      this.cancelled.deadline++;
      if (p.sent) this.outgoing.add(id);
      p.reject(this.errorFrom(grpc.status.DEADLINE_EXCEEDED, `the core did not answer within ${this.timeoutMs} ms`, undefined));
    }
    if (this.pending.size) this.armSweep();
  }

  private open(): grpc.ClientDuplexStream<object, ExchangeResponse> {
    const stream = this.client.makeBidiStreamRequest(this.method.path, exchangeWire.encodeRequest, exchangeWire.decodeResponse);
    stream.on('data', (message: ExchangeResponse) => {
      for (const r of message.results) {
        const p = this.settle(r.id);
        if (!p) continue;
        if (r.statusCode === grpc.status.OK) p.resolve(r.payload);
        else p.reject(this.errorFrom(r.statusCode, r.statusMessage, r.statusDetails));
      }
    });
    const ended = (code: number, message: string) => {
      if (this.stream !== stream) return;
      this.stream = undefined;
      if (code === grpc.status.UNIMPLEMENTED) this.usable = false;
      const failed = [...this.pending.values()];
      this.pending.clear();
      for (const p of failed) {
        if (p.abandon) p.signal?.removeEventListener('abort', p.abandon);
        p.reject(!this.usable ? EXCHANGE_UNSUPPORTED : this.errorFrom(code === grpc.status.OK ? grpc.status.UNAVAILABLE : code, message || 'the exchange stream ended', undefined));
      }
    };
    stream.on('error', (e: grpc.ServiceError) => ended(e.code ?? grpc.status.UNAVAILABLE, e.details ?? e.message));
    stream.on('status', (st: grpc.StatusObject) => ended(st.code, st.details));
    stream.on('end', () => ended(grpc.status.UNAVAILABLE, 'the core closed the exchange stream'));
    this.stream = stream;
    return stream;
  }

  /**
   * One call; its deadline (the gateway's core timeout) travels with it and
   * the core answers DEADLINE_EXCEEDED when it passes there. Should the core
   * not answer at all, the same deadline here rejects the call and cancels
   * it in the core; so does an abort of `signal`.
   */
  call(path: string, payload: Buffer, tenant?: string, signal?: Abandonment): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const id = (this.seq = (this.seq + 1) % Number.MAX_SAFE_INTEGER);
      const abandon = signal && (() => {
        const p = this.settle(id);
        if (!p) return;
        this.cancelled.abandoned++;
        if (p.sent) this.outgoing.add(id);
        reject(callAbandoned());
      });
      if (abandon) signal.addEventListener('abort', abandon, { once: true });
      this.pending.set(id, { resolve, reject, deadline: performance.now() + this.timeoutMs, signal, abandon, sent: false });
      this.armSweep();
      this.outgoing.add(tenant ? { id, method: path, payload, tenant, timeoutMs: this.timeoutMs } : { id, method: path, payload, timeoutMs: this.timeoutMs });
    });
  }

  close(): void {
    this.stream?.end();
    this.stream = undefined;
  }
}
