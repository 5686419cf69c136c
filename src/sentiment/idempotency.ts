/**
 * Idempotent batch submissions (BatchAnalyzeTexts `request_id`, AIP-155): the ids of
 * a submission are derived from its tenant and request id, so a retry — after a lost
 * answer, a timeout, a gateway or core that died before answering — names the same
 * batch and jobs. The retry finds the batch stored and answers with it, creating
 * nothing; a retry racing the first attempt on the same core waits for it; on
 * PostgreSQL, racing attempts on different cores insert the same batch id, and the
 * second insert is a no-op (ON CONFLICT DO NOTHING, which skips its jobs too).
 *
 * A request id names one submission's content: the batch keeps a fingerprint of it
 * (requestFingerprint), and a call that reuses the request id with other content
 * (other texts, count, order, feedId, domain or occurredAt) is refused with
 * ALREADY_EXISTS / REQUEST_ID_REUSED (HTTP 409 CONFLICT) instead of being answered
 * with the first batch as if its texts had been taken. Batches stored before the
 * fingerprint existed (null) answer any reuse as a retry, as they always did.
 */
import { createHash } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { invalid, ServiceError } from '../errors.js';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function checkRequestId(raw: string): string {
  if (!REQUEST_ID.test(raw)) throw invalid('requestId', "requestId must be 1-128 letters, digits, '_', '.', ':' or '-' (a UUID is a good choice)");
  return raw;
}

/** A UUID-shaped id from a hash (version 8, RFC 9562 "custom"). */
function hashId(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\0')).digest();
  h[6] = (h[6]! & 0x0f) | 0x80;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

export function submissionIds(tenant: string, requestId: string, n: number): { batchId: string; jobIds: string[] } {
  const batchId = hashId('batch', tenant, requestId);
  return { batchId, jobIds: Array.from({ length: n }, (_, i) => hashId('job', batchId, String(i))) };
}

/** One item of a submission as validated: defaults applied (domain GENERAL, no feed), occurredMs null when not given. */
export interface CanonicalItem { text: string; feedId: string | null; domain: string; occurredMs: number | null }

const FINGERPRINT_VERSION = 'v1';

/**
 * SHA-256 over the submission's content, item by item in order: what makes two calls
 * "the same request". Each item is a JSON header (the text's UTF-8 length and the
 * hints) followed by the text's bytes, so no text can imitate a field boundary, and
 * the text is hashed as it is rather than JSON-escaped first (a third of the CPU on long
 * texts; bench/requestFingerprint.ts). Values are compared after validation and
 * defaults, so a retry that spells a default out (domain GENERAL for unset, the same
 * instant in another RFC 3339 form) is the same request; a different text, count,
 * order or hint is not. Prefixed with its version, should the canonical form change.
 */
export function requestFingerprint(items: readonly CanonicalItem[]): string {
  const h = createHash('sha256');
  for (const it of items) h.update(JSON.stringify([Buffer.byteLength(it.text), it.feedId, it.domain, it.occurredMs])).update(it.text);
  return `${FINGERPRINT_VERSION}:${h.digest('base64url')}`;
}

/** The refusal of a request id reused with other content (the gateway answers 409 CONFLICT, type REQUEST_ID_REUSED). */
export function requestIdReused(requestId: string, batchId: string, storedTotal: number, total: number): ServiceError {
  const counts = storedTotal === total ? `${total} texts, not the same content` : `${storedTotal} texts; this call has ${total}`;
  return new ServiceError(grpc.status.ALREADY_EXISTS, 'REQUEST_ID_REUSED',
    `requestId '${requestId}' was already used for another submission (batch ${batchId}: ${counts}); nothing of this call was stored. ` +
    'A requestId names one submission: retry it only with exactly the same items, and use a new requestId for new content', 'requestId');
}

/** A retry of a submission some of whose jobs have since been deleted: its answer can no longer be repeated truthfully. */
export function requestIdDeleted(requestId: string, batchId: string, deleted: number, total: number): ServiceError {
  return new ServiceError(grpc.status.ALREADY_EXISTS, 'REQUEST_ID_REUSED',
    `requestId '${requestId}' was already used (batch ${batchId}), and ${deleted} of its ${total} jobs have since been deleted, so its answer ` +
    'cannot be repeated and nothing of this call was stored; to analyse these texts again, send them with a new requestId', 'requestId');
}

/** A retry of a submission whose batch the retention purge took (its feed results, kept, still hold its job ids). */
export function requestIdPurged(requestId: string, batchId: string): ServiceError {
  return new ServiceError(grpc.status.ALREADY_EXISTS, 'REQUEST_ID_REUSED',
    `requestId '${requestId}' was already used (batch ${batchId}), and that batch has since been deleted by the retention purge, so its ` +
    'answer cannot be repeated and nothing of this call was stored; to analyse these texts again, send them with a new requestId', 'requestId');
}

/**
 * Concurrent calls with the same key: a call with the same fingerprint shares the
 * running one's answer; a call with another fingerprint waits until the running one
 * settled, then runs itself (and finds the first one's batch stored, or none if the
 * first failed) — it never gets an answer computed for other content.
 */
export class InFlight<T> {
  private readonly running = new Map<string, { fingerprint: string; answer: Promise<T> }>();

  async run(key: string, fingerprint: string, fn: () => Promise<T>): Promise<T> {
    for (;;) {
      const r = this.running.get(key);
      if (!r) break;
      if (r.fingerprint === fingerprint) return r.answer;
      await r.answer.catch(() => undefined);
    }
    const answer = fn().finally(() => {
      if (this.running.get(key)?.answer === answer) this.running.delete(key);
    });
    this.running.set(key, { fingerprint, answer });
    return answer;
  }
}
