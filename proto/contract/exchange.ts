import { join } from 'node:path';
import protobuf from 'protobufjs';
import { decodeMessage, PROTO_ROOT } from './protoLoading.js';
import { WireFields } from './wireFields.js';
import type { ExchangeRequest, ExchangeRequest__Output } from './generated/meridian/exchange/v1/ExchangeRequest.js';
import type { ExchangeResponse, ExchangeResponse__Output } from './generated/meridian/exchange/v1/ExchangeResponse.js';

/**
 * The CoreExchange stream's framing, shared by both ends
 * (proto/meridian/exchange/v1/exchange.proto): calls, and results, made in one
 * turn of the sender's event loop travel together, at most this many per
 * message, so that the receiver starts on the first while the sender
 * finishes the rest. 8 measured best of 1, 2, 4, 8 and unbounded on the REST
 * benchmark before the channel had mutual TLS; with it, every message costs
 * more: 16 and 32 took less CPU per request than 8 on both threads (32 the
 * least by id), but 32 cost ~9 % of mixed req/s (the core's answers wait
 * for the whole turn), and 16 kept mixed at 8's req/s (bench/README.md,
 * fifth session).
 */
export const EXCHANGE_MESSAGE_ITEMS = 16;

/**
 * Most payload bytes one exchange message carries: the calls (or results) of a
 * turn whose payloads add up to more go in several messages, and one larger
 * than this travels alone. Sixteen large REST bodies in one message could pass
 * the receiver's message limit, and a message over it ends the whole stream
 * (every call on it fails), not just the call that was too large.
 */
export const EXCHANGE_MESSAGE_BYTES = 4 * 1024 * 1024;

/** `items` in runs whose payloads add up to at most EXCHANGE_MESSAGE_BYTES (one larger item alone); the usual case, one run, allocates nothing new. */
export function runsByPayloadBytes<T extends { payload?: { length: number } }>(items: T[]): T[][] {
  let total = 0;
  for (const it of items) total += it.payload?.length ?? 0;
  if (total <= EXCHANGE_MESSAGE_BYTES) return [items];
  const runs: T[][] = [];
  let run: T[] = [];
  let bytes = 0;
  for (const it of items) {
    const size = it.payload?.length ?? 0;
    if (run.length && bytes + size > EXCHANGE_MESSAGE_BYTES) { runs.push(run); run = []; bytes = 0; }
    run.push(it);
    bytes += size;
  }
  runs.push(run);
  return runs;
}

/** The writable side of a stream, as both ends of the exchange hold it. */
interface MessageWritable {
  write(message: unknown): boolean;
  once(event: 'drain' | 'close' | 'error' | 'finish', listener: () => void): unknown;
  removeListener(event: 'drain' | 'close' | 'error' | 'finish', listener: () => void): unknown;
  readonly destroyed: boolean;
}

/**
 * Writes one message and honours the stream's backpressure: when the write
 * buffer is over its high-water mark (the peer reads slower than we write),
 * `onFull` runs (e.g. stop reading more calls) and the promise resolves when
 * the buffer has drained, or the stream has ended, and `onDrained` has run;
 * otherwise it returns undefined at once. A Batching flush that returns it
 * holds further messages in its own bounded queue until then.
 */
export function writeWithBackpressure(stream: MessageWritable, message: unknown, onFull?: () => void, onDrained?: () => void): Promise<void> | undefined {
  if (stream.write(message) || stream.destroyed) return undefined;
  onFull?.();
  return new Promise<void>((resolve) => {
    const events = ['drain', 'close', 'error', 'finish'] as const;
    const done = () => {
      for (const e of events) stream.removeListener(e, done);
      onDrained?.();
      resolve();
    };
    for (const e of events) stream.once(e, done);
  });
}

/**
 * Writes `items` as messages of at most EXCHANGE_MESSAGE_BYTES of payload each (runsByPayloadBytes), each
 * made by `message` (`first` is true for the first run) and written with writeWithBackpressure; the promise
 * of the last write that met backpressure, or undefined.
 */
export function writeInRuns<T extends { payload?: { length: number } }>(stream: MessageWritable, items: T[], message: (run: T[], first: boolean) => unknown,
  onFull?: () => void, onDrained?: () => void): Promise<void> | undefined {
  let written: Promise<void> | undefined;
  for (const [i, run] of runsByPayloadBytes(items).entries()) written = writeWithBackpressure(stream, message(run, i === 0), onFull, onDrained) ?? written;
  return written;
}

/**
 * The stream's own message codec, used by both ends instead of proto-loader's
 * (which runs fromObject before every encode and toObject after every decode:
 * ~2 % of the gateway thread and ~1 % of the core thread per by-id request in
 * --cpu-prof). The wrappers are encoded from plain objects as they are and
 * decoded into protobufjs messages whose 64-bit ids are turned into numbers,
 * so each end reads the same `__Output` shapes as before. The calls' and
 * results' payloads are the methods' own messages, coded as before.
 */
const exchangeRoot = protobuf.loadSync(join(PROTO_ROOT, 'meridian/exchange/v1/exchange.proto'));
const RequestType = exchangeRoot.lookupType('meridian.exchange.v1.ExchangeRequest');
const ResponseType = exchangeRoot.lookupType('meridian.exchange.v1.ExchangeResponse');

/**
 * Most calls, and most cancels, one ExchangeRequest may carry. The gateway sends EXCHANGE_MESSAGE_ITEMS calls per
 * message and the cancels of one turn; a peer's message of 5 million calls (30 MB, under the transport's
 * message limit) was decoded whole before the core's stream backpressure could act (3.3 GB). A message over
 * either cap is refused before it is decoded (exchangeWire.decodeRequest).
 */
export const EXCHANGE_MAX_CALLS_PER_MESSAGE = 1024;
export const EXCHANGE_MAX_CANCELS_PER_MESSAGE = 65_536;

/** What decodeRequest gives for a message over a cap: no calls, and why (the core ends the stream with RESOURCE_EXHAUSTED). */
export interface RefusedExchangeRequest { calls: []; cancelIds: []; refused: string }

/**
 * Counts an ExchangeRequest's calls (field 1) and cancel ids (field 2, packed or not) without decoding it; undefined
 * when the bytes do not walk as a message (the decoder then says what is wrong).
 */
function countRequestItems(buf: Uint8Array): { calls: number; cancels: number } | undefined {
  let calls = 0;
  let cancels = 0;
  const f = new WireFields(buf);
  while (f.next()) {
    if (f.tag === (1 << 3 | 2)) calls++;
    else if (f.tag === (2 << 3 | 0)) cancels++;
    else if (f.tag === (2 << 3 | 2)) for (let i = f.valueAt; i < f.end; i++) if ((buf[i] as number) < 0x80) cancels++; // packed: one id ends at each byte < 0x80
  }
  return f.broken ? undefined : { calls, cancels };
}

/** A uint64 as protobufjs decodes it (a Long when the long package is present) → number. */
function int(v: unknown): number {
  return typeof v === 'number' ? v : typeof v === 'object' && v !== null && 'toNumber' in v ? (v as { toNumber(): number }).toNumber() : Number(v);
}

const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

export const exchangeWire = {
  encodeRequest(message: ExchangeRequest): Buffer {
    return asBuffer(RequestType.encode(message).finish());
  },
  decodeRequest(bytes: Buffer): ExchangeRequest__Output | RefusedExchangeRequest {
    const n = countRequestItems(bytes);
    if (n && (n.calls > EXCHANGE_MAX_CALLS_PER_MESSAGE || n.cancels > EXCHANGE_MAX_CANCELS_PER_MESSAGE)) {
      return { calls: [], cancelIds: [], refused: `an exchange message may carry at most ${EXCHANGE_MAX_CALLS_PER_MESSAGE} calls and ${EXCHANGE_MAX_CANCELS_PER_MESSAGE} cancels; this one has ${n.calls} and ${n.cancels}: send them in several messages` };
    }
    const m = decodeMessage(RequestType, bytes) as unknown as { calls: { id: unknown }[]; cancelIds: unknown[] };
    for (const c of m.calls) c.id = int(c.id);
    for (let i = 0; i < m.cancelIds.length; i++) m.cancelIds[i] = int(m.cancelIds[i]);
    return m as unknown as ExchangeRequest__Output;
  },
  encodeResponse(message: ExchangeResponse): Buffer {
    return asBuffer(ResponseType.encode(message).finish());
  },
  decodeResponse(bytes: Buffer): ExchangeResponse__Output {
    const m = decodeMessage(ResponseType, bytes) as unknown as { results: { id: unknown }[] };
    for (const r of m.results) r.id = int(r.id);
    return m as unknown as ExchangeResponse__Output;
  },
};
