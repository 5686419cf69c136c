/** Where the analyser keeps a batch's feature arrays between featurising and scoring. */

/** A text's features as the session run and the rationale read them (copies out of the featuriser's buffers). */
export interface BagFeatures {
  ids: Int32Array;
  tokenOf: Int32Array;
  tokenOf2: Int32Array;
  negatedFeature: Uint8Array;
}

/**
 * Where one analyze() call keeps its texts' feature arrays until the batch is scored: copied
 * into a few buffers reused from call to call, not into five new typed arrays a text (each
 * with a backing store of its own, which the analysis threads' scavenges then had to free).
 * A buffer that fills is replaced by one twice as large; the views already handed out keep the old one.
 * An arena grown past ARENA_KEPT_BYTES (a batch of long texts) is dropped after its call, not kept.
 */
export const ARENA_KEPT_BYTES = 4 << 20;

/** One growable buffer of the arena: copies handed out as views of it, valid until the next reset. */
class ArenaBuffer<A extends Int32Array | Uint8Array> {
  private used = 0;
  constructor(
    private buf: A,
    private readonly make: (length: number) => A,
  ) {}

  reset(): void {
    this.used = 0;
  }

  get byteLength(): number {
    return this.buf.byteLength;
  }

  /** A copy of the first n values of a. */
  copy(a: Int32Array | Uint8Array, n: number): A {
    if (this.used + n > this.buf.length) {
      this.buf = this.make(Math.max(2 * this.buf.length, n));
      this.used = 0;
    }
    const view = this.buf.subarray(this.used, this.used + n) as A;
    this.used += n;
    view.set(a.subarray(0, n));
    return view;
  }
}

export class BagArena {
  readonly ints = new ArenaBuffer(new Int32Array(1 << 16), (n) => new Int32Array(n));
  readonly bytes = new ArenaBuffer(new Uint8Array(1 << 14), (n) => new Uint8Array(n));

  reset(): void {
    this.ints.reset();
    this.bytes.reset();
  }

  get bytesHeld(): number {
    return this.ints.byteLength + this.bytes.byteLength;
  }
}
