/** Prometheus metrics of the gateway (GET /metrics): requests and latency by route template, method and status. */
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export class GatewayMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<'route' | 'method' | 'status'>;
  readonly duration: Histogram<'route' | 'method' | 'status'>;

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
  }

  observe(route: string, method: string, status: number, seconds: number): void {
    const labels = { route, method, status: String(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }
}
