/**
 * The grpc-js transport of the call contract (callContext.ts): a unary call
 * arrives as bytes (its method is registered with pass-through coding), gets
 * its CoreCall (the identity authentication found, the x-meridian-tenant
 * metadata, grpc-js's deadline, its 'cancelled' event) and is run by
 * callRunner.ts, whose answer (bytes or a status with its reason) goes back
 * through grpc-js's callback. A stream method (StreamAnalyses) gets the same
 * context beside grpc-js's stream. Services with grpc-js handlers of their own
 * (reflection, health) are wrapped by `guardGrpcHandler` only.
 */
import * as grpc from '@grpc/grpc-js';
import { isServiceError, ServiceError } from '../errors.js';
import type { Authenticator } from './authentication.js';
import { TENANT_METADATA, type Identity } from './caller.js';
import { CoreCall, deadlineMs, type StreamHandler } from './callContext.js';
import { runCall, type CoreMethod } from './callRunner.js';
import { grpcStatus, statusOf, toGrpcError } from './status.js';

const passThrough = (b: Buffer): Buffer => b;

/** The method's definition as grpc-js serves it for the runner: bytes in, bytes out (the runner does the coding). */
export function passThroughDefinition(definition: grpc.MethodDefinition<unknown, unknown>): grpc.MethodDefinition<unknown, unknown> {
  return { ...definition, requestDeserialize: passThrough, responseSerialize: passThrough as (v: unknown) => Buffer };
}

function tenantOf(metadata: grpc.Metadata): string | undefined {
  const v = metadata.get(TENANT_METADATA)[0];
  return typeof v === 'string' ? v : undefined;
}

/** A unary method of the contract as a grpc-js handler. */
export function unaryHandler(method: CoreMethod, auth: Authenticator): grpc.handleUnaryCall<Buffer, Buffer> {
  return (call, callback) => {
    const identity = auth.identify(call);
    if (isServiceError(identity)) { callback(toGrpcError(identity) as grpc.ServerErrorResponse); return; }
    const ctx = new CoreCall(method.path, deadlineMs(call.getDeadline()), identity, tenantOf(call.metadata));
    if (call.cancelled) ctx.cancel();
    else call.once('cancelled', () => ctx.cancel());
    runCall(method, call.request, ctx, (status, response) => {
      if (status) callback(grpcStatus(status) as grpc.ServerErrorResponse);
      else callback(null, response);
    });
  };
}

/** A bidirectional stream method of the contract as a grpc-js handler: the handler gets grpc-js's stream and the call's context. */
export function streamHandler(path: string, handler: StreamHandler<unknown, unknown>, auth: Authenticator): grpc.handleBidiStreamingCall<unknown, unknown> {
  return guardGrpcHandler(path, true, auth, (stream: grpc.ServerDuplexStream<unknown, unknown>, identity: Identity | undefined) => {
    const ctx = new CoreCall(path, deadlineMs(stream.getDeadline()), identity, tenantOf(stream.metadata));
    stream.once('cancelled', () => ctx.cancel());
    try {
      handler(stream, ctx);
    } catch (e) {
      // a refusal before the first message (a malformed tenant: caller.ts) ends the stream with its status
      stream.emit('error', toGrpcError(e));
    }
  }) as grpc.handleBidiStreamingCall<unknown, unknown>;
}

/**
 * A grpc-js handler of any kind behind authentication (`auth`; null: an open service, health): an unauthenticated
 * call ends UNAUTHENTICATED before the handler sees it; a request message that does not decode (see
 * `tolerantDeserialize`) ends the call INVALID_ARGUMENT.
 */
export function guardGrpcHandler(path: string, streamsRequests: boolean, auth: Authenticator | null,
  handler: (call: grpc.ServerDuplexStream<unknown, unknown> & grpc.ServerUnaryCall<unknown, unknown>, identity: Identity | undefined, callback?: grpc.sendUnaryData<unknown>) => void): grpc.UntypedHandleCall {
  return ((call: grpc.ServerDuplexStream<unknown, unknown> & grpc.ServerUnaryCall<unknown, unknown>, callback?: grpc.sendUnaryData<unknown>) => {
    const refuse = (err: Partial<grpc.StatusObject>) => {
      if (callback) callback(err as grpc.ServerErrorResponse); else call.emit('error', err);
    };
    const identity = auth ? auth.identify(call) : undefined;
    if (isServiceError(identity)) { refuse(toGrpcError(identity)); return; }
    if (!streamsRequests && isMalformed(call.request)) { refuse(malformedError(path, call.request)); return; }
    if (streamsRequests) {
      const push = call.push.bind(call);
      call.push = (chunk: unknown) => {
        if (isMalformed(chunk)) {
          refuse(malformedError(path, chunk));
          return false;
        }
        // a certificate revoked while its stream is open: the next message ends the stream, as the next call would be refused
        const still = auth && chunk !== null ? auth.identify(call) : undefined;
        if (isServiceError(still)) {
          refuse(toGrpcError(still));
          return false;
        }
        return push(chunk);
      };
    }
    handler(call, identity, callback);
  }) as grpc.UntypedHandleCall;
}

const MALFORMED = Symbol('malformed request');
interface Malformed { [MALFORMED]: string }

/** A deserializer that answers a message that does not decode with a marker, so that it ends as INVALID_ARGUMENT, not grpc-js's INTERNAL. */
export function tolerantDeserialize(deserialize: (b: Buffer) => unknown): (b: Buffer) => unknown {
  return (bytes) => {
    try { return deserialize(bytes); } catch (e) { return { [MALFORMED]: e instanceof Error ? e.message : String(e) } satisfies Malformed; }
  };
}

function isMalformed(v: unknown): v is Malformed {
  return typeof v === 'object' && v !== null && MALFORMED in v;
}

function malformedError(path: string, m: Malformed): Partial<grpc.StatusObject> {
  return grpcStatus(statusOf(new ServiceError(grpc.status.INVALID_ARGUMENT, 'PARAM_INVALID', `the request for ${path} is not a valid protobuf message: ${m[MALFORMED].slice(0, 200)}`)));
}
