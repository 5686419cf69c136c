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
import { hash } from 'node:crypto';
import { entityTag } from './caching.js';
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

/** An item's kept JSON and the digest of that JSON (made once with it; RenderedItems.page's entity tag uses it). */
interface Kept { json: string; digest: string }
/** An item with a distance, kept without it: its JSON before and after the distance, and their digest. */
interface KeptAround { before: string; after: string; digest: string }

const digestOf = (text: string): string => hash('sha256', text, 'base64url').slice(0, 22);

export class RenderedItems {
  private readonly json = new Map<string, Kept>();
  /** Items that had a distance, by their bytes without it. */
  private readonly around = new Map<string, KeptAround>();
  private readonly stringifyItem: (item: unknown) => string;
  /** The wire tag of the item's `distance` field (a double); undefined when it has none. */
  private readonly distanceTag: number | undefined;

  /** `readItem`: the item message's reading as the contract loads it (proto-loader's deserializer of its type). */
  constructor(private readonly readItem: (bytes: Buffer) => Record<string, unknown>, dataField: protobuf.Field, private readonly present: Presenter | undefined) {
    this.stringifyItem = fastJson((fieldSchema(dataField) as { items: Record<string, unknown> }).items as unknown as Parameters<typeof fastJson>[0]) as (o: unknown) => string;
    const d = (dataField.resolvedType as protobuf.Type | null)?.fields['distance'];
    // (a field number below 16: its tag is one byte, which itemAround counts on)
    this.distanceTag = d && d.type === 'double' && !d.repeated && d.id < 16 ? d.id * 8 + 1 : undefined;
  }

  /** Whether `stringifyEnvelope` writes `data` first, so that items can be spliced in (checked once per route). */
  static splices(stringifyEnvelope: (o: unknown) => string): boolean {
    return stringifyEnvelope({ data: [], errors: [], metadata: { currentOffset: 0, totalCount: 0 } }).startsWith(EMPTY_DATA);
  }

  /**
   * The JSON of one item, from its bytes; with `digests`, what identifies that JSON is added to it: the kept JSON's digest,
   * and for an item with a distance the distance's text too.
   */
  private rendered(bytes: Buffer, digests: string[] | undefined): string {
    const at = this.distanceTag === undefined ? -1 : fieldAt(bytes, this.distanceTag);
    if (at >= 0) return this.itemAround(bytes, at, digests);
    const key = bytes.toString('latin1');
    let kept = this.json.get(key);
    if (kept === undefined) {
      const item = this.readItem(bytes);
      this.present?.(item);
      const json = this.stringifyItem(item);
      kept = { json, digest: digestOf(json) };
      if (this.json.size >= RENDERED_ITEMS_MAX) this.json.clear();
      this.json.set(key, kept);
    }
    digests?.push(kept.digest);
    return kept.json;
  }

  /** An item whose distance field starts at `at` (tag byte, then 8 bytes): kept without it, the distance put in. */
  private itemAround(bytes: Buffer, at: number, digests: string[] | undefined): string {
    const distance = bytes.readDoubleLE(at + 1);
    const rest = at + 9 === bytes.length ? bytes.subarray(0, at) : Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 9)]);
    const key = rest.toString('latin1');
    let kept = this.around.get(key);
    if (kept === undefined) {
      const item = this.readItem(bytes);
      this.present?.(item);
      item['distance'] = DISTANCE_MARK;
      const json = this.stringifyItem(item);
      const mark = `${DISTANCE_MARK}`;
      const i = json.indexOf(mark);
      // (the mark always stands where the distance goes; were it not found, the item is rendered whole each time)
      if (i < 0) {
        item['distance'] = distance;
        const whole = this.stringifyItem(item);
        digests?.push(digestOf(whole));
        return whole;
      }
      const before = json.slice(0, i), after = json.slice(i + mark.length);
      kept = { before, after, digest: digestOf(`${before}\0${after}`) };
      if (this.around.size >= RENDERED_ITEMS_MAX) this.around.clear();
      this.around.set(key, kept);
    }
    // fast-json-stringify writes a finite number as `'' + n`
    const text = Number.isFinite(distance) ? `${distance}` : 'null';
    digests?.push(`${kept.digest}:${text}`);
    return kept.before + text + kept.after;
  }

  /** The envelope as `stringifyEnvelope` writes it for `envelope` (its `data` empty), with the items' JSON as `data`. */
  page(items: Buffer[], envelope: Record<string, unknown>, stringifyEnvelope: (o: unknown) => string): string {
    return this.assemble(items, stringifyEnvelope(envelope), undefined);
  }

  /**
   * The page (as page()) and its entity tag. The tag hashes the envelope's text and each item's digest rather
   * than the whole page: hashing a 3 KB page cost the gateway more than anything else in its work on a prefix
   * request (cpu-prof). The page's text is a function of those parts, so equal pages get equal tags and a
   * changed item or envelope changes the tag (a weak tag: caching.ts).
   */
  pageWithTag(items: Buffer[], envelope: Record<string, unknown>, stringifyEnvelope: (o: unknown) => string): { json: string; tag: string } {
    const shell = stringifyEnvelope(envelope);
    const digests = [shell];
    const json = this.assemble(items, shell, digests);
    return { json, tag: entityTag(digests.join('\n')) };
  }

  private assemble(items: Buffer[], shell: string, digests: string[] | undefined): string {
    let out = '{"data":[';
    for (let k = 0; k < items.length; k++) out += (k ? ',' : '') + this.rendered(items[k]!, digests);
    return out + shell.slice(EMPTY_DATA.length - 1);
  }
}

/**
 * The fields of a message's bytes, one at a time: `next()` reads the next field's tag and skips its value,
 * leaving `start` (where the field began), `valueAt` and `end`; false at the end or at bytes that do not
 * parse (`broken`).
 */
class WireFields {
  start = 0;
  valueAt = 0;
  end = 0;
  tag = 0;
  broken = false;

  constructor(private readonly bytes: Buffer) {}

  next(): boolean {
    if (this.end >= this.bytes.length) return false;
    this.start = this.end;
    let pos = this.end;
    const tag = this.varint(pos);
    if (tag === undefined) return this.fail();
    this.tag = tag.value;
    pos = tag.next;
    const wire = this.tag & 7;
    if (wire === 0) {
      const v = this.varint(pos);
      if (v === undefined) return this.fail();
      this.valueAt = pos;
      pos = v.next;
    } else if (wire === 1 || wire === 5) {
      this.valueAt = pos;
      pos += wire === 1 ? 8 : 4;
    } else if (wire === 2) {
      const len = this.varint(pos);
      if (len === undefined) return this.fail();
      this.valueAt = len.next;
      pos = len.next + len.value;
    } else return this.fail();
    if (pos > this.bytes.length) return this.fail();
    this.end = pos;
    return true;
  }

  private fail(): false {
    this.broken = true;
    this.end = this.bytes.length;
    return false;
  }

  private varint(pos: number): { value: number; next: number } | undefined {
    let value = 0;
    let mul = 1;
    for (let i = 0; i < 8 && pos < this.bytes.length; i++) {
      const b = this.bytes[pos++]!;
      value += (b & 0x7f) * mul;
      if (b < 0x80) return { value, next: pos };
      mul *= 128;
    }
    return undefined;
  }
}

/** Where a 64-bit field with wire tag `tag` starts in a message's bytes, or -1 (also for bytes that do not parse). */
function fieldAt(bytes: Buffer, tag: number): number {
  const f = new WireFields(bytes);
  while (f.next()) if (f.tag === tag) return (tag & 7) === 1 ? f.start : -1;
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
  const f = new WireFields(bytes);
  const itemTag = dataField * 8 + 2;
  while (f.next()) {
    if (f.tag === itemTag) items.push(bytes.subarray(f.valueAt, f.end));
    else rest.push(bytes.subarray(f.start, f.end));
  }
  if (f.broken) return undefined;
  return { items, rest: decodeRest(rest.length === 1 ? rest[0]! : Buffer.concat(rest)) };
}
