/**
 * meridian.sentiment.v1.SentimentService: validation and thin handlers over the
 * job runner, the state store (all SQL and message shaping), feed analytics and the
 * webhook deliverer. Every handler reads whose state it may see from its context's caller
 * (src/grpc/callContext.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import * as grpc from '@grpc/grpc-js';
import { invalid, notFound, ServiceError, isServiceError } from '../errors.js';
import type { CallContext, ServiceHandlers } from '../grpc/callContext.js';
import { serviceDefinition } from '../grpc/protos.js';
import { logger } from '../log.js';
import type { SentimentConfig } from './sentimentSettings.js';
import type { ServiceRegistry } from '../grpc/serviceRegistry.js';
import { charCount, cleanText, TextRejected } from './textInput.js';
import type { Domain } from './labels.js';
import { openSentimentStore } from './store/openStore.js';
import { OutboxQuota } from './store/outboxQuota.js';
import { JOB_STATES, WEBHOOK_EVENTS, type BatchRow, type JobCursor, type JobFilter, type JobStatus, type NewJob, type Scope, type WebhookEvent } from './store/sentimentStore.js';
import { batchMessage, jobMessage, submittedMessage, webhookMessage, type AnalysisMessage } from './store/messages.js';
import { JobRunner } from './jobRunner.js';
import { JobStore } from './store/jobStore.js';
import { timeOrderedId } from './store/timeOrderedId.js';
import { FeedBaselines, feedWindows, MIN_TIMESTAMP_MS, parseTime, parseWindow } from './feedAnalytics.js';
import { createAnalysisPool, type AnalysisPool } from './analysisPool.js';
import { checkRequestId, InFlight, requestFingerprint, requestIdDeleted, requestIdPurged, requestIdReused, jobKey, legacyJobIds, submissionBatchId, submissionJobIds } from './idempotency.js';
import { SentimentMetrics } from './sentimentMetrics.js';
import { WebhookDeliverer, parseSchedule } from './webhooks/deliverer.js';
import { TargetGuard, TargetRefused, TooManyLookups } from './webhooks/targetGuard.js';
import { newSecret } from './webhooks/signature.js';
import type { SentimentServiceHandlers } from '../../proto/contract/generated/meridian/sentiment/v1/SentimentService.js';
import type { StreamAnalysesRequest__Output } from '../../proto/contract/generated/meridian/sentiment/v1/StreamAnalysesRequest.js';
import type { StreamAnalysesResponse } from '../../proto/contract/generated/meridian/sentiment/v1/StreamAnalysesResponse.js';
import type { ErrorEntry__Output } from '../../proto/contract/generated/meridian/sentiment/v1/ErrorEntry.js';

interface TextFields { text?: string; feedId?: string; domain?: string; occurredAt?: string }

/** The answer of a batch submission: one entry per text, and the batch. */
interface Submitted { data: AnalysisMessage[]; metadata: { batchId: string; total: number } }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// not dots alone: "." and ".." cannot be named in a REST path (clients collapse dot segments)
const FEED_ID = /^(?!\.+$)[\p{L}\p{N}._:-]{1,128}$/u;
const FEED_ID_RULE = "1-128 letters, digits, '.', '_', ':' or '-', not dots alone";
const FUTURE_SLACK_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
const MAX_WEBHOOKS_PER_TENANT = 20;

/** How often a core on PostgreSQL looks for webhook messages other replicas wrote or left (WebhookDeliverer pollMs). */
export const WEBHOOK_POLL_MS = 5000;

/** The longest `ref` a StreamAnalyses message may carry (a caller's correlation id, echoed in its answer). */
export const MAX_STREAM_REF = 1024;

export class Sentiment {
  private retentionTimer: NodeJS.Timeout | undefined;
  private readonly baselines: FeedBaselines;
  /** Idempotent batch submissions in progress (a racing retry shares the first's answer; other content waits for it, then is refused). */
  private readonly submissions = new InFlight<Submitted>();

  private constructor(
    readonly store: JobStore,
    readonly pool: AnalysisPool,
    readonly runner: JobRunner,
    readonly metrics: SentimentMetrics,
    readonly deliverer: WebhookDeliverer,
    private readonly guard: TargetGuard,
    private readonly cfg: SentimentConfig,
    baselines: FeedBaselines,
  ) {
    this.baselines = baselines;
  }


  static async open(stateDir: string, cfg: SentimentConfig): Promise<Sentiment> {
    const schedule = parseSchedule(cfg.webhookRetrySchedule);
    const outboxQuota = new OutboxQuota(cfg.webhookPendingMax);
    const store = new JobStore(await openSentimentStore(stateDir, { ...cfg, outboxQuota }));
    const pool = createAnalysisPool({ workers: cfg.workers, ortThreads: cfg.ortThreads, modelsDir: cfg.modelsDir });
    const metrics = new SentimentMetrics();
    const baselines = new FeedBaselines(store);
    // a feed another replica deleted: its baseline goes here too (PostgreSQL; null: deletions may have been missed)
    store.onFeedsDeleted((d) => (d ? baselines.forget(d.tenant, d.feedId) : baselines.forgetAll()));
    const runner = new JobRunner(store, pool, baselines, { batchSize: cfg.batchSize, batchMax: cfg.batchMax, queueMax: cfg.queueMax, tenantQueueMax: cfg.tenantQueueMax, maxAttempts: cfg.maxAttempts }, metrics);
    const guard = new TargetGuard(cfg.webhookAllowHosts);
    // shared by replicas: their messages (and a dead one's) wake no one here, so the deliverer looks every few seconds
    const deliverer = new WebhookDeliverer(store.store, guard, { retryScheduleMs: schedule, timeoutMs: cfg.webhookTimeoutMs, concurrency: 8, ...(cfg.databaseUrl ? { pollMs: WEBHOOK_POLL_MS } : {}) }, metrics);
    metrics.attach({
      queueDepth: () => runner.depth,
      jobsByState: () => store.countByState(),
      outboxPending: () => store.pendingMessages(),
      outboxDropped: () => outboxQuota.dropped,
    });
    const s = new Sentiment(store, pool, runner, metrics, deliverer, guard, cfg, baselines);
    const waiting = await runner.start();
    if (waiting) logger.info({ jobs: waiting }, 'sentiment jobs waiting in the queue at start (unfinished before a restart, or submitted to another replica)');
    deliverer.start();
    s.startRetention();
    return s;
  }

  /** Purges what is older than the retention period, now and then every retentionCheckMinutes. */
  private startRetention(): void {
    if (this.cfg.retentionDays === 0) return;
    const run = () => {
      this.purgeExpired().catch((e: unknown) => logger.error({ err: e }, 'retention purge failed; will retry'));
    };
    this.retentionTimer = setInterval(run, this.cfg.retentionCheckMinutes * 60_000);
    this.retentionTimer.unref();
    run();
  }

  /** One retention pass (also for tests): returns what went. */
  async purgeExpired(now = Date.now()): Promise<{ jobs: number; results: number }> {
    const d = await this.store.purgeBefore(now - this.cfg.retentionDays * DAY_MS);
    if (d.jobs + d.results) logger.info({ ...d, retentionDays: this.cfg.retentionDays }, 'retention purge: expired texts and results deleted');
    return d;
  }

  /**
   * A batch's jobs; an invalid item refuses the whole batch with its own error, whose message names the other invalid
   * items' fields too (up to 10), so that a client fixes them in one round trip, not one per item.
   */
  private batchJobs(items: TextFields[], tenant: string, batchId: string, now: number): NewJob[] {
    const jobs: NewJob[] = [];
    let first: ServiceError | undefined;
    const others: string[] = [];
    items.forEach((it, i) => {
      try {
        jobs.push(this.newJob(it, tenant, `items[${i}].`, batchId, now));
      } catch (e) {
        if (!(e instanceof ServiceError)) throw e;
        if (!first) first = e;
        else others.push(e.field ?? `items[${i}]`);
      }
    });
    if (!first) return jobs;
    if (others.length === 0) throw first;
    const named = others.slice(0, 10).join(', ') + (others.length > 10 ? `, … (${others.length - 10} more)` : '');
    throw new ServiceError(first.code, first.reason, `${first.message}; also invalid: ${named}`, first.field);
  }

  /**
   * Validates one text's fields and makes the job (not yet stored). Its id is time-ordered,
   * carrying `now`, its created_ms (store/timeOrderedId.ts); a batch's jobs share the batch's `now`.
   */
  newJob(f: TextFields, tenant: string, prefix = '', batchId: string | null = null, now = Date.now()): NewJob {
    const text = f.text ?? '';
    // characters are code points: an emoji is one, not its two UTF-16 units (counted only when the units exceed the limit)
    const chars = text.length > this.cfg.maxTextChars ? charCount(text) : text.length;
    if (chars > this.cfg.maxTextChars) {
      throw new ServiceError(grpc.status.INVALID_ARGUMENT, 'PAYLOAD_TOO_LARGE', `${prefix}text has ${chars} characters; the limit is ${this.cfg.maxTextChars} (split longer documents)`, `${prefix}text`);
    }
    // a NUL is a control character to the model, but PostgreSQL's text type cannot hold one: refused in every store alike
    if (text.includes('\u0000')) throw new ServiceError(grpc.status.INVALID_ARGUMENT, 'TEXT_INVALID', `${prefix}text holds a NUL character (U+0000), which the state store cannot keep; remove it`, `${prefix}text`);
    try {
      cleanText(text);
    } catch (e) {
      if (e instanceof TextRejected) throw new ServiceError(grpc.status.INVALID_ARGUMENT, 'TEXT_INVALID', `${prefix}${e.message}`, `${prefix}text`);
      throw e;
    }
    const feedId = f.feedId ?? '';
    if (feedId !== '' && !FEED_ID.test(feedId)) throw invalid(`${prefix}feedId`, `${prefix}feedId must be ${FEED_ID_RULE}`);
    const domain = (f.domain === undefined || f.domain === '' || f.domain === 'DOMAIN_UNSPECIFIED' ? 'GENERAL' : f.domain) as Domain;
    if (domain !== 'GENERAL' && domain !== 'FINANCIAL_NEWS') throw invalid(`${prefix}domain`, `${prefix}domain must be GENERAL or FINANCIAL_NEWS`);
    const occurred = parseTime(`${prefix}occurredAt`, f.occurredAt ?? '');
    if (occurred !== null && occurred > now + FUTURE_SLACK_MS) throw invalid(`${prefix}occurredAt`, `${prefix}occurredAt is more than ${FUTURE_SLACK_MS / 60_000} minutes in the future (clocks may differ by that much); send the time the text was written`);
    return { id: timeOrderedId(now), tenant, text, feedId: feedId || null, batchId, domain, occurredMs: occurred ?? now, createdMs: now };
  }

  handlers(): ServiceHandlers<SentimentServiceHandlers> {
    return {
      AnalyzeText: async (req, context) => {
        const { tenant } = context.caller;
        const asyncMode = req._asyncMode === 'asyncMode' ? req.asyncMode !== false : true;
        if (req.requestId) {
          if (!asyncMode) throw invalid('requestId', 'requestId makes an asynchronous submission idempotent; a synchronous analysis has no job to find again (drop requestId or use async mode)');
          // a submission of one, under the same idempotency rules as a batch
          const once = await this.submitOnce(tenant, checkRequestId(req.requestId), [req], true);
          return { data: once.data[0]! };
        }
        const job = this.newJob(req, tenant);
        if (!asyncMode) return { data: await this.runner.analyzeNow(job, context.signal) };
        await this.runner.submit(tenant, [job]);
        return { data: submittedMessage(job) };
      },
      BatchAnalyzeTexts: async (req, context) => {
        const { tenant } = context.caller;
        if (req.requestId) return this.submitOnce(tenant, checkRequestId(req.requestId), req.items ?? []);
        const items = req.items ?? [];
        if (items.length === 0) throw invalid('items', 'items must hold at least one text');
        if (items.length > this.cfg.maxBatch) {
          throw new ServiceError(grpc.status.INVALID_ARGUMENT, 'PAYLOAD_TOO_LARGE', `a batch holds at most ${this.cfg.maxBatch} texts, got ${items.length}; split it`, 'items');
        }
        const now = Date.now();
        const batchId = timeOrderedId(now);
        const jobs = this.batchJobs(items, tenant, batchId, now);
        await this.runner.submit(tenant, jobs, { id: batchId, tenant, createdMs: now, total: jobs.length });
        return { data: jobs.map(submittedMessage), metadata: { batchId, total: jobs.length } };
      },
      GetBatch: async (req, context) => {
        const id = uuid(req.id);
        const b = await this.store.getBatch(id, context.caller);
        if (!b) throw notFound(`no batch ${id}`);
        return { data: batchMessage(b) };
      },
      ListJobs: async (req, context) => {
        const scope = context.caller;
        const filter: JobFilter = {};
        if (req.state && req.state !== 'JOB_STATUS_UNSPECIFIED') {
          if (!JOB_STATES.includes(req.state as JobStatus)) throw invalid('state', `state must be one of ${JOB_STATES.join(', ')}`);
          filter.status = req.state as JobStatus;
        }
        if (req.feedId) {
          if (!FEED_ID.test(req.feedId)) throw invalid('feedId', `feedId must be ${FEED_ID_RULE}`);
          filter.feedId = req.feedId;
        }
        if (req.batchId) filter.batchId = uuid(req.batchId, 'batchId');
        const after = parseTime('createdAfter', req.createdAfter ?? '');
        const before = parseTime('createdBefore', req.createdBefore ?? '');
        // a reversed range is a mistake, not an empty list (a feed's trend refuses it too)
        if (after !== null && before !== null && after >= before) throw invalid('createdAfter', 'createdAfter must be before createdBefore');
        if (after !== null) filter.createdAfterMs = after;
        if (before !== null) filter.createdBeforeMs = before;
        const size = req.pageSize ?? 0;
        if (size < 0 || size > 1000) throw invalid('pageSize', `pageSize must be 1-1000 (0 or absent: 50), got ${size}`);
        const cursor = decodeCursor(req.pageToken ?? '', filter);
        const page = await this.store.listJobs(filter, scope, cursor, size || 50);
        const last = page.jobs[page.jobs.length - 1];
        return {
          data: page.jobs.map(jobMessage),
          metadata: { nextPageToken: page.more && last ? encodeCursor({ createdMs: last.createdMs, id: last.id }, filter) : '', queueDepth: this.runner.depth },
        };
      },
      GetAnalysis: async (req, context) => {
        const scope = context.caller;
        const id = uuid(req.id);
        const analysis = await this.store.getAnalysis(id, scope);
        if (!analysis) throw notFound(`no analysis result ${id}; result ids come from a SUCCEEDED job's resultId (results are kept ${this.cfg.retentionDays || 'unlimited'} days)`);
        return { data: analysis };
      },
      GetJob: async (req, context) => {
        const scope = context.caller;
        const id = uuid(req.id);
        const job = await this.store.getJob(id, scope);
        if (!job) throw notFound(`no job ${id}`);
        return { data: jobMessage(job) };
      },
      CancelJob: async (req, context) => {
        const scope = context.caller;
        const id = uuid(req.id);
        const job = await this.store.cancel(id, Date.now(), scope);
        if (!job) throw notFound(`no job ${id}`);
        if (job.status === 'SUCCEEDED' || job.status === 'FAILED') {
          throw new ServiceError(grpc.status.FAILED_PRECONDITION, 'JOB_FINISHED', `job ${id} is already ${job.status} and cannot be canceled`);
        }
        this.runner.forget(id);
        return { data: jobMessage(job) };
      },
      StreamAnalyses: (stream, context) => this.stream(stream, context),
      GetFeedTrend: async (req, context) => {
        const scope = context.caller;
        const q = this.feedQuery(req);
        await this.feedMustExist(q.feedId, scope);
        const r = await feedWindows(this.store, scope, q.feedId, q.window.ms, q.from, q.to);
        return { data: { feedId: q.feedId, window: q.window.text, windows: r.windows, slopePerWindow: r.slope, totalCount: r.total } };
      },
      ListFeedAnomalies: async (req, context) => {
        const scope = context.caller;
        const q = this.feedQuery(req, true);
        await this.feedMustExist(q.feedId, scope);
        const r = await feedWindows(this.store, scope, q.feedId, q.window.ms, q.from, q.to);
        const items = await this.store.anomalousItems(q.feedId, scope, q.from, q.to, 100);
        return { data: { feedId: q.feedId, window: q.window.text, windows: r.windows.filter((w) => w.anomalous), items } };
      },
      DeleteAnalysis: async (req, context) => {
        const id = uuid(req.id);
        const d = await this.store.deleteAnalysis(id, context.caller);
        if (!d) throw notFound(`no analysis result ${id}`);
        return { data: d };
      },
      DeleteJobResults: async (req, context) => {
        const id = uuid(req.id);
        this.runner.forget(id);
        const d = await this.store.deleteJob(id, context.caller, Date.now());
        if (!d) throw notFound(`no job ${id}`);
        return { data: d };
      },
      DeleteFeed: async (req, context) => {
        const scope = context.caller;
        const feedId = req.feedId ?? '';
        if (!FEED_ID.test(feedId)) throw invalid('feedId', `feedId must be ${FEED_ID_RULE}`);
        // the feed's item baseline goes when the deletion commits: kept through the embedded store's compaction (up to
        // seconds), it scored the feed's next texts against the deleted ones (z 38.5 against 200 deleted items)
        const forget = (): void => this.baselines.forget(scope.admin ? null : scope.tenant, feedId);
        const d = await this.store.deleteFeed(feedId, scope, forget);
        if (!d) throw notFound(`no feed ${feedId}`);
        forget();
        return { data: d };
      },
      CreateWebhook: async (req, context) => {
        const { tenant } = context.caller;
        const types = [...new Set(req.eventTypes ?? [])];
        if (types.length === 0) throw invalid('eventTypes', `eventTypes must name at least one of ${WEBHOOK_EVENTS.join(', ')}`);
        const unknown = types.find((t) => !(WEBHOOK_EVENTS as readonly string[]).includes(t));
        if (unknown) throw invalid('eventTypes', `eventTypes must be among ${WEBHOOK_EVENTS.join(', ')}; '${unknown.slice(0, 60)}' is not`);
        const description = req.description ?? '';
        if (description.length > 500) throw invalid('description', 'description must be at most 500 characters');
        // as for texts: PostgreSQL's text type cannot hold a NUL (it was a 500 there, kept as is by the embedded store)
        if (description.includes('\u0000')) throw invalid('description', 'description holds a NUL character (U+0000), which the state store cannot keep; remove it');
        // a standing limit, not a rate: FAILED_PRECONDITION (HTTP 409); as RESOURCE_EXHAUSTED it was 429 with Retry-After: 1, which clients retried forever
        const tooMany = () => new ServiceError(grpc.status.FAILED_PRECONDITION, 'WEBHOOK_LIMIT_REACHED', `at most ${MAX_WEBHOOKS_PER_TENANT} webhook endpoints per tenant; delete one (DELETE /v1/webhooks/{id}) before adding another`);
        const full = async () => (await this.store.listWebhooks({ tenant, admin: false })).length >= MAX_WEBHOOKS_PER_TENANT;
        // cheap checks first (URL shape, quota), then the DNS lookup (bounded per tenant), then the store
        // counts and inserts as one step (for every core on the store) so concurrent creates cannot pass the cap
        // kept and called in its parsed form (an international name in punycode, the path percent-encoded): what the
        // endpoint lists is byte for byte what deliveries call
        let url: string;
        try {
          url = this.guard.parse(req.url ?? '').href;
          if (await full()) throw tooMany();
          await this.guard.vet(req.url ?? '', tenant);
        } catch (e) {
          if (e instanceof TargetRefused) throw invalid('url', e.message);
          if (e instanceof TooManyLookups) throw new ServiceError(grpc.status.RESOURCE_EXHAUSTED, 'RESOURCE_EXHAUSTED', e.message);
          throw e;
        }
        const w = { id: randomUUID(), tenant, url, eventTypes: types as WebhookEvent[], description, secret: newSecret(), createdMs: Date.now() };
        if (!(await this.store.createWebhook(w, MAX_WEBHOOKS_PER_TENANT))) throw tooMany();
        return { data: webhookMessage(w, true) };
      },
      ListWebhooks: async (_req, context) => ({ data: (await this.store.listWebhooks(context.caller)).map((w) => webhookMessage(w)) }),
      GetWebhook: async (req, context) => {
        const id = uuid(req.id);
        const w = await this.store.getWebhook(id, context.caller);
        if (!w) throw notFound(`no webhook ${id}`);
        return { data: webhookMessage(w) };
      },
      DeleteWebhook: async (req, context) => {
        const id = uuid(req.id);
        const w = await this.store.deleteWebhook(id, context.caller);
        if (!w) throw notFound(`no webhook ${id}`);
        return { data: webhookMessage(w) };
      },
      ListWebhookDeliveries: async (req, context) => {
        const scope = context.caller;
        const id = uuid(req.id);
        if (!(await this.store.getWebhook(id, scope))) throw notFound(`no webhook ${id}`);
        const size = req.pageSize ?? 0;
        if (size < 0 || size > 100) throw invalid('pageSize', `pageSize must be 1-100 (0 or absent: 20), got ${size}`);
        const filter = { webhook: id };
        const cursor = decodeCursor(req.pageToken ?? '', filter);
        const page = await this.store.listDeliveries(id, scope, cursor, size || 20);
        const last = page.deliveries[page.deliveries.length - 1];
        const iso = (ms: number) => new Date(ms).toISOString();
        return {
          data: page.deliveries.map((d) => ({
            messageId: d.id, eventType: d.eventType, status: d.status, createdAt: iso(d.createdMs),
            ...(d.status === 'PENDING' ? { nextAttemptAt: iso(d.nextMs) } : {}),
            attempts: d.log.map((a) => ({ at: iso(a.atMs), statusCode: a.statusCode, error: a.error, durationMs: a.durationMs })),
            payload: d.payload,
          })),
          metadata: { nextPageToken: page.more && last ? encodeCursor({ createdMs: last.createdMs, id: last.id }, filter) : '' },
        };
      },
      GetSentimentMetrics: async () => ({ text: await this.metrics.text() }),
    };
  }

  private async feedMustExist(feedId: string, scope: Scope): Promise<void> {
    if (!(await this.store.feedExists(feedId, scope))) throw notFound(`no feed ${feedId}; a feed exists once one of your texts with that feedId has been analysed`);
  }

  /**
   * A batch submission with a request id (idempotency.ts): validated and fingerprinted first; a retry with the
   * same content answers with the stored batch and creates nothing; a reuse with other content is refused
   * (ALREADY_EXISTS, REQUEST_ID_REUSED) — also when it races the first call, on this core (InFlight) or on
   * another one sharing PostgreSQL (the batch insert conflicts: runner.submit answers false).
   */
  /** `single`: AnalyzeText's one text, whose errors name its own fields (`text`), not a batch's (`items[0].text`). */
  private async submitOnce(tenant: string, requestId: string, items: TextFields[], single = false): Promise<Submitted> {
    if (items.length === 0) throw invalid('items', 'items must hold at least one text');
    if (items.length > this.cfg.maxBatch) {
      throw new ServiceError(grpc.status.INVALID_ARGUMENT, 'PAYLOAD_TOO_LARGE', `a batch holds at most ${this.cfg.maxBatch} texts, got ${items.length}; split it`, 'items');
    }
    const batchId = submissionBatchId(tenant, requestId);
    // every job of the batch is created at the batch's time, which its id carries (submissionJobIds)
    const now = Date.now();
    const jobIds = submissionJobIds(batchId, items.length, now);
    const jobs = (single ? [this.newJob(items[0]!, tenant, '', batchId, now)] : this.batchJobs(items, tenant, batchId, now)).map((j, i) => ({ ...j, id: jobIds[i]! }));
    const fingerprint = requestFingerprint(jobs.map((j, i) => ({
      text: j.text, feedId: j.feedId, domain: j.domain, occurredMs: (items[i]!.occurredAt ?? '') === '' ? null : j.occurredMs,
    })));
    return this.submissions.run(`${tenant}\0${requestId}`, fingerprint, async () => {
      const scope = { tenant, admin: false };
      const stored = await this.store.getBatch(batchId, scope);
      if (stored) return this.storedSubmission(stored, requestId, fingerprint, jobs.length);
      // no batch, but results of its jobs' ids: the retention purge took the batch and kept its feed results; jobs of
      // the same ids again would complete without their results being stored (the job id is taken)
      // (and those of the version 8 ids a batch stored before 2026-12-07 had: their keys start with 8, these with 7)
      const kept = await this.store.keptResults([...jobIds, ...legacyJobIds(batchId, jobIds.length)].map(jobKey), scope);
      if (kept > 0) throw requestIdPurged(requestId, batchId);
      const created = await this.runner.submit(tenant, jobs, { id: batchId, tenant, createdMs: now, total: jobs.length, fingerprint });
      if (!created) {
        // another core stored this request id's batch between our look and our insert
        const winner = await this.store.getBatch(batchId, scope);
        if (!winner) throw new ServiceError(grpc.status.UNAVAILABLE, 'UNAVAILABLE', `the batch of requestId '${requestId}' was stored by a racing call and could not be read back; retry with the same requestId`);
        return this.storedSubmission(winner, requestId, fingerprint, jobs.length);
      }
      return { data: jobs.map(submittedMessage), metadata: { batchId, total: jobs.length } };
    });
  }

  /** The answer to a retry, from the stored batch and its jobs' states; a stored batch of other content refuses the call. */
  private async storedSubmission(stored: BatchRow, requestId: string, fingerprint: string, total: number): Promise<Submitted> {
    // null: stored before fingerprints (schema 3 / PostgreSQL 2); such a batch answers any reuse, as it did then
    if (stored.fingerprint !== null && stored.fingerprint !== fingerprint) throw requestIdReused(requestId, stored.id, stored.total, total);
    const scope = { tenant: stored.tenant, admin: false };
    const rows = new Map((await this.store.listJobs({ batchId: stored.id }, scope, null, stored.total)).jobs.map((j) => [j.id, j]));
    const timed = submissionJobIds(stored.id, stored.total, stored.createdMs);
    // a batch stored before job ids carried its time holds version 8 ids
    const jobIds = rows.size > 0 && !timed.some((id) => rows.has(id)) ? legacyJobIds(stored.id, stored.total) : timed;
    // a job of the batch that is gone was deleted (its result with it): answering it PENDING would name a job nobody will run or find
    const deleted = jobIds.reduce((n, id) => n + (rows.has(id) ? 0 : 1), 0);
    if (deleted > 0) throw requestIdDeleted(requestId, stored.id, deleted, stored.total);
    return {
      // the submission's answer again, with each job's state now (not its result id: a submission answer holding one
      // is the synchronous form, 200 instead of 202 with the job to poll in Location)
      data: jobIds.map((id) => ({ jobId: id, status: rows.get(id)!.status, batchId: stored.id, emotionScores: [] })),
      metadata: { batchId: stored.id, total: stored.total },
    };
  }

  /**
   * A feed query's feed, window and range. Without `to`: windows counted from 1970-01-01T00:00Z, so that calls seconds
   * apart list the same windows (aligned to the moment of the call, every call's differed); a trend's range ends with
   * the window in progress (a client's own answer of a moment ago is in it: read-your-writes), anomalies' with the last
   * whole window (a window in progress, judged against whole ones, was anomalous in 4-16 % of calls on a steady feed).
   */
  private feedQuery(req: { feedId?: string; window?: string; from?: string; to?: string }, wholeWindows = false) {
    const feedId = req.feedId ?? '';
    if (!FEED_ID.test(feedId)) throw invalid('feedId', `feedId must be ${FEED_ID_RULE}`);
    const window = parseWindow(req.window ?? '');
    const to = parseTime('to', req.to ?? '') ?? (Math.floor(Date.now() / window.ms) + (wholeWindows ? 0 : 1)) * window.ms;
    // the default range (24 windows before `to`) starts no earlier than a protobuf Timestamp can say
    const from = parseTime('from', req.from ?? '') ?? Math.max(MIN_TIMESTAMP_MS, to - 24 * window.ms);
    return { feedId, window, from, to };
  }

  /**
   * Bidirectional stream: one text per message in, results (or errors) out as they finish. Reading pauses while
   * HIGH texts are being analysed or the answers wait for the client to read them (the transport's write buffer is
   * full), so a client that does not read holds at most that much in the core. A caller that cancels, or a stream
   * that ends in error (a message that is not protobuf), abandons the texts still being analysed: they are neither
   * stored nor counted in their feed (JobRunner.analyzeNow), as their answers could no longer be sent; the texts
   * answered before are.
   */
  private stream(call: grpc.ServerDuplexStream<StreamAnalysesRequest__Output, StreamAnalysesResponse>, context: CallContext): void {
    const { tenant } = context.caller;
    const HIGH = 512;
    const LOW = 128;
    let inflight = 0;
    let ended = false;
    let paused = false;
    const abandoned = new AbortController();
    const signal = AbortSignal.any([context.signal, abandoned.signal]);
    setMaxListeners(0, signal); // one listener per text in flight (up to HIGH), each removed once answered
    const open = () => !call.destroyed && !call.writableEnded;
    const maybeEnd = () => {
      if (ended && inflight === 0 && open()) call.end();
    };
    const flow = () => {
      const full = inflight >= HIGH || call.writableNeedDrain;
      if (full && !paused) {
        paused = true;
        call.pause();
      } else if (!full && paused && inflight <= LOW) {
        paused = false;
        call.resume();
      }
    };
    call.on('drain', flow);
    const errorEntry = (e: unknown): ErrorEntry__Output => {
      if (isServiceError(e)) return { type: e.reason, message: e.message, details: e.field ? { field: e.field } : {} };
      logger.error({ err: e }, 'stream analysis failed');
      return { type: 'INTERNAL', message: 'internal error; the core logged the details', details: {} };
    };
    call.on('data', (req: StreamAnalysesRequest__Output) => {
      const ref = req.ref ?? '';
      inflight++;
      flow();
      Promise.resolve()
        .then(() => {
          if (ref.length > MAX_STREAM_REF) throw invalid('ref', `ref is at most ${MAX_STREAM_REF} characters (a caller's correlation id), got ${ref.length}`);
          return this.runner.analyzeNow(this.newJob(req, tenant), signal);
        })
        .then(
          (analysis) => ({ ref, analysis }),
          (e: unknown) => ({ ref: ref.slice(0, MAX_STREAM_REF), error: errorEntry(e) }),
        )
        .then((msg) => {
          if (open() && !signal.aborted) call.write(msg);
          inflight--;
          flow();
          maybeEnd();
        });
    });
    call.on('end', () => {
      ended = true;
      maybeEnd();
    });
    // ended in error (grpcAdapter.ts: a message that does not decode): the texts in flight cannot be answered
    call.on('error', () => abandoned.abort());
  }

  /**
   * Starts the analysis threads (the core calls it once it listens; the first analysis would start them too) and
   * resolves with why their models did not load, or undefined once they did (AnalysisPool.start).
   */
  startWorkers(): Promise<string | undefined> {
    return this.pool.start();
  }

  /** Calls `listener` when the shared state database stops answering and when it answers again (PostgreSQL only). */
  onStoreReachability(listener: (reachable: boolean, reason: string) => void): void {
    this.store.store.onReachability(listener);
  }

  async close(): Promise<void> {
    clearInterval(this.retentionTimer);
    await this.deliverer.close();
    await this.runner.drain();
    await this.pool.close();
    await this.store.close();
  }
}

function uuid(raw: string | undefined, field = 'id'): string {
  const id = (raw ?? '').trim();
  if (!UUID.test(id)) throw invalid(field, `${field} must be a UUID such as 3f2b8c1e-9d4a-4c7b-8e21-5a6f0d9c1b23, got '${id.slice(0, 60)}'`);
  return id.toLowerCase();
}

/**
 * Page tokens (AIP-158): opaque base64url of the last row's position and a digest of
 * the filters, so a token replayed with other filters is refused. They only position
 * a query within what the caller may see, so they need no secret.
 */
function filterDigest(filter: object): string {
  return createHash('sha256').update(JSON.stringify(filter)).digest('base64url').slice(0, 12);
}

function encodeCursor(c: JobCursor, filter: object): string {
  return Buffer.from(JSON.stringify({ c: c.createdMs, i: c.id, f: filterDigest(filter) })).toString('base64url');
}

function decodeCursor(token: string, filter: object): JobCursor | null {
  if (token === '') return null;
  const notOurs = () => invalid('pageToken', 'pageToken is not a token this service issued; pass nextPageToken from the previous page');
  let parsed: { c?: unknown; i?: unknown; f?: unknown } | null;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as typeof parsed;
  } catch {
    throw notOurs();
  }
  // a token is a client's to forge: `null`, a fraction or a time beyond int64 reached the store and failed there (500)
  if (typeof parsed !== 'object' || parsed === null || !Number.isSafeInteger(parsed.c) || typeof parsed.i !== 'string' || parsed.i.length > 64) throw notOurs();
  if (parsed.f !== filterDigest(filter)) throw invalid('pageToken', 'pageToken belongs to a query with other filters; keep the filters the same while paging');
  return { createdMs: parsed.c as number, id: parsed.i };
}

export async function addSentimentService(registry: ServiceRegistry, deps: { stateDir: string; config: SentimentConfig }): Promise<Sentiment> {
  const sentiment = await Sentiment.open(deps.stateDir, deps.config);
  registry.add<SentimentServiceHandlers>(serviceDefinition('meridian.sentiment.v1.SentimentService'), sentiment.handlers());
  return sentiment;
}
