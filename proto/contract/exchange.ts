/**
 * The CoreExchange stream's framing, shared by both ends
 * (proto/meridian/exchange/v1/exchange.proto): calls, and results, made in one
 * turn of the sender's event loop travel together, at most this many per
 * message, so that the receiver starts on the first while the sender
 * finishes the rest. 8 measured best of 1, 2, 4, 8 and unbounded on the REST
 * benchmark (bench/README.md).
 */
export const EXCHANGE_MESSAGE_ITEMS = 8;

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
