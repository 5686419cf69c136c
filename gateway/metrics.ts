/**
 * Prometheus metrics of the gateway (GET /metrics): requests and latency by route
 * template, method and status; followed by the core's sentiment figures (queue
 * depth, jobs by state, latencies, model time, texts/s, webhook deliveries), asked
 * from the core over gRPC (SentimentService.GetSentimentMetrics) at scrape time.
 * Why pull over gRPC: under `npm start` the core is a worker thread with its own
 * registry, and with --gateway-only it is another process or machine; the gRPC
 * channel the gateway already holds reaches it in all three cases with no second
 * port to open or scrape, and the figures are as fresh as the scrape.
 */
import { collectDefaultMetrics, Gauge, Registry, type Metric } from 'prom-client';
import type { CoreClient } from './coreClient.js';
import type { SentimentServiceDefinition } from '../proto/contract/generated/meridian/sentiment/v1/SentimentService.js';
import type { ProtoCatalog } from './protoCatalog.js';

const REQUESTS = 'meridian_http_requests_total';
const DURATION = 'meridian_http_request_duration_seconds';
const BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/** What a metric's get() answers the registry (prom-client's MetricObjectWithValues, without its typing of the type field). */
interface MetricValues {
  name: string; help: string; type: 'counter' | 'histogram'; aggregator: 'sum';
  values: { metricName?: string; value: number; labels: Record<string, string | number> }[];
}

/** One (route, method, status): its count, the sum of its times and how many fell in each bucket (the last: above every bound). */
interface Series { labels: { route: string; method: string; status: string }; count: number; sum: number; inBucket: Float64Array }

/**
 * The request counter and latency histogram, kept as plain numbers and turned into prom-client's metric
 * values when /metrics is read (the registry formats them as it formats its own). prom-client validated
 * and hashed the label set on every inc() and observe(), even through a child made with labels():
 * ~3 µs of the gateway thread per request under load (--cpu-prof). Bounded: route is a template or
 * 'unmatched', never a raw path.
 */
class RouteSeries {
  private readonly series = new Map<string, Series>();

  observe(route: string, method: string, status: number, seconds: number): void {
    const key = `${route}\u0000${method}\u0000${status}`;
    let s = this.series.get(key);
    if (!s) {
      s = { labels: { route, method, status: String(status) }, count: 0, sum: 0, inBucket: new Float64Array(BUCKETS.length + 1) };
      this.series.set(key, s);
    }
    s.count++;
    s.sum += seconds;
    let i = 0;
    while (i < BUCKETS.length && seconds > (BUCKETS[i] as number)) i++;
    (s.inBucket[i] as number)++;
  }

  counter(): MetricValues {
    const values = [...this.series.values()].map((s) => ({ value: s.count, labels: s.labels }));
    return { name: REQUESTS, help: 'HTTP requests answered, by route template, method and status', type: 'counter', values, aggregator: 'sum' };
  }

  histogram(): MetricValues {
    const values: MetricValues['values'] = [];
    for (const s of this.series.values()) {
      let below = 0;
      BUCKETS.forEach((le, i) => {
        below += s.inBucket[i] as number;
        values.push({ metricName: `${DURATION}_bucket`, value: below, labels: { le, ...s.labels } });
      });
      values.push({ metricName: `${DURATION}_bucket`, value: s.count, labels: { le: '+Inf', ...s.labels } },
        { metricName: `${DURATION}_sum`, value: s.sum, labels: s.labels }, { metricName: `${DURATION}_count`, value: s.count, labels: s.labels });
    }
    return { name: DURATION, help: 'Time to answer an HTTP request, by route template, method and status', type: 'histogram', values, aggregator: 'sum' };
  }
}

export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly routes = new RouteSeries();
  private readonly coreUp: Gauge;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'meridian_gateway_' });
    // the registry takes any object that answers get() with a metric's values (what its own metrics do)
    const routes = this.routes;
    for (const [name, read] of [[REQUESTS, () => routes.counter()], [DURATION, () => routes.histogram()]] as const) {
      this.registry.registerMetric({ name, get: async () => read(), reset: () => undefined } as unknown as Metric<string>);
    }
    this.coreUp = new Gauge({ name: 'meridian_core_metrics_up', help: '1 when the core answered GetSentimentMetrics at this scrape', registers: [this.registry] });
  }

  observe(route: string, method: string, status: number, seconds: number): void {
    this.routes.observe(route, method, status, seconds);
  }

  /** The exposition being built, shared by the scrapes that arrive meanwhile. */
  private building: Promise<string> | undefined;

  /**
   * The exposition text: the gateway's metrics, then the core's sentiment metrics (omitted, with
   * meridian_core_metrics_up 0, when the core does not answer). Scrapes that arrive while one is being built share it. /metrics is open and each exposition is
   * a core call and ~0.5 MB of text, so 16 clients scraping in a loop (39 a second) pushed by-id answers to a 267 ms
   * median. A scrape that starts after another has ended reads the counters afresh.
   */
  exposition(catalog: ProtoCatalog, core: CoreClient): Promise<string> {
    if (this.building) return this.building;
    const text = this.build(catalog, core).finally(() => { this.building = undefined; });
    this.building = text;
    return text;
  }

  private async build(catalog: ProtoCatalog, core: CoreClient): Promise<string> {
    let coreText = '';
    if (catalog.definition['meridian.sentiment.v1.SentimentService']) {
      try {
        coreText = (await core.service<SentimentServiceDefinition>('meridian.sentiment.v1.SentimentService').GetSentimentMetrics({})).text;
        this.coreUp.set(1);
      } catch {
        this.coreUp.set(0);
      }
    }
    return (await this.registry.metrics()) + coreText;
  }
}
