/**
 * Strings are read bounded (proto/contract/protoLoading.ts): a string field whose length runs past the end of
 * its message is refused by every decoder of the contract, as protobufjs refuses such bytes fields, while
 * protobufjs itself is left as it ships (its BufferReader still cuts such a string at the end).
 */
import { describe, expect, it } from 'vitest';
import protobuf from 'protobufjs';
import type * as protoLoader from '@grpc/proto-loader';
import { BoundedReader, decodeMessage, packageDefinition } from '../../proto/contract/protoLoading.js';

const defs = packageDefinition();
const listCities = (defs['meridian.geo.v1.GeoService'] as protoLoader.ServiceDefinition)['ListCities']!;
// ListCities name_prefix (field 1) claiming 1,000 bytes, carrying 3; and the same with its true length
const overrun = Buffer.from([0x0a, 0xe8, 0x07, 0x41, 0x42, 0x43]);
const exact = Buffer.from([0x0a, 0x03, 0x41, 0x42, 0x43]);

describe('the contract decoders', () => {
  it('refuse a string that runs past the end of its message, in requests, responses and message types', () => {
    expect(() => listCities.requestDeserialize(overrun)).toThrow(RangeError);
    expect(() => listCities.requestType.deserialize(overrun)).toThrow(RangeError);
    const typeDef = defs['meridian.geo.v1.ListCitiesRequest'] as protoLoader.MessageTypeDefinition<object, object>;
    expect(() => typeDef.deserialize(overrun)).toThrow(RangeError);
    // ListCitiesResponse next_page_token (field 4) claiming 127 bytes, carrying 3
    expect(() => listCities.responseDeserialize(Buffer.from([0x22, 0x7f, 0x41, 0x42, 0x43]))).toThrow(RangeError);
  });

  it('read the same field with its true length, with the loader options (camelCase names, defaults)', () => {
    expect(listCities.requestDeserialize(exact)).toMatchObject({ namePrefix: 'ABC' });
    expect(listCities.requestDeserialize(Buffer.alloc(0))).toMatchObject({ namePrefix: '' });
  });

  it('decodeMessage bounds strings in Buffers and plain Uint8Arrays alike', () => {
    const type = protobuf.Root.fromJSON({ nested: { M: { fields: { s: { type: 'string', id: 1 } } } } }).lookupType('M');
    expect(() => decodeMessage(type, overrun)).toThrow(/index out of range/);
    expect(() => decodeMessage(type, new Uint8Array(overrun))).toThrow(/index out of range/);
    expect(decodeMessage(type, exact).toJSON()).toEqual({ s: 'ABC' });
    expect(new BoundedReader(Buffer.from([0x03, 0xe2, 0x82, 0xac])).string()).toBe('€');
  });

  it('leave protobufjs as it ships: its own BufferReader still cuts the string', () => {
    const type = protobuf.Root.fromJSON({ nested: { M: { fields: { s: { type: 'string', id: 1 } } } } }).lookupType('M');
    expect((type.decode(overrun) as unknown as { s: string }).s).toBe('ABC');
  });
});
