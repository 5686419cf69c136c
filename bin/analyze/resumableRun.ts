/**
 * The run of `meridian analyze`, over the public REST API: texts go out in
 * batches (`POST /v1/analyses:batch`), jobs are followed (`GET /v1/jobs/{id}`)
 * and each result (`GET /v1/analyses/{id}`) is appended to the output as one
 * JSON line `{ref, line, ...analysis}`.
 *
 * Resumable, and without analysing a text twice:
 *  - the output holds only finished rows; a rerun skips every ref in it (a
 *    line cut short by a kill is dropped and its row redone);
 *  - `<out>.pending` journals the job id of every submitted row before any of
 *    it is waited for, so a rerun follows those jobs instead of submitting the
 *    texts again (the core keeps acknowledged jobs across restarts). It is
 *    removed when the run completes.
 * A row the API refuses (e.g. a text over the length limit) is written with
 * status REJECTED and its error; a job that FAILED or was CANCELED with its
 * errors: both count as done. Rate limits and a full queue (429) and an
 * unavailable service (503) are waited out; a refused key stops the run.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, rmSync, truncateSync, writeSync } from 'node:fs';
import type { InputRow } from './inputRows.js';
import { randomUUID } from 'node:crypto';

export interface RunOptions {
  rows: InputRow[];
  out: string;
  feedId: string;
  baseUrl: string;
  key: string;
  domain?: string;
  batchSize: number;
  /** Parallel job and result look-ups. */
  concurrency: number;
  onProgress?: (p: Progress) => void;
  log?: (line: string) => void;
  /** Set to stop after the current step (SIGINT); the journal stays for the next run. */
  stopped?: () => boolean;
}

export interface Progress { total: number; done: number; skipped: number; failed: number; submitted: number }

export interface RunSummary extends Progress { interrupted: boolean }

export class RunError extends Error {}

interface ErrorEntry { code?: string; type?: string; message?: string; details?: Record<string, unknown> }
interface Envelope { data?: unknown; errors?: ErrorEntry[] }

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Rows already written to `out` (by ref); drops a last line cut short by an interruption. */
export function readDone(out: string, log: (l: string) => void = () => undefined): Set<string> {
  const done = new Set<string>();
  if (!existsSync(out)) return done;
  const content = readFileSync(out, 'utf8');
  let end = content.length;
  if (content.length && !content.endsWith('\n')) {
    end = content.lastIndexOf('\n') + 1;
    truncateSync(out, Buffer.byteLength(content.slice(0, end)));
    log(`dropped an unfinished last line of ${out}; its row is done again`);
  }
  const lines = content.slice(0, end).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as string;
    if (l.trim() === '') continue;
    let ref: unknown;
    try { ref = (JSON.parse(l) as { ref?: unknown }).ref; } catch { ref = undefined; }
    if (typeof ref !== 'string') throw new RunError(`${out}:${i + 1} is not a line of meridian analyze (no "ref"); give another --out, or remove the file to start over`);
    done.add(ref);
  }
  return done;
}

/**
 * The journal: `{"sending": [refs], "requestId"}` before a batch goes out, then `{"ref", "jobId"}`
 * per row once the gateway has accepted it. A `sending` line whose rows got no job ids was a batch
 * whose answer never arrived (killed in that instant): the gateway may or may not have taken it, so
 * it is sent again as it was, with the same requestId (the API's idempotency key), and the gateway
 * answers with the jobs it made the first time instead of making new ones.
 */
function readJournal(file: string): { jobs: Map<string, string>; unsure: { requestId: string; refs: string[] }[] } {
  const jobs = new Map<string, string>();
  const sent: { requestId: string; refs: string[] }[] = [];
  if (!existsSync(file)) return { jobs, unsure: [] };
  for (const l of readFileSync(file, 'utf8').split('\n')) {
    try {
      const { ref, jobId, sending, requestId } = JSON.parse(l) as { ref?: unknown; jobId?: unknown; sending?: unknown; requestId?: unknown };
      if (typeof ref === 'string' && typeof jobId === 'string') jobs.set(ref, jobId);
      if (Array.isArray(sending) && typeof requestId === 'string') sent.push({ requestId, refs: sending.filter((r): r is string => typeof r === 'string') });
    } catch { /* a line cut short by a kill: that batch had not gone out */ }
  }
  return { jobs, unsure: sent.filter((b) => b.refs.length > 0 && b.refs.every((r) => !jobs.has(r))) };
}

/** Appends lines and makes them durable before returning. */
function appendDurably(file: string, lines: string[]): void {
  if (!lines.length) return;
  const fd = openSync(file, 'a');
  try {
    writeSync(fd, lines.join(''));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** How often a wait for the gateway's 429 or 503 is said, at most. */
const WAIT_SAID_EVERY_MS = 30_000;

export class RestApi {
  private answered = false;
  /** When a wait for a 429/503 was last said (at most one line in WAIT_SAID_EVERY_MS). */
  private waitSaid = 0;
  constructor(private readonly baseUrl: string, private readonly key: string, private readonly stopped: () => boolean = () => false,
    private readonly log: (line: string) => void = () => undefined) {}

  /** One call; waits out 429/503 (Retry-After) and network errors, throws RunError on a refused key. */
  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Envelope }> {
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(this.baseUrl + path, {
          method,
          headers: { 'X-Gateway-Key': this.key, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
      } catch (e) {
        // never answered: wrong URL or not started, say so at once; answered before: ride out a restart
        if (!this.answered || attempt >= 8 || this.stopped()) throw new RunError(`the gateway at ${this.baseUrl} does not answer (${(e as Error).message}); is it running? (--url or MERIDIAN_URL)`);
        await sleep(Math.min(250 * 2 ** attempt, 5000));
        continue;
      }
      this.answered = true;
      let parsed: Envelope;
      try { parsed = (await res.json()) as Envelope; } catch { parsed = {}; }
      if (res.status === 401 || res.status === 403) {
        throw new RunError(`the gateway refused the key (${res.status}: ${parsed.errors?.[0]?.message ?? 'access denied'}); give a key with sentiment:read and sentiment:write (--key or MERIDIAN_KEY)`);
      }
      if ((res.status === 429 || res.status === 503) && !this.stopped()) {
        const wait = Number(res.headers.get('retry-after'));
        const seconds = Number.isFinite(wait) && wait > 0 ? Math.min(wait, 60) : 1;
        // a key's rate limit can hold a run for hours: say so, not a progress bar standing still
        if (seconds >= 2 && Date.now() - this.waitSaid >= WAIT_SAID_EVERY_MS) {
          this.waitSaid = Date.now();
          this.log(`the gateway answers ${res.status} (${parsed.errors?.[0]?.message ?? (res.status === 429 ? 'rate limited' : 'unavailable')}); waiting ${seconds} s and going on`);
        }
        await sleep(seconds * 1000);
        continue;
      }
      return { status: res.status, body: parsed };
    }
  }
}

async function inParallel<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => { while (next < items.length) await fn(items[next++] as T); };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The per-text entries of a batch answer: `data` is the list today; a `data` object with its list under `items` or `jobs` (next to a batch id) is read too. */
function jobsOfBatch(data: unknown): { jobId?: string }[] {
  if (Array.isArray(data)) return data as { jobId?: string }[];
  const o = (data ?? {}) as { items?: unknown; jobs?: unknown };
  const list = Array.isArray(o.items) ? o.items : Array.isArray(o.jobs) ? o.jobs : [];
  return list as { jobId?: string }[];
}

function fieldIndex(e: ErrorEntry | undefined): number | undefined {
  const field = e?.details?.['field'];
  const m = typeof field === 'string' ? /^items\[(\d+)\]/.exec(field) : null;
  return m ? Number(m[1]) : undefined;
}

export async function runAnalysis(o: RunOptions): Promise<RunSummary> {
  const log = o.log ?? (() => undefined);
  const stopped = o.stopped ?? (() => false);
  const api = new RestApi(o.baseUrl.replace(/\/+$/, ''), o.key, stopped, log);
  const journalFile = `${o.out}.pending`;
  const done = readDone(o.out, log);
  const { jobs: journal, unsure } = readJournal(journalFile);
  const byRef = new Map(o.rows.map((r) => [r.ref, r]));

  const progress: Progress = { total: o.rows.length, done: 0, skipped: 0, failed: 0, submitted: 0 };
  const todo: InputRow[] = [];
  /** Submitted, not yet written: ref → job id, in submission order. */
  const inflight = new Map<string, string>();
  for (const r of o.rows) {
    if (done.has(r.ref)) progress.skipped++;
    else if (journal.has(r.ref)) inflight.set(r.ref, journal.get(r.ref) as string);
    else todo.push(r);
  }
  if (progress.skipped) log(`${progress.skipped} of ${o.rows.length} rows are already in ${o.out}; skipping them`);
  if (inflight.size) log(`following ${inflight.size} jobs submitted by the interrupted run`);
  // batches whose answer the interruption cut off go again first, as they were, with their requestId
  const retries = unsure.map((b) => ({ requestId: b.requestId, rows: b.refs.filter((r) => !done.has(r)).map((r) => byRef.get(r)) }))
    .filter((b): b is { requestId: string; rows: InputRow[] } => b.rows.length > 0 && b.rows.every((r) => r !== undefined));
  const retried = new Set(retries.flatMap((b) => b.rows.map((r) => r.ref)));
  if (retried.size) {
    log(`the interrupted run never heard whether the gateway took ${retried.size} texts: they are sent again with the same requestId, so the gateway does not analyse them twice`);
    for (let i = todo.length - 1; i >= 0; i--) if (retried.has((todo[i] as InputRow).ref)) todo.splice(i, 1);
  }
  const report = () => o.onProgress?.({ ...progress });
  report();

  const write = (lines: { ref: string; entry: Record<string, unknown> }[]) => {
    appendDurably(o.out, lines.map(({ ref, entry }) => `${JSON.stringify({ ref, line: byRef.get(ref)?.line, ...entry })}\n`));
    for (const { ref, entry } of lines) {
      inflight.delete(ref);
      progress.done++;
      if (entry['status'] !== 'SUCCEEDED') progress.failed++;
    }
    report();
  };

  const itemsOf = (chunk: InputRow[]) => chunk.map((r) => ({
    text: r.text, feedId: o.feedId,
    ...(r.occurredAt ? { occurredAt: r.occurredAt } : {}),
    ...(r.domain ?? o.domain ? { domain: r.domain ?? o.domain } : {}),
  }));
  /** Sends one batch under an idempotency key journalled before it goes out; the answer's job ids are journalled too. */
  const submit = async (chunk: InputRow[], requestId: string) => {
    appendDurably(journalFile, [`${JSON.stringify({ sending: chunk.map((r) => r.ref), requestId })}\n`]);
    const res = await api.call('POST', '/v1/analyses:batch', { items: itemsOf(chunk), requestId });
    if (res.status === 200 || res.status === 202) {
      const data = jobsOfBatch(res.body.data);
      if (data.length !== chunk.length) throw new RunError(`the gateway answered ${data.length} jobs for ${chunk.length} texts`);
      appendDurably(journalFile, chunk.map((r, i) => `${JSON.stringify({ ref: r.ref, jobId: data[i]?.jobId })}\n`));
      chunk.forEach((r, i) => inflight.set(r.ref, data[i]?.jobId as string));
      progress.submitted += chunk.length;
    }
    return res;
  };
  for (const b of retries) {
    if (stopped()) break;
    const res = await submit(b.rows, b.requestId);
    if (res.status === 409 && res.body.errors?.[0]?.type === 'REQUEST_ID_REUSED') {
      // the gateway took this requestId with other content: this run's --feed/--domain or input rows differ
      throw new RunError(`the interrupted run sent ${b.rows.length} texts under requestId ${b.requestId} with other content than this run would (a different --feed or --domain, or changed input rows), and the gateway keeps requestIds to their content: resume with the interrupted run's options and input, or delete ${journalFile} to stop following its jobs (they stay on the gateway)`);
    }
    if (res.status !== 200 && res.status !== 202) throw new RunError(`POST /v1/analyses:batch (again, requestId ${b.requestId}) answered ${res.status}: ${res.body.errors?.[0]?.message ?? 'no message'}`);
  }

  const window = Math.max(o.batchSize * 4, 200);
  let cursor = 0;
  while ((cursor < todo.length || inflight.size) && !stopped()) {
    // submit while the window has room
    while (cursor < todo.length && inflight.size < window && !stopped()) {
      let chunk = todo.slice(cursor, cursor + o.batchSize);
      cursor += chunk.length;
      // a blank text is refused by the API as any empty text is (TEXT_INVALID): written so here, without a request, so
      // that each blank row does not cost the rest of its batch a second submission
      const blank = chunk.filter((r) => r.text.trim() === '');
      if (blank.length) {
        write(blank.map((r) => ({ ref: r.ref, entry: { status: 'REJECTED', errors: [{ code: 'PARAM_INVALID', type: 'TEXT_INVALID', message: 'text is empty or only white space; nothing to analyse', details: { field: 'text' } }] } })));
        chunk = chunk.filter((r) => r.text.trim() !== '');
      }
      while (chunk.length) {
        const res = await submit(chunk, randomUUID());
        if (res.status === 200 || res.status === 202) break;
        const err = res.body.errors?.[0];
        const bad = fieldIndex(err);
        if (res.status >= 400 && res.status < 500 && bad !== undefined && bad < chunk.length) {
          // one row refused: record it, send the others
          const row = chunk[bad] as InputRow;
          write([{ ref: row.ref, entry: { status: 'REJECTED', errors: res.body.errors ?? [] } }]);
          chunk = chunk.filter((_r, i) => i !== bad);
          continue;
        }
        throw new RunError(`POST /v1/analyses:batch answered ${res.status}: ${err?.message ?? 'no message'}`);
      }
    }
    // follow the jobs in flight
    const finished: { ref: string; entry: Record<string, unknown> }[] = [];
    const resubmit: string[] = [];
    // the oldest first (the core runs jobs in submission order), a bounded number per round
    await inParallel([...inflight].slice(0, o.concurrency * 4), o.concurrency, async ([ref, jobId]) => {
      const job = await api.call('GET', `/v1/jobs/${encodeURIComponent(jobId)}`);
      if (job.status === 404) { resubmit.push(ref); return; }
      if (job.status !== 200) throw new RunError(`GET /v1/jobs/${jobId} answered ${job.status}: ${job.body.errors?.[0]?.message ?? ''}`);
      const j = job.body.data as { status: string; resultId?: string; errors?: ErrorEntry[] };
      if (j.status === 'SUCCEEDED' && j.resultId) {
        const result = await api.call('GET', `/v1/analyses/${encodeURIComponent(j.resultId)}`);
        if (result.status !== 200) throw new RunError(`GET /v1/analyses/${j.resultId} answered ${result.status}: ${result.body.errors?.[0]?.message ?? ''}`);
        finished.push({ ref, entry: result.body.data as Record<string, unknown> });
      } else if (j.status === 'FAILED' || j.status === 'CANCELED') {
        finished.push({ ref, entry: { status: j.status, jobId, errors: j.errors ?? [] } });
      }
    });
    const order = new Map([...inflight.keys()].map((r, i) => [r, i]));
    finished.sort((a, b) => (order.get(a.ref) ?? 0) - (order.get(b.ref) ?? 0));
    write(finished);
    if (resubmit.length) {
      // the gateway no longer knows these jobs (another state folder): submit the texts again
      log(`${resubmit.length} journalled jobs are unknown to this gateway; submitting their texts again`);
      for (const ref of resubmit) { inflight.delete(ref); todo.push(byRef.get(ref) as InputRow); }
    }
    if (!finished.length && !resubmit.length && inflight.size && (cursor >= todo.length || inflight.size >= window)) await sleep(50);
  }
  const interrupted = stopped() && (cursor < todo.length || inflight.size > 0);
  if (!interrupted && existsSync(journalFile)) rmSync(journalFile, { force: true });
  return { ...progress, interrupted };
}

/** For tests and tools: the output's lines. */
export function readOutput(out: string): Record<string, unknown>[] {
  return readFileSync(out, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);
}

