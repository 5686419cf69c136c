/**
 * The job queue contract (JobQueue, sentimentStore.ts), run unchanged against both stores: the
 * embedded DuckDB store (its queue's index in the store's memory) and PostgreSQL (the jobs table,
 * shared by replicas). Claims take PENDING jobs under this process's lease, each tenant's oldest
 * in turns, and count the attempt; a release gives them back (the attempt too, unless it ran); jobs that leave
 * PENDING/PROCESSING leave the live counts; a job left PROCESSING by a process that stopped is
 * claimed again by the next one, its attempts counted.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { eventually } from '../support/gateway.js';
import { DuckDbSentimentStore } from '../../src/sentiment/store/duckdbStore.js';
import { PostgresSentimentStore } from '../../src/sentiment/store/postgresStore.js';
import { timeOrderedId } from '../../src/sentiment/store/timeOrderedId.js';
import type { NewJob, SentimentStore, StoredResult } from '../../src/sentiment/store/sentimentStore.js';

let postgres: TestPostgres;
const dirs: string[] = [];
let databases = 0;

/** A store kind: opens a fresh store, and opens it again as the next process would (the first one's leases dead). */
interface Kind {
  name: string;
  fresh(): Promise<{ store: SentimentStore; next: () => Promise<SentimentStore> }>;
}

const kinds: Kind[] = [
  {
    name: 'DuckDB',
    async fresh() {
      const dir = mkdtempSync(join(tmpdir(), 'meridian-queue-'));
      dirs.push(dir);
      const store = await DuckDbSentimentStore.open(dir);
      // the next process: this one stops (a kill leaves the same file: every write committed), another opens the file
      return { store, next: async () => { await store.close(); return DuckDbSentimentStore.open(dir); } };
    },
  },
  {
    name: 'PostgreSQL',
    async fresh() {
      const url = await postgres.createDatabase(`queue${++databases}`);
      const store = await PostgresSentimentStore.open(url, { leaseMs: 300 });
      // the next process: another replica, once this one's leases lapsed (it no longer renews them)
      return { store, next: async () => { const other = await PostgresSentimentStore.open(url, { leaseMs: 300 }); await new Promise((r) => setTimeout(r, 400)); await store.close(); return other; } };
    },
  },
];

const scope = { tenant: 'x', admin: true };
let clock = Date.UTC(2026, 11, 1);

function jobs(n: number, tenant: string): NewJob[] {
  return Array.from({ length: n }, (_, i) => {
    const now = ++clock;
    return { id: timeOrderedId(now), tenant, text: `${tenant} text ${i}`, feedId: null, batchId: null, domain: 'GENERAL' as const, occurredMs: now, createdMs: now };
  });
}

function result(j: NewJob): StoredResult {
  return {
    id: timeOrderedId(++clock), jobId: j.id, batchId: null, tenant: j.tenant, feedId: null, domain: 'GENERAL', occurredMs: j.occurredMs, createdMs: clock,
    sentiment: 'POSITIVE', score: 0.5, emotions: [0, 0, 0, 1, 0, 0, 0], anomalous: false, z: 0, payload: '{}',
  };
}

async function live(store: SentimentStore): Promise<{ waiting: number; a: number; b: number }> {
  await store.queue.refreshLive();
  const l = store.queue.live();
  return { waiting: l.waiting, a: l.perTenant.get('a') ?? 0, b: l.perTenant.get('b') ?? 0 };
}

beforeAll(async () => {
  postgres = await startTestPostgres();
}, 120_000);

afterAll(async () => {
  await postgres?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.each(kinds)('the job queue of the $name store', (kind) => {
  it('claims each tenant\'s oldest PENDING jobs in turns under its lease, counting the attempt, and counts them live until they finish', async () => {
    const { store } = await kind.fresh();
    try {
      const a = jobs(5, 'a');
      const b = jobs(3, 'b');
      await store.insertPending([...a, ...b], []);
      expect(await live(store)).toEqual({ waiting: 8, a: 5, b: 3 });
      const first = await store.queue.claim(3, ++clock);
      // turns: a's oldest and b's oldest, then a's second; oldest first among them
      expect(first.map((j) => j.id)).toEqual([a[0]!, a[1]!, b[0]!].map((j) => j.id));
      expect(first.every((j) => j.attempts === 1)).toBe(true);
      expect(first[0]).toMatchObject({ tenant: 'a', text: 'a text 0', domain: 'GENERAL' });
      // PROCESSING in the database: at once on PostgreSQL; on DuckDB once the mark written behind the claim commits
      await eventually(async () => (await store.getJob(a[0]!.id, scope))!.status === 'PROCESSING', 5000, 5);
      expect((await store.getJob(a[0]!.id, scope))!).toMatchObject({ status: 'PROCESSING', attempts: 1 });
      expect((await store.getJob(a[2]!.id, scope))!).toMatchObject({ status: 'PENDING', attempts: 0 });
      expect(await live(store)).toEqual({ waiting: 5, a: 5, b: 3 });
      // finished jobs leave the live counts: a completion, a failure, a cancellation
      await store.complete([result(a[0]!)], ++clock);
      await store.fail([a[1]!.id], 'ANALYSIS_FAILED', 'boom', ++clock);
      await store.cancel(b[2]!.id, ++clock, scope);
      expect(await live(store)).toEqual({ waiting: 4, a: 3, b: 2 });
      // the rest, oldest first; a canceled job is never claimed; then nothing
      const rest = await store.queue.claim(100, ++clock);
      expect(rest.map((j) => j.id)).toEqual([...a.slice(2), b[1]!].map((j) => j.id));
      expect(await store.queue.claim(100, ++clock)).toEqual([]);
      expect(await live(store)).toEqual({ waiting: 0, a: 3, b: 2 });
    } finally {
      await store.close();
    }
  });

  it('does not hold one tenant\'s single job behind another tenant\'s backlog (it waited ~93 s behind 20,000 texts)', async () => {
    const { store } = await kind.fresh();
    try {
      const backlog = jobs(2000, 'a');
      await store.insertPending(backlog, []);
      const late = jobs(1, 'b');
      await store.insertPending(late, []);
      const claimed = await store.queue.claim(10, ++clock);
      expect(claimed).toHaveLength(10);
      expect(claimed.map((j) => j.id)).toContain(late[0]!.id);
      expect(claimed.filter((j) => j.tenant === 'a').map((j) => j.id)).toEqual(backlog.slice(0, 9).map((j) => j.id));
    } finally {
      await store.close();
    }
  });

  it('counts jobs by state after thousands change state (DuckDB grouped SUCCEEDED as \'SUCCEED\\0\\0\' by a plan made when all were PENDING)', async () => {
    const { store } = await kind.fresh();
    try {
      const a = jobs(3000, 'a');
      await store.insertPending(a, []);
      // counted once while every status is PENDING: a statement planned then kept the 7-byte statistics
      expect((await store.countByState()).PENDING).toBe(3000);
      await store.complete(a.slice(0, 2500).map(result), ++clock);
      await store.fail([a[2500]!.id], 'ANALYSIS_FAILED', 'boom', ++clock);
      expect(await store.countByState()).toEqual({ PENDING: 499, PROCESSING: 0, SUCCEEDED: 2500, FAILED: 1, CANCELED: 0 });
    } finally {
      await store.close();
    }
  });

  it('gives released jobs back to the front of the queue: a job that did not run with its attempt, one that ran without', async () => {
    const { store } = await kind.fresh();
    try {
      const a = jobs(4, 'a');
      await store.insertPending(a, []);
      const claimed = await store.queue.claim(2, ++clock);
      const b = jobs(1, 'b');
      await store.insertPending(b, []);
      await store.queue.releaseLeases([claimed[0]!.id], ++clock);
      await store.queue.releaseLeases([claimed[1]!.id], ++clock, true);
      expect((await store.getJob(a[0]!.id, scope))!).toMatchObject({ status: 'PENDING', attempts: 0 });
      expect((await store.getJob(a[1]!.id, scope))!).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(await live(store)).toEqual({ waiting: 5, a: 4, b: 1 });
      const again = await store.queue.claim(3, ++clock);
      expect(again.map((j) => [j.id, j.attempts])).toEqual([[a[0]!.id, 1], [a[1]!.id, 2], [b[0]!.id, 1]]);
      // a job canceled while claimed is not given back
      await store.cancel(a[0]!.id, ++clock, scope);
      await store.queue.releaseLeases([a[0]!.id], ++clock);
      expect((await store.getJob(a[0]!.id, scope))!.status).toBe('CANCELED');
      expect((await store.queue.claim(100, ++clock)).map((j) => j.id)).not.toContain(a[0]!.id);
      await store.queue.renewLeases([a[1]!.id]);
      expect((await store.getJob(a[1]!.id, scope))!.status).toBe('PROCESSING');
    } finally {
      await store.close();
    }
  });

  it('forgets the live jobs of a deleted feed: never claimed, out of the live counts', async () => {
    const { store } = await kind.fresh();
    try {
      const a = jobs(3, 'a').map((j) => ({ ...j, feedId: 'gone' }));
      await store.insertPending([...a, ...jobs(1, 'b')], []);
      await store.queue.claim(1, ++clock);
      expect(await store.deleteFeed('gone', scope)).toMatchObject({ jobs: 3 });
      expect(await live(store)).toEqual({ waiting: 1, a: 0, b: 1 });
      expect((await store.queue.claim(10, ++clock)).map((j) => j.tenant)).toEqual(['b']);
    } finally {
      await store.close();
    }
  });

  it('tells its listeners when jobs were committed', async () => {
    const { store } = await kind.fresh();
    try {
      let told = 0;
      store.queue.onJobsAvailable(() => { told++; });
      await new Promise((r) => setTimeout(r, 100)); // PostgreSQL: the LISTEN is in place
      await store.insertPending(jobs(2, 'a'), []);
      await eventually(async () => told > 0, 5000, 10);
    } finally {
      await store.close();
    }
  });

  it('claims the jobs a stopped process left PROCESSING again in the next one, their attempts counted', async () => {
    const { store, next } = await kind.fresh();
    const a = jobs(3, 'a');
    await store.insertPending(a, []);
    const claimed = await store.queue.claim(2, ++clock);
    expect(claimed.map((j) => j.attempts)).toEqual([1, 1]);
    const after = await next();
    try {
      expect(await live(after)).toMatchObject({ a: 3 });
      const again = await after.queue.claim(10, ++clock);
      expect(again.map((j) => [j.id, j.attempts])).toEqual([[a[0]!.id, 2], [a[1]!.id, 2], [a[2]!.id, 1]]);
      await eventually(async () => (await after.getJob(a[0]!.id, scope))!.attempts === 2, 5000, 5);
      expect((await after.getJob(a[0]!.id, scope))!).toMatchObject({ status: 'PROCESSING', attempts: 2 });
    } finally {
      await after.close();
    }
  });
});
