/**
 * Turns core errors into gRPC errors that carry a machine-readable reason:
 * the status code, a message naming the parameter and the accepted form, and a
 * `grpc-status-details-bin` trailer holding google.rpc.Status with an
 * ErrorInfo (reason, domain, metadata.field) in the AIP-193 manner.
 */
import * as grpc from '@grpc/grpc-js';
import protobuf from 'protobufjs';
import { isAbsolute, join } from 'node:path';
import { isServiceError, type ServiceErrorShape } from '../errors.js';
import { decodeMessage, PROTO_ROOT } from '../../proto/contract/protoLoading.js';

const root = new protobuf.Root();
root.resolvePath = (_origin, target) => (isAbsolute(target) || target.startsWith('google/protobuf/') ? target : join(PROTO_ROOT, target));
root.loadSync(join(PROTO_ROOT, 'google/rpc/error_details.proto'));
const StatusType = root.lookupType('google.rpc.Status');
const ErrorInfoType = root.lookupType('google.rpc.ErrorInfo');

export const ERROR_DOMAIN = 'meridian';

/** A call's status as both transports carry it: code, message, and google.rpc.Status bytes (with the ErrorInfo), if any. */
export interface CallStatus { code: number; message: string; details?: Buffer }

/**
 * The longest status message sent (UTF-16 units): messages quote the value they refuse, and a message of ~60 KB in
 * the trailers (grpc-message, and again in grpc-status-details-bin) was never sent by grpc-js, so the call hung and
 * every call behind it on the same HTTP/2 connection stalled.
 */
export const MAX_STATUS_MESSAGE = 1024;

/** A message cut to MAX_STATUS_MESSAGE with "…", never between the two halves of a surrogate pair. */
export function boundedMessage(message: string): string {
  if (message.length <= MAX_STATUS_MESSAGE) return message;
  let end = MAX_STATUS_MESSAGE - 1;
  const last = message.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${message.slice(0, end)}…`;
}

/** A core error (anything else is INTERNAL, its details left to the log) → its status, with the reason as ErrorInfo. */
export function statusOf(e: unknown): CallStatus {
  const err: ServiceErrorShape = isServiceError(e)
    ? { code: e.code, reason: e.reason, message: boundedMessage(e.message), ...(e.field ? { field: boundedMessage(e.field) } : {}) }
    : { code: grpc.status.INTERNAL, reason: 'INTERNAL', message: 'internal error; the core logged the details' };
  const info = ErrorInfoType.encode(ErrorInfoType.create({
    reason: err.reason, domain: ERROR_DOMAIN, metadata: err.field ? { field: err.field } : {},
  })).finish();
  const statusBytes = StatusType.encode(StatusType.create({
    code: err.code, message: err.message,
    details: [{ type_url: 'type.googleapis.com/google.rpc.ErrorInfo', value: info }],
  })).finish();
  return { code: err.code, message: err.message, details: Buffer.from(statusBytes) };
}

/** A status as grpc-js sends it: the details in the grpc-status-details-bin trailer. */
export function grpcStatus(st: CallStatus): Partial<grpc.StatusObject> {
  const metadata = new grpc.Metadata();
  if (st.details) metadata.set('grpc-status-details-bin', st.details);
  return { code: st.code, details: st.message, metadata };
}

export function toGrpcError(e: unknown): Partial<grpc.StatusObject> {
  return grpcStatus(statusOf(e));
}

export interface DecodedError { code: number; message: string; reason?: string; field?: string }

/** Reads the reason back from a gRPC error (for tests and gRPC clients written in TypeScript). */
export function decodeGrpcError(e: grpc.ServiceError): DecodedError {
  const out: DecodedError = { code: e.code, message: e.details };
  const bin = e.metadata?.get('grpc-status-details-bin')[0];
  if (bin instanceof Buffer) {
    const st = StatusType.toObject(decodeMessage(StatusType, bin)) as { details?: { type_url: string; value: Uint8Array }[] };
    for (const d of st.details ?? []) {
      if (d.type_url.endsWith('google.rpc.ErrorInfo')) {
        const info = ErrorInfoType.toObject(decodeMessage(ErrorInfoType, d.value)) as { reason: string; metadata?: Record<string, string> };
        out.reason = info.reason;
        if (info.metadata?.['field']) out.field = info.metadata['field'];
      }
    }
  }
  return out;
}
