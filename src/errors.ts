/**
 * Errors of the core, classified by code (never by class: errors that cross a
 * worker thread or a gRPC hop lose their class). Each carries a gRPC status and
 * an AIP-193 reason; src/grpc/status.ts turns them into gRPC errors with a
 * google.rpc.ErrorInfo detail.
 */
import { status } from '@grpc/grpc-js';

export type Reason = 'PARAM_INVALID' | 'PARAMS_MUTUALLY_EXCLUSIVE' | 'ENTITY_NOT_FOUND' | 'ACCESS_DENIED' | 'RESOURCE_EXHAUSTED' | 'INTERNAL' | 'UNAVAILABLE'
  | 'PAYLOAD_TOO_LARGE' | 'QUEUE_FULL' | 'TENANT_QUOTA' | 'JOB_FINISHED' | 'TEXT_INVALID' | 'SHUTTING_DOWN' | 'REQUEST_ID_REUSED' | 'WEBHOOK_LIMIT_REACHED';

export interface ServiceErrorShape {
  code: status;
  reason: Reason;
  message: string;
  field?: string;
}

/**
 * An answer the caller gets (a bad argument, an unknown id, a full queue), not a fault of the core: made without a
 * stack trace, which nothing reads (src/grpc/status.ts sends the code, reason and message; faults are logged from the
 * error that caused them) and which was about a tenth of the core thread's busy time under a flood of unknown ids
 * (CHANGELOG.md).
 */
export class ServiceError extends Error implements ServiceErrorShape {
  constructor(readonly code: status, readonly reason: Reason, message: string, readonly field?: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

export const invalid = (field: string, message: string): ServiceError =>
  new ServiceError(status.INVALID_ARGUMENT, 'PARAM_INVALID', message, field);

export const exclusive = (fields: string[], message: string): ServiceError =>
  new ServiceError(status.INVALID_ARGUMENT, 'PARAMS_MUTUALLY_EXCLUSIVE', message, fields.join(','));

export const notFound = (message: string): ServiceError =>
  new ServiceError(status.NOT_FOUND, 'ENTITY_NOT_FOUND', message);

export function isServiceError(e: unknown): e is ServiceErrorShape {
  return typeof e === 'object' && e !== null && typeof (e as ServiceErrorShape).reason === 'string' && typeof (e as ServiceErrorShape).code === 'number';
}
