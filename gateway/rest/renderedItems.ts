/**
 * Place lists rendered from each item's JSON, kept by the item's bytes.
 *
 * A place list's items (CitySummary) are the same few thousand places again
 * and again (a name prefix typed by many users, the most populous cities), and
 * each item's JSON is a function of its bytes in the core's answer alone: its
 * decoding, the route's REST presentation and the item schema's serializer. So
 * the gateway keeps each item's JSON by its bytes and writes a page as the
 * envelope its serializer makes with no items, with the items' JSON spliced in
 * where the empty `data` array stood. A page whose items lose fields for this
 * request (rest_omits_when_single) is rendered whole, as before.
 *
 * An item's distance (a radius search's, in the request's unit) is the one
 * field that differs between requests for the same place: it is read out of the
 * item's bytes, the rest is the key, and the kept JSON is cut where the
 * distance goes, so a place found by many radius searches is rendered once.
 */
import fastJson from 'fast-json-stringify';
import type protobuf from 'protobufjs';
import { fieldSchema } from './schemas.js';
import type { Presenter } from './presentation.js';

/** Most item renderings kept per item type, for every place-list route together (then the map starts again empty); ~0.5 KB each. */
export const RENDERED_ITEMS_MAX = 20_000;
/** The serializers put `data` first: an envelope with no items starts so. */
const EMPTY_DATA = '{"data":[]';

export interface ListAnswer {
  /** Each item's bytes, in order. */
  items: Buffer[];
  /** The answer's other fields, decoded (count, offset, page token), `data` empty. */
  rest: Record<string, unknown>;
}

/** A distance no search answers: where it stands in an item's JSON, the item's own distance goes. */
const DISTANCE_MARK = Number.MAX_VALUE;

export class RenderedItems {
  private readonly json = new Map<string, string>();
  /** Items that had a distance, by their bytes without it: their JSON before and after the distance. */
  private readonly around = new Map<string, [string, string]>();
  private readonly stringifyItem: (item: unknown) => string;
  /** The item's `distance` field (a double): its tag on the wire and its JSON name; undefined when it has none. */
  private readonly distance: { tag: number; name: string } | undefined;

  /** `readItem`: the item message's reading as the contract loads it (proto-loader's deserializer of its type). */
  constructor(private readonly readItem: (bytes: Buffer) => Record<string, unknown>, dataField: protobuf.Field, private readonly present: Presenter | undefined) {
    this.stringifyItem = fastJson((fieldSchema(dataField) as { items: Record<string, unknown> }).items as unknown as Parameters<typeof fastJson>[0]) as (o: unknown) => string;
    const d = (dataField.resolvedType as protobuf.Type | null)?.fields['distance'];
    this.distance = d && d.type === 'double' && !d.repeated ? { tag: d.id * 8 + 1, name: 'distance' } : undefined;
  }

  /** Whether `stringifyEnvelope` writes `data` first, so that items can be spliced in (checked once per route). */
  static splices(stringifyEnvelope: (o: unknown) => string): boolean {
    return stringifyEnvelope({ data: [], errors: [], metadata: { currentOffset: 0, totalCount: 0 } }).startsWith(EMPTY_DATA);
  }

  /** The JSON of one item, from its bytes. */
  item(bytes: Buffer): string {
    const at = this.distance ? fieldAt(bytes, this.distance.tag) : -1;
    if (at >= 0) return this.itemAround(bytes, at);
    const key = bytes.toString('latin1');
    let json = this.json.get(key);
    if (json === undefined) {
      const item = this.readItem(bytes);
      this.present?.(item);
      json = this.stringifyItem(item);
      if (this.json.size >= RENDERED_ITEMS_MAX) this.json.clear();
      this.json.set(key, json);
    }
    return json;
  }

  /** An item whose distance field starts at `at` (tag byte, then 8 bytes): kept without it, the distance put in. */
  private itemAround(bytes: Buffer, at: number): string {
    const distance = bytes.readDoubleLE(at + 1);
    const rest = at + 9 === bytes.length ? bytes.subarray(0, at) : Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 9)]);
    const key = rest.toString('latin1');
    let parts = this.around.get(key);
    if (parts === undefined) {
      const item = this.readItem(bytes);
      this.present?.(item);
      item[this.distance!.name] = DISTANCE_MARK;
      const json = this.stringifyItem(item);
      const mark = `${DISTANCE_MARK}`;
      const i = json.indexOf(mark);
      // (the mark always stands where the distance goes; were it not found, the item is rendered whole each time)
      if (i < 0) { item[this.distance!.name] = distance; return this.stringifyItem(item); }
      parts = [json.slice(0, i), json.slice(i + mark.length)];
      if (this.around.size >= RENDERED_ITEMS_MAX) this.around.clear();
      this.around.set(key, parts);
    }
    // fast-json-stringify writes a finite number as `'' + n`
    return parts[0] + (Number.isFinite(distance) ? `${distance}` : 'null') + parts[1];
  }

  /** The envelope as `stringifyEnvelope` writes it for `envelope` (its `data` empty), with the items' JSON as `data`. */
  page(items: Buffer[], envelope: Record<string, unknown>, stringifyEnvelope: (o: unknown) => string): string {
    const shell = stringifyEnvelope(envelope);
    let out = '{"data":[';
    for (let k = 0; k < items.length; k++) out += (k ? ',' : '') + this.item(items[k]!);
    return out + shell.slice(EMPTY_DATA.length - 1);
  }
}

/** Where a 64-bit field with wire tag `tag` (one byte) starts in a message's bytes, or -1 (also for bytes that do not parse). */
function fieldAt(bytes: Buffer, tag: number): number {
  if (tag > 0x7f) return -1;
  let pos = 0;
  while (pos < bytes.length) {
    const start = pos;
    let t = 0;
    let mul = 1;
    for (;;) {
      if (pos >= bytes.length || mul > 2 ** 28) return -1;
      const b = bytes[pos++]!;
      t += (b & 0x7f) * mul;
      if (b < 0x80) break;
      mul *= 128;
    }
    if (t === tag) return pos + 8 <= bytes.length ? start : -1;
    const wire = t & 7;
    if (wire === 0) { while (pos < bytes.length && bytes[pos]! >= 0x80) pos++; pos++; }
    else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else if (wire === 2) {
      let len = 0;
      let m = 1;
      for (;;) {
        if (pos >= bytes.length || m > 2 ** 28) return -1;
        const b = bytes[pos++]!;
        len += (b & 0x7f) * m;
        if (b < 0x80) break;
        m *= 128;
      }
      pos += len;
    } else return -1;
  }
  return -1;
}

/**
 * Splits a list answer's bytes into its items (field `dataField`, length-delimited) and the rest, which
 * `decodeRest` reads; undefined when the bytes are not a well-formed message (the caller decodes them whole,
 * which reports the error as before).
 */
export function splitList(bytes: Buffer, dataField: number, decodeRest: (b: Buffer) => Record<string, unknown>): ListAnswer | undefined {
  const items: Buffer[] = [];
  const rest: Buffer[] = [];
  let pos = 0;
  const varint = (): number | undefined => {
    let n = 0;
    let mul = 1;
    for (let i = 0; i < 8 && pos < bytes.length; i++) {
      const b = bytes[pos++]!;
      n += (b & 0x7f) * mul;
      if (b < 0x80) return n;
      mul *= 128;
    }
    return undefined;
  };
  while (pos < bytes.length) {
    const start = pos;
    const tag = varint();
    if (tag === undefined) return undefined;
    const field = Math.floor(tag / 8);
    const wire = tag & 7;
    if (wire === 2) {
      const len = varint();
      if (len === undefined || pos + len > bytes.length) return undefined;
      if (field === dataField) items.push(bytes.subarray(pos, pos + len));
      else rest.push(bytes.subarray(start, pos + len));
      pos += len;
    } else if (wire === 0) {
      if (varint() === undefined) return undefined;
      rest.push(bytes.subarray(start, pos));
    } else if (wire === 1 || wire === 5) {
      pos += wire === 1 ? 8 : 4;
      if (pos > bytes.length) return undefined;
      rest.push(bytes.subarray(start, pos));
    } else return undefined;
  }
  return { items, rest: decodeRest(rest.length === 1 ? rest[0]! : Buffer.concat(rest)) };
}
