/**
 * A FAILED job read over REST: its error entries keep `details` an object (the proto's `map<string, string>`), as the
 * OpenAPI document and the typed client describe it. The response serialiser took the map for its value type and
 * wrote "[object Object]" (found by a sweep of the sentiment surface, 2026-12-06). A real core whose models folder is
 * empty fails every job; a real gateway reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSentimentCore } from '../support/sentimentCore.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { projectRoot } from '../../src/paths.js';

let core: Awaited<ReturnType<typeof startSentimentCore>>;
let gw: TestGateway;
const empty = mkdtempSync(join(tmpdir(), 'meridian-nomodels-'));
beforeAll(async () => {
  core = await startSentimentCore({ modelsDir: empty, maxAttempts: 1, workers: 1 });
  gw = await startTestGateway({ coreAddress: core.core.address });
}, 120_000);
afterAll(async () => {
  await gw?.close();
  await core?.close();
  rmSync(empty, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a FAILED job over REST', () => {
  it('answers its error details as an object, in GET /v1/jobs/{id}, the job list and JSONP', { timeout: 60_000 }, async () => {
    const sub = await gw.send('POST', '/v1/analyses', { text: 'this cannot be analysed here', feedId: 'failing' });
    expect(sub.status).toBe(202);
    const jobId = (sub.body as { data: { jobId: string } }).data.jobId;
    type Job = { status: string; errors?: { type: string; message: string; details: Record<string, string> }[] };
    let job: Job | undefined;
    for (let i = 0; i < 300 && job?.status !== 'FAILED'; i++) {
      job = ((await gw.get(`/v1/jobs/${jobId}`)).body as { data: Job }).data;
      if (job.status !== 'FAILED') await sleep(100);
    }
    expect(job!.status).toBe('FAILED');
    expect(job!.errors![0]).toMatchObject({ type: 'ANALYSIS_FAILED', details: { jobId, attempts: expect.any(String) } });
    const list = (await gw.get('/v1/jobs?feedId=failing&pageSize=10')).body as { data: Job[] };
    expect(list.data[0]!.errors![0]!.details).toMatchObject({ jobId });
    const jsonp = await gw.get(`/v1/jobs/${jobId}?callback=cb`);
    expect(jsonp.text).toContain(`"details":{"jobId":"${jobId}"`);
    // the contract says so too: the OpenAPI document's ErrorEntry.details is an object of strings
    const openapi = JSON.parse(readFileSync(join(projectRoot, 'gateway', 'openapi', 'openapi.json'), 'utf8')) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    const entry = Object.entries(openapi.components.schemas).find(([name]) => name.endsWith('ErrorEntry'))![1];
    expect(entry.properties['details']).toMatchObject({ type: 'object', additionalProperties: { type: 'string' } });
  });
});
