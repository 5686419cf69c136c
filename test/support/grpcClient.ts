/** Promise-returning gRPC clients for the tests, with decoded error reasons. */
import * as grpc from '@grpc/grpc-js';
import { clientConstructor } from '../../src/grpc/protos.js';
import { decodeGrpcError, type DecodedError } from '../../src/grpc/status.js';
import type { Role } from '../../src/certificates/certificateAuthority.js';
import { credentialsFor } from './coreTrust.js';

export type Call = <T = Record<string, unknown>>(method: string, req?: Record<string, unknown>) => Promise<T>;

export interface ClientOptions { role?: Role; credentials?: grpc.ChannelCredentials; tenant?: string }
const opts = (o: ClientOptions | Role | undefined): ClientOptions => (typeof o === 'string' ? { role: o } : o ?? {});

/**
 * A client with a certificate of the core's CA: role gateway by default (it may
 * name the tenant in x-meridian-tenant metadata, as the gateway does: `tenant`),
 * or `options.role`, or explicit `options.credentials`.
 */
export function client(service: string, address: string, options: ClientOptions = {}): { call: Call; fail: (method: string, req?: Record<string, unknown>) => Promise<DecodedError>; close: () => void } {
  const Ctor = clientConstructor(service);
  // a loopback IP is checked as 'localhost' (in the core's certificate; TLS server names cannot be IPs)
  const c = new Ctor(address, options.credentials ?? credentialsFor(address, options.role), /^127\./.test(address) ? { 'grpc.ssl_target_name_override': 'localhost' } : {}) as unknown as Record<string, (req: unknown, cb: (e: grpc.ServiceError | null, r: unknown) => void) => void> & grpc.Client;
  const call: Call = (method, req = {}) => new Promise((resolve, reject) => {
    const fn = c[method];
    if (!fn) { reject(new Error(`no method ${method}`)); return; }
    const metadata = new grpc.Metadata();
    if (options.tenant) metadata.set('x-meridian-tenant', options.tenant);
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

export const geoClient = (address: string, o?: ClientOptions | Role) => client('meridian.geo.v1.GeoService', address, opts(o));
export const localeClient = (address: string, o?: ClientOptions | Role) => client('meridian.locale.v1.LocaleService', address, opts(o));
export const sentimentClient = (address: string, o?: ClientOptions | Role) => client('meridian.sentiment.v1.SentimentService', address, opts(o));
export { credentialsFor };
