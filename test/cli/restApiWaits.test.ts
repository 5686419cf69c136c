/**
 * `meridian analyze` waits out a 429 or 503 as the gateway's Retry-After says, and says so: a key's rate limit held a
 * run for minutes with its progress bar standing still and no word why (a CLI sweep).
 */
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { RestApi } from '../../bin/analyze/resumableRun.js';

describe('analyze: waits for the gateway', () => {
  it('says once that it waits for a 429, for how long and why, then goes on', async () => {
    let calls = 0;
    const server = createServer((_req, res) => {
      calls++;
      if (calls === 1) {
        res.writeHead(429, { 'retry-after': '2', 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ code: 'RATE_LIMITED', message: 'rate limit of 5 requests per minute reached' }] }));
      } else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [] }));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const lines: string[] = [];
    try {
      const api = new RestApi(`http://127.0.0.1:${(server.address() as { port: number }).port}`, 'k', () => false, (l) => lines.push(l));
      const started = Date.now();
      expect((await api.call('GET', '/v1/jobs')).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(lines).toEqual(['the gateway answers 429 (rate limit of 5 requests per minute reached); waiting 2 s and going on']);
    } finally {
      server.close();
    }
  });
});
