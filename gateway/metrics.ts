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
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CoreClient } from './coreClient.js';
import type { SentimentServiceDefinition } from '../proto/contract/types/meridian/sentiment/v1/SentimentService.js';
import type { ProtoCatalog } from './protoCatalog.js';

export class GatewayMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<'route' | 'method' | 'status'>;
  readonly duration: Histogram<'route' | 'method' | 'status'>;
  private readonly coreUp: Gauge;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'meridian_gateway_' });
    this.requests = new Counter({
      name: 'meridian_http_requests_total', help: 'HTTP requests answered, by route template, method and status',
      labelNames: ['route', 'method', 'status'], registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'meridian_http_request_duration_seconds', help: 'Time to answer an HTTP request, by route template, method and status',
      labelNames: ['route', 'method', 'status'], registers: [this.registry],
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    });
    this.coreUp = new Gauge({ name: 'meridian_core_metrics_up', help: '1 when the core answered GetSentimentMetrics at this scrape', registers: [this.registry] });
  }

  /**
   * The counter and histogram of one (route, method, status), made once: prom-client hashes the
   * label set on every inc/observe otherwise (~1 µs per request in the gateway's profile). Bounded:
   * route is a template or 'unmatched', never a raw path.
   */
  private readonly series = new Map<string, { count: { inc(): void }; time: { observe(v: number): void } }>();

  observe(route: string, method: string, status: number, seconds: number): void {
    const key = `${route}\u0000${method}\u0000${status}`;
    let s = this.series.get(key);
    if (!s) {
      const labels = { route, method, status: String(status) };
      s = { count: this.requests.labels(labels), time: this.duration.labels(labels) };
      this.series.set(key, s);
    }
    s.count.inc();
    s.time.observe(seconds);
  }

  /** The exposition text: the gateway's metrics, then the core's sentiment metrics (omitted, with meridian_core_metrics_up 0, when the core does not answer). */
  async exposition(catalog: ProtoCatalog, core: CoreClient): Promise<string> {
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
