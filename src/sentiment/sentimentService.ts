/**
 * meridian.sentiment.v1.SentimentService: validation and thin handlers over the
 * job runner, the job store and the feed analytics.
 */
import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { invalid, notFound, ServiceError, isServiceError } from '../errors.js';
import { unary } from '../grpc/unary.js';
import { serviceDefinition } from '../grpc/protos.js';
import { logger } from '../log.js';
import type { SentimentConfig } from '../config.js';
import type { ServiceRegistry } from '../grpc/exchange.js';
import { cleanText, TextRejected } from './textInput.js';
import type { Domain } from './labels.js';
import { JobStore, type JobRow, type NewJob } from './jobStore.js';
import { JobRunner, type AnalysisMessage } from './jobRunner.js';
import { FeedBaselines, feedWindows, parseTime, parseWindow } from './feedAnalytics.js';
import { createAnalysisPool, type AnalysisPool } from './analysisPool.js';

interface TextFields { text?: string; feedId?: string; domain?: string; occurredAt?: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FEED_ID = /^[\p{L}\p{N}._:-]{1,128}$/u;
const FUTURE_SLACK_MS = 5 * 60_000;

export class Sentiment {
  private constructor(
    readonly store: JobStore,
    readonly pool: AnalysisPool,
    readonly runner: JobRunner,
    private readonly cfg: SentimentConfig,
  ) {}

  static async open(stateDir: string, cfg: SentimentConfig): Promise<Sentiment> {
    const store = await JobStore.open(stateDir);
    const pool = createAnalysisPool({ workers: cfg.workers, ortThreads: cfg.ortThreads, modelsDir: cfg.modelsDir });
    const runner = new JobRunner(store, pool, new FeedBaselines(store), { batchSize: cfg.batchSize, queueMax: cfg.queueMax, maxAttempts: cfg.maxAttempts });
    const s = new Sentiment(store, pool, runner, cfg);
    const recovered = await runner.recover();
    if (recovered) logger.info({ jobs: recovered }, 'unfinished sentiment jobs queued again after restart');
    return s;
  }

  /** Validates one text's fields and makes the job (not yet stored). */
  newJob(f: TextFields, prefix = ''): NewJob {
    const text = f.text ?? '';
    if (text.length > this.cfg.maxTextChars) {
      throw new ServiceError(grpc.status.INVALID_ARGUMENT, 'PAYLOAD_TOO_LARGE', `${prefix}text has ${text.length} characters; the limit is ${this.cfg.maxTextChars} (split longer documents)`, `${prefix}text`);
    }
    try {
      cleanText(text);
    } catch (e) {
      if (e instanceof TextRejected) throw new ServiceError(grpc.status.INVALID_ARGUMENT, 'TEXT_INVALID', `${prefix}${e.message}`, `${prefix}text`);
      throw e;
    }
    const feedId = f.feedId ?? '';
    if (feedId !== '' && !FEED_ID.test(feedId)) throw invalid(`${prefix}feedId`, `${prefix}feedId must be 1-128 letters, digits, '.', '_', ':' or '-'`);
    const domain = (f.domain === undefined || f.domain === '' || f.domain === 'DOMAIN_UNSPECIFIED' ? 'GENERAL' : f.domain) as Domain;
    if (domain !== 'GENERAL' && domain !== 'FINANCIAL_NEWS') throw invalid(`${prefix}domain`, `${prefix}domain must be GENERAL or FINANCIAL_NEWS`);
    const now = Date.now();
    const occurred = parseTime(`${prefix}occurredAt`, f.occurredAt ?? '');
    if (occurred !== null && occurred > now + FUTURE_SLACK_MS) throw invalid(`${prefix}occurredAt`, `${prefix}occurredAt is in the future`);
    return { id: randomUUID(), text, feedId: feedId || null, domain, occurredMs: occurred ?? now, createdMs: now };
  }

  handlers(): grpc.UntypedServiceImplementation {
    return {
      analyzeText: unary(async (req: TextFields & { asyncMode?: boolean; _asyncMode?: string }) => {
        const job = this.newJob(req);
        const asyncMode = req._asyncMode === 'asyncMode' ? req.asyncMode !== false : true;
        if (!asyncMode) return { data: await this.runner.analyzeNow(job) };
        await this.runner.submit([job]);
        return { data: { jobId: job.id, status: 'PENDING', emotionScores: [] } };
      }),
      batchAnalyzeTexts: unary(async (req: { items?: TextFields[] }) => {
        const items = req.items ?? [];
        if (items.length === 0) throw invalid('items', 'items must hold at least one text');
        if (items.length > this.cfg.maxBatch) {
          throw new ServiceError(grpc.status.INVALID_ARGUMENT, 'PAYLOAD_TOO_LARGE', `a batch holds at most ${this.cfg.maxBatch} texts, got ${items.length}; split it`, 'items');
        }
        const jobs = items.map((it, i) => this.newJob(it, `items[${i}].`));
        await this.runner.submit(jobs);
        return { data: jobs.map((j) => ({ jobId: j.id, status: 'PENDING', emotionScores: [] })) };
      }),
      getAnalysis: unary(async (req: { id?: string }) => {
        const id = uuid(req.id);
        const recent = this.runner.unstoredResult(id);
        if (recent) return { data: recent };
        const payload = await this.store.getResultPayload(id);
        if (!payload) throw notFound(`no analysis result ${id}; result ids come from a SUCCEEDED job's resultId`);
        return { data: JSON.parse(payload) as AnalysisMessage };
      }),
      getJob: unary(async (req: { id?: string }) => {
        const id = uuid(req.id);
        const job = this.runner.unstoredJob(id) ?? (await this.store.getJob(id));
        if (!job) throw notFound(`no job ${id}`);
        return { data: jobMessage(job) };
      }),
      cancelJob: unary(async (req: { id?: string }) => {
        const id = uuid(req.id);
        const job = this.runner.unstoredJob(id) ?? (await this.store.cancel(id, Date.now()));
        if (!job) throw notFound(`no job ${id}`);
        if (job.status === 'SUCCEEDED' || job.status === 'FAILED') {
          throw new ServiceError(grpc.status.FAILED_PRECONDITION, 'JOB_FINISHED', `job ${id} is already ${job.status} and cannot be canceled`);
        }
        this.runner.forget(id);
        return { data: jobMessage(job) };
      }),
      streamAnalyses: (call: grpc.ServerDuplexStream<TextFields & { ref?: string }, unknown>) => this.stream(call),
      getFeedTrend: unary(async (req: { feedId?: string; window?: string; from?: string; to?: string }) => {
        const q = this.feedQuery(req);
        const r = await feedWindows(this.store, q.feedId, q.window.ms, q.from, q.to);
        return { data: { feedId: q.feedId, window: q.window.text, windows: r.windows, slopePerWindow: r.slope, totalCount: r.total } };
      }),
      listFeedAnomalies: unary(async (req: { feedId?: string; window?: string; from?: string; to?: string }) => {
        const q = this.feedQuery(req);
        const r = await feedWindows(this.store, q.feedId, q.window.ms, q.from, q.to);
        const items = await this.store.readers.query<{ payload: string }>(
          'SELECT payload FROM results WHERE feed_id = $1 AND anomalous AND occurred_ms >= $2 AND occurred_ms < $3 ORDER BY occurred_ms DESC LIMIT 100',
          [q.feedId, q.from, q.to],
        );
        return { data: { feedId: q.feedId, window: q.window.text, windows: r.windows.filter((w) => w.anomalous), items: items.map((i) => JSON.parse(i.payload) as AnalysisMessage) } };
      }),
    };
  }

  private feedQuery(req: { feedId?: string; window?: string; from?: string; to?: string }) {
    const feedId = req.feedId ?? '';
    if (!FEED_ID.test(feedId)) throw invalid('feedId', "feedId must be 1-128 letters, digits, '.', '_', ':' or '-'");
    const window = parseWindow(req.window ?? '');
    const to = parseTime('to', req.to ?? '') ?? Date.now();
    const from = parseTime('from', req.from ?? '') ?? to - 24 * window.ms;
    return { feedId, window, from, to };
  }

  /** Bidirectional stream: one text per message in, results (or errors) out as they finish. */
  private stream(call: grpc.ServerDuplexStream<TextFields & { ref?: string }, unknown>): void {
    const HIGH = 512;
    const LOW = 128;
    let inflight = 0;
    let ended = false;
    let paused = false;
    const maybeEnd = () => {
      if (ended && inflight === 0 && !call.destroyed) call.end();
    };
    const errorEntry = (e: unknown) => {
      if (isServiceError(e)) return { type: e.reason, message: e.message, details: e.field ? { field: e.field } : {} };
      logger.error({ err: e }, 'stream analysis failed');
      return { type: 'INTERNAL', message: 'internal error; the core logged the details', details: {} };
    };
    call.on('data', (req: TextFields & { ref?: string }) => {
      const ref = req.ref ?? '';
      inflight++;
      if (inflight >= HIGH && !paused) {
        paused = true;
        call.pause();
      }
      Promise.resolve()
        .then(() => this.runner.analyzeNow(this.newJob(req)))
        .then(
          (analysis) => ({ ref, analysis }),
          (e: unknown) => ({ ref, error: errorEntry(e) }),
        )
        .then((msg) => {
          if (!call.destroyed) call.write(msg);
          inflight--;
          if (paused && inflight <= LOW) {
            paused = false;
            call.resume();
          }
          maybeEnd();
        });
    });
    call.on('end', () => {
      ended = true;
      maybeEnd();
    });
    call.on('error', () => undefined);
  }

  async close(): Promise<void> {
    await this.runner.drain();
    await this.pool.close();
    await this.store.close();
  }
}

function uuid(raw: string | undefined): string {
  const id = (raw ?? '').trim();
  if (!UUID.test(id)) throw invalid('id', `id must be a UUID such as 3f2b8c1e-9d4a-4c7b-8e21-5a6f0d9c1b23, got '${id.slice(0, 60)}'`);
  return id.toLowerCase();
}

function jobMessage(j: JobRow) {
  const iso = (ms: number) => new Date(ms).toISOString();
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
  };
}

export async function addSentimentService(registry: ServiceRegistry, deps: { stateDir: string; config: SentimentConfig }): Promise<Sentiment> {
  const sentiment = await Sentiment.open(deps.stateDir, deps.config);
  registry.addService(serviceDefinition('meridian.sentiment.v1.SentimentService'), sentiment.handlers());
  return sentiment;
}

