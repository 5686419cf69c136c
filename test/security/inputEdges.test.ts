/**
 * Input edges on the gateway: a malformed %-escape is 400 naming the
 * parameter, `limit=0` is 400 (not silently 10 items), an unknown parameter's
 * error says which one in `details`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

let g: TestGateway;
beforeAll(async () => { g = await startTestGateway(); });
afterAll(async () => { await g?.close(); });

describe('input edges', () => {
  it('answers a malformed %-escape 400 naming the parameter', async () => {
    for (const [q, field] of [['namePrefix=%ZZ', 'namePrefix'], ['namePrefix=San%2', 'namePrefix'], ['limit=1&namePrefix=%E0%A4%A', 'namePrefix'], ['%ZZ=1', '%ZZ']] as const) {
      const r = await g.get(`/v1/geo/cities?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.errors[0], q).toMatchObject({ code: 'PARAM_INVALID', details: { field } });
      expect(r.body.errors[0].message, q).toContain(field);
    }
  });

  it('answers limit=0 400 with details, instead of a default page', async () => {
    const r = await g.get('/v1/geo/cities?limit=0');
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ code: 'PARAM_INVALID', details: { field: 'limit' } });
    expect(r.body.errors[0].message).toMatch(/limit must be from 1 to 100/);
    // a negative limit names the REST range too (the core's own maximum is larger)
    const negative = await g.get('/v1/geo/cities?limit=-1');
    expect(negative.status).toBe(400);
    expect(negative.body.errors[0].message).toMatch(/limit must be from 1 to 100\b/);
    expect((await g.get('/v1/geo/cities?limit=1')).body.data).toHaveLength(1);
  });

  it('reads each time zone of a list once, and refuses more than 1,000 different ones (20,000 "UTC"s held the core 1.4-1.9 s)', async () => {
    const once = await g.get('/v1/geo/cities?timeZoneIds=UTC&limit=5');
    const repeated = await g.get(`/v1/geo/cities?timeZoneIds=${Array.from({ length: 3000 }, () => 'UTC').join(',')}&limit=5`);
    expect(repeated.status).toBe(200);
    expect(repeated.body.metadata.totalCount).toBe(once.body.metadata.totalCount);
    const many = await g.get(`/v1/geo/cities?timeZoneIds=${Array.from({ length: 1001 }, (_, i) => `Zone/N${i}`).join(',')}`);
    expect(many.status).toBe(400);
    expect(many.body.errors[0]).toMatchObject({ code: 'PARAM_INVALID', details: { field: 'timeZoneIds' } });
    expect(many.body.errors[0].message).toBe('timeZoneIds: at most 1000 time zones, got 1001');
    // a name longer than any IANA id is refused before it is looked up (each miss once cost an Intl.DateTimeFormat)
    const long = await g.get(`/v1/geo/cities?timeZoneIds=${'Europe/'.padEnd(200, 'x')}`);
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({ code: 'PARAM_INVALID', details: { field: 'timeZoneIds' } });
  });

  it('names an unknown parameter in details', async () => {
    const r = await g.get('/v1/geo/cities?bogus=1');
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ code: 'PARAM_INVALID', details: { field: 'bogus' } });
  });
});
