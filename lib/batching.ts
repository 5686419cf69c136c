/**
 * The one way Meridian gathers requests and sends them together: items added
 * while a batch is open go out in one `flush` call, which happens at the end
 * of the current event-loop turn (windowMs 0), after a time window, or at once
 * when `maxItems` are waiting. With an async flush, batches never overlap:
 * items that arrive while one is being flushed wait and go out together in
 * the next. Used by both ends of the CoreExchange stream and by the job store
 * (src/sentiment/store/jobStore.ts: job inserts, state changes and the
 * write-behind of results); GraphQL fields use dataloader, which is this same
 * idea per request. The job runner's dispatcher, which hands waiting texts to a
 * free worker slot, schedules rather than gathers, and does not use it.
 */
export interface BatchingOptions {
  /** Most items per flush; a full batch is flushed at once (default: no limit). */
  maxItems?: number;
  /** How long a batch stays open after its first item, in ms; 0 = until the end of this event-loop turn (default). */
  windowMs?: number;
  /** Called when an async flush rejects (the batch's items are the flush's to answer; this only reports). */
  onError?: (err: unknown, items: readonly unknown[]) => void;
}

export class Batching<T> {
  private items: T[] = [];
  private scheduled: NodeJS.Immediate | NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly maxItems: number;
  private readonly windowMs: number;

  constructor(private readonly flush: (items: T[]) => void | Promise<void>, private readonly options: BatchingOptions = {}) {
    this.maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
    this.windowMs = options.windowMs ?? 0;
    if (!(this.maxItems >= 1)) throw new RangeError('maxItems must be at least 1');
  }

  /** Items waiting for the next flush. */
  get pending(): number {
    return this.items.length;
  }

  /** True while an async flush is running. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  add(item: T): void {
    this.items.push(item);
    if (this.items.length >= this.maxItems && !this.running) { this.now(); return; }
    if (!this.scheduled && !this.running) this.schedule();
  }

  /** Flushes what waits without waiting for the window (an async flush still never overlaps another). */
  now(): void {
    if (this.scheduled) { clearTimeout(this.scheduled as NodeJS.Timeout); clearImmediate(this.scheduled as NodeJS.Immediate); this.scheduled = undefined; }
    if (this.running || this.items.length === 0) return;
    const batch = this.items.length > this.maxItems ? this.items.splice(0, this.maxItems) : this.items;
    if (batch === this.items) this.items = [];
    let result: void | Promise<void>;
    try {
      result = this.flush(batch);
    } catch (e) {
      this.options.onError?.(e, batch);
      result = undefined;
    }
    if (result instanceof Promise) {
      this.running = result.then(() => undefined, (e: unknown) => { this.options.onError?.(e, batch); }).finally(() => {
        this.running = undefined;
        if (this.items.length >= this.maxItems) this.now();
        else if (this.items.length) this.schedule();
      });
    } else if (this.items.length) {
      this.schedule();
    }
  }

  /** Resolves once everything added so far has been flushed. */
  async settled(): Promise<void> {
    while (this.items.length || this.running) {
      if (this.running) await this.running;
      else this.now();
    }
  }

  private schedule(): void {
    this.scheduled = this.windowMs > 0 ? setTimeout(() => { this.scheduled = undefined; this.now(); }, this.windowMs) : setImmediate(() => { this.scheduled = undefined; this.now(); });
  }
}
