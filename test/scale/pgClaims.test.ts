/**
 * Claims of several cores on one PostgreSQL at once (src/sentiment/store/postgres/queue.ts): each tenant's oldest in
 * turns first, then the oldest of all for the room left, so a core never comes back empty-handed while jobs it could
 * take wait (a fair pick capped before SKIP LOCKED had returned 0 to five of six cores claiming together).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { PostgresSentimentStore } from '../../src/sentiment/store/postgresStore.js';
import { timeOrderedId } from '../../src/sentiment/store/timeOrderedId.js';
import type { NewJob } from '../../src/sentiment/store/sentimentStore.js';

let postgres: TestPostgres;
beforeAll(async () => { postgres = await startTestPostgres(); }, 120_000);
afterAll(async () => { await postgres?.close(); });

let clock = Date.UTC(2026, 11, 7);
const jobs = (n: number, tenant: string): NewJob[] => Array.from({ length: n }, (_, i) => {
  const now = ++clock;
  return { id: timeOrderedId(now), tenant, text: `${tenant} ${i}`, feedId: null, batchId: null, domain: 'GENERAL' as const, occurredMs: now, createdMs: now };
});

describe('claims of several cores at once', () => {
  it('give every core its room while jobs wait, none twice, each tenant served', { timeout: 60_000 }, async () => {
    const url = await postgres.createDatabase('claims');
    const cores = await Promise.all(Array.from({ length: 6 }, () => PostgresSentimentStore.open(url, { leaseMs: 60_000 })));
    try {
      await cores[0]!.insertPending([...jobs(3000, 'a'), ...jobs(3000, 'b'), ...jobs(5, 'c')], []);
      await Promise.all(cores.map((c) => c.queue.refreshLive()));
      const rooms = [200, 10, 10, 10, 50, 5];
      const seen = new Set<string>();
      const tenants = new Set<string>();
      for (let round = 0; round < 5; round++) {
        const claimed = await Promise.all(cores.map((c, i) => c.queue.claim(rooms[i]!, ++clock)));
        expect(claimed.map((c) => c.length), `round ${round}`).toEqual(rooms);
        for (const j of claimed.flat()) {
          expect(seen.has(j.id), j.id).toBe(false);
          seen.add(j.id);
          tenants.add(j.tenant);
        }
      }
      expect(tenants).toEqual(new Set(['a', 'b', 'c']));
    } finally {
      for (const c of cores) await c.close();
    }
  });
});
