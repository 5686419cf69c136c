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
import { hash } from 'node:crypto';
import type protobuf from 'protobufjs';
import { entityTag } from './caching.js';
import { fieldSchema } from './schemas.js';
import type { Presenter } from './restPresentation.js';
import { WireFields } from '../../proto/contract/wireFields.js';
import { GenerationalCache } from '../../lib/boundedCache.js';
import { keptBytes } from '../keptAnswers.js';

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

/** An item's kept JSON, as UTF-8, and the digest of that JSON (made once with it; RenderedItems.page's entity tag uses it). */
interface Kept { json: Buffer; digest: string }
/** An item with a distance, kept without it: its JSON (UTF-8) before and after the distance, and their digest. */
interface KeptAround { before: Buffer; after: Buffer; digest: string }

/** The start of every page, and what stands between two items. */
const PAGE_HEAD = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

const digestOf = (text: string): string => hash('sha256', text, 'base64url').slice(0, 22);

export class RenderedItems {
  /** Items by their bytes (Latin-1: one character a byte); the `renderedItems` budget (lib/boundedCache.ts), for each of the two. */
  private readonly json = GenerationalCache.of<string, Kept>('renderedItems');
  /** Items that had a distance, by their bytes without it. */
  private readonly around = GenerationalCache.of<string, KeptAround>('renderedItems');
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
   * The JSON of one item, from its bytes, added to `parts` (UTF-8 bytes, or ASCII text: a distance); its length in bytes
   * is returned. With `digests`, what identifies that JSON is added to it: the kept JSON's digest, and for an item with a
   * distance the distance's text too.
   */
  private rendered(bytes: Buffer, digests: string[] | undefined, parts: (Buffer | string)[]): number {
    const at = this.distanceTag === undefined ? -1 : fieldAt(bytes, this.distanceTag);
    if (at >= 0) return this.itemAround(bytes, at, digests, parts);
    const key = bytes.toString('latin1');
    let kept = this.json.get(key);
    if (kept === undefined) {
      const item = this.readItem(bytes);
      this.present?.(item);
      const json = this.stringifyItem(item);
      kept = { json: keptBytes(json), digest: digestOf(json) };
      this.json.set(key, kept);
    }
    digests?.push(kept.digest);
    parts.push(kept.json);
    return kept.json.length;
  }

  /** An item whose distance field starts at `at` (tag byte, then 8 bytes): kept without it, the distance put in. */
  private itemAround(bytes: Buffer, at: number, digests: string[] | undefined, parts: (Buffer | string)[]): number {
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
        const text = this.stringifyItem(item);
        digests?.push(digestOf(text));
        const whole = Buffer.from(text);
        parts.push(whole);
        return whole.length;
      }
      const before = json.slice(0, i), after = json.slice(i + mark.length);
      kept = { before: keptBytes(before), after: keptBytes(after), digest: digestOf(`${before}\0${after}`) };
      this.around.set(key, kept);
    }
    // fast-json-stringify writes a finite number as `'' + n`
    const text = Number.isFinite(distance) ? `${distance}` : 'null';
    digests?.push(`${kept.digest}:${text}`);
    parts.push(kept.before, text, kept.after);
    return kept.before.length + text.length + kept.after.length;
  }

  /** The envelope as `stringifyEnvelope` writes it for `envelope` (its `data` empty), with the items' JSON as `data`. */
  page(items: Buffer[], envelope: Record<string, unknown>, stringifyEnvelope: (o: unknown) => string): string {
    return this.assemble(items, stringifyEnvelope(envelope), undefined).toString();
  }

  /**
   * The page (as page()) and its entity tag. The tag hashes the envelope's text and each item's digest rather
   * than the whole page: hashing a 3 KB page cost the gateway more than anything else in its work on a prefix
   * request (cpu-prof). The page's text is a function of those parts, so equal pages get equal tags and a
   * changed item or envelope changes the tag (a weak tag: caching.ts). The page comes as its UTF-8 bytes, copied
   * once from the kept items' bytes: built as a string from ten or more kept strings it was a rope that Node
   * flattened twice (for Content-Length, then with the headers) and encoded to UTF-8 at the socket.
   */
  pageWithTag(items: Buffer[], envelope: Record<string, unknown>, stringifyEnvelope: (o: unknown) => string): { body: Buffer; tag: string } {
    const shell = stringifyEnvelope(envelope);
    const digests = [shell];
    const body = this.assemble(items, shell, digests);
    return { body, tag: entityTag(digests.join('\n')) };
  }

  private assemble(items: Buffer[], shell: string, digests: string[] | undefined): Buffer {
    const parts: (Buffer | string)[] = [PAGE_HEAD];
    let length = PAGE_HEAD.length;
    for (let k = 0; k < items.length; k++) {
      if (k) { parts.push(COMMA); length += 1; }
      length += this.rendered(items[k]!, digests, parts);
    }
    const tail = Buffer.from(shell.slice(EMPTY_DATA.length - 1));
    parts.push(tail);
    length += tail.length;
    const out = Buffer.allocUnsafe(length);
    let at = 0;
    // (a string part is a distance: ASCII, one byte a character; TypedArray set, not Buffer copy, which costs a
    // binding call per part: with it the page as bytes was 5 % slower on prefix than the string it replaces)
    for (const p of parts) {
      if (typeof p === 'string') at += out.write(p, at, 'latin1');
      else { out.set(p, at); at += p.length; }
    }
    return out;
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
