/**
 * meridian.exchange.v1.CoreExchange: unary calls carried over one stream give
 * the same answers and the same errors (status, message, ErrorInfo reason) as
 * the unary RPCs, many per message, paired by id; and the gateway answers the
 * same with the exchange on or off.
 */
import * as grpc from '@grpc/grpc-js';
import protobuf from 'protobufjs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { clientConstructor, packageDefinition } from '../../src/grpc/protos.js';
import { credentialsFor, geoClient } from '../support/grpcClient.js';
import { startTestGateway } from '../support/gateway.js';
import { EXCHANGE_MAX_CALLS_PER_MESSAGE, EXCHANGE_MAX_CANCELS_PER_MESSAGE, exchangeWire } from '../../proto/contract/exchange.js';

const address = inject('coreAddress');
const geo = geoClient(address);
const Exchange = clientConstructor('meridian.exchange.v1.CoreExchange');
const client = new Exchange(address, credentialsFor(address)) as unknown as grpc.Client & { Exchange: () => grpc.ClientDuplexStream<unknown, unknown> };
afterAll(() => { client.close(); geo.close(); });

const def = packageDefinition()['meridian.geo.v1.GeoService'] as Record<string, { path: string; requestSerialize: (v: unknown) => Buffer; responseDeserialize: (b: Buffer) => unknown }>;
const root = protobuf.loadSync('proto/google/rpc/error_details.proto');
const Status = root.lookupType('google.rpc.Status');
const ErrorInfo = root.lookupType('google.rpc.ErrorInfo');

interface Result { id: number; payload: Buffer; statusCode: number; statusMessage: string; statusDetails: Buffer }

async function exchange(calls: { id: number; method: string; payload: Buffer }[]): Promise<Map<number, Result>> {
  const stream = client.Exchange();
  const out = new Map<number, Result>();
  return new Promise((resolve, reject) => {
    stream.on('data', (m: { results: Result[] }) => { for (const r of m.results) out.set(r.id, r); if (out.size === calls.length) { stream.end(); resolve(out); } });
    stream.on('error', reject);
    stream.write({ calls: calls.slice(0, 2) });
    stream.write({ calls: calls.slice(2) });
  });
}

const reasonOf = (details: Buffer) => {
  const st = Status.toObject(Status.decode(details)) as { details: { type_url: string; value: Uint8Array }[] };
  return (ErrorInfo.toObject(ErrorInfo.decode(st.details[0]!.value)) as { reason: string }).reason;
};

describe('CoreExchange', () => {
  it('answers several calls per message exactly as the unary RPCs do, errors included', async () => {
    const m = (name: string) => def[name]!;
    const calls = [
      { id: 1, method: m('GetCity').path, payload: m('GetCity').requestSerialize({ cityId: 5391959 }) },
      { id: 2, method: m('ListCities').path, payload: m('ListCities').requestSerialize({ namePrefix: 'Spring', limit: 5 }) },
      { id: 3, method: m('GetCity').path, payload: m('GetCity').requestSerialize({ cityId: 1 }) },
      { id: 4, method: m('ListCities').path, payload: m('ListCities').requestSerialize({ countryIds: ['US'], excludedCountryIds: ['CA'] }) },
      { id: 5, method: '/meridian.geo.v1.GeoService/NoSuchMethod', payload: Buffer.alloc(0) },
      { id: 6, method: m('GetCity').path, payload: Buffer.from([0xff, 0xff, 0xff]) },
    ];
    const r = await exchange(calls);
    expect(m('GetCity').responseDeserialize(r.get(1)!.payload)).toEqual(await geo.call('GetCity', { cityId: 5391959 }));
    expect(m('ListCities').responseDeserialize(r.get(2)!.payload)).toEqual(await geo.call('ListCities', { namePrefix: 'Spring', limit: 5 }));
    const unary = await geo.fail('GetCity', { cityId: 1 });
    expect(r.get(3)).toMatchObject({ statusCode: grpc.status.NOT_FOUND, statusMessage: unary.message });
    expect(reasonOf(r.get(3)!.statusDetails)).toBe(unary.reason);
    expect(r.get(4)!.statusCode).toBe(grpc.status.INVALID_ARGUMENT);
    expect(reasonOf(r.get(4)!.statusDetails)).toBe('PARAMS_MUTUALLY_EXCLUSIVE');
    expect(r.get(5)).toMatchObject({ statusCode: grpc.status.UNIMPLEMENTED, statusMessage: expect.stringMatching(/NoSuchMethod/) });
    expect(r.get(6)!.statusCode).toBe(grpc.status.INVALID_ARGUMENT);
  });
});

describe('CoreExchange messages over the caps', () => {
  const call = (id: number) => ({ id, method: def['GetCountry']!.path, payload: def['GetCountry']!.requestSerialize({ countryCode: 'FR' }) });

  it('a message of more calls than the cap ends the stream with RESOURCE_EXHAUSTED before it is decoded; one at the cap is answered whole', async () => {
    const within = await new Promise<number>((resolve, reject) => {
      const stream = client.Exchange();
      let answered = 0;
      stream.on('data', (m: { results: Result[] }) => {
        answered += m.results.filter((r) => r.statusCode === grpc.status.OK).length;
        if (answered === EXCHANGE_MAX_CALLS_PER_MESSAGE) { stream.end(); resolve(answered); }
      });
      stream.on('error', reject);
      stream.write({ calls: Array.from({ length: EXCHANGE_MAX_CALLS_PER_MESSAGE }, (_, i) => call(i + 1)) });
    });
    expect(within).toBe(EXCHANGE_MAX_CALLS_PER_MESSAGE);
    const refused = await new Promise<grpc.ServiceError>((resolve) => {
      const stream = client.Exchange();
      stream.on('data', () => undefined);
      stream.on('error', resolve);
      stream.write({ calls: Array.from({ length: EXCHANGE_MAX_CALLS_PER_MESSAGE + 1 }, (_, i) => call(i + 1)) });
    });
    expect(refused.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    expect(refused.details).toMatch(/at most 1024 calls .* this one has 1025 and 0/);
    // the core goes on answering
    expect(await geo.call('GetCountry', { countryCode: 'FR' })).toMatchObject({ data: { code: 'FR' } });
  });

  it('counts calls and packed or unpacked cancel ids without decoding the message', () => {
    const Request = protobuf.loadSync('proto/meridian/exchange/v1/exchange.proto').lookupType('meridian.exchange.v1.ExchangeRequest');
    const encode = (m: object) => Buffer.from(Request.encode(Request.fromObject(m)).finish());
    const many = Array.from({ length: EXCHANGE_MAX_CANCELS_PER_MESSAGE + 1 }, (_, i) => 2 ** 40 + i); // six-byte varints
    expect(exchangeWire.decodeRequest(encode({ cancelIds: many }))).toMatchObject({ refused: expect.stringMatching(/has 0 and 65537/) });
    const ok = exchangeWire.decodeRequest(encode({ calls: [call(7)], cancelIds: many.slice(0, 100) }));
    expect(ok).not.toHaveProperty('refused');
    expect(ok.calls[0]).toMatchObject({ id: 7 });
    expect(ok.cancelIds).toHaveLength(100);
    // bytes that do not walk as a message are left to the decoder, which says what is wrong
    expect(() => exchangeWire.decodeRequest(Buffer.from([0x0a, 0xff, 0x01]))).toThrow();
  });
});

describe('the gateway with and without the exchange', () => {
  it("gives the same answers over unary calls, and pairs 200 concurrent calls with their answers", async () => {
    const unary = await startTestGateway({ coreExchange: false });
    const streamed = await startTestGateway();
    try {
      for (const path of ['/v1/geo/cities?namePrefix=Spr&limit=7', '/v1/geo/cities/5391959', '/v1/geo/cities/1', '/v1/geo/cities?countryIds=US&excludedCountryIds=CA', '/v1/locale/timezones/Europe/Paris']) {
        const a = await unary.get(path, { 'X-Gateway-Key': unary.key });
        const b = await streamed.get(path, { 'X-Gateway-Key': streamed.key });
        expect(a.status, path).toBe(b.status);
        expect(a.body, path).toEqual(b.body);
      }
      // 200 calls at once on the stream: each answer is its own request's page (the item, not only the echoed offset)
      const ref: unknown[] = [];
      for (const offset of [0, 100]) ref.push(...(await unary.get(`/v1/geo/countries?limit=100&offset=${offset}`, { 'X-Gateway-Key': unary.key })).body.data);
      const many = await Promise.all(Array.from({ length: 200 }, (_, i) => streamed.get(`/v1/geo/countries?limit=1&offset=${i}`, { 'X-Gateway-Key': streamed.key })));
      many.forEach((r, i) => {
        expect(r.body.metadata.currentOffset).toBe(i);
        expect(r.body.data).toEqual([ref[i]]);
      });
    } finally { await unary.close(); await streamed.close(); }
  });
});
