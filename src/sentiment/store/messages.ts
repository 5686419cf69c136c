/**
 * Message shaping of stored state: the Job and Batch messages the RPCs answer
 * with, and the webhook event bodies (Standard Webhooks: {type, timestamp, data}).
 */
import type { BatchRow, JobRow, WebhookEndpoint } from './sentimentStore.js';
import { JOB_STATES } from './sentimentStore.js';

const iso = (ms: number): string => new Date(ms).toISOString();

export interface JobMessage {
  jobId: string;
  status: string;
  resultId?: string;
  errors: { type: string; message: string; details: Record<string, string> }[];
  feedId?: string;
  domain: string;
  createdAt: string;
  updatedAt: string;
  attempts: number;
  batchId?: string;
}

export function jobMessage(j: JobRow): JobMessage {
  return {
    jobId: j.id,
    status: j.status,
    ...(j.resultId ? { resultId: j.resultId } : {}),
    errors: j.status === 'FAILED' ? [{ type: j.errorType ?? 'ANALYSIS_FAILED', message: j.errorMessage ?? 'analysis failed', details: { jobId: j.id, attempts: String(j.attempts) } }] : [],
    ...(j.feedId ? { feedId: j.feedId } : {}),
    domain: j.domain,
    createdAt: iso(j.createdMs),
    updatedAt: iso(j.updatedMs),
    attempts: j.attempts,
    ...(j.batchId ? { batchId: j.batchId } : {}),
  };
}

export function batchMessage(b: BatchRow) {
  const live = b.counts.PENDING + b.counts.PROCESSING;
  return {
    batchId: b.id,
    createdAt: iso(b.createdMs),
    total: b.total,
    counts: Object.fromEntries(JOB_STATES.map((s) => [s, b.counts[s]])),
    done: live === 0,
    ...(live === 0 && b.completedMs ? { completedAt: iso(b.completedMs) } : {}),
  };
}

export function webhookMessage(w: WebhookEndpoint, withSecret = false) {
  return {
    id: w.id, url: w.url, eventTypes: w.eventTypes, description: w.description, createdAt: iso(w.createdMs),
    ...(withSecret ? { secret: w.secret } : {}),
  };
}

/** A webhook body: the event type, when it happened, and what it is about. */
export function eventBody(type: string, atMs: number, data: unknown): string {
  return JSON.stringify({ type, timestamp: iso(atMs), data });
}
