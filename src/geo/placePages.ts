/**
 * Place answers encoded from cached item bytes.
 *
 * Every place list (ListCities, ListNearbyCities, … : a page of CitySummary)
 * answers the same summaries again and again, and encoding them was the
 * largest single cost of a list request in the core: protobufjs spends ~2 µs
 * on each summary's nine strings, ~20 µs for a page of ten, on top of building
 * the summary objects (names in the display language, the region, its codes).
 * So each summary is built and encoded once per (place, display) and its bytes
 * are kept; a page is its items' bytes one after another, each item with its
 * distance (the one field that depends on the request) appended. The fields of
 * a message may come in any order on the wire, and a reader merges them
 * (protobuf encoding spec, "Field Order"), so every client decodes the same
 * message as before. GetCity and BatchGetCities answer CityDetails the same way.
 *
 * A PlacePage is what those handlers return; the GeoService's serializer
 * writes it with `encode`, and whoever reads it as an object (a test, another
 * serializer) gets `data` built on first read, as the handler used to return.
 */
import type * as grpc from '@grpc/grpc-js';
import type * as protoLoader from '@grpc/proto-loader';
import { packageDefinition } from '../grpc/protos.js';
import { GenerationalCache } from '../../lib/boundedCache.js';

/** A message type of geo.proto as the contract's one loading has it (proto-loader: its serializer and descriptor). */
function geoMessage(name: 'CitySummary' | 'CityDetails'): protoLoader.MessageTypeDefinition<object, object> {
  return packageDefinition()[`meridian.geo.v1.${name}`] as protoLoader.MessageTypeDefinition<object, object>;
}

/** CitySummary.distance on the wire: its field number from the contract, wire type 1 (64-bit); one byte (field < 16). */
const DISTANCE_TAG = (() => {
  const field = (geoMessage('CitySummary').type as { field: { name: string; number: number }[] }).field.find((f) => f.name === 'distance');
  if (!field || field.number >= 16) throw new Error('CitySummary.distance must be a field numbered below 16 (placePages.ts writes its tag as one byte)');
  return field.number * 8 + 1;
})();

/** A summary or details object as the geo service builds it (distance apart). */
export type SummaryObject = Record<string, unknown>;

/** Most displays (language, ASCII names) a cache tells apart: twice the display languages, with room. */
const DISPLAYS = 64;

/**
 * The encoded summaries (or details), by display and place index: a GenerationalCache of the budget
 * `placeSummaries` or `placeDetails` (lib/boundedCache.ts), all displays together, keyed by one small integer
 * (place × DISPLAYS + the display's number here), which a Map hashes without building a string.
 */
export class SummaryBytes {
  private readonly serialize: (value: object) => Buffer;
  private readonly kept: GenerationalCache<number, Uint8Array>;
  /** The displays' numbers, as first seen (geoService's displayKey: a fixed set, 22 in all). */
  private readonly displays = new Map<string, number>();

  /** `max`: most places kept (default: the budget of the type's cache, or its environment override). */
  constructor(max?: number, typeName: 'CitySummary' | 'CityDetails' = 'CitySummary') {
    this.serialize = geoMessage(typeName).serialize;
    this.kept = max === undefined ? GenerationalCache.of(typeName === 'CitySummary' ? 'placeSummaries' : 'placeDetails') : new GenerationalCache(max);
  }

  /** The summary of place `index` in display `display`, encoded without its distance; `make` builds it on a miss. */
  get(index: number, display: string, make: () => SummaryObject): Uint8Array {
    let code = this.displays.get(display);
    if (code === undefined && this.displays.size < DISPLAYS) this.displays.set(display, (code = this.displays.size));
    const key = code === undefined ? -1 : index * DISPLAYS + code;
    const hit = key < 0 ? undefined : this.kept.get(key);
    if (hit) return hit;
    const built = this.serialize(make());
    // a copy of its own: finish() may return a view into a shared pool slab, which the cache would keep alive
    const bytes = new Uint8Array(built.length);
    bytes.set(built);
    if (key >= 0) this.kept.set(key, bytes);
    return bytes;
  }

  get size(): number { return this.kept.size; }
}

export interface PageItem {
  bytes: Uint8Array;
  /** In the request's unit, already rounded; undefined: not a distance query. */
  distance: number | undefined;
}

/** A list answer's fields besides `data` (none for GetCity and BatchGetCities). */
export interface PageFields { totalCount?: number; currentOffset?: number; nextPageToken?: string }

/**
 * An answer whose `data` is places: its items as bytes, its other fields, and what a reader of the object
 * form needs to build `data` (a list, or one place for GetCity).
 */
export class PlacePage<D = unknown> {
  private built: { data: D } | undefined;

  constructor(
    readonly items: PageItem[],
    readonly rest: Readonly<PageFields>,
    private readonly build: () => D,
  ) {}

  /** The places as objects (distances included), built on first read. */
  get data(): D {
    this.built ??= { data: this.build() };
    return this.built.data;
  }

  get totalCount(): number | undefined { return this.rest.totalCount; }
  get currentOffset(): number | undefined { return this.rest.currentOffset; }
  get nextPageToken(): string | undefined { return this.rest.nextPageToken; }

  /**
   * The response message: the other fields as `serializeRest` encodes them, then one `data` entry
   * (field `dataField`, length-delimited) per item, with its distance appended. A single message field
   * (GetCity's data) is written as a one-item repeated one is: the same bytes.
   */
  encode(serializeRest: (value: object) => Buffer, dataField: number): Buffer {
    const rest = serializeRest(this.rest);
    let size = rest.length;
    const tag = (dataField << 3) | 2;
    const tagBytes = varintLength(tag);
    for (const it of this.items) {
      const len = it.bytes.length + (it.distance === undefined ? 0 : 9);
      size += tagBytes + varintLength(len) + len;
    }
    const out = Buffer.allocUnsafe(size);
    let pos = rest.copy(out, 0);
    for (const it of this.items) {
      const len = it.bytes.length + (it.distance === undefined ? 0 : 9);
      pos = writeVarint(out, pos, tag);
      pos = writeVarint(out, pos, len);
      out.set(it.bytes, pos);
      pos += it.bytes.length;
      if (it.distance !== undefined) {
        out[pos++] = DISTANCE_TAG;
        pos = out.writeDoubleLE(it.distance, pos);
      }
    }
    return out;
  }
}

/*
 * Why the splice above is hand-written, not protobufjs's Writer: the Writer has no public way to append bytes
 * already encoded (`bytes()` writes them length-prefixed), so an item with its distance must first be copied into
 * a buffer of its own, and the Writer's list of pending operations costs on every field: a 10-item page with
 * distances took 9.1-14.0 µs through `Writer.create().uint32(tag).bytes(item + distance)…finish()` against
 * 3.0-4.1 µs here (tsx loop, 100,000 pages, rounds 2 and 3 of 3, busy 2-core machine; same bytes). The reading
 * side (gateway/rest/renderedItems.ts, proto/contract/wireFields.ts) goes through protobufjs's Reader, which
 * measured no slower than the hand-written walk it replaced.
 */
function varintLength(n: number): number {
  let len = 1;
  while (n >= 0x80) { n = Math.floor(n / 128); len++; }
  return len;
}

function writeVarint(buf: Buffer, pos: number, n: number): number {
  while (n >= 0x80) { buf[pos++] = (n & 0x7f) | 0x80; n = Math.floor(n / 128); }
  buf[pos++] = n;
  return pos;
}

/**
 * The service definition with serializers that write a PlacePage from its bytes (the methods whose
 * answer's `data` is CitySummary or CityDetails messages); every other answer goes through the usual serializer.
 */
export function withPlacePages(definition: grpc.ServiceDefinition): grpc.ServiceDefinition {
  const out: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
  for (const [name, method] of Object.entries(definition)) {
    const m = method as grpc.MethodDefinition<unknown, unknown> & { responseType?: { type?: { field?: { name: string; number: number; typeName?: string }[] } } };
    const data = m.responseType?.type?.field?.find((f) => f.name === 'data' && /(^|\.)City(Summary|Details)$/.test(f.typeName ?? ''));
    if (!data) { out[name] = m; continue; }
    const serialize = m.responseSerialize;
    const field = data.number;
    out[name] = { ...m, responseSerialize: (value: unknown) => (value instanceof PlacePage ? value.encode(serialize as (v: object) => Buffer, field) : serialize(value)) };
  }
  return out as grpc.ServiceDefinition;
}
