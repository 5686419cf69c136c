/**
 * A due read that started before an attempt's outcome was recorded may still list the message (the embedded store
 * reads on another connection than it writes). Once the message had left the deliverer's in-flight set, such a read
 * sent it again: a volume run saw about 1 in 5,000 messages twice, 16-26 ms apart, to a receiver that never failed.
 * Here a store whose due reads answer from the moment they were asked, held until the record commits, makes that
 * happen every time; the receiver must get the message once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { WebhookDeliverer } from '../../src/sentiment/webhooks/deliverer.js';
import { TargetGuard } from '../../src/sentiment/webhooks/targetGuard.js';
import { SentimentMetrics } from '../../src/sentiment/sentimentMetrics.js';
import type { AttemptOutcome, OutboxMessage, SentimentStore, WebhookEndpoint } from '../../src/sentiment/store/sentimentStore.js';

let server: Server | undefined;
afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

describe('webhook deliveries and a stale due read', () => {
  it('sends a message once though a read started before its outcome was recorded still lists it', async () => {
    const got: string[] = [];
    server = createServer((req, res) => { got.push(String(req.headers['webhook-id'])); req.resume(); res.end('ok'); });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const endpoint: WebhookEndpoint = { id: 'ep1', tenant: 't', url: `http://127.0.0.1:${port}/hook`, eventTypes: ['job.succeeded'], description: '', secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0', createdMs: 0 };
    const messages: OutboxMessage[] = Array.from({ length: 5 }, (_, i) => ({ id: `msg_${i}`, endpointId: 'ep1', tenant: 't', eventType: 'job.succeeded', payload: '{}', createdMs: 0, attempts: 0, nextMs: 0, status: 'PENDING' }));
    let recorded!: () => void;
    const firstRecord = new Promise<void>((r) => { recorded = r; });
    let reads = 0;
    const store = {
      onMessages: () => undefined,
      // what is pending when the read is asked, answered only once the first outcome has been recorded
      dueMessages: async () => {
        const snapshot = messages.filter((m) => m.status === 'PENDING').map((m) => ({ ...m })); // rows as they were
        if (++reads > 1) { await firstRecord; await new Promise((r) => setTimeout(r, 20)); } // and after the attempt left the in-flight set
        return snapshot;
      },
      releaseMessages: async () => undefined,
      getWebhook: async () => endpoint,
      recordAttempts: async (outcomes: AttemptOutcome[]) => {
        for (const o of outcomes) { const m = messages.find((x) => x.id === o.messageId)!; m.status = o.status; m.attempts++; }
        recorded();
      },
      nextDue: async () => Date.now() + 60_000,
      pendingMessages: async () => messages.filter((m) => m.status === 'PENDING').length,
    } as unknown as SentimentStore;
    const deliverer = new WebhookDeliverer(store, new TargetGuard(['127.0.0.1']), { retryScheduleMs: [1000], timeoutMs: 2000, concurrency: 2, perEndpoint: 2, perTenant: 2 }, new SentimentMetrics());
    deliverer.start();
    await vi_eventually(() => messages.every((m) => m.status === 'DELIVERED'), 10_000);
    await new Promise((r) => setTimeout(r, 300)); // a repeat would have been sent by now
    await deliverer.close();
    expect(got.sort()).toEqual(messages.map((m) => m.id).sort());
  });
});

describe('webhook deliveries while outcomes are recorded', () => {
  it('frees a slot when the receiver answers, and sends no message twice while its outcome is still being written', async () => {
    const got: string[] = [];
    const hook = createServer((req, res) => { got.push(String(req.headers['webhook-id'])); req.resume(); res.end('ok'); });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    try {
      const port = (hook.address() as AddressInfo).port;
      const endpoint: WebhookEndpoint = { id: 'ep1', tenant: 't', url: `http://127.0.0.1:${port}/hook`, eventTypes: ['job.succeeded'], description: '', secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0', createdMs: 0 };
      const messages: OutboxMessage[] = Array.from({ length: 4 }, (_, i) => ({ id: `msg_${i}`, endpointId: 'ep1', tenant: 't', eventType: 'job.succeeded', payload: '{}', createdMs: 0, attempts: 0, nextMs: 0, status: 'PENDING' }));
      // every record waits until the test lets it commit: meanwhile each message is still PENDING to a due read
      let commit!: () => void;
      const committed = new Promise<void>((r) => { commit = r; });
      const store = {
        onMessages: () => undefined,
        dueMessages: async () => messages.filter((m) => m.status === 'PENDING').map((m) => ({ ...m })),
        releaseMessages: async () => undefined,
        getWebhook: async () => endpoint,
        recordAttempts: async (outcomes: AttemptOutcome[]) => {
          await committed;
          for (const o of outcomes) { const m = messages.find((x) => x.id === o.messageId)!; m.status = o.status; m.attempts++; }
        },
        nextDue: async () => Date.now() + 60_000,
        pendingMessages: async () => messages.filter((m) => m.status === 'PENDING').length,
      } as unknown as SentimentStore;
      // one attempt at a time to the endpoint: the next goes out when the receiver has answered, not when the outcome is written
      const deliverer = new WebhookDeliverer(store, new TargetGuard(['127.0.0.1']), { retryScheduleMs: [1000], timeoutMs: 2000, concurrency: 1, perEndpoint: 1, perTenant: 1 }, new SentimentMetrics());
      deliverer.start();
      await vi_eventually(() => got.length === messages.length, 10_000);
      expect(messages.every((m) => m.status === 'PENDING')).toBe(true); // none recorded yet
      await new Promise((r) => setTimeout(r, 200)); // a due read lists them all again: none may go twice
      expect(got).toHaveLength(messages.length);
      commit();
      await vi_eventually(() => messages.every((m) => m.status === 'DELIVERED'), 10_000);
      await deliverer.close();
      expect(got.sort()).toEqual(messages.map((m) => m.id).sort());
    } finally {
      await new Promise<void>((r) => hook.close(() => r()));
    }
  });
});

async function vi_eventually(ok: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error('not delivered in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
