/**
 * meridian.exchange.v1.CoreExchange, the second transport of the call
 * contract (callContext.ts): unary calls carried over one long-lived stream
 * (see proto/meridian/exchange/v1/exchange.proto for why). Each exchanged call
 * becomes a CoreCall (the stream's identity, the call's tenant and deadline)
 * and is run by callRunner.ts on the very method a unary call would use
 * (ServiceRegistry), with the same statuses. What is this transport's own:
 * reading calls and cancels, starting calls in short turns, and writing the
 * answers back in batches with backpressure.
 */
import * as grpc from '@grpc/grpc-js';
import { serviceDefinition } from './protos.js';
import { isServiceError } from '../errors.js';
import { statusOf, type CallStatus } from './status.js';
import type { ServiceRegistry } from './serviceRegistry.js';
import { CoreCall } from './callContext.js';
import { runCall } from './callRunner.js';
import { Batching } from '../../lib/batching.js';
import { EXCHANGE_MESSAGE_ITEMS, exchangeWire, writeInRuns, type RefusedExchangeRequest } from '../../proto/contract/exchange.js';
import type { ExchangeCall__Output as ExchangeCall } from '../../proto/contract/generated/meridian/exchange/v1/ExchangeCall.js';
import type { ExchangeRequest__Output as ExchangeRequest } from '../../proto/contract/generated/meridian/exchange/v1/ExchangeRequest.js';
import type { ExchangeResponse } from '../../proto/contract/generated/meridian/exchange/v1/ExchangeResponse.js';
import type { ExchangeResult } from '../../proto/contract/generated/meridian/exchange/v1/ExchangeResult.js';
import { callMetrics } from './callMetrics.js';

/** One call read from the stream: its id on the stream, its request's bytes, and the call as the runner runs it. */
interface Exchanged { id: number; payload: Buffer; call: CoreCall }

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
    let open = true;
    const inFlight = new Map<number, Exchanged>();
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
    /** Takes a call out of the stream's calls in flight (answered, cancelled, or the stream gone). */
    const leave = (x: Exchanged): boolean => {
      if (inFlight.get(x.id) !== x) return false;
      inFlight.delete(x.id);
      exchangeLoad.open--;
      return true;
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
    const toStart: Exchanged[] = [];
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
    stream.on('data', (message: ExchangeRequest | RefusedExchangeRequest) => {
      if ('refused' in message) { // over a cap, not decoded: the stream ends with it ('error' → closed(): its calls in flight are cancelled)
        if (open) stream.emit('error', { code: grpc.status.RESOURCE_EXHAUSTED, details: message.refused });
        return;
      }
      for (const id of message.cancelIds ?? []) cancel(Number(id));
      for (const req of message.calls ?? []) receive(req);
    });
    const receive = (req: ExchangeCall) => {
      if (!open) return; // the stream ended (a refused id earlier in this frame): start nothing more
      const id = Number(req.id);
      // a uint64 above 2^53 - 1 is no longer one number here: two such ids would meet (the older call abandoned).
      // The loader decoded it to the nearest double already, so the refusal does not echo a value the caller never sent.
      if (!Number.isSafeInteger(id)) {
        if (open) stream.emit('error', { code: grpc.status.INVALID_ARGUMENT, details: `exchange call ids are at most ${Number.MAX_SAFE_INTEGER} (2^53 - 1); a call of this frame had a larger one (for '${req.method.slice(0, 80)}')` });
        return;
      }
      const timeoutMs = req.timeoutMs ?? 0;
      // the caller is the stream's peer (authenticated for the stream by the registry; revocation checked per call in start)
      const x: Exchanged = { id, payload: req.payload, call: new CoreCall(req.method, timeoutMs > 0 ? Date.now() + timeoutMs : Infinity, undefined, req.tenant || undefined) };
      cancel(id); // an id reused while in flight: the older call is abandoned
      exchangeLoad.open++;
      inFlight.set(id, x);
      callMetrics.exchangeCallRead();
      toStart.push(x);
      if (!startScheduled) { startScheduled = true; setImmediate(startSome); }
      if (held() >= EXCHANGE_MAX_HELD) stream.pause(); // the rest wait in the transport (HTTP/2 flow control holds the sender)
    };
    const cancel = (id: number) => {
      const x = inFlight.get(id);
      if (!x || !leave(x)) return; // answered already, or never sent: nothing to stop
      x.call.cancel(); // not started: the runner does not start it; running: its signal aborts and its answer is dropped
      maybeResume();
    };
    const start = (x: Exchanged) => {
      const answer = (status: CallStatus | null, payload?: Buffer) => {
        if (!leave(x)) return; // cancelled, or the stream gone: nobody waits for it
        results.add(status ? { id: x.id, statusCode: status.code, statusMessage: status.message, ...(status.details ? { statusDetails: status.details } : {}) }
          : { id: x.id, statusCode: grpc.status.OK, payload: payload! });
      };
      if (!x.call.ended) {
        // every exchanged call is checked against revocations, as a unary call would be
        const identity = registry.auth.identify(stream);
        if (isServiceError(identity)) { answer(statusOf(identity)); return; }
        x.call.identity = identity;
      }
      const method = registry.method(x.call.method);
      if (!method) { answer({ code: grpc.status.UNIMPLEMENTED, message: `no unary method ${x.call.method.slice(0, 200)} in the core` }); return; }
      runCall(method, x.payload, x.call, answer); // not started when it was cancelled meanwhile (counted there)
    };
    /** The stream is gone (the gateway closed it, or the connection dropped): every call on it is cancelled. */
    const closed = () => {
      if (!open) return;
      open = false;
      const calls = [...inFlight.values()];
      for (const x of calls) leave(x);
      for (const x of calls) x.call.cancel();
    };
    stream.on('end', () => { closed(); stream.end(); });
    stream.on('error', closed);
    stream.on('cancelled', closed);
    stream.on('close', closed);
  };
  const definition = serviceDefinition('meridian.exchange.v1.CoreExchange');
  const method = definition['Exchange'] as grpc.MethodDefinition<unknown, unknown>;
  // the stream's own codec (proto/contract/exchange.ts), without proto-loader's fromObject/toObject passes
  registry.addGrpcService({ Exchange: { ...method, requestDeserialize: exchangeWire.decodeRequest, responseSerialize: exchangeWire.encodeResponse as (v: unknown) => Buffer } },
    { Exchange: exchange as grpc.UntypedHandleCall });
}
