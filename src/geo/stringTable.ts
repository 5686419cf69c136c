/** Strings held without a JS string each: sorted keys as UTF-16 code units (the place store's name keys and short prefixes). */

/** Code-unit order, the order DuckDB's VARCHAR comparison uses for the stored keys. */
export function cmpStr(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Sorted strings held as one array of UTF-16 code units with offsets: 1.2
 * million name keys as JS strings cost ~100 MB of heap; as this, 2 bytes a
 * character. Comparisons are in code units, the order of JS's `<`.
 */
export class StringTable {
  constructor(readonly chars: Uint16Array, readonly start: Uint32Array) {}
  get length(): number { return this.start.length - 1; }

  static from(strings: readonly string[]): StringTable {
    const start = new Uint32Array(strings.length + 1);
    let n = 0;
    strings.forEach((s, i) => { start[i] = n; n += s.length; });
    start[strings.length] = n;
    const chars = new Uint16Array(n);
    strings.forEach((s, i) => { const o = start[i]!; for (let j = 0; j < s.length; j++) chars[o + j] = s.charCodeAt(j); });
    return new StringTable(chars, start);
  }

  at(k: number): string {
    return String.fromCharCode(...this.chars.subarray(this.start[k]!, this.start[k + 1]!));
  }

  /** Whether entry k starts with x. */
  startsWith(k: number, x: string): boolean {
    const o = this.start[k]!;
    if (this.start[k + 1]! - o < x.length) return false;
    for (let j = 0; j < x.length; j++) if (this.chars[o + j] !== x.charCodeAt(j)) return false;
    return true;
  }

  /** entry k compared with x: negative, 0 or positive. */
  compare(k: number, x: string): number {
    const o = this.start[k]!, len = this.start[k + 1]! - o, m = Math.min(len, x.length);
    for (let j = 0; j < m; j++) {
      const d = this.chars[o + j]! - x.charCodeAt(j);
      if (d !== 0) return d;
    }
    return len - x.length;
  }

  /** The first entry not below x. */
  lowerBound(x: string): number {
    let lo = 0, hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, x) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The entries starting with x: [from, to). Two binary searches, so a scan needs no comparison per entry. */
  prefixRange(x: string): [number, number] {
    const from = this.lowerBound(x);
    let lo = from, hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.startsWith(mid, x)) lo = mid + 1; // sorted: the entries starting with x are one run from `from`
      else hi = mid;
    }
    return [from, lo];
  }

  /** The entry equal to x, or -1. */
  indexOf(x: string): number {
    const k = this.lowerBound(x);
    return k < this.length && this.compare(k, x) === 0 ? k : -1;
  }
}
