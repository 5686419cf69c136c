/** LocaleService, health and reflection as gRPC callers see them. */
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { protoPath as healthProto } from 'grpc-health-check';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { localeClient } from '../support/grpcClient.js';
import { anonymousCredentialsFor, credentialsFor } from '../support/coreTrust.js';

const address = inject('coreAddress');
const { call, fail, close } = localeClient(address);
afterAll(close);

type L<T> = { data: T[]; totalCount: number; currentOffset: number };

describe('LocaleService', () => {
  it('lists current currencies, filtered by country, with symbols', async () => {
    const all = await call<L<{ code: string }>>('ListCurrencies', { limit: 1000 });
    expect(all.totalCount).toBeGreaterThan(140);
    const ch = await call<L<{ code: string; symbol: string; countryCodes: string[] }>>('ListCurrencies', { countryCode: 'ch' });
    expect(ch.data.map((c) => c.code)).toEqual(['CHF']);
    expect(ch.data[0]!.countryCodes).toEqual(expect.arrayContaining(['CH', 'LI']));
    expect(await fail('ListCurrencies', { countryCode: 'CHE' })).toMatchObject({ reason: 'PARAM_INVALID', field: 'countryCode' });
  });

  it('lists locales and languages from CLDR', async () => {
    const loc = await call<L<{ code: string; name: string }>>('ListLocales', { limit: 1000 });
    expect(loc.totalCount).toBeGreaterThan(700);
    expect(loc.data.find((l) => l.code === 'en-GB')?.name).toBe('British English');
    expect(loc.data.find((l) => l.code === 'en-IN')?.name).toBe('English (India)');
    const langs = await call<L<{ code: string; displaySupported: boolean }>>('ListLanguages', { limit: 1000 });
    expect(langs.data.find((l) => l.code === 'de')?.displaySupported).toBe(true);
    expect(langs.data.find((l) => l.code === 'sw')?.displaySupported).toBe(false);
  });

  it('time zones have exact (fractional) offsets and answer by id with / or __', async () => {
    const z = await call<{ data: { id: string; rawUtcOffsetHours: number; name: string } }>('GetTimeZone', { zoneId: 'Asia__Kathmandu' });
    expect(z.data).toMatchObject({ id: 'Asia/Kathmandu', rawUtcOffsetHours: 5.75 });
    const india = await call<{ data: { rawUtcOffsetHours: number } }>('GetTimeZone', { zoneId: 'Asia/Kolkata' });
    expect(india.data.rawUtcOffsetHours).toBe(5.5);
    const ny = await call<L<{ id: string }>>('ListTimeZones', { namePrefix: 'new_y' });
    expect(ny.data.map((t) => t.id)).toEqual(['America/New_York']);
    const all = await call<L<{ id: string }>>('ListTimeZones', { limit: 1000 });
    expect(all.totalCount).toBeGreaterThan(350);
    const dt = await call<{ data: string }>('GetTimeZoneDateTime', { zoneId: 'Australia/Adelaide' });
    expect(dt.data).toMatch(/T\d\d:\d\d:\d\d\.\d{3}\+(09|10):30$/);
    const t = await call<{ data: string }>('GetTimeZoneTime', { zoneId: 'Europe/London' });
    expect(t.data).toMatch(/^\d\d:\d\d:\d\d\.\d{3}\+0[01]:00$/);
    expect(await fail('GetTimeZone', { zoneId: 'Mars/Olympus' })).toMatchObject({ code: 5, reason: 'ENTITY_NOT_FOUND' });
  });

  it('know Etc/UTC, which no place is in, and answer an id the data spells otherwise under the data\'s id', async () => {
    const all = await call<L<{ id: string; countryCodes: string[] }>>('ListTimeZones', { limit: 1000 });
    expect(all.data.find((z) => z.id === 'Etc/UTC')).toMatchObject({ countryCodes: [] });
    const utc = await call<{ data: { id: string; name: string; rawUtcOffsetHours: number } }>('GetTimeZone', { zoneId: 'Etc__UTC' });
    expect(utc.data).toMatchObject({ id: 'Etc/UTC', name: 'Coordinated Universal Time', rawUtcOffsetHours: 0 });
    for (const [asked, id] of [['UTC', 'Etc/UTC'], ['gmt', 'Etc/UTC'], ['Etc/GMT', 'Etc/UTC'], ['Asia/Calcutta', 'Asia/Kolkata'], ['US/Eastern', 'America/New_York'], ['europe/kiev', 'Europe/Kyiv']]) {
      expect((await call<{ data: { id: string } }>('GetTimeZone', { zoneId: asked })).data.id, asked).toBe(id);
    }
    expect((await call<{ data: string }>('GetTimeZoneTime', { zoneId: 'UTC' })).data).toMatch(/^\d\d:\d\d:\d\d/);
    // a real zone the runtime knows but the data has no place in is still not found (the list is the data's)
    expect(await fail('GetTimeZone', { zoneId: 'Antarctica/Troll' })).toMatchObject({ code: 5, reason: 'ENTITY_NOT_FOUND' });
    expect(await fail('GetTimeZone', { zoneId: '../../etc/passwd;' })).toMatchObject({ code: 3, reason: 'PARAM_INVALID' });
  });
});

describe('health and reflection', () => {
  it('answers the standard health check as SERVING, also to a caller without a client certificate', async () => {
    const def = grpc.loadPackageDefinition(protoLoader.loadSync(healthProto, { enums: String })) as unknown as { grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } } };
    const c = new def.grpc.health.v1.Health(address, anonymousCredentialsFor(address)) as unknown as { check: (r: object, cb: (e: Error | null, r: { status: string }) => void) => void; close: () => void };
    const r = await new Promise<{ status: string }>((resolve, reject) => c.check({ service: 'meridian.geo.v1.GeoService' }, (e, res) => (e ? reject(e) : resolve(res))));
    expect(r.status).toBe('SERVING');
    c.close();
  });

  it('keeps nothing for a service it does not have: Watch says SERVICE_UNKNOWN and ends, Check cuts the name (100 cancelled watches of 2 MB names kept ~190 MB)', async () => {
    const def = grpc.loadPackageDefinition(protoLoader.loadSync(healthProto, { enums: String })) as unknown as { grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } } };
    const c = new def.grpc.health.v1.Health(address, anonymousCredentialsFor(address)) as unknown as grpc.Client & {
      check: (r: object, cb: (e: grpc.ServiceError | null, r: { status: string }) => void) => void;
      watch: (r: object) => grpc.ClientReadableStream<{ status: string }>;
    };
    const watchAll = (service: string, ms: number) => new Promise<{ statuses: string[]; ended: boolean }>((resolve) => {
      const statuses: string[] = [];
      const stream = c.watch({ service });
      const timer = setTimeout(() => { stream.cancel(); resolve({ statuses, ended: false }); }, ms);
      stream.on('data', (m: { status: string }) => statuses.push(m.status));
      stream.on('error', () => undefined);
      stream.on('end', () => { clearTimeout(timer); resolve({ statuses, ended: true }); });
    });
    const name = `x${'n'.repeat(2_000_000)}`;
    expect(await watchAll(name, 5000)).toEqual({ statuses: ['SERVICE_UNKNOWN'], ended: true });
    // a service it has is watched as before: its status, and the stream stays open
    expect(await watchAll('meridian.geo.v1.GeoService', 500)).toEqual({ statuses: ['SERVING'], ended: false });
    const e = await new Promise<grpc.ServiceError>((resolve) => c.check({ service: name }, (err) => resolve(err!)));
    expect(e.code).toBe(grpc.status.NOT_FOUND);
    expect(e.details.length).toBeLessThan(200);
    c.close();
  });

  it('lists the services through server reflection (what grpcurl list uses)', async () => {
    const file = new URL('../../node_modules/@grpc/reflection/build/proto/grpc/reflection/v1alpha/reflection.proto', import.meta.url).pathname;
    const def = grpc.loadPackageDefinition(protoLoader.loadSync(file)) as unknown as { grpc: { reflection: { v1alpha: { ServerReflection: grpc.ServiceClientConstructor } } } };
    const c = new def.grpc.reflection.v1alpha.ServerReflection(address, credentialsFor(address)) as unknown as grpc.Client & { serverReflectionInfo: () => grpc.ClientDuplexStream<object, { listServicesResponse?: { service: { name: string }[] } }> };
    const stream = c.serverReflectionInfo();
    const names = await new Promise<string[]>((resolve, reject) => {
      stream.on('data', (m) => { resolve((m.listServicesResponse?.service ?? []).map((s: { name: string }) => s.name)); stream.end(); });
      stream.on('error', reject);
      stream.write({ listServices: '' });
    });
    expect(names).toEqual(expect.arrayContaining(['meridian.geo.v1.GeoService', 'meridian.locale.v1.LocaleService', 'grpc.health.v1.Health']));
    c.close();
  });

  it('describes a message and the files it needs through server reflection (what grpcurl describe uses)', async () => {
    const file = new URL('../../node_modules/@grpc/reflection/build/proto/grpc/reflection/v1alpha/reflection.proto', import.meta.url).pathname;
    const def = grpc.loadPackageDefinition(protoLoader.loadSync(file)) as unknown as { grpc: { reflection: { v1alpha: { ServerReflection: grpc.ServiceClientConstructor } } } };
    type Answer = { fileDescriptorResponse?: { fileDescriptorProto: Buffer[] }; errorResponse?: { errorMessage: string } };
    const c = new def.grpc.reflection.v1alpha.ServerReflection(address, credentialsFor(address)) as unknown as grpc.Client & { serverReflectionInfo: () => grpc.ClientDuplexStream<object, Answer> };
    const ask = (symbol: string) => new Promise<Answer>((resolve, reject) => {
      const stream = c.serverReflectionInfo();
      stream.on('data', (m: Answer) => { resolve(m); stream.end(); });
      stream.on('error', reject);
      stream.write({ fileContainingSymbol: symbol });
    });
    for (const symbol of ['meridian.geo.v1.CitySummary', 'meridian.sentiment.v1.SentimentService', 'meridian.locale.v1.LocaleService.ListCurrencies', 'grpc.health.v1.Health.Check']) {
      const answer = await ask(symbol);
      expect(answer.errorResponse, symbol).toBeUndefined();
      const files = answer.fileDescriptorResponse?.fileDescriptorProto ?? [];
      expect(files.length, symbol).toBeGreaterThanOrEqual(1);
      expect(files.map((f) => f.toString('latin1')).join(' '), symbol).toContain(symbol.split('.').pop()!);
    }
    const missing = await ask('meridian.geo.v1.NoSuchMessage');
    expect(missing.errorResponse?.errorMessage).toBeTruthy();
    c.close();
  });
});
