/**
 * Adapts plain request → response functions to grpc-js unary handlers: errors
 * become gRPC statuses with a reason (src/grpc/status.ts); anything that is
 * not a classified core error is logged and answered INTERNAL, never thrown
 * into grpc-js.
 */
import type * as grpc from '@grpc/grpc-js';
import { isServiceError } from '../errors.js';
import { logger } from '../log.js';
import { toGrpcError } from './status.js';

export type Handlers = grpc.UntypedServiceImplementation;

export function unary<Req, Res>(fn: (req: Req, call: grpc.ServerUnaryCall<Req, Res>) => Res | Promise<Res>): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    let result: Res | Promise<Res>;
    try {
      result = fn(call.request, call);
    } catch (e) {
      fail(e, call.getPath(), callback);
      return;
    }
    if (result instanceof Promise) result.then((r) => callback(null, r), (e: unknown) => fail(e, call.getPath(), callback));
    else callback(null, result);
  };
}

function fail(e: unknown, path: string, callback: (err: Partial<grpc.StatusObject>) => void): void {
  if (!isServiceError(e)) logger.error({ err: e, path }, 'unclassified error in handler');
  callback(toGrpcError(e));
}
