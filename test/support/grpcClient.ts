/** Promise-returning gRPC clients for the tests, with decoded error reasons. */
import * as grpc from '@grpc/grpc-js';
import { clientConstructor } from '../../src/grpc/protos.js';
import { decodeGrpcError, type DecodedError } from '../../src/grpc/status.js';

export type Call = <T = Record<string, unknown>>(method: string, req?: Record<string, unknown>) => Promise<T>;

/** `tenant`: sent as the gateway would send it (x-meridian-tenant), for tests of tenant-owned state. */
export function client(service: string, address: string, opts: { tenant?: string } = {}): { call: Call; fail: (method: string, req?: Record<string, unknown>) => Promise<DecodedError>; close: () => void } {
  const Ctor = clientConstructor(service);
  const c = new Ctor(address, grpc.credentials.createInsecure()) as unknown as Record<string, (req: unknown, cb: (e: grpc.ServiceError | null, r: unknown) => void) => void> & grpc.Client;
  const call: Call = (method, req = {}) => new Promise((resolve, reject) => {
    const fn = c[method];
    if (!fn) { reject(new Error(`no method ${method}`)); return; }
    const metadata = new grpc.Metadata();
    if (opts.tenant) metadata.set('x-meridian-tenant', opts.tenant);
    (fn as unknown as (req: unknown, md: grpc.Metadata, cb: (e: grpc.ServiceError | null, r: unknown) => void) => void).call(c, req, metadata, (e, r) => (e ? reject(e) : resolve(r as never)));
  });
  const fail = async (method: string, req: Record<string, unknown> = {}): Promise<DecodedError> => {
    try {
      await call(method, req);
    } catch (e) {
      return decodeGrpcError(e as grpc.ServiceError);
    }
    throw new Error(`${method}(${JSON.stringify(req)}) succeeded but was expected to fail`);
  };
  return { call, fail, close: () => c.close() };
}

export const geoClient = (address: string) => client('meridian.geo.v1.GeoService', address);
export const localeClient = (address: string) => client('meridian.locale.v1.LocaleService', address);
export const sentimentClient = (address: string, opts: { tenant?: string } = {}) => client('meridian.sentiment.v1.SentimentService', address, opts);
