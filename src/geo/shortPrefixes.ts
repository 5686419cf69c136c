import { cmpStr, StringTable } from './stringTable.js';

/** Longest prefix with a precomputed candidate list (see buildShortPrefixes). */
export const SHORT_PREFIX = 4;

/** The candidate lists of the short prefixes, as the place store and its index file keep them. */
export interface ShortPrefixLists {
  /** Short prefixes (sorted) and, for each, its candidate list in `shortLists` from shortStart[p] to shortStart[p + 1]. */
  shortPrefixes: StringTable;
  shortStart: Uint32Array;
  shortLists: Int32Array;
  /** 1 where a short prefix's list holds a deleted place. */
  shortHasDeleted: Uint8Array;
  /** The same lists from the name keys alone (no alternate names), for the same shortPrefixes. */
  nameShortStart: Uint32Array;
  nameShortLists: Int32Array;
  nameShortHasDeleted: Uint8Array;
}

/**
 * For every name-key prefix of up to SHORT_PREFIX characters, the distinct
 * places having a key with it, most populous first. Short prefixes match
 * thousands of keys (several per place); with these lists a search visits
 * each place once, in the default order, and stops at minPopulation. All
 * lists sit in one Int32Array, found through one sorted table of prefixes.
 */
export function buildShortPrefixes(keys: StringTable, keyPlace: Int32Array, keyAlt: Uint8Array, rank: Int32Array, deletedAt: Float64Array):
  ShortPrefixLists {
  const n = rank.length;
  // Lists are sorted as ranks with the native numeric sort (no comparator), then mapped back to places.
  const byRank = new Int32Array(n);
  for (let i = 0; i < n; i++) byRank[rank[i]!] = i;
  const mark = new Uint32Array(n);
  const nameMark = new Uint32Array(n);
  let gen = 0;
  const inOrder = (places: number[]) => {
    const list = Int32Array.from(places, (i) => rank[i]!).sort();
    for (let j = 0; j < list.length; j++) list[j] = byRank[list[j]!]!;
    return list;
  };
  // per prefix: the places of every key with it, and of the name keys alone
  const found: { prefix: string; list: Int32Array; names: Int32Array }[] = [];
  const all: number[] = [];
  const names: number[] = [];
  for (let len = 1; len <= SHORT_PREFIX; len++) {
    let k = 0;
    while (k < keys.length) {
      const o = keys.start[k]!;
      if (keys.start[k + 1]! - o < len) { k++; continue; }
      const prefix = String.fromCharCode(...keys.chars.subarray(o, o + len));
      gen++;
      all.length = 0;
      names.length = 0;
      for (; k < keys.length && keys.startsWith(k, prefix); k++) {
        const i = keyPlace[k]!;
        if (i < 0) continue;
        if (mark[i] !== gen) { mark[i] = gen; all.push(i); }
        if (keyAlt[k] === 0 && nameMark[i] !== gen) { nameMark[i] = gen; names.push(i); }
      }
      found.push({ prefix, list: inOrder(all), names: inOrder(names) });
    }
  }
  found.sort((a, b) => cmpStr(a.prefix, b.prefix));
  const pack = (pick: (f: (typeof found)[number]) => Int32Array) => {
    const start = new Uint32Array(found.length + 1);
    let total = 0;
    found.forEach((f, p) => { start[p] = total; total += pick(f).length; });
    start[found.length] = total;
    const lists = new Int32Array(total);
    const hasDeleted = new Uint8Array(found.length);
    found.forEach((f, p) => {
      const list = pick(f);
      lists.set(list, start[p]!);
      if (list.some((i) => !Number.isNaN(deletedAt[i]!))) hasDeleted[p] = 1;
    });
    return { start, lists, hasDeleted };
  };
  const every = pack((f) => f.list);
  const named = pack((f) => f.names);
  return {
    shortPrefixes: StringTable.from(found.map((f) => f.prefix)), shortStart: every.start, shortLists: every.lists, shortHasDeleted: every.hasDeleted,
    nameShortStart: named.start, nameShortLists: named.lists, nameShortHasDeleted: named.hasDeleted,
  };
}
