/**
 * Runs one call of the contract (callContext.ts), whichever transport carried
 * it: the one place that decodes the request, enforces the deadline, applies
 * cancellation, turns errors into statuses and encodes the answer. Both
 * adapters (grpcAdapter.ts, exchange.ts) hand it the request's bytes and a
 * CoreCall and send what it answers, exactly once per call.
 *
 * - A call already ended when its turn comes (its caller went away, or its
 *   deadline passed while it waited) is not started: counted `before_start`,
 *   or DEADLINE_EXCEEDED.
 * - A handler that answers after the deadline (a synchronous one that kept the
 *   event loop, or an asynchronous one: a timer, set only for those, fires at
 *   the deadline) is answered DEADLINE_EXCEEDED, and its signal aborts.
 * - A call cancelled while its handler runs has its answer dropped (counted
 *   `while_running`); the handler sees its signal abort.
 * - A handler's error is its status and reason (status.ts); anything that is
 *   not a classified core error is logged and answered INTERNAL.
 */
import * as grpc from '@grpc/grpc-js';
import { isServiceError, ServiceError } from '../errors.js';
import { logger } from '../log.js';
import { callMetrics } from './callMetrics.js';
import type { CallEnd, CoreCall, Handler } from './callContext.js';
import { statusOf, type CallStatus } from './status.js';

/** A unary method as the runner serves it: the contract's coding of its messages, and its handler. */
export interface CoreMethod {
  path: string;
  decode(bytes: Buffer): unknown;
  encode(value: unknown): Buffer;
  handler: Handler<unknown, unknown>;
}

/** Where the answer goes: a status, or OK (null) with the encoded response. */
export type Answer = (status: CallStatus | null, response?: Buffer) => void;

export const CANCELLED: CallStatus = { code: grpc.status.CANCELLED, message: 'the caller cancelled the call' };

/** A timer longer than 2^31-1 ms fires at once (with a TimeoutOverflowWarning): such a deadline is none. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function runCall(method: CoreMethod, bytes: Buffer, call: CoreCall, answer: Answer): void {
  const once: Answer = (status, response) => {
    if (call.answered) return;
    call.answered = true;
    call.onEnd = undefined;
    answer(status, response);
  };
  if (call.ended === 'cancelled') { callMetrics.cancelled('before_start'); once(CANCELLED); return; }
  if (call.ended === 'deadline' || Date.now() >= call.deadline) { expire(call, once); return; }
  call.started = true;
  let result: unknown;
  try {
    result = method.handler(decode(method, bytes), call);
  } catch (e) {
    finish(method, call, once, e, undefined);
    return;
  }
  if (!(result instanceof Promise)) { finish(method, call, once, undefined, result); return; }
  const left = call.deadline - Date.now();
  const timer = left <= MAX_TIMER_MS ? setTimeout(() => call.end('deadline'), Math.max(0, left)) : undefined;
  call.onEnd = (why: CallEnd) => {
    clearTimeout(timer);
    if (why === 'deadline') expire(call, once);
    else { callMetrics.cancelled('while_running'); once(CANCELLED); }
  };
  (result as Promise<unknown>).then((value) => {
    clearTimeout(timer);
    finish(method, call, once, undefined, value);
  }, (e: unknown) => {
    clearTimeout(timer);
    finish(method, call, once, e, undefined);
  });
}

function decode(method: CoreMethod, bytes: Buffer): unknown {
  try {
    return method.decode(bytes);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new ServiceError(grpc.status.INVALID_ARGUMENT, 'PARAM_INVALID', `the request for ${method.path} is not a valid protobuf message: ${why.slice(0, 200)}`);
  }
}

/** The handler's outcome (an error, or its response) → the answer, unless the call ended meanwhile. */
function finish(method: CoreMethod, call: CoreCall, answer: Answer, error: unknown, value: unknown): void {
  if (call.answered) return; // ended meanwhile (cancelled, or its deadline passed): answered already
  if (Date.now() >= call.deadline) { expire(call, answer); return; }
  if (error !== undefined) {
    if (!isServiceError(error)) logger.error({ err: error, path: method.path }, 'unclassified error in handler');
    answer(statusOf(error));
    return;
  }
  let bytes: Buffer;
  try {
    bytes = method.encode(value);
  } catch (e) {
    logger.error({ err: e, path: method.path }, 'response could not be encoded');
    answer(statusOf(e));
    return;
  }
  answer(null, bytes);
}

function expire(call: CoreCall, answer: Answer): void {
  if (call.answered) return;
  call.onEnd = undefined;
  call.end('deadline'); // the handler's signal aborts
  callMetrics.deadlineExceeded();
  answer({ code: grpc.status.DEADLINE_EXCEEDED, message: `the call's deadline passed in the core before ${call.method} answered` });
}
