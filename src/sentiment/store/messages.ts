/**
 * Message shaping of sentiment state, typed by the generated contract types: the
 * Analysis a finished job answers with (and the stored row made from it, shaped
 * once), the Job and Batch messages the RPCs answer with, and the webhook event
 * bodies (Standard Webhooks: {type, timestamp, data}).
 */
import type { Analysis__Output } from '../../../proto/contract/types/meridian/sentiment/v1/Analysis.js';
import type { Batch__Output } from '../../../proto/contract/types/meridian/sentiment/v1/Batch.js';
import type { ItemAnomaly__Output } from '../../../proto/contract/types/meridian/sentiment/v1/ItemAnomaly.js';
import type { Job__Output } from '../../../proto/contract/types/meridian/sentiment/v1/Job.js';
import type { Webhook__Output } from '../../../proto/contract/types/meridian/sentiment/v1/Webhook.js';
import type { AnalysisOutput } from '../sentimentAnalyzer.js';
import type { BatchRow, JobRow, NewJob, StoredResult, WebhookEndpoint } from './sentimentStore.js';

/**
 * ISO 8601 of a time in ms. The two most recent answers are kept: a finished batch
 * formats the same completion time and, mostly, the same submission time for every
 * text (two Date objects and formats per result were ~2 % of the core thread under
 * the batch bench).
 */
const isoCache: [number, string, number, string] = [NaN, '', NaN, ''];
function iso(ms: number): string {
  if (ms === isoCache[0]) return isoCache[1];
  if (ms === isoCache[2]) return isoCache[3];
  const text = new Date(ms).toISOString();
  isoCache[2] = isoCache[0];
  isoCache[3] = isoCache[1];
  isoCache[0] = ms;
  isoCache[1] = text;
  return text;
}

/** The Analysis message (camelCase, enums as names), as the handlers answer and the store keeps it. */
export type AnalysisMessage = Analysis__Output;
export type JobMessage = Job__Output;
export type ItemAnomaly = ItemAnomaly__Output;

/** A queued job's answer before it ran: its id and state. */
export function submittedMessage(job: NewJob): AnalysisMessage {
  return { jobId: job.id, status: 'PENDING', emotionScores: [], ...(job.batchId ? { batchId: job.batchId } : {}) };
}

/** The result of an analysed job, and the row the store keeps of it (payload: the message as JSON, made once here). */
export function analysisResult(job: NewJob, o: AnalysisOutput, resultId: string, now: number, anomaly: ItemAnomaly | undefined): { message: AnalysisMessage; stored: StoredResult } {
  const message: AnalysisMessage = {
    jobId: job.id,
    status: 'SUCCEEDED',
    id: resultId,
    domain: job.domain,
    ...(job.batchId ? { batchId: job.batchId } : {}),
    sentiment: o.sentiment,
    sentimentScore: o.sentimentScore,
    emotionScores: o.emotionScores,
    rationale: o.rationale,
    confidence: o.confidence,
    language: o.language,
    lowConfidence: o.lowConfidence,
    truncated: o.truncated,
    createdAt: iso(now),
    occurredAt: iso(job.occurredMs),
  };
  if (job.feedId) message.feedId = job.feedId;
  if (o.marketDirection) message.marketDirection = o.marketDirection;
  if (anomaly) message.feedAnomaly = anomaly;
  const stored: StoredResult = {
    id: resultId,
    jobId: job.id,
    tenant: job.tenant,
    feedId: job.feedId,
    domain: job.domain,
    occurredMs: job.occurredMs,
    createdMs: now,
    sentiment: o.sentiment,
    score: o.sentimentScore,
    emotions: o.emotionScores.map((e) => e.score),
    anomalous: anomaly?.anomalous ?? false,
    z: anomaly?.zScore ?? 0,
    payload: JSON.stringify(message),
  };
  return { message, stored };
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

export function batchMessage(b: BatchRow): Batch__Output {
  const live = b.counts.PENDING + b.counts.PROCESSING;
  return {
    batchId: b.id,
    createdAt: iso(b.createdMs),
    total: b.total,
    counts: { ...b.counts },
    done: live === 0,
    ...(live === 0 && b.completedMs ? { completedAt: iso(b.completedMs) } : {}),
  };
}

export function webhookMessage(w: WebhookEndpoint, withSecret = false): Webhook__Output {
  return {
    id: w.id, url: w.url, eventTypes: w.eventTypes, description: w.description, createdAt: iso(w.createdMs),
    ...(withSecret ? { secret: w.secret } : {}),
  };
}

/** A webhook body: the event type, when it happened, and what it is about. */
export function eventBody(type: string, atMs: number, data: unknown): string {
  return JSON.stringify({ type, timestamp: iso(atMs), data });
}
