/**
 * Delivers the webhook outbox: messages are written by the store in the same
 * transaction as the change they announce, so a crash or restart loses none; this
 * loop sends each due message (POST, JSON, Standard Webhooks headers), records every
 * attempt in the delivery log, and schedules the next one on failure following the
 * retry schedule (default: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h,
 * 24 h, with up to 10 % jitter: about 3 days), honouring Retry-After. A 2xx answer
 * is success; 410 Gone stops retrying; anything else (3xx included: redirects are not
 * followed), a timeout or a refused connection is a failure. At least once: an
 * attempt cut short by a stop is made again after the restart, with the same
 * webhook-id for the receiver to deduplicate.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { logger } from '../../log.js';
import type { AttemptOutcome, OutboxMessage, SentimentStore, WebhookEndpoint } from '../store/sentimentStore.js';
import type { SentimentMetrics } from '../sentimentMetrics.js';
import { signedHeaders } from './signature.js';
import { TargetGuard, TargetRefused } from './targetGuard.js';

/** While attempts are in flight, due messages are looked for at least this often (ms). */
const IN_FLIGHT_POLL_MS = 1000;
/** How long the attempt count recorded for a message is kept against stale due reads (deliverer.finished). */
const FINISHED_KEPT_MS = 60_000;

export interface DelivererOptions {
  /** Delay before each retry, in ms (attempt 2, 3, ...); its length + 1 is the number of attempts. */
  retryScheduleMs: readonly number[];
  timeoutMs: number;
  /** Messages sent at the same time (a pool: a free slot takes the next due message). */
  concurrency: number;
  /** Attempts in flight to one endpoint (a slow or dead endpoint holds at most this many slots). */
  perEndpoint?: number;
  /**
   * Attempts in flight for one tenant's endpoints together (default: `concurrency` less 2, at least 1): a tenant's
   * slow or dead endpoints hold at most this many slots, so another tenant's messages always find one free, and a
   * lone tenant keeps most of the pool.
   */
  perTenant?: number;
  /**
   * With a store other replicas write to (PostgreSQL): look for due messages at least this often. Another core's
   * new messages, and those of a core that died or stopped (its claims lapse, or are given back), wake no one here.
   */
  pollMs?: number;
}

export const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,14h,20h,24h';

const UNIT: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses "5s,5m,2h" (units ms, s, m, h, d) into milliseconds. */
export function parseSchedule(raw: string, name = 'MERIDIAN_WEBHOOK_RETRY_SCHEDULE'): number[] {
  return raw.split(',').map((part) => {
    const m = /^\s*(\d+(?:\.\d+)?)(ms|s|m|h|d)\s*$/.exec(part);
    if (!m) throw new Error(`${name} must be a comma-separated list of durations such as 5s,5m,2h; got '${raw}'`);
    return Math.round(Number(m[1]) * UNIT[m[2]!]!);
  });
}

interface Answer { status: number; retryAfterMs: number | undefined }

export class WebhookDeliverer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Messages being attempted or whose outcome is not yet recorded (not picked again). */
  private readonly inFlight = new Set<string>();
  /**
   * Messages whose attempt's outcome was recorded, with the attempt count it recorded: a due read that started before
   * the record committed (the embedded store reads on another connection than it writes) may still list the message
   * with the count before, and once it had left inFlight such a read sent it again (about 1 in 5,000 messages twice,
   * 16-26 ms apart, to a receiver that never failed). A listing with fewer attempts than recorded is such a read; one
   * with as many is the message due again (a retry), and drops the entry. Entries older than FINISHED_KEPT_MS go.
   */
  private readonly finished = new Map<string, { attempts: number; at: number }>();
  /** Attempts in flight per tenant (kept across drains, as `perEndpoint` is: a drain that failed leaves its slots busy). */
  private readonly perTenant = new Map<string, number>();
  private readonly perEndpoint = new Map<string, number>();
  private active = 0;
  private kick: (() => void) | null = null;
  private outcomes: { outcome: AttemptOutcome; resolve: () => void; reject: (e: unknown) => void }[] = [];
  /** Outcomes being recorded after their slot was freed (deliver): a drain ends only when they are written. */
  private readonly recordings = new Set<Promise<void>>();
  private flushing: Promise<void> | null = null;
  private readonly aborts = new Set<AbortController>();

  constructor(
    private readonly store: SentimentStore,
    private readonly guard: TargetGuard,
    private readonly opts: DelivererOptions,
    private readonly metrics: SentimentMetrics,
  ) {
    store.onMessages(() => this.wake());
  }

  start(): void {
    this.wake();
  }

  /** Looks for due messages now (new ones were written, or a retry is due). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      this.kick?.();
      return;
    }
    clearTimeout(this.timer);
    let failed = false;
    this.running = this.drain()
      .catch((e: unknown) => {
        failed = true;
        logger.error({ err: e }, 'webhook delivery loop failed; retrying in 5 s');
      })
      .finally(() => {
        this.running = null;
        if (failed) {
          this.timer = setTimeout(() => this.wake(), 5000);
          this.timer.unref();
        } else if (this.again) {
          this.again = false;
          this.wake();
        } else void this.scheduleNext();
      });
  }

  private async scheduleNext(): Promise<void> {
    if (this.stopped) return;
    const next = await this.store.nextDue().catch(() => Date.now() + 5000);
    const poll = this.opts.pollMs;
    if ((next === null && poll === undefined) || this.stopped || this.running) return;
    const wait = Math.min(next === null ? Infinity : next - Date.now(), poll ?? Infinity, 2 ** 31 - 1);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), Math.max(0, wait));
    this.timer.unref();
  }

  /**
   * A pool of `concurrency` slots: each free slot takes the oldest due message whose
   * endpoint has fewer than `perEndpoint` attempts in flight and whose tenant fewer than
   * `perTenant`, so due messages of other endpoints and tenants overtake a blocked
   * endpoint's backlog, and one tenant's dead endpoints never hold every slot. Returns when nothing is in flight
   * and nothing is due.
   */
  private async drain(): Promise<void> {
    const endpoints = new Map<string, WebhookEndpoint | null>();
    const cap = Math.max(1, this.opts.perEndpoint ?? 4);
    const tenantCap = Math.max(1, this.opts.perTenant ?? this.opts.concurrency - 2);
    // the tenant of every endpoint seen in this drain: a tenant at its cap has all of them left out of the next look
    const tenantOf = new Map<string, string>();
    const perTenant = this.perTenant;
    const slots: Promise<void>[] = [];
    for (;;) {
      if (this.stopped) break;
      this.again = false;
      const free = this.opts.concurrency - this.active;
      if (free > 0) {
        // endpoints with every slot taken, and those of tenants with theirs taken, are left out; a few per free slot,
        // since a leasing store (PostgreSQL) updates every message it returns and those not started are given back below
        const busy = [...this.perEndpoint].filter(([, n]) => n >= cap).map(([id]) => id);
        for (const [id, tenant] of tenantOf) if ((perTenant.get(tenant) ?? 0) >= tenantCap && (this.perEndpoint.get(id) ?? 0) < cap) busy.push(id);
        const listed = (await this.store.dueMessages(Date.now(), free * cap + this.inFlight.size, busy)).filter((m) => !this.inFlight.has(m.id));
        const stale = new Set<OutboxMessage>();
        for (const m of listed) {
          const f = this.finished.get(m.id);
          if (f === undefined) continue;
          if (m.attempts < f.attempts) stale.add(m);
          else this.finished.delete(m.id);
        }
        const due = stale.size ? listed.filter((m) => !stale.has(m)) : listed;
        const old = Date.now() - FINISHED_KEPT_MS;
        for (const [id, f] of this.finished) if (f.at < old) this.finished.delete(id);
        if (this.stopped) {
          // a successor should not wait out the lease of what this deliverer claimed as it stopped
          await this.store.releaseMessages(listed).catch(() => undefined);
          break;
        }
        // the tenants with the fewest attempts in flight first (each tenant's oldest first): a free slot goes to a
        // tenant that waits rather than to another message of the backlog that holds the others
        due.sort((x, y) => (perTenant.get(x.tenant) ?? 0) - (perTenant.get(y.tenant) ?? 0));
        let started = 0;
        let filled = false; // an endpoint filled its slots in this pass: its other messages were passed over
        // listed by a read older than their record (never by a leasing store, whose reads are its writes): given back
        // with the skipped ones below
        const skipped: OutboxMessage[] = [...stale];
        for (const m of due) {
          tenantOf.set(m.endpointId, m.tenant);
          if (started >= free || (this.perEndpoint.get(m.endpointId) ?? 0) >= cap || (perTenant.get(m.tenant) ?? 0) >= tenantCap) {
            if (started < free) filled = true;
            skipped.push(m);
            continue;
          }
          this.inFlight.add(m.id);
          this.perEndpoint.set(m.endpointId, (this.perEndpoint.get(m.endpointId) ?? 0) + 1);
          perTenant.set(m.tenant, (perTenant.get(m.tenant) ?? 0) + 1);
          this.active++;
          started++;
          const slot: Promise<void> = this.deliver(m, endpoints).finally(() => {
            this.active--;
            const n = (this.perEndpoint.get(m.endpointId) ?? 1) - 1;
            if (n === 0) this.perEndpoint.delete(m.endpointId);
            else this.perEndpoint.set(m.endpointId, n);
            const t = (perTenant.get(m.tenant) ?? 1) - 1;
            if (t === 0) perTenant.delete(m.tenant);
            else perTenant.set(m.tenant, t);
            slots.splice(slots.indexOf(slot), 1);
            this.again = true; // a slot is free: look again
            this.kick?.();
          });
          slots.push(slot);
        }
        // due but not attempted now: offered again when a slot frees (a leasing store would otherwise hold them)
        await this.store.releaseMessages(skipped);
        // slots are still free and the claim was taken up by endpoints now full: look again at once (those endpoints
        // are left out next time, so this ends) rather than after the poll
        if (filled && started < free) this.again = true;
      }
      if (this.again) continue;
      if (this.active === 0) break;
      // wait for a slot to free, for new messages (wake), or at most IN_FLIGHT_POLL_MS: a retry falling due
      // while slow attempts hold their slots is not kept waiting for them (up to the delivery timeout)
      let poll: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.kick = resolve;
        poll = setTimeout(resolve, IN_FLIGHT_POLL_MS).unref();
      });
      clearTimeout(poll);
      this.kick = null;
    }
    await Promise.allSettled(slots);
    // a message whose outcome is still being written is due in the store's eyes: scheduleNext would wake at once for it
    await Promise.allSettled([...this.recordings]);
  }

  /**
   * Attempts one message; resolves when the receiver has answered (the slot is free), while the outcome is recorded
   * behind it (outcomes finishing together are written in one call). The message stays in inFlight, so no due read
   * lists it again, until its outcome is recorded: recording took ~11 ms of a ~17 ms attempt cycle on the embedded
   * store, and a slot that waited for it delivered 112-133 messages a second to one endpoint instead of 300+
   * (CHANGELOG.md, 2026-12-07).
   */
  private async deliver(m: OutboxMessage, endpoints: Map<string, WebhookEndpoint | null>): Promise<void> {
    let recording = false;
    try {
      let ep = endpoints.get(m.endpointId);
      if (ep === undefined) {
        ep = await this.store.getWebhook(m.endpointId, { tenant: m.tenant, admin: false });
        endpoints.set(m.endpointId, ep);
      }
      const outcome = ep ? await this.attempt(m, ep) : undefined;
      if (outcome && !this.stopped) {
        recording = true;
        const recorded: Promise<void> = this.record(outcome)
          .then(() => { this.finished.set(m.id, { attempts: m.attempts + 1, at: Date.now() }); })
          .catch((e: unknown) => logger.error({ err: e, message: m.id }, 'webhook attempt could not be recorded; retried later'))
          .finally(() => {
            this.inFlight.delete(m.id);
            this.recordings.delete(recorded);
          });
        this.recordings.add(recorded);
      }
    } catch (e) {
      logger.error({ err: e, message: m.id }, 'webhook attempt failed before its outcome; retried later');
    } finally {
      if (!recording) this.inFlight.delete(m.id);
    }
  }

  /**
   * Records an outcome with the others waiting (one write per turn of the loop below); resolves when the write that
   * carried it has committed, not when the loop ends: under steady traffic the loop runs on, and its messages would
   * stay in inFlight, keeping their payloads and widening every due read, long after their outcome was written.
   */
  private record(o: AttemptOutcome): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.outcomes.push({ outcome: o, resolve, reject });
      if (this.flushing) return;
      this.flushing = (async () => {
        await Promise.resolve(); // let outcomes finishing in the same tick join
        while (this.outcomes.length > 0) {
          const batch = this.outcomes;
          this.outcomes = [];
          try {
            await this.store.recordAttempts(batch.map((b) => b.outcome));
            for (const b of batch) b.resolve();
          } catch (e) {
            for (const b of batch) b.reject(e); // their messages stay PENDING and are attempted again
          }
        }
      })().finally(() => { this.flushing = null; });
    });
  }

  private async attempt(m: OutboxMessage, ep: WebhookEndpoint): Promise<AttemptOutcome | undefined> {
    const at = Date.now();
    const started = performance.now();
    let status = 0;
    let error = '';
    let retryAfterMs: number | undefined;
    try {
      const target = await this.guard.check(ep.url);
      const answer = await this.post(target.url, target.address, target.family, m, ep.secret);
      status = answer.status;
      retryAfterMs = answer.retryAfterMs;
      if (status < 200 || status > 299) error = `the receiver answered HTTP ${status}`;
    } catch (e) {
      if (this.stopped) return undefined; // cut short by the stop: sent again after the restart
      error = e instanceof TargetRefused ? `refused: ${e.message}` : `no answer: ${(e as Error).message}`;
    }
    const durationMs = performance.now() - started;
    const attempt = m.attempts + 1;
    if (!error) {
      this.metrics.delivery(m.eventType, 'delivered');
      return { messageId: m.id, status: 'DELIVERED', nextMs: at, atMs: at, statusCode: status, error: '', durationMs };
    }
    const delay = this.opts.retryScheduleMs[attempt - 1];
    if (status === 410 || delay === undefined) {
      this.metrics.delivery(m.eventType, 'exhausted');
      logger.warn({ message: m.id, endpoint: ep.id, attempts: attempt, error }, 'webhook message given up');
      return { messageId: m.id, status: 'FAILED', nextMs: at, atMs: at, statusCode: status, error: status === 410 ? `${error} (Gone: no more retries)` : error, durationMs };
    }
    this.metrics.delivery(m.eventType, 'failed');
    const wait = Math.max(delay + Math.random() * delay * 0.1, retryAfterMs ?? 0);
    return { messageId: m.id, status: 'PENDING', nextMs: Math.round(Date.now() + wait), atMs: at, statusCode: status, error, durationMs };
  }

  private post(url: URL, address: string, family: 4 | 6, m: OutboxMessage, secret: string): Promise<Answer> {
    const body = m.payload;
    const ac = new AbortController();
    this.aborts.add(ac);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Answer>((resolve, reject) => {
      const req = request(url, {
        method: 'POST',
        signal: ac.signal,
        timeout: this.opts.timeoutMs,
        // Connect to the address the guard checked, whatever DNS says now.
        lookup: (_host, options, cb) => {
          if ((options as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
          else cb(null, address, family);
        },
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Meridian-Webhooks/1',
          ...signedHeaders(secret, m.id, body),
        },
      }, (res: IncomingMessage) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfterMs: retryAfter(res.headers['retry-after']) }));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`timed out after ${this.opts.timeoutMs} ms`)));
      // the socket timeout only counts idle time: a receiver trickling bytes would hold the attempt (and the outbox) forever
      const deadline = setTimeout(() => req.destroy(new Error(`no complete answer within ${this.opts.timeoutMs} ms`)), this.opts.timeoutMs);
      deadline.unref();
      req.on('close', () => clearTimeout(deadline));
      req.on('error', reject);
      req.end(body);
    }).finally(() => this.aborts.delete(ac));
  }

  /** Stops: no new attempts; attempts in flight are aborted and made again after the restart. */
  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const ac of this.aborts) ac.abort();
    await this.running;
  }
}

function retryAfter(raw: string | undefined): number | undefined {
  if (!raw) return undefined;
  const s = Number(raw);
  if (Number.isFinite(s) && s >= 0) return Math.min(s, 86_400) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.min(at - Date.now(), 86_400_000));
}
