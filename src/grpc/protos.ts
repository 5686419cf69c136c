/**
 * Loads the contract in proto/ once. The same options serve the core, the
 * tests and (by its own copy of these few lines) the gateway: camelCase JSON
 * names, enums as names, 64-bit integers as numbers, defaults filled in, and
 * proto3 `optional` presence visible through the synthetic oneofs.
 */
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { projectRoot } from '../paths.js';

export const PROTO_ROOT = join(projectRoot, 'proto');

export const PROTO_FILES = ['meridian/geo/v1/geo.proto', 'meridian/locale/v1/locale.proto', 'meridian/exchange/v1/exchange.proto', 'meridian/sentiment/v1/sentiment.proto', 'meridian/certificates/v1/certificates.proto', 'google/rpc/error_details.proto'];

export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: false,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
};

let cached: protoLoader.PackageDefinition | undefined;

export function packageDefinition(): protoLoader.PackageDefinition {
  cached ??= protoLoader.loadSync(PROTO_FILES, LOADER_OPTIONS);
  return cached;
}

export function serviceDefinition(name: string): grpc.ServiceDefinition {
  const def = packageDefinition()[name];
  if (!def || 'format' in def) throw new Error(`no service ${name} in proto/`);
  return def as grpc.ServiceDefinition;
}

/** A client constructor for a service (tests and benchmarks call the core with it). */
export function clientConstructor(name: string): grpc.ServiceClientConstructor {
  return grpc.makeGenericClientConstructor(serviceDefinition(name), name.split('.').pop() ?? name);
}
