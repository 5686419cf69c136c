/**
 * A column of strings held as their UTF-8 bytes, NUL-separated, with one offset per entry: the shape the place
 * index file stores them in (placeIndexFile.ts), so a start keeps the bytes it read instead of making a JS string
 * per entry. For the ~200k places' names, ASCII names and sort names that is ~5 MB a column instead of ~12 MB of
 * heap (a string object, its characters and an array slot each: docs/caches.md). An entry is decoded when asked
 * for, which the answers' byte caches (placePages.ts) do once per place and display.
 */
export class Utf8Column {
  /** Entry k is bytes[start[k], start[k + 1] - 1) (the byte before start[k + 1] is its NUL separator). */
  private readonly start: Uint32Array;
  /** No byte above 0x7f: entries decode as Latin-1 and compare byte by byte in JS's code-unit order. */
  private readonly ascii: boolean;

  private constructor(private readonly bytes: Buffer, count: number) {
    this.start = new Uint32Array(count + 1);
    let k = 0, ascii = true;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (b === 0) this.start[++k] = i + 1;
      else if (b > 0x7f) ascii = false;
    }
    if (count > 0) this.start[count] = bytes.length + 1; // the last entry has no separator after it
    if (k !== Math.max(0, count - 1)) throw new Error(`a string column has ${k + 1} entries, ${count} expected`);
    this.ascii = ascii;
  }

  /** The column of NUL-joined UTF-8 bytes (as the index file stores it) holding `count` entries. */
  static fromBytes(bytes: Buffer, count: number): Utf8Column {
    return new Utf8Column(bytes, count);
  }

  static from(values: readonly string[]): Utf8Column {
    if (values.some((v) => v.includes('\0'))) throw new Error('a string column value holds a NUL character');
    return new Utf8Column(Buffer.from(values.join('\0'), 'utf8'), values.length);
  }

  get length(): number { return this.start.length - 1; }

  /** The NUL-joined UTF-8 bytes, as the index file writes them. */
  get joined(): Uint8Array { return this.bytes; }

  at(k: number): string {
    const from = this.start[k]!, to = this.start[k + 1]! - 1;
    return this.bytes.toString(this.ascii ? 'latin1' : 'utf8', from, to);
  }

  /** Whether entry k is the empty string. */
  isEmpty(k: number): boolean {
    return this.start[k + 1]! - this.start[k]! === 1;
  }

  /** Entries j and k compared in JS's code-unit order (that of `<`): negative, 0 or positive. */
  compare(j: number, k: number): number {
    if (!this.ascii) { const a = this.at(j), b = this.at(k); return a < b ? -1 : a > b ? 1 : 0; }
    const a = this.start[j]!, b = this.start[k]!;
    const la = this.start[j + 1]! - 1 - a, lb = this.start[k + 1]! - 1 - b, m = Math.min(la, lb);
    for (let i = 0; i < m; i++) {
      const d = this.bytes[a + i]! - this.bytes[b + i]!;
      if (d !== 0) return d;
    }
    return la - lb;
  }

  /** The non-empty entries only, for a column that is mostly empty (names in other languages: one place in four has one). */
  sparse(): SparseUtf8Column {
    const kept: number[] = [];
    for (let k = 0; k < this.length; k++) if (!this.isEmpty(k)) kept.push(k);
    const parts = kept.map((k) => this.bytes.subarray(this.start[k]!, this.start[k + 1]! - 1));
    const joined = Buffer.alloc(parts.reduce((n, b) => n + b.length + 1, 0) - (parts.length ? 1 : 0));
    let at = 0;
    for (const b of parts) { b.copy(joined, at); at += b.length + 1; }
    return new SparseUtf8Column(Int32Array.from(kept), Utf8Column.fromBytes(joined, kept.length));
  }

  /** Bytes held (entries and offsets). */
  get byteLength(): number { return this.bytes.length + this.start.byteLength; }
}

/** A mostly empty column: the indexes that have a value (ascending) and their values. */
export class SparseUtf8Column {
  constructor(private readonly indexes: Int32Array, private readonly values: Utf8Column) {}

  /** Entry k, or undefined where it is empty. */
  get(k: number): string | undefined {
    let lo = 0, hi = this.indexes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.indexes[mid]! < k) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.indexes.length && this.indexes[lo] === k ? this.values.at(lo) : undefined;
  }

  get byteLength(): number { return this.indexes.byteLength + this.values.byteLength; }
}
