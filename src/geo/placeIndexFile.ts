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
 * columns (UTF-8, joined by NUL). Format 4 adds, with the same layout, the
 * store of the second-level divisions (sections prefixed `div.`) and string
 * columns by place (`x.wikiData`, `x.divisionWikiData`, `x.name.<lang>`):
 * the WikiData ids and the names in other languages, '' where there is none.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import type { ConnectionPool } from '../db/duckdb.js';
import { PlaceStore, type PlaceColumnsData } from './placeStore.js';
import { StringTable } from './stringTable.js';
import { Utf8Column } from './utf8Column.js';

const MAGIC = 'MRDNPLX1';
const NULL_MARK = '\u0001';
/** Bump when the layout or what a section means changes: older files are then rebuilt. */
const FORMAT = 4;

type ArrayKind = 'i32' | 'u32' | 'u16' | 'u8' | 'f64' | 'raw' | 'strings';
interface Section { name: string; kind: ArrayKind; offset: number; bytes: number; nulls?: boolean }
interface Header { format: number; fingerprint: string; sections: Section[] }

const CTORS = { i32: Int32Array, u32: Uint32Array, u16: Uint16Array, u8: Uint8Array, f64: Float64Array } as const;
/** Names, kept as the file's UTF-8 bytes (Utf8Column); the other string columns hold few distinct values and are read as strings. */
const NAME_COLUMNS = ['names', 'asciiNames', 'sortNames'] as const;
const STRING_COLUMNS = ['countryCodes', 'admin1Codes', 'timeZones', 'featureCodes'] as const;
const ARRAY_COLUMNS = ['ids', 'latitude', 'longitude', 'population', 'elevation', 'deletedAt', 'keyPlace', 'keyAlt', 'placeKeyStart', 'placeKeys', 'shortStart', 'shortLists', 'shortHasDeleted', 'nameShortStart', 'nameShortLists', 'nameShortHasDeleted'] as const;

/** What names the geo database's content: its build and refresh times, schema, and row counts. */
export async function geoFingerprint(db: ConnectionPool): Promise<string> {
  const [r] = await db.query<{ meta: string | null; places: bigint | number; keys: bigint | number; divisions: bigint | number; names: bigint | number }>(
    `SELECT (SELECT string_agg(key || '=' || value, ';' ORDER BY key) FROM meta WHERE key IN ('built_at', 'last_refresh_at', 'schema_version')) AS meta,
            (SELECT count(*) FROM places) AS places, (SELECT count(*) FROM place_keys) AS keys,
            (SELECT count(*) FROM divisions) AS divisions, (SELECT count(*) FROM place_names) AS names`);
  return `${r?.meta ?? ''};places=${String(r?.places)};keys=${String(r?.keys)};divisions=${String(r?.divisions)};names=${String(r?.names)}`;
}

/** What the index file keeps beside the place store: the divisions' store and string columns by place (see the header comment). */
export interface PlaceIndexExtras { divisions: PlaceColumnsData; strings: Record<string, Utf8Column> }

/** The divisions' store and the string columns, from the database (what the index file keeps of them). */
export async function loadPlaceExtras(db: ConnectionPool, places: PlaceStore): Promise<{ divisions: PlaceStore; strings: Record<string, Utf8Column> }> {
  const divisions = await PlaceStore.load(db, { places: 'divisions', keys: 'division_keys' });
  const [placeWd, divisionWd, names] = await Promise.all([
    db.query<{ id: number; wd: string }>('SELECT id, wiki_data_id AS wd FROM places WHERE wiki_data_id IS NOT NULL'),
    db.query<{ id: number; wd: string }>('SELECT id, wiki_data_id AS wd FROM divisions WHERE wiki_data_id IS NOT NULL'),
    db.query<{ id: number; lang: string; name: string }>('SELECT place_id AS id, lang, name FROM place_names'),
  ]);
  const column = (store: PlaceStore, rows: { id: number; value: string }[]) => {
    const out = new Array<string>(store.size).fill('');
    for (const r of rows) { const i = store.indexOf(r.id); if (i !== undefined) out[i] = r.value; }
    return Utf8Column.from(out);
  };
  const strings: Record<string, Utf8Column> = {
    wikiData: column(places, placeWd.map((r) => ({ id: r.id, value: r.wd }))),
    divisionWikiData: column(divisions, divisionWd.map((r) => ({ id: r.id, value: r.wd }))),
  };
  for (const lang of [...new Set(names.map((r) => r.lang))].sort()) {
    strings[`name.${lang}`] = column(places, names.filter((r) => r.lang === lang).map((r) => ({ id: r.id, value: r.name })));
  }
  return { divisions, strings };
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
type Part = { name: string; kind: ArrayKind; bytes: Uint8Array; nulls?: boolean };

function stringPart(name: string, values: (string | null)[]): Part {
  // the geo file has NULLs in some text columns (an unknown admin1 code): written as U+0001, which no value holds
  if (values.some((s) => s !== null && (s.includes('\0') || s === NULL_MARK))) throw new Error(`a place ${name} value holds a NUL or U+0001 character`);
  const nulls = values.includes(null);
  return { name, kind: 'strings', bytes: Buffer.from(values.map((v) => v ?? NULL_MARK).join('\0'), 'utf8'), ...(nulls ? { nulls } : {}) };
}

function columnParts(d: PlaceColumnsData, prefix: string): Part[] {
  const parts: Part[] = [];
  const view = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  for (const name of ARRAY_COLUMNS) parts.push({ name: prefix + name, kind: kindOf(d[name]), bytes: view(d[name]) });
  for (const name of NAME_COLUMNS) parts.push({ name: prefix + name, kind: 'strings', bytes: d[name].joined });
  for (const name of STRING_COLUMNS) parts.push(stringPart(prefix + name, d[name] as (string | null)[]));
  parts.push({ name: `${prefix}kd`, kind: 'raw', bytes: new Uint8Array(d.kd) });
  parts.push({ name: `${prefix}keys.chars`, kind: 'u16', bytes: view(d.keys.chars) }, { name: `${prefix}keys.start`, kind: 'u32', bytes: view(d.keys.start) });
  parts.push({ name: `${prefix}shortPrefixes.chars`, kind: 'u16', bytes: view(d.shortPrefixes.chars) }, { name: `${prefix}shortPrefixes.start`, kind: 'u32', bytes: view(d.shortPrefixes.start) });
  for (const [k, v] of Object.entries(d.ranks)) parts.push({ name: `${prefix}rank.${k}`, kind: 'i32', bytes: view(v) });
  return parts;
}

export function writePlaceIndex(path: string, d: PlaceColumnsData, fingerprint: string, extras?: PlaceIndexExtras): void {
  const parts = columnParts(d, '');
  if (extras) {
    parts.push(...columnParts(extras.divisions, 'div.'));
    for (const [name, values] of Object.entries(extras.strings)) parts.push({ name: `x.${name}`, kind: 'strings', bytes: values.joined });
  }
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
  return readPlaceIndexWithExtras(path, fingerprint)?.places;
}

/** The columns and what the file keeps beside them (undefined for a file written without). */
export function readPlaceIndexWithExtras(path: string, fingerprint: string): { places: PlaceColumnsData; extras?: PlaceIndexExtras } | undefined {
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
function readOpen(fd: number, path: string, fingerprint: string): { places: PlaceColumnsData; extras?: PlaceIndexExtras } | undefined {
  const pre = Buffer.alloc(MAGIC.length + 4);
  if (readSync(fd, pre, 0, pre.length, 0) < pre.length || pre.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
  const headerLength = pre.readUInt32LE(MAGIC.length);
  const headerBytes = Buffer.alloc(headerLength);
  if (readSync(fd, headerBytes, 0, headerLength, pre.length) < headerLength) return undefined;
  const header = JSON.parse(headerBytes.toString('utf8')) as Header;
  if (header.format !== FORMAT || header.fingerprint !== fingerprint) return undefined;
  const base = align8(MAGIC.length + 4 + headerLength);
  const byName = new Map(header.sections.map((s) => [s.name, s]));
  const sectionOf = (name: string): Section => {
    const s = byName.get(name);
    if (!s) throw new Error(`the place index ${path} has no section ${name}`);
    return s;
  };
  const readInto = (s: Section, into: Uint8Array) => {
    if (readSync(fd, into, 0, s.bytes, base + s.offset) !== s.bytes) throw new Error(`the place index ${path} is truncated`);
  };
  const arrayOf = <K extends keyof typeof CTORS>(name: string, kind: K): InstanceType<(typeof CTORS)[K]> => {
    const s = sectionOf(name);
    if (s.kind !== kind) throw new Error(`the place index section ${name} is ${s.kind}, expected ${kind}`);
    const C = CTORS[kind];
    const out = new C(s.bytes / C.BYTES_PER_ELEMENT);
    readInto(s, new Uint8Array(out.buffer));
    return out as InstanceType<(typeof CTORS)[K]>;
  };
  const stringsOf = (name: string): string[] => {
    const s = sectionOf(name);
    const raw = Buffer.allocUnsafe(s.bytes);
    readInto(s, raw);
    const values = s.bytes === 0 ? [] : raw.toString('utf8').split('\0');
    return s.nulls ? values.map((v) => (v === NULL_MARK ? null as unknown as string : v)) : values;
  };
  /** A column of `count` names as its bytes (no NULLs: the build writes none in these columns). */
  const utf8Of = (name: string, count: number): Utf8Column => {
    const s = sectionOf(name);
    if (s.nulls) throw new Error(`the place index ${path} has NULLs in ${name}`);
    const raw = Buffer.allocUnsafe(s.bytes);
    readInto(s, raw);
    try { return Utf8Column.fromBytes(raw, count); } catch { throw new Error(`the place index ${path} is inconsistent (${name})`); }
  };
  const interned = (xs: string[]) => { const m = new Map<string, string>(); return xs.map((x) => { let v = m.get(x); if (v === undefined) { v = x; m.set(x, x); } return v; }); };
  const columns = (prefix: string): PlaceColumnsData => {
  const array = <K extends keyof typeof CTORS>(name: string, kind: K) => arrayOf(prefix + name, kind);
  const strings = (name: string) => stringsOf(prefix + name);
  const section = (name: string) => sectionOf(prefix + name);
  const kdSection = section('kd');
  const kd = new ArrayBuffer(kdSection.bytes);
  readInto(kdSection, new Uint8Array(kd));
  const ranks: Record<string, Int32Array> = {};
  for (const s of header.sections) if (s.name.startsWith(`${prefix}rank.`)) ranks[s.name.slice(prefix.length + 5)] = array(s.name.slice(prefix.length), 'i32');
  const ids = array('ids', 'i32');
  const fixed = (xs: string[]) => (xs.length === ids.length ? xs : (() => { throw new Error(`the place index ${path} is inconsistent`); })());
  return {
    ids, latitude: array('latitude', 'f64'), longitude: array('longitude', 'f64'), population: array('population', 'f64'),
    elevation: array('elevation', 'f64'), deletedAt: array('deletedAt', 'f64'),
    names: utf8Of(prefix + 'names', ids.length), asciiNames: utf8Of(prefix + 'asciiNames', ids.length), sortNames: utf8Of(prefix + 'sortNames', ids.length),
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
  };
  const places = columns('');
  if (!byName.has('div.ids')) return { places };
  const divisions = columns('div.');
  const strings: Record<string, Utf8Column> = {};
  for (const s of header.sections) {
    if (!s.name.startsWith('x.')) continue;
    strings[s.name.slice(2)] = utf8Of(s.name, s.name.startsWith('x.division') ? divisions.ids.length : places.ids.length);
  }
  return { places, extras: { divisions, strings } };
}

/**
 * The place store of this database: from the index file at `indexPath` when
 * it matches the database, else built from the database and written there
 * for the next start (a read-only folder only costs the write).
 */
export async function openPlaceStore(db: ConnectionPool, indexPath: string | undefined,
  onBuilt?: (e: { wrote: boolean; error?: unknown }) => void): Promise<{ store: PlaceStore; divisions: PlaceStore; strings: Record<string, Utf8Column>; fromFile: boolean }> {
  if (!indexPath) { const store = await PlaceStore.load(db); return { store, ...(await loadPlaceExtras(db, store)), fromFile: false }; }
  const fingerprint = await geoFingerprint(db);
  let data: ReturnType<typeof readPlaceIndexWithExtras>;
  try { data = readPlaceIndexWithExtras(indexPath, fingerprint); } catch { data = undefined; } // a damaged file is rebuilt
  if (data?.extras) return { store: new PlaceStore(data.places), divisions: new PlaceStore(data.extras.divisions), strings: data.extras.strings, fromFile: true };
  const store = await PlaceStore.load(db);
  const { divisions, strings } = await loadPlaceExtras(db, store);
  try {
    writePlaceIndex(indexPath, store.data, fingerprint, { divisions: divisions.data, strings });
    onBuilt?.({ wrote: true });
  } catch (e) {
    onBuilt?.({ wrote: false, error: e });
  }
  return { store, divisions, strings, fromFile: false };
}

/** Where the place index of a geo database lives: next to it. */
export function placeIndexPath(geoDbPath: string): string {
  return `${geoDbPath}.places`;
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
