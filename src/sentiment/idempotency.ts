/**
 * Idempotent batch submissions (BatchAnalyzeTexts `request_id`, AIP-155): the ids of
 * a submission are derived from its tenant and request id, so a retry — after a lost
 * answer, a timeout, a gateway or core that died before answering — names the same
 * batch and jobs. The retry finds the batch stored and answers with it, creating
 * nothing; a retry racing the first attempt on the same core waits for it; on
 * PostgreSQL, racing attempts on different cores insert the same ids, and the second
 * insert is a no-op (ON CONFLICT DO NOTHING).
 */
import { createHash } from 'node:crypto';
import { invalid } from '../errors.js';

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

/** Concurrent calls with the same key share the first one's answer. */
export class InFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, fn: () => Promise<T>): Promise<T> {
    const r = this.running.get(key);
    if (r) return r;
    const p = fn().finally(() => this.running.delete(key));
    this.running.set(key, p);
    return p;
  }
}
