/**
 * What happened to calls their caller gave up on, counted where the core sees
 * it (unary RPCs and calls on the CoreExchange stream alike), so that "a
 * client that went away cancels its core work" can be read off /metrics
 * rather than inferred. Kept in its own registry; the core's metrics text
 * (SentimentService.GetSentimentMetrics, which the gateway's /metrics appends)
 * includes it.
 */
import { Counter, Gauge, Registry } from 'prom-client';

export const callRegistry = new Registry();

/**
 * stage: `before_start` (cancelled before its handler ran: no work done),
 * `while_running` (cancelled while its handler ran: the handler saw it, its
 * answer, if any, was dropped).
 */
const cancelled = new Counter({
  name: 'meridian_core_calls_cancelled_total',
  help: 'Calls whose caller cancelled them (client gone, or its own deadline passed), by how far they had got',
  labelNames: ['stage'], registers: [callRegistry],
});

const deadlineExceeded = new Counter({
  name: 'meridian_core_calls_deadline_exceeded_total',
  help: 'Calls on the exchange stream answered DEADLINE_EXCEEDED because their deadline passed in the core',
  registers: [callRegistry],
});

const exchangeRead = new Counter({
  name: 'meridian_exchange_calls_read_total',
  help: 'Calls read from CoreExchange streams (reading pauses while a stream\'s answers wait for its reader: backpressure)',
  registers: [callRegistry],
});

export type CancelStage = 'before_start' | 'while_running';

export const callMetrics = {
  cancelled(stage: CancelStage): void { cancelled.inc({ stage }); },
  deadlineExceeded(): void { deadlineExceeded.inc(); },
  exchangeCallRead(): void { exchangeRead.inc(); },
  text(): Promise<string> { return callRegistry.metrics(); },
  /** A gauge read at scrape time. */
  gaugeOf(name: string, help: string, read: () => number): void {
    new Gauge({ name, help, registers: [callRegistry], collect() { this.set(read()); } });
  },
};
