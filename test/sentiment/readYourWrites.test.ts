/**
 * A client sees its own answered analyses: a synchronous analysis with a feedId is
 * stored write-behind (JobStore), and the feed trend and job listing asked for right
 * after the answer must find it. And text with no visible character is refused like
 * empty text through a real call, on the synchronous and batch paths.
 */
import { describe, it, expect } from 'vitest';
import { inject } from 'vitest';
import * as grpc from '@grpc/grpc-js';
import { sentimentClient } from '../support/grpcClient.js';

describe('read-your-writes after a synchronous analysis', () => {
  it('the feed trend and the job list right after the answer include it', async () => {
    const s = sentimentClient(inject('coreAddress'));
    for (let k = 0; k < 5; k++) {
      const feedId = `ryw-${Date.now()}-${k}`;
      const answered = (await s.call<{ data: { jobId: string } }>('analyzeText', { text: 'What a wonderful day, I love it', feedId, asyncMode: false })).data;
      const [trend, jobs] = await Promise.all([
        s.call<{ data: { totalCount: number } }>('getFeedTrend', { feedId, window: '1h' }),
        s.call<{ data: { jobId: string }[] }>('listJobs', { feedId }),
      ]);
      expect(trend.data.totalCount).toBe(1);
      expect(jobs.data.map((j) => j.jobId)).toEqual([answered.jobId]);
    }
    s.close();
  });
});

describe('invisible text', () => {
  it('is refused like empty text, synchronously and in a batch', async () => {
    const s = sentimentClient(inject('coreAddress'));
    const invisible = '\u202e\u200b\u200d\u2066';
    const err = await s.fail('analyzeText', { text: invisible, asyncMode: false });
    expect(err).toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
    expect(err.message).toMatch(/empty/);
    expect(await s.fail('batchAnalyzeTexts', { items: [{ text: 'fine text' }, { text: '\ufe0f\u0301 \u00ad' }] })).toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
    // a NUL, which PostgreSQL's text cannot hold (a synchronous result with one failed its write-behind forever): refused in every store
    for (const call of [s.fail('analyzeText', { text: 'ok\u0000ok', asyncMode: false }), s.fail('batchAnalyzeTexts', { items: [{ text: 'fine' }, { text: 'ok\u0000ok' }] })]) {
      expect(await call).toMatchObject({ code: grpc.status.INVALID_ARGUMENT, reason: 'TEXT_INVALID', message: expect.stringContaining('NUL') });
    }
    s.close();
  });
});
