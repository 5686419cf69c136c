/**
 * The core's one call contract. Every handler is a typed function
 * `(request, context) => response | Promise<response>`; the context carries
 * one AbortSignal, the deadline and the caller (identity, tenant, role). The
 * transports (grpc-js unary calls: grpcAdapter.ts; calls on the CoreExchange
 * stream: exchange.ts) only build a CoreCall and encode what callRunner.ts
 * answers; neither the handlers nor the runner know which one carried a call.
 */
import type * as grpc from '@grpc/grpc-js';
import { callerFor, type Caller, type Identity } from './caller.js';

export interface CallContext {
  /** Aborted when nobody waits for the answer any more: the caller cancelled or went away, or the deadline passed. */
  readonly signal: AbortSignal;
  /** When the caller stops waiting, in Date.now() milliseconds; Infinity: no deadline. */
  readonly deadline: number;
  /** Who calls: the authenticated identity, the tenant whose state the call may see, admin or not (caller.ts). */
  readonly caller: Caller;
  /** The method's full path (/package.Service/Method), for logs. */
  readonly method: string;
}

export type Handler<Req, Res> = (request: Req, context: CallContext) => Res | Promise<Res>;

/** A bidirectional stream (StreamAnalyses): grpc-js's stream, and the same context as a unary call. */
export type StreamHandler<Req, Res> = (stream: grpc.ServerDuplexStream<Req, Res>, context: CallContext) => void;

/**
 * A service's handlers, typed from its generated grpc-js interface (proto/contract/generated, `npm run proto:types`):
 * each unary method a Handler of its request and response messages, a bidirectional one a StreamHandler.
 */
export type ServiceHandlers<H> = {
  [K in keyof H as string extends K ? never : K]:
    H[K] extends grpc.handleUnaryCall<infer Req, infer Res> ? Handler<Req, Res>
      : H[K] extends grpc.handleBidiStreamingCall<infer Req, infer Res> ? StreamHandler<Req, Res> : never;
};

/** How long before the core's deadline a cancel is taken for the caller's deadline (see CoreCall.cancel). */
export const DEADLINE_SLACK_MS = 25;

/** How a call ended before its answer: its caller gave up, or its deadline passed. */
export type CallEnd = 'cancelled' | 'deadline';

/**
 * One call as the core runs it: the CallContext its handler gets, and the state the runner keeps of it. The
 * AbortController and the Caller are made only when a handler asks for them (a geo lookup never does, and
 * an AbortController per call showed in the core's profile).
 */
export class CoreCall implements CallContext {
  /** Set once, when the call ends without its answer. */
  ended: CallEnd | undefined;
  /** The handler has been called. */
  started = false;
  /** The transport has been given its answer (the runner answers each call once). */
  answered = false;
  /** The runner's hook while an asynchronous handler runs. */
  onEnd: ((why: CallEnd) => void) | undefined;
  private controller: AbortController | undefined;
  private who: Caller | undefined;

  /**
   * `identity`: what authentication found (absent only for a call that never passed it; the exchange sets it
   * when the call starts, after its revocation check); `claimedTenant`: the tenant the transport carried
   * (x-meridian-tenant metadata, or the exchanged call's field), trusted only from a gateway identity (caller.ts).
   */
  constructor(readonly method: string, readonly deadline: number, public identity: Identity | undefined, private readonly claimedTenant: string | undefined) {}

  get caller(): Caller {
    return (this.who ??= callerFor(this.identity, this.claimedTenant));
  }

  get signal(): AbortSignal {
    this.controller ??= new AbortController();
    if (this.ended && !this.controller.signal.aborted) this.controller.abort(this.ended);
    return this.controller.signal;
  }

  /**
   * The transport says nobody waits any more: the client cancelled, the connection or stream went, or a
   * deadline timer fired. One within DEADLINE_SLACK_MS of the deadline is that deadline: a caller's own timer
   * (grpc-js's client, the gateway's sweep) started before the call crossed to the core, so it fires up to
   * the transit time before the core's, and its cancel arrives first.
   */
  cancel(): void {
    this.end(Date.now() >= this.deadline - DEADLINE_SLACK_MS ? 'deadline' : 'cancelled');
  }

  /** Ends the call (the runner, for the deadline; cancel(), for the transport). */
  end(why: CallEnd): void {
    if (this.ended) return;
    this.ended = why;
    this.controller?.abort(why);
    this.onEnd?.(why);
  }
}

/** A deadline as grpc-js gives it (a Date or milliseconds; Infinity when the client set none) → Date.now() milliseconds. */
export function deadlineMs(d: grpc.Deadline): number {
  return d instanceof Date ? d.getTime() : d;
}
