/**
 * An admission made before Fastify saw a request (rest/keptReplies.ts, graphql/keptPosts.ts), handed to Fastify's
 * path when the early answer could not be given: the rate limit has counted the request once then, so the route (or
 * app.ts's body admission) uses this instead of admitting again, and a refusal made early is thrown where the
 * route's own would be.
 */
import type { IncomingMessage } from 'node:http';
import { isHttpError, type HttpError } from '../httpError.js';
import type { Admission } from './guard.js';

const PRE_ADMISSION = Symbol('meridian.preAdmission');
type PreAdmitted = IncomingMessage & { [PRE_ADMISSION]?: Admission | Promise<Admission> | HttpError };

/** Notes the admission (or its refusal) made for `raw` before Fastify; undefined clears it. */
export function setPreAdmission(raw: IncomingMessage, admitted: Admission | Promise<Admission> | HttpError | undefined): void {
  (raw as PreAdmitted)[PRE_ADMISSION] = admitted;
}

/**
 * The admission made before Fastify for this request, if any (then the rate limit has counted it): the route
 * uses it instead of admitting again, and a refusal made then is thrown here, where the route's own would be.
 */
export function takePreAdmission(raw: IncomingMessage): Admission | Promise<Admission> | undefined {
  const pre = (raw as PreAdmitted)[PRE_ADMISSION];
  if (pre === undefined) return undefined;
  (raw as PreAdmitted)[PRE_ADMISSION] = undefined;
  if (isHttpError(pre)) throw pre;
  return pre;
}
