/**
 * The request counter and latency histogram (gateway/metrics.ts), kept as plain numbers and formatted by
 * prom-client's registry at scrape time: cumulative buckets, +Inf, sum and count per (route, method, status).
 */
import { describe, expect, it } from 'vitest';
import { GatewayMetrics } from '../../gateway/metrics.js';

describe('GatewayMetrics', () => {
  it('counts by route, method and status, with cumulative latency buckets', async () => {
    const m = new GatewayMetrics();
    for (const s of [0.0004, 0.003, 0.003, 20]) m.observe('/v1/geo/cities/{city_id}', 'GET', 200, s);
    m.observe('/v1/geo/cities/{city_id}', 'GET', 404, 0.0005); // on a bound: counted in it (le)
    m.observe('a "quoted"\\route', 'POST', 500, 1);
    const text = await m.registry.metrics();
    const line = (name: string, labels: string) => text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `))?.slice(`${name}{${labels}} `.length);
    const ok = 'route="/v1/geo/cities/{city_id}",method="GET",status="200"';
    expect(text).toContain('# TYPE meridian_http_requests_total counter');
    expect(text).toContain('# TYPE meridian_http_request_duration_seconds histogram');
    expect(line('meridian_http_requests_total', ok)).toBe('4');
    const bucket = (le: string, labels = ok) => line('meridian_http_request_duration_seconds_bucket', `le="${le}",${labels}`);
    expect([bucket('0.0005'), bucket('0.001'), bucket('0.002'), bucket('0.005'), bucket('10'), bucket('+Inf')]).toEqual(['1', '1', '1', '3', '3', '4']);
    expect(Number(line('meridian_http_request_duration_seconds_sum', ok))).toBeCloseTo(20.0064, 6);
    expect(line('meridian_http_request_duration_seconds_count', ok)).toBe('4');
    const missing = 'route="/v1/geo/cities/{city_id}",method="GET",status="404"';
    expect([bucket('0.0005', missing), bucket('+Inf', missing)]).toEqual(['1', '1']);
    expect(line('meridian_http_requests_total', 'route="a \\"quoted\\"\\\\route",method="POST",status="500"')).toBe('1');
    expect(text).toContain('meridian_gateway_process_cpu_seconds_total');
  });
});
