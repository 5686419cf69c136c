/**
 * Idempotent batch submissions (BatchAnalyzeTexts `request_id`, AIP-155): the batch id
 * of a submission is derived from its tenant and request id, and its job ids from the
 * batch id and the batch's creation time, so a retry — after a lost answer, a timeout,
 * a gateway or core that died before answering — finds the batch stored and answers
 * with it and its jobs (recomputed from the stored time), creating nothing; a retry
 * racing the first attempt on the same core waits for it; on PostgreSQL, racing
 * attempts on different cores insert the same batch id (their job ids differ by their
 * times), the second insert is a no-op (ON CONFLICT DO NOTHING, which skips its jobs
 * too), and that core answers with the winner's.
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

/** SHA-256 of the parts, joined by NUL. */
const digest = (...parts: string[]): Buffer => createHash('sha256').update(parts.join('\0')).digest();

const uuidText = (b: Buffer): string => {
  const x = b.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
};

/** A hash as a version 8 UUID (RFC 9562 "custom"): its version and variant bits set. */
const version8 = (h: Buffer): string => {
  h[6] = (h[6]! & 0x0f) | 0x80;
  h[8] = (h[8]! & 0x3f) | 0x80;
  return uuidText(h);
};

/** The hash of each job of a batch, by its index: what both forms of job ids are made from. */
const jobHashes = (batchId: string, n: number): Buffer[] => Array.from({ length: n }, (_, i) => digest('job', batchId, String(i)));

/**
 * The batch id of a tenant's request id: a UUID from a hash (version 8, RFC 9562 "custom"), the same on every
 * retry. It has no time in it, so the embedded store finds it by scanning its batches (one look per submission).
 */
export function submissionBatchId(tenant: string, requestId: string): string {
  return version8(digest('batch', tenant, requestId));
}

/**
 * The job ids of a submission's batch, created at `createdMs` (the batch's created_ms, which every one of its jobs
 * shares): version 7 like every other job id (timeOrderedId.ts), so the embedded store reads a job by the row group of
 * its time instead of the whole table (a status read at 210,000 stored jobs took 19-23 ms with the version 8 ids of
 * before; docs/sentiment.md). The 48-bit time is the batch's, rand_a (12 bits) is the item's index (so a batch's
 * jobs sort in the order sent, up to 4,096), rand_b (62 bits) comes from a hash of the batch id and the index. A
 * retry recomputes them from the stored batch's time; the part after the time is the job's key (jobKey), the same
 * whenever the batch was made.
 */
export function submissionJobIds(batchId: string, n: number, createdMs: number): string[] {
  if (!Number.isSafeInteger(createdMs) || createdMs < 0 || createdMs >= 2 ** 48) throw new RangeError(`a job id needs a time in epoch milliseconds, got ${createdMs}`);
  return jobHashes(batchId, n).map((h, i) => {
    h.writeUIntBE(createdMs, 0, 6);
    h[6] = 0x70 | ((i >> 8) & 0x0f);
    h[7] = i & 0xff;
    h[8] = (h[8]! & 0x3f) | 0x80;
    return uuidText(h);
  });
}

/** The job ids a batch stored before submissionJobIds got (version 8, no time): a retry of such a batch names them. */
export function legacyJobIds(batchId: string, n: number): string[] {
  return jobHashes(batchId, n).map(version8);
}

/** A submission job id without its time ("7iii-8hhh-hhhhhhhhhhhh"): what a retry knows of an id before it knows the batch's time. */
export const jobKey = (id: string): string => id.slice(14);

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
