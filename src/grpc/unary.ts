/**
 * Adapts plain request → response functions to grpc-js unary handlers: errors
 * become gRPC statuses with a reason (src/grpc/status.ts); anything that is
 * not a classified core error is logged and answered INTERNAL, never thrown
 * into grpc-js.
 *
 * Cancellation: a call already cancelled when its turn comes (its caller went
 * away, or its deadline passed, on a unary RPC or on the exchange stream) is
 * not started; one cancelled while its handler runs has its answer dropped.
 * Both are counted (callMetrics). Handlers with work worth stopping take
 * `cancelSignal(call)`.
 */
import * as grpc from '@grpc/grpc-js';
import { isServiceError } from '../errors.js';
import { logger } from '../log.js';
import { toGrpcError } from './status.js';
import { callMetrics } from './callMetrics.js';

export type Handlers = grpc.UntypedServiceImplementation;

const CANCELLED: Partial<grpc.StatusObject> = { code: grpc.status.CANCELLED, details: 'the caller cancelled the call' };

export function unary<Req, Res>(fn: (req: Req, call: grpc.ServerUnaryCall<Req, Res>) => Res | Promise<Res>): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    if (call.cancelled) {
      callMetrics.cancelled('before_start');
      callback(CANCELLED);
      return;
    }
    let result: Res | Promise<Res>;
    try {
      result = fn(call.request, call);
    } catch (e) {
      fail(e, call.getPath(), callback);
      return;
    }
    if (result instanceof Promise) {
      result.then((r) => {
        if (call.cancelled) { callMetrics.cancelled('while_running'); callback(CANCELLED); return; }
        callback(null, r);
      }, (e: unknown) => {
        if (call.cancelled) { callMetrics.cancelled('while_running'); callback(CANCELLED); return; }
        fail(e, call.getPath(), callback);
      });
    } else callback(null, result);
  };
}

/**
 * An AbortSignal that fires when the call is cancelled (grpc-js's 'cancelled'
 * event: the client cancelled, the connection dropped, or the deadline
 * passed; the exchange emits the same for its calls).
 */
export function cancelSignal(call: Pick<grpc.ServerUnaryCall<unknown, unknown>, 'cancelled' | 'once'>): AbortSignal {
  const ac = new AbortController();
  if (call.cancelled) ac.abort();
  else call.once('cancelled', () => ac.abort());
  return ac.signal;
}

function fail(e: unknown, path: string, callback: (err: Partial<grpc.StatusObject>) => void): void {
  if (!isServiceError(e)) logger.error({ err: e, path }, 'unclassified error in handler');
  callback(toGrpcError(e));
}
