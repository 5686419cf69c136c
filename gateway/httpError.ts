/**
 * The one table from failures to HTTP: a gRPC status plus its ErrorInfo reason
 * (AIP-193) becomes an HTTP status and an envelope error code. The gateway's
 * own refusals (bad parameters, keys, limits) use the same codes.
 */
import * as grpc from '@grpc/grpc-js';

export type EnvelopeCode = 'ACCESS_DENIED' | 'ENTITY_NOT_FOUND' | 'PARAM_INVALID' | 'PARAMS_MUTUALLY_EXCLUSIVE' | 'CONFLICT' | 'SERVICE_UNAVAILABLE' | 'INTERNAL';

/**
 * A refusal to send, not a fault to debug: made without a stack trace. Capturing one was a fifth of the gateway's CPU
 * under a flood of requests with a wrong key (a 401 each; `--cpu-prof`, CHANGELOG.md), and no answer or log reads it:
 * the message and the status say what was wrong.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: EnvelopeCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The error entry's `type`: the core's reason (e.g. TEXT_INVALID, QUEUE_FULL) or, by default, the code. */
    readonly type: string = code,
    /** The error entry's `details` (e.g. {field: "text"}). */
    readonly details: Record<string, string> = {},
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'HttpError';
  }
}

/** The envelope's error entry for an HttpError: every error body the gateway writes is built here. */
export function errorEntry(e: HttpError): { code: EnvelopeCode; type: string; message: string; details: Record<string, string> } {
  return { code: e.code, type: e.type, message: e.message, details: e.details };
}

/** A 400 PARAM_INVALID; `field` (the parameter's JSON name) goes into the error entry's details. */
export const paramInvalid = (message: string, field?: string): HttpError =>
  new HttpError(400, 'PARAM_INVALID', message, {}, 'PARAM_INVALID', field ? { field } : {});

interface Mapping { status: number; code: EnvelopeCode }

/** gRPC status → HTTP status and envelope code; INVALID_ARGUMENT also looks at the reason. */
const TABLE: Record<number, Mapping> = {
  [grpc.status.INVALID_ARGUMENT]: { status: 400, code: 'PARAM_INVALID' },
  [grpc.status.OUT_OF_RANGE]: { status: 400, code: 'PARAM_INVALID' },
  [grpc.status.NOT_FOUND]: { status: 404, code: 'ENTITY_NOT_FOUND' },
  [grpc.status.UNAUTHENTICATED]: { status: 401, code: 'ACCESS_DENIED' },
  [grpc.status.PERMISSION_DENIED]: { status: 403, code: 'ACCESS_DENIED' },
  [grpc.status.RESOURCE_EXHAUSTED]: { status: 429, code: 'ACCESS_DENIED' },
  [grpc.status.FAILED_PRECONDITION]: { status: 409, code: 'CONFLICT' },
  [grpc.status.ALREADY_EXISTS]: { status: 409, code: 'CONFLICT' },
  [grpc.status.ABORTED]: { status: 409, code: 'CONFLICT' },
  [grpc.status.UNAVAILABLE]: { status: 503, code: 'SERVICE_UNAVAILABLE' },
  [grpc.status.DEADLINE_EXCEEDED]: { status: 504, code: 'SERVICE_UNAVAILABLE' },
  [grpc.status.CANCELLED]: { status: 503, code: 'SERVICE_UNAVAILABLE' },
  [grpc.status.UNIMPLEMENTED]: { status: 404, code: 'ENTITY_NOT_FOUND' },
};

/** Reasons (ErrorInfo.reason) that refine the table. */
const REASONS: Record<string, Mapping> = {
  PARAMS_MUTUALLY_EXCLUSIVE: { status: 400, code: 'PARAMS_MUTUALLY_EXCLUSIVE' },
  PAYLOAD_TOO_LARGE: { status: 413, code: 'PARAM_INVALID' },
};

export function mapCoreError(code: number, reason: string | undefined, message: string, field?: string): HttpError {
  const m = (reason && REASONS[reason]) || TABLE[code];
  if (!m) return new HttpError(500, 'INTERNAL', 'internal error in the core; its log has the details');
  const details: Record<string, string> = field ? { field } : {};
  // grpc-js's own texts name the core's internal address ("remote_addr=…", "connect ECONNREFUSED 10.0.0.7:50051"):
  // not for API users (the gateway's log and /healthz have it).
  if (m.status === 504) {
    // its deadline text lists the connection's steps ("…,LB pick: …,remote_addr=10.0.0.7:50051"): cut those
    const said = message.replace(/,\s*(?:name resolution|LB pick|remote_addr|metadata filters|DNS resolution)[^,]*/g, '');
    return new HttpError(504, m.code, `the core did not answer in time (${said}); retry, or narrow the request`, {}, reason ?? 'DEADLINE_EXCEEDED', details);
  }
  if (m.status === 503) {
    // a status the core sent carries its reason (ErrorInfo) and says why, as does a cancel; one without is grpc-js's own
    const why = reason !== undefined || code === grpc.status.CANCELLED ? ` (${message})` : ' (it cannot be reached from the gateway)';
    return new HttpError(503, m.code, `the core service is unavailable${why}; retry shortly`, { 'retry-after': '1' }, reason ?? m.code, details);
  }
  return new HttpError(m.status, m.code, message, m.status === 429 ? { 'retry-after': '1' } : {}, reason ?? m.code, details);
}

/** Every status and code the gateway can answer with (OpenAPI lists them). */
export const DOCUMENTED_STATUSES: Record<number, string> = {
  400: 'PARAM_INVALID or PARAMS_MUTUALLY_EXCLUSIVE: a parameter is malformed, unknown, given twice, or conflicts with another; type CORS_PREFLIGHT_INVALID for a preflight without Origin or Access-Control-Request-Method; type QUERY_COST_EXCEEDED when a geo request would cost more work units than one request may (details.cost, details.maxCost)',
  401: 'ACCESS_DENIED: no API key in X-Gateway-Key (or X-RapidAPI-Key / X-Mashape-Key), or the key is unknown or revoked; WWW-Authenticate names the header',
  403: 'ACCESS_DENIED: the key lacks the scope, or limit is above the maximum; type CORS_ORIGIN_DENIED for a CORS preflight from an origin not allowed',
  404: 'ENTITY_NOT_FOUND: no such entity (type ENTITY_NOT_FOUND) or no such route (type ROUTE_NOT_FOUND)',
  405: 'PARAM_INVALID, type METHOD_NOT_ALLOWED: the path exists under other methods, listed in Allow',
  409: 'CONFLICT (writes only): the job has finished and cannot be canceled (type JOB_FINISHED), or the requestId was used before for other content (type REQUEST_ID_REUSED: use a new requestId)',
  413: 'PARAM_INVALID, type PAYLOAD_TOO_LARGE: the body is over MERIDIAN_HTTP_BODY_LIMIT (or a text or batch over its limit)',
  415: 'PARAM_INVALID, type UNSUPPORTED_MEDIA_TYPE: a body that is not application/json',
  429: 'ACCESS_DENIED: over the key\'s rate limit, or type TENANT_BUDGET_EXHAUSTED when the key spent its work budget per minute (shared by REST and GraphQL; details.cost, details.budgetPerMinute, details.retryAfterSeconds), or type TOO_MANY_IN_PROGRESS when the key\'s requests in progress already hold its share of the core (details.cost, details.inProgressMax); on sentiment submissions (RESOURCE_EXHAUSTED from the core), type QUEUE_FULL when the service\'s analysis queue is full, or TENANT_QUOTA when the key has MERIDIAN_SENTIMENT_TENANT_QUEUE_MAX texts waiting or running; Retry-After says when to retry',
  503: 'SERVICE_UNAVAILABLE: the core cannot be reached, or type SHUTTING_DOWN while the gateway drains (Connection: close); retry',
  504: 'SERVICE_UNAVAILABLE, type DEADLINE_EXCEEDED: the core did not answer within the gateway\'s core timeout (MERIDIAN_CORE_TIMEOUT_MS); the core stopped the work',
};

/** Classifies by shape, not by class (DESIGN: errors are classified by code). */
export function isHttpError(e: unknown): e is HttpError {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'HttpError'
    && typeof (e as { status?: unknown }).status === 'number' && typeof (e as { code?: unknown }).code === 'string';
}
