/**
 * The field walk (proto/contract/wireFields.ts) over real encoded messages and over bytes that do not parse:
 * every field found where protobufjs put it, and a walk that stops `broken` rather than reading past the end.
 */
import { describe, expect, it } from 'vitest';
import protobuf from 'protobufjs';
import { WireFields } from '../../proto/contract/wireFields.js';

const root = protobuf.Root.fromJSON({ nested: {
  Item: { fields: { id: { type: 'int64', id: 1 }, name: { type: 'string', id: 2 } } },
  Page: { fields: { data: { rule: 'repeated', type: 'Item', id: 1 }, total: { type: 'int64', id: 2 }, ratio: { type: 'double', id: 3 }, share: { type: 'float', id: 4 }, ids: { rule: 'repeated', type: 'int64', id: 5 } } },
} });
const Page = root.lookupType('Page');
const Item = root.lookupType('Item');

const walk = (bytes: Uint8Array) => {
  const f = new WireFields(bytes);
  const fields: { tag: number; start: number; valueAt: number; end: number }[] = [];
  while (f.next()) fields.push({ tag: f.tag, start: f.start, valueAt: f.valueAt, end: f.end });
  return { fields, broken: f.broken };
};

describe('WireFields', () => {
  it('finds every field of a message, each item\'s bytes decoding to that item', () => {
    const items = [{ id: 5391959, name: 'San Francisco' }, { id: 2988507, name: 'Paris' }, { id: 1, name: 'é'.repeat(200) }];
    const bytes = Page.encode({ data: items, total: 118525, ratio: 0.5, share: 1.5, ids: [1, 300, 70000] }).finish();
    const { fields, broken } = walk(bytes);
    expect(broken).toBe(false);
    expect(fields.map((f) => f.tag)).toEqual([0x0a, 0x0a, 0x0a, 0x10, 0x19, 0x25, 0x2a]);
    expect(fields[0]!.start).toBe(0);
    expect(fields.at(-1)!.end).toBe(bytes.length);
    for (let i = 1; i < fields.length; i++) expect(fields[i]!.start).toBe(fields[i - 1]!.end);
    expect(fields.slice(0, 3).map((f) => Item.toObject(Item.decode(bytes.subarray(f.valueAt, f.end)), { longs: Number }))).toEqual(items);
    expect(walk(new Uint8Array(0))).toEqual({ fields: [], broken: false });
  });

  it('stops broken at a value past the end, a cut varint, field number 0, a group or an unknown wire type', () => {
    for (const bad of [[0x0a, 0x05, 0x01], [0x0a, 0xff], [0x08, 0x80], [0x80], [0x0d, 1, 2], [0x09, 1, 2, 3], [0x00, 0x01], [0x0b], [0x0c], [0x0e], [0x0f],
      [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01]]) {
      expect(walk(new Uint8Array(bad)).broken, JSON.stringify(bad)).toBe(true);
    }
    const { fields, broken } = walk(new Uint8Array([0x08, 0x01, 0x0a, 0x09, 0x41]));
    expect(fields).toEqual([{ tag: 0x08, start: 0, valueAt: 1, end: 2 }]); // the good field before the cut one is kept
    expect(broken).toBe(true);
  });
});
