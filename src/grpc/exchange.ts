/**
 * meridian.exchange.v1.CoreExchange: unary calls carried over one long-lived
 * stream (see proto/meridian/exchange/v1/exchange.proto for why). Every
 * service the core adds is recorded here by method path, and each exchanged
 * call runs the very handler a unary call would, with the same statuses.
 */
import * as grpc from '@grpc/grpc-js';
import { EventEmitter } from 'node:events';
import { logger } from '../log.js';
import { serviceDefinition } from './protos.js';
import { IDENTITY, identityOf, TENANT_METADATA } from './caller.js';
import type { Authenticator } from './authentication.js';
import { isServiceError, ServiceError } from '../errors.js';
import { toGrpcError } from './status.js';
import { Batching } from '../../proto/contract/batching.js';
import { EXCHANGE_MESSAGE_ITEMS, exchangeWire, writeInRuns, type RefusedExchangeRequest } from '../../proto/contract/exchange.js';
import type { ExchangeCall__Output as ExchangeCall } from '../../proto/contract/generated/meridian/exchange/v1/ExchangeCall.js';
import type { ExchangeRequest__Output as ExchangeRequest } from '../../proto/contract/generated/meridian/exchange/v1/ExchangeRequest.js';
import type { ExchangeResponse } from '../../proto/contract/generated/meridian/exchange/v1/ExchangeResponse.js';
import type { ExchangeResult } from '../../proto/contract/generated/meridian/exchange/v1/ExchangeResult.js';
import { callMetrics } from './callMetrics.js';

interface UnaryEntry {
  definition: grpc.MethodDefinition<unknown, unknown>;
  handler: grpc.handleUnaryCall<unknown, unknown>;
}


/**
 * Adds services to the gRPC server, each handler behind authentication (the
 * caller's identity is on the call before the handler runs; see caller.ts),
 * and remembers their unary handlers for the exchange. Health is added as
 * an open service (addOpenService): unauthenticated, not on the exchange.
 */
export class ServiceRegistry {
  private readonly unary = new Map<string, UnaryEntry>();

  constructor(readonly server: grpc.Server, private readonly auth: Authenticator) {}

  /** The caller of a connection, asked again (a certificate revoked while its stream stays open is refused from then on). */
  identify(call: { getAuthContext?: () => { sslPeerCertificate?: unknown } | null }): ReturnType<Authenticator['identify']> {
    return this.auth.identify(call);
  }

  addService(service: grpc.ServiceDefinition, implementation: grpc.UntypedServiceImplementation): void {
    this.add(service, implementation, true);
  }

  /**
   * A service every peer may call, certificate or not (health): added to the server without authentication,
   * but its requests decoded as the others' are (one that does not decode is INVALID_ARGUMENT, not grpc-js's
   * INTERNAL "Error deserializing request"); not offered on the exchange.
   */
  addOpenService(service: grpc.ServiceDefinition, implementation: grpc.UntypedServiceImplementation): void {
    this.add(service, implementation, false);
  }

  private add(service: grpc.ServiceDefinition, implementation: grpc.UntypedServiceImplementation, authenticated: boolean): void {
    const guarded: grpc.UntypedServiceImplementation = {};
    const tolerant: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
    for (const [name, definition] of Object.entries(service)) {
      // a request that does not decode reaches the guard as MALFORMED (INVALID_ARGUMENT), not grpc-js's INTERNAL
      tolerant[name] = { ...definition, requestDeserialize: tolerantDeserialize(definition.requestDeserialize) };
      // grpc-js accepts a handler under the method's name or its camelCase originalName
      const key = implementation[name] ? name : definition.originalName;
      const handler = key ? implementation[key] : undefined;
      if (!handler || !key) continue;
      guarded[key] = this.guard(definition, handler, authenticated);
      if (authenticated && !definition.requestStream && !definition.responseStream) {
        this.unary.set(definition.path, { definition: definition as grpc.MethodDefinition<unknown, unknown>, handler: handler as grpc.handleUnaryCall<unknown, unknown> });
      }
    }
    this.server.addService(tolerant as grpc.ServiceDefinition, guarded);
  }

  /** The handler behind authentication (unless the service is open): an unauthenticated call ends UNAUTHENTICATED before the handler sees it; a request that does not decode ends INVALID_ARGUMENT. */
  private guard(definition: grpc.MethodDefinition<unknown, unknown>, handler: grpc.UntypedHandleCall, authenticated: boolean): grpc.UntypedHandleCall {
    const auth = this.auth;
    const identify = (call: object & { getAuthContext?: () => { sslPeerCertificate?: unknown } | null }) => {
      if (!authenticated) return undefined;
      const id = auth.identify(call);
      if (isServiceError(id)) return toGrpcError(id);
      (call as { [IDENTITY]?: unknown })[IDENTITY] = id;
      return undefined;
    };
    const path = definition.path;
    if (!definition.responseStream && !definition.requestStream) {
      const h = handler as grpc.handleUnaryCall<unknown, unknown>;
      return ((call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
        const refused = identify(call);
        if (refused) { callback(refused as grpc.ServerErrorResponse); return; }
        if (isMalformed(call.request)) { callback(malformedError(path, call.request) as grpc.ServerErrorResponse); return; }
        h(call, callback);
      }) as grpc.UntypedHandleCall;
    }
    const h = handler as (call: object, callback?: unknown) => void;
    return ((call: grpc.ServerDuplexStream<unknown, unknown>, callback?: grpc.sendUnaryData<unknown>) => {
      const refused = identify(call);
      if (refused) {
        if (callback) callback(refused as grpc.ServerErrorResponse);
        else call.emit('error', refused);
        return;
      }
      if (definition.requestStream) {
        // a message that does not decode ends the stream INVALID_ARGUMENT before the handler sees it
        const push = call.push.bind(call);
        call.push = (chunk: unknown) => {
          if (!isMalformed(chunk)) return push(chunk);
          const err = malformedError(path, chunk);
          if (callback) callback(err as grpc.ServerErrorResponse); else call.emit('error', err);
          return false;
        };
      }
      h(call, callback);
    }) as grpc.UntypedHandleCall;
  }

  get(path: string): UnaryEntry | undefined {
    return this.unary.get(path);
  }
}

const MALFORMED = Symbol('malformed request');
interface Malformed { [MALFORMED]: string }

function tolerantDeserialize(deserialize: (b: Buffer) => unknown): (b: Buffer) => unknown {
  return (bytes) => {
    try { return deserialize(bytes); } catch (e) { return { [MALFORMED]: e instanceof Error ? e.message : String(e) } satisfies Malformed; }
  };
}

function isMalformed(v: unknown): v is Malformed {
  return typeof v === 'object' && v !== null && MALFORMED in v;
}

function malformedError(path: string, m: Malformed): Partial<grpc.StatusObject> {
  return toGrpcError(new ServiceError(grpc.status.INVALID_ARGUMENT, 'PARAM_INVALID', `the request for ${path} is not a valid protobuf message: ${m[MALFORMED].slice(0, 200)}`));
}


/**
 * One exchanged call as its handler sees it: the parts of a grpc-js
 * ServerUnaryCall that handlers use (request, metadata, path, the peer's
 * identity), with the same cancellation: `cancelled` turns true and
 * 'cancelled' is emitted when the gateway cancels the call (its HTTP client
 * went away or its deadline passed), when the call's own deadline passes in
 * the core, or when the stream ends under it.
 */
class ExchangedCall extends EventEmitter {
  cancelled = false;
  started = false;
  timer: NodeJS.Timeout | undefined;
  readonly deadline: number;

  constructor(
    readonly id: number,
    readonly method: string,
    readonly payload: Buffer,
    private readonly streamMetadata: grpc.Metadata,
    private readonly tenant: string | undefined,
    private readonly stream: grpc.ServerDuplexStream<ExchangeRequest, ExchangeResponse>,
    timeoutMs: number,
  ) {
    super();
    this.deadline = timeoutMs > 0 ? Date.now() + timeoutMs : Infinity;
  }

  private ownMetadata: grpc.Metadata | undefined;

  /** The stream's metadata with the call's tenant, made when a handler first asks (most geo handlers never do). */
  get metadata(): grpc.Metadata {
    if (!this.tenant) return this.streamMetadata;
    if (!this.ownMetadata) {
      this.ownMetadata = this.streamMetadata.clone();
      this.ownMetadata.set(TENANT_METADATA, this.tenant);
    }
    return this.ownMetadata;
  }

  request: unknown;
  getPath(): string { return this.method; }
  getDeadline(): grpc.Deadline { return this.deadline; }
  getPeer(): string { return this.stream.getPeer(); }
  getAuthContext(): ReturnType<grpc.ServerDuplexStream<unknown, unknown>['getAuthContext']> { return this.stream.getAuthContext(); }

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    if (this.timer) clearTimeout(this.timer);
    this.emit('cancelled', 'cancelled');
  }
}

/** Calls in flight on all exchange streams (read, not yet answered or cancelled), and the high-water mark of answers held for one stream, for gauges. */
const exchangeLoad = { open: 0, waitingMax: 0 };

/**
 * Most calls of one stream the core holds at once (running, or answered and
 * not yet taken by the transport); beyond it the core stops reading the
 * stream, as an HTTP/2 server caps concurrent streams. Sized well above the
 * gateway's usual concurrency (one call per HTTP request in flight).
 */
const EXCHANGE_MAX_HELD = 256;
/**
 * How long the core runs a stream's calls before it yields so that their
 * answers leave (startSome below). Chosen on the REST bench's workloads, the
 * same trees alternated over five rounds (req/s, sliced ÷ unsliced, medians):
 * 0.5 ms radius 1.29× mixed 1.14×; 1 ms radius 1.29× mixed 1.18×; 2 ms radius
 * 1.26× mixed 1.08× (CHANGELOG.md). Since then a call costs
 * the core less (place tiers, kept renderings), so a 1 ms turn held ~30 calls
 * and the two threads took turns again: 0.3 ms against 1 ms, alternated, wrk:
 * mixed +15 %, radius +15 %, prefix +6 %, by id level; autocannon: +8-10 % on all
 * four (0.5 ms in between, 0.15 ms more CPU per request).
 */
const START_SLICE_MS = 0.3;
callMetrics.gaugeOf('meridian_exchange_calls_open', 'Calls read from CoreExchange streams and not yet answered or cancelled', () => exchangeLoad.open);
callMetrics.gaugeOf('meridian_exchange_answer_messages_waiting_max', 'Most answer messages one CoreExchange stream has held in the core at once (write buffer and queue): bounded by backpressure, however slowly its reader reads', () => exchangeLoad.waitingMax);

export function addExchangeService(registry: ServiceRegistry): void {
  const exchange: grpc.handleBidiStreamingCall<ExchangeRequest, ExchangeResponse> = (stream) => {
    // authenticated once for the stream (ServiceRegistry); every exchanged call is that peer's
    const identity = identityOf(stream);
    let open = true;
    const inFlight = new Map<number, ExchangedCall>();
    /**
     * Results finished in one turn of the event loop go back together, in
     * messages of at most EXCHANGE_MESSAGE_ITEMS (and EXCHANGE_MESSAGE_BYTES) so that the gateway can start
     * on the first answers while the core computes the rest. Backpressure:
     * reading further calls stops while the transport's write buffer is full
     * (the gateway reads slower than the core answers) or while
     * EXCHANGE_MAX_HELD calls of the stream are running or waiting to be
     * written, so what the core holds for a slow reader stays bounded.
     */
    let drainWait = false;
    /** Calls of this stream read and not yet answered to the transport: running, or answered and waiting to be written. */
    const held = () => inFlight.size + results.pending;
    /** Reading resumes once the transport has drained and the calls held are down to half the cap. */
    const maybeResume = () => {
      if (open && !drainWait && stream.isPaused() && held() < EXCHANGE_MAX_HELD / 2) stream.resume();
    };
    const results = new Batching<ExchangeResult>((batch) => {
      if (!open || stream.destroyed) return undefined;
      const written = writeInRuns(stream, batch, (run) => ({ results: run }),
        () => { drainWait = true; stream.pause(); },
        () => { drainWait = false; maybeResume(); });
      // answer messages held in the core for this stream: in the transport's write buffer, and waiting to be written
      const waiting = stream.writableLength + Math.ceil(results.pending / EXCHANGE_MESSAGE_ITEMS);
      if (waiting > exchangeLoad.waitingMax) exchangeLoad.waitingMax = waiting;
      if (!written) maybeResume();
      return written;
    }, { maxItems: EXCHANGE_MESSAGE_ITEMS });
    /** Answers a call still in flight (a cancelled or expired one has left the map and is not answered again). */
    const reply = (call: ExchangedCall, r: ExchangeResult) => {
      if (inFlight.get(call.id) !== call) return;
      inFlight.delete(call.id);
      exchangeLoad.open--;
      if (call.timer) clearTimeout(call.timer);
      results.add(r);
    };
    /**
     * Calls start one turn after they are read, so that a cancel that arrived
     * in the same read (a client that gave up while the call waited in the
     * socket) is applied first and the call is not run for nobody; then in
     * turns of at most START_SLICE_MS of work, the answers made so far written
     * at the end of each: HTTP/2 sends what a turn wrote only once the turn
     * ends, so a message of 16 radius searches (~4 ms) used to keep all 16
     * answers until the last was done while the gateway's thread waited, and
     * the two threads took turns instead of working at once (each ~50 % busy
     * under the REST bench's 32 connections). Scheduling, not gathering: the
     * calls were gathered by the gateway.
     */
    const toStart: ExchangedCall[] = [];
    let startScheduled = false;
    const startSome = () => {
      startScheduled = false;
      const until = performance.now() + START_SLICE_MS;
      let k = 0;
      while (k < toStart.length) {
        start(toStart[k++]!);
        if (performance.now() >= until) break;
      }
      toStart.splice(0, k);
      if (toStart.length) {
        results.now(); // out at the end of this turn, before the next slice runs
        startScheduled = true;
        setImmediate(startSome);
      }
    };
    const starting = {
      add: (call: ExchangedCall) => {
        toStart.push(call);
        if (!startScheduled) { startScheduled = true; setImmediate(startSome); }
      },
    };
    stream.on('data', (message: ExchangeRequest | RefusedExchangeRequest) => {
      if ('refused' in message) { // over a cap, not decoded: the stream ends with it ('error' → closed(): its calls in flight are cancelled)
        if (open) stream.emit('error', { code: grpc.status.RESOURCE_EXHAUSTED, details: message.refused });
        return;
      }
      for (const id of message.cancelIds ?? []) cancel(Number(id));
      for (const req of message.calls ?? []) receive(req);
    });
    const receive = (req: ExchangeCall) => {
      const id = Number(req.id);
      const call = new ExchangedCall(id, req.method, req.payload, stream.metadata, req.tenant || undefined, stream, req.timeoutMs ?? 0);
      (call as unknown as { [IDENTITY]: unknown })[IDENTITY] = identity;
      inFlight.get(id)?.cancel(); // an id reused while in flight: the older call is abandoned
      if (!inFlight.has(id)) exchangeLoad.open++;
      inFlight.set(id, call);
      callMetrics.exchangeCallRead();
      starting.add(call);
      if (held() >= EXCHANGE_MAX_HELD) stream.pause(); // the rest wait in the transport (HTTP/2 flow control holds the sender)
    };
    const cancel = (id: number) => {
      const call = inFlight.get(id);
      if (!call) return; // answered already, or never sent: nothing to stop
      inFlight.delete(id);
      exchangeLoad.open--;
      if (!call.started) callMetrics.cancelled('before_start');
      call.cancel(); // a running handler sees it; unary() counts it and drops its answer
      maybeResume();
    };
    const expire = (call: ExchangedCall) => {
      if (inFlight.get(call.id) !== call) return;
      callMetrics.deadlineExceeded();
      reply(call, { id: call.id, statusCode: grpc.status.DEADLINE_EXCEEDED, statusMessage: `the call's deadline passed in the core before ${call.method} answered` });
      call.cancel();
    };
    /**
     * A call's deadline timer is set only when its handler returns without
     * answering (an asynchronous handler): most calls (geo, locale) answer
     * within start(), and a timer set and cleared for each of them showed in
     * the core's profile. A deadline that passed while the call waited to
     * start is caught here.
     */
    const start = (call: ExchangedCall) => {
      if (call.cancelled || inFlight.get(call.id) !== call) return;
      if (Date.now() >= call.deadline) { expire(call); return; }
      try {
        run(call);
      } catch (e) {
        // handlers catch their own errors (unary()); should one escape, this call fails and the batch goes on
        logger.error({ err: e, path: call.method }, 'exchanged call threw outside its handler');
        reply(call, { id: call.id, statusCode: grpc.status.INTERNAL, statusMessage: 'internal error; the core logged the details' });
        return;
      }
      if (call.deadline !== Infinity && inFlight.get(call.id) === call && !call.cancelled) {
        // (a timer longer than 2^31-1 ms fires at once, with a TimeoutOverflowWarning: such a deadline is none)
        const left = call.deadline - Date.now();
        if (left <= 2 ** 31 - 1) call.timer = setTimeout(() => expire(call), Math.max(0, left));
      }
    };
    const run = (call: ExchangedCall) => {
      call.started = true;
      // every exchanged call is checked against revocations, as a unary call would be
      const current = registry.identify(stream);
      if (isServiceError(current)) {
        reply(call, { id: call.id, statusCode: current.code, statusMessage: current.message });
        return;
      }
      const entry = registry.get(call.method);
      if (!entry) {
        reply(call, { id: call.id, statusCode: grpc.status.UNIMPLEMENTED, statusMessage: `no unary method ${call.method.slice(0, 200)} in the core` });
        return;
      }
      try {
        call.request = entry.definition.requestDeserialize(call.payload);
      } catch (e) {
        reply(call, { id: call.id, statusCode: grpc.status.INVALID_ARGUMENT, statusMessage: `the request for ${call.method} could not be decoded: ${e instanceof Error ? e.message : String(e)}` });
        return;
      }
      entry.handler(call as unknown as grpc.ServerUnaryCall<unknown, unknown>, (err, value) => {
        if (inFlight.get(call.id) !== call) return; // cancelled or expired meanwhile: nobody waits for it
        if (Date.now() >= call.deadline) { expire(call); return; } // a handler that kept the event loop past the deadline
        if (err) {
          const bin = err.metadata?.get('grpc-status-details-bin')[0];
          reply(call, { id: call.id, statusCode: err.code ?? grpc.status.UNKNOWN, statusMessage: err.details ?? ('message' in err ? String(err.message) : ''), ...(bin instanceof Buffer ? { statusDetails: bin } : {}) });
          return;
        }
        let payload: Buffer;
        try {
          payload = entry.definition.responseSerialize(value);
        } catch (e) {
          logger.error({ err: e, path: call.method }, 'response could not be encoded');
          reply(call, { id: call.id, statusCode: grpc.status.INTERNAL, statusMessage: 'internal error; the core logged the details' });
          return;
        }
        reply(call, { id: call.id, statusCode: grpc.status.OK, payload });
      });
    };
    /** The stream is gone (the gateway closed it, or the connection dropped): every call on it is cancelled. */
    const closed = () => {
      if (!open) return;
      open = false;
      for (const call of inFlight.values()) { if (!call.started) callMetrics.cancelled('before_start'); call.cancel(); }
      exchangeLoad.open -= inFlight.size;
      inFlight.clear();
    };
    stream.on('end', () => { closed(); stream.end(); });
    stream.on('error', closed);
    stream.on('cancelled', closed);
    stream.on('close', closed);
  };
  const definition = serviceDefinition('meridian.exchange.v1.CoreExchange');
  const method = definition['Exchange'] as grpc.MethodDefinition<unknown, unknown>;
  // the stream's own codec (proto/contract/exchange.ts), without proto-loader's fromObject/toObject passes
  registry.addService({ Exchange: { ...method, requestDeserialize: exchangeWire.decodeRequest, responseSerialize: exchangeWire.encodeResponse as (v: unknown) => Buffer } },
    { Exchange: exchange as grpc.UntypedHandleCall });
}
