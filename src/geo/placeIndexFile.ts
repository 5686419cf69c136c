/**
 * The place store's columns and indexes in one binary file next to the geo
 * database (`data/build/geo.duckdb.places`), written once (at install, by
 * `bin/ensureBuilt.mjs`, or by the first core that finds it missing or stale)
 * and read at every start instead of querying 1.4 million rows and sorting
 * them again: reading it takes ~0.2 s where building took ~3-4 s, and the
 * arrays it holds are typed arrays copied from the file's bytes (no JS object per key).
 *
 * The file names the geo database it was made from (a fingerprint of the
 * database's build and refresh times and row counts); a file made from
 * another database, or of another format version, is ignored and replaced.
 *
 * Layout: "MRDNPLX1", a uint32 header length, the header (JSON: fingerprint,
 * and for every section its name, kind, byte offset and length), then the
 * sections, each aligned to 8 bytes. Sections are typed arrays, or string
 * columns (UTF-8, joined by NUL).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import type { ConnectionPool } from '../db/duckdb.js';
import { PlaceStore, StringTable, type PlaceColumnsData } from './placeStore.js';

const MAGIC = 'MRDNPLX1';
const NULL_MARK = '\u0001';
/** Bump when the layout or what a section means changes: older files are then rebuilt. */
const FORMAT = 3;

type ArrayKind = 'i32' | 'u32' | 'u16' | 'u8' | 'f64' | 'raw' | 'strings';
interface Section { name: string; kind: ArrayKind; offset: number; bytes: number; nulls?: boolean }
interface Header { format: number; fingerprint: string; sections: Section[] }

const CTORS = { i32: Int32Array, u32: Uint32Array, u16: Uint16Array, u8: Uint8Array, f64: Float64Array } as const;
const STRING_COLUMNS = ['names', 'asciiNames', 'sortNames', 'countryCodes', 'admin1Codes', 'timeZones', 'featureCodes'] as const;
const ARRAY_COLUMNS = ['ids', 'latitude', 'longitude', 'population', 'elevation', 'deletedAt', 'keyPlace', 'keyAlt', 'placeKeyStart', 'placeKeys', 'shortStart', 'shortLists', 'shortHasDeleted', 'nameShortStart', 'nameShortLists', 'nameShortHasDeleted'] as const;

/** What names the geo database's content: its build and refresh times, schema, and row counts. */
export async function geoFingerprint(db: ConnectionPool): Promise<string> {
  const [r] = await db.query<{ meta: string | null; places: bigint | number; keys: bigint | number }>(
    `SELECT (SELECT string_agg(key || '=' || value, ';' ORDER BY key) FROM meta WHERE key IN ('built_at', 'last_refresh_at', 'schema_version')) AS meta,
            (SELECT count(*) FROM places) AS places, (SELECT count(*) FROM place_keys) AS keys`);
  return `${r?.meta ?? ''};places=${String(r?.places)};keys=${String(r?.keys)}`;
}

function kindOf(a: ArrayBufferView): ArrayKind {
  if (a instanceof Int32Array) return 'i32';
  if (a instanceof Uint32Array) return 'u32';
  if (a instanceof Uint16Array) return 'u16';
  if (a instanceof Uint8Array) return 'u8';
  if (a instanceof Float64Array) return 'f64';
  throw new Error('unsupported array type in the place index');
}

/** Writes the store's columns to `path` (through a temporary file and a rename, so a reader never sees half a file). */
export function writePlaceIndex(path: string, d: PlaceColumnsData, fingerprint: string): void {
  const parts: { name: string; kind: ArrayKind; bytes: Uint8Array; nulls?: boolean }[] = [];
  const view = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  for (const name of ARRAY_COLUMNS) parts.push({ name, kind: kindOf(d[name]), bytes: view(d[name]) });
  for (const name of STRING_COLUMNS) {
    // the geo file has NULLs in some text columns (an unknown admin1 code): written as U+0001, which no value holds
    const values = d[name] as (string | null)[];
    if (values.some((s) => s !== null && (s.includes('\0') || s === NULL_MARK))) throw new Error(`a place ${name} value holds a NUL or U+0001 character`);
    const nulls = values.includes(null);
    parts.push({ name, kind: 'strings', bytes: Buffer.from(values.map((v) => v ?? NULL_MARK).join('\0'), 'utf8'), nulls });
  }
  parts.push({ name: 'kd', kind: 'raw', bytes: new Uint8Array(d.kd) });
  parts.push({ name: 'keys.chars', kind: 'u16', bytes: view(d.keys.chars) }, { name: 'keys.start', kind: 'u32', bytes: view(d.keys.start) });
  parts.push({ name: 'shortPrefixes.chars', kind: 'u16', bytes: view(d.shortPrefixes.chars) }, { name: 'shortPrefixes.start', kind: 'u32', bytes: view(d.shortPrefixes.start) });
  for (const [k, v] of Object.entries(d.ranks)) parts.push({ name: `rank.${k}`, kind: 'i32', bytes: view(v) });
  const sections: Section[] = [];
  let offset = 0;
  for (const p of parts) { sections.push({ name: p.name, kind: p.kind, offset, bytes: p.bytes.byteLength, ...(p.nulls ? { nulls: true } : {}) }); offset = align8(offset + p.bytes.byteLength); }
  const header = Buffer.from(JSON.stringify({ format: FORMAT, fingerprint, sections } satisfies Header), 'utf8');
  const start = align8(MAGIC.length + 4 + header.length);
  const pre = Buffer.alloc(start);
  pre.write(MAGIC, 0, 'latin1');
  pre.writeUInt32LE(header.length, MAGIC.length);
  header.copy(pre, MAGIC.length + 4);
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`; // cores in one process may write at once
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, pre);
    let at = 0;
    const pad = Buffer.alloc(8);
    for (const [j, p] of parts.entries()) {
      writeSync(fd, p.bytes);
      at += p.bytes.byteLength;
      const next = sections[j + 1]?.offset ?? align8(at);
      if (next > at) { writeSync(fd, pad, 0, next - at); at = next; }
    }
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

/** The columns in `path` when it exists and was made from the database with this fingerprint; otherwise undefined. */
export function readPlaceIndex(path: string, fingerprint: string): PlaceColumnsData | undefined {
  let fd: number;
  try { fd = openSync(path, 'r'); } catch { return undefined; }
  try { return readOpen(fd, path, fingerprint); } finally { closeSync(fd); }
}

/**
 * Reads section by section, each straight into an array of its own: no copy
 * of the whole file stays in memory (it is as large as the store), and each
 * array is a buffer of its own (views into one large buffer made radius
 * searches ~1.7x slower, measured).
 */
function readOpen(fd: number, path: string, fingerprint: string): PlaceColumnsData | undefined {
  const pre = Buffer.alloc(MAGIC.length + 4);
  if (readSync(fd, pre, 0, pre.length, 0) < pre.length || pre.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
  const headerLength = pre.readUInt32LE(MAGIC.length);
  const headerBytes = Buffer.alloc(headerLength);
  if (readSync(fd, headerBytes, 0, headerLength, pre.length) < headerLength) return undefined;
  const header = JSON.parse(headerBytes.toString('utf8')) as Header;
  if (header.format !== FORMAT || header.fingerprint !== fingerprint) return undefined;
  const base = align8(MAGIC.length + 4 + headerLength);
  const byName = new Map(header.sections.map((s) => [s.name, s]));
  const section = (name: string): Section => {
    const s = byName.get(name);
    if (!s) throw new Error(`the place index ${path} has no section ${name}`);
    return s;
  };
  const readInto = (s: Section, into: Uint8Array) => {
    if (readSync(fd, into, 0, s.bytes, base + s.offset) !== s.bytes) throw new Error(`the place index ${path} is truncated`);
  };
  const array = <K extends keyof typeof CTORS>(name: string, kind: K): InstanceType<(typeof CTORS)[K]> => {
    const s = section(name);
    if (s.kind !== kind) throw new Error(`the place index section ${name} is ${s.kind}, expected ${kind}`);
    const C = CTORS[kind];
    const out = new C(s.bytes / C.BYTES_PER_ELEMENT);
    readInto(s, new Uint8Array(out.buffer));
    return out as InstanceType<(typeof CTORS)[K]>;
  };
  const strings = (name: string): string[] => {
    const s = section(name);
    const raw = Buffer.allocUnsafe(s.bytes);
    readInto(s, raw);
    const values = s.bytes === 0 ? [] : raw.toString('utf8').split('\0');
    return s.nulls ? values.map((v) => (v === NULL_MARK ? null as unknown as string : v)) : values;
  };
  const interned = (xs: string[]) => { const m = new Map<string, string>(); return xs.map((x) => { let v = m.get(x); if (v === undefined) { v = x; m.set(x, x); } return v; }); };
  const kdSection = section('kd');
  const kd = new ArrayBuffer(kdSection.bytes);
  readInto(kdSection, new Uint8Array(kd));
  const ranks: Record<string, Int32Array> = {};
  for (const s of header.sections) if (s.name.startsWith('rank.')) ranks[s.name.slice(5)] = array(s.name, 'i32');
  const ids = array('ids', 'i32');
  const fixed = (xs: string[]) => (xs.length === ids.length ? xs : (() => { throw new Error(`the place index ${path} is inconsistent`); })());
  return {
    ids, latitude: array('latitude', 'f64'), longitude: array('longitude', 'f64'), population: array('population', 'f64'),
    elevation: array('elevation', 'f64'), deletedAt: array('deletedAt', 'f64'),
    names: fixed(strings('names')), asciiNames: fixed(strings('asciiNames')), sortNames: fixed(strings('sortNames')),
    countryCodes: fixed(interned(strings('countryCodes'))), admin1Codes: fixed(interned(strings('admin1Codes'))),
    timeZones: fixed(interned(strings('timeZones'))), featureCodes: fixed(interned(strings('featureCodes'))),
    kd,
    keys: new StringTable(array('keys.chars', 'u16'), array('keys.start', 'u32')), keyPlace: array('keyPlace', 'i32'), keyAlt: array('keyAlt', 'u8'),
    placeKeyStart: array('placeKeyStart', 'u32'), placeKeys: array('placeKeys', 'i32'),
    ranks,
    shortPrefixes: new StringTable(array('shortPrefixes.chars', 'u16'), array('shortPrefixes.start', 'u32')),
    shortStart: array('shortStart', 'u32'), shortLists: array('shortLists', 'i32'), shortHasDeleted: array('shortHasDeleted', 'u8'),
    nameShortStart: array('nameShortStart', 'u32'), nameShortLists: array('nameShortLists', 'i32'), nameShortHasDeleted: array('nameShortHasDeleted', 'u8'),
  };
}

/**
 * The place store of this database: from the index file at `indexPath` when
 * it matches the database, else built from the database and written there
 * for the next start (a read-only folder only costs the write).
 */
export async function openPlaceStore(db: ConnectionPool, indexPath: string | undefined,
  onBuilt?: (e: { wrote: boolean; error?: unknown }) => void): Promise<{ store: PlaceStore; fromFile: boolean }> {
  if (!indexPath) return { store: await PlaceStore.load(db), fromFile: false };
  const fingerprint = await geoFingerprint(db);
  let data: PlaceColumnsData | undefined;
  try { data = readPlaceIndex(indexPath, fingerprint); } catch { data = undefined; } // a damaged file is rebuilt
  if (data) return { store: new PlaceStore(data), fromFile: true };
  const store = await PlaceStore.load(db);
  try {
    writePlaceIndex(indexPath, store.data, fingerprint);
    onBuilt?.({ wrote: true });
  } catch (e) {
    onBuilt?.({ wrote: false, error: e });
  }
  return { store, fromFile: false };
}

/** Where the place index of a geo database lives: next to it. */
export function placeIndexPath(geoDbPath: string): string {
  return `${geoDbPath}.places`;
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
