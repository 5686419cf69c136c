/**
 * Message shaping of sentiment state, typed by the generated contract types: the
 * Analysis a finished job answers with, the row the store keeps of it (made from the
 * outcome, shaped once) and the message rebuilt from that row, the Job and Batch
 * messages the RPCs answer with, and the webhook event bodies (Standard Webhooks:
 * {type, timestamp, data}).
 */
import type { Analysis__Output } from '../../../proto/contract/generated/meridian/sentiment/v1/Analysis.js';
import type { Batch__Output } from '../../../proto/contract/generated/meridian/sentiment/v1/Batch.js';
import type { ItemAnomaly__Output } from '../../../proto/contract/generated/meridian/sentiment/v1/ItemAnomaly.js';
import type { Job__Output } from '../../../proto/contract/generated/meridian/sentiment/v1/Job.js';
import type { Webhook__Output } from '../../../proto/contract/generated/meridian/sentiment/v1/Webhook.js';
import { EMOTIONS, emotionsInOrder } from '../labels.js';
import type { AnalysisOutput } from '../sentimentAnalyzer.js';
import type { BatchRow, JobRow, NewJob, ResultRow, StoredResult, WebhookEndpoint } from './sentimentStore.js';

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

/** The Analysis message of an analysed job, as a synchronous caller is answered (resultMessage of its stored row gives the same). */
export function analysisMessage(job: NewJob, o: AnalysisOutput, resultId: string, now: number, anomaly: ItemAnomaly | undefined): AnalysisMessage {
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
  return message;
}

/**
 * The row the store keeps of an analysed job. Its payload is the job's Analysis message
 * without the fields the row holds in columns (ids, domain, feed, times, sentiment, score,
 * the emotions), which resultMessage puts back: under half the bytes of the whole message,
 * so less for the store to copy, log and compress per text (bench/README.md, "Thirteenth
 * session"). Made from the outcome directly: a queued job's message is never built.
 */
export function storedResult(job: NewJob, o: AnalysisOutput, resultId: string, now: number, anomaly: ItemAnomaly | undefined): StoredResult {
  // named one by one, in analysisMessage's order; test/sentiment/storedPayload.test.ts fails if a field of the
  // message is in neither the payload nor the columns
  const rest: Partial<AnalysisMessage> = {
    batchId: job.batchId || undefined, rationale: o.rationale, confidence: o.confidence, language: o.language, lowConfidence: o.lowConfidence,
    truncated: o.truncated, marketDirection: o.marketDirection || undefined, feedAnomaly: anomaly,
  };
  // kept in the payload unless the emotion columns rebuild them
  if (!emotionsInOrder(o.emotionScores)) rest.emotionScores = o.emotionScores;
  return {
    id: resultId,
    jobId: job.id,
    batchId: job.batchId,
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
    payload: JSON.stringify(rest),
  };
}

/**
 * The Analysis message of a stored result: its payload with the column fields put back
 * (the message analysisMessage makes, field for field). A payload written before the
 * payload left them out holds the whole message (it has a jobId) and is returned as it is.
 */
export function resultMessage(r: ResultRow): AnalysisMessage {
  const rest = JSON.parse(r.payload) as Partial<AnalysisMessage>;
  if (rest.jobId !== undefined) return rest as AnalysisMessage;
  const m: AnalysisMessage = {
    jobId: r.jobId,
    status: 'SUCCEEDED',
    id: r.id,
    domain: r.domain,
    ...rest,
    sentiment: r.sentiment as AnalysisMessage['sentiment'],
    sentimentScore: r.score || 0,
    emotionScores: rest.emotionScores ?? EMOTIONS.map((emotion, k) => ({ emotion, score: r.emotions[k] || 0 })),
    createdAt: iso(r.createdMs),
    occurredAt: iso(r.occurredMs),
  };
  if (r.feedId) m.feedId = r.feedId;
  return m;
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

/**
 * The data of a `job.succeeded` webhook event: the job, and its result as GET /v1/analyses/{resultId} answers it
 * (`analysis`), so that a receiver needs no read per job (an integrator's 1,000 results had taken 2,000 requests).
 */
export function succeededEvent(j: JobRow, resultsById: ReadonlyMap<string, StoredResult>): JobMessage & { analysis?: AnalysisMessage } {
  const r = j.resultId ? resultsById.get(j.resultId) : undefined;
  return r ? { ...jobMessage(j), analysis: resultMessage(r) } : jobMessage(j);
}

export function batchMessage(b: BatchRow): Batch__Output {
  const live = b.counts.PENDING + b.counts.PROCESSING;
  const kept = b.counts.PENDING + b.counts.PROCESSING + b.counts.SUCCEEDED + b.counts.FAILED + b.counts.CANCELED;
  return {
    batchId: b.id,
    createdAt: iso(b.createdMs),
    total: b.total,
    // deleted jobs counted too, so that the counts add up to total (a batch with one job deleted summed to total - 1)
    counts: { ...b.counts, DELETED: Math.max(0, b.total - kept) },
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
