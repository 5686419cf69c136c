/**
 * Prometheus figures of the sentiment capability, kept in the core's own registry.
 * The gateway asks for them over gRPC (SentimentService.GetSentimentMetrics) when
 * /metrics is scraped and appends them to its own: the core may run on a worker
 * thread of `npm start` or in another process or machine, and the gRPC channel the
 * gateway already holds reaches it in every case, with figures read at scrape time.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobStatus } from './store/sentimentStore.js';
import { callMetrics } from '../grpc/callMetrics.js';

export interface MetricsSources {
  /** Texts waiting or running. */
  queueDepth(): number;
  /** Jobs in the store per state. */
  jobsByState(): Promise<Record<JobStatus, number>>;
  /** Webhook messages waiting for a (re)try. */
  outboxPending(): Promise<number>;
  /** Webhook messages not written past their tenant's bound, by this process (outboxQuota.ts). */
  outboxDropped(): number;
}

const RATE_WINDOW_S = 10;

export class SentimentMetrics {
  readonly registry = new Registry();
  private readonly finishedTotal: Counter<'state'>;
  private readonly latency: Histogram<'state'>;
  private readonly model: Histogram;
  private readonly texts: Counter;
  private readonly submittedTotal: Counter;
  private readonly deliveries: Counter<'event_type' | 'outcome'>;
  /** Texts analysed per second over the last RATE_WINDOW_S seconds (ring of per-second counts). */
  private readonly ring = new Array<number>(RATE_WINDOW_S + 1).fill(0);
  private ringSecond = 0;
  private sources: MetricsSources | undefined;

  constructor() {
    const registers = [this.registry];
    this.finishedTotal = new Counter({ name: 'meridian_sentiment_jobs_finished_total', help: 'Jobs (and synchronous texts) that finished, by final state', labelNames: ['state'], registers });
    this.latency = new Histogram({
      name: 'meridian_sentiment_job_latency_seconds', help: 'From submission to result, by final state', labelNames: ['state'], registers,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    });
    this.model = new Histogram({
      name: 'meridian_sentiment_model_seconds', help: 'Time of one worker task (a micro-batch of texts through the model)', registers,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    });
    this.texts = new Counter({ name: 'meridian_sentiment_texts_analyzed_total', help: 'Texts through the model', registers });
    this.submittedTotal = new Counter({ name: 'meridian_sentiment_jobs_submitted_total', help: 'Asynchronous jobs accepted', registers });
    this.deliveries = new Counter({
      name: 'meridian_webhook_deliveries_total', help: 'Webhook delivery attempts by event type and outcome (delivered, failed: will retry, exhausted: gave up)',
      labelNames: ['event_type', 'outcome'], registers,
    });
    // Gauges read at scrape time (collect runs with the gauge as `this`).
    const sources = () => this.sources;
    const rate = () => this.rate();
    new Gauge({ name: 'meridian_sentiment_queue_depth', help: 'Texts waiting or running (PENDING + PROCESSING)', registers, collect() { this.set(sources()?.queueDepth() ?? 0); } });
    new Gauge({
      name: 'meridian_sentiment_texts_per_second', help: `Texts analysed per second over the last ${RATE_WINDOW_S} s`, registers,
      collect() { this.set(rate()); },
    });
    new Gauge({
      name: 'meridian_sentiment_jobs', help: 'Stored jobs by state', labelNames: ['state'], registers,
      async collect() {
        const s = sources();
        if (!s) return;
        for (const [state, n] of Object.entries(await s.jobsByState())) this.set({ state }, n);
      },
    });
    new Gauge({
      name: 'meridian_webhook_outbox_pending', help: 'Webhook messages waiting for delivery or a retry', registers,
      async collect() {
        const s = sources();
        this.set(s ? await s.outboxPending() : 0);
      },
    });
    new Counter({
      name: 'meridian_webhook_messages_dropped_total', help: 'Webhook messages not written: their tenant had MERIDIAN_WEBHOOK_PENDING_MAX undelivered already', registers,
      collect() {
        const n = sources()?.outboxDropped() ?? 0;
        this.reset();
        this.inc(n);
      },
    });
  }

  attach(sources: MetricsSources): void {
    this.sources = sources;
  }

  submitted(n: number): void {
    this.submittedTotal.inc(n);
  }

  finished(state: JobStatus, createdMs: number, now = Date.now()): void {
    this.finishedTotal.inc({ state });
    this.latency.observe({ state }, Math.max(0, now - createdMs) / 1000);
  }

  modelTime(texts: number, seconds: number): void {
    this.model.observe(seconds);
    this.texts.inc(texts);
    this.tick();
    this.ring[this.ringSecond % this.ring.length]! += texts;
  }

  delivery(eventType: string, outcome: 'delivered' | 'failed' | 'exhausted'): void {
    this.deliveries.inc({ event_type: eventType, outcome });
  }

  private tick(): void {
    const now = Math.floor(Date.now() / 1000);
    if (now === this.ringSecond) return;
    const steps = Math.min(now - this.ringSecond, this.ring.length);
    for (let k = 1; k <= steps; k++) this.ring[(this.ringSecond + k) % this.ring.length] = 0;
    this.ringSecond = now;
  }

  private rate(): number {
    this.tick();
    let sum = 0;
    for (let k = 1; k <= RATE_WINDOW_S; k++) sum += this.ring[(this.ringSecond - k + this.ring.length) % this.ring.length]!;
    return sum / RATE_WINDOW_S;
  }

  /** The sentiment figures, and the core's call figures (cancellations, deadlines: src/grpc/callMetrics.ts). */
  async text(): Promise<string> {
    return (await this.registry.metrics()) + (await callMetrics.text());
  }
}
