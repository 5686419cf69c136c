/**
 * The contract as the core serves it: services looked up in the one package
 * definition that core, gateway, tests and benches share
 * (proto/contract/protoLoading.ts, one set of loader options).
 */
import * as grpc from '@grpc/grpc-js';
import { packageDefinition, PROTO_ROOT } from '../../proto/contract/protoLoading.js';

export { packageDefinition, PROTO_ROOT };

export function serviceDefinition(name: string): grpc.ServiceDefinition {
  const def = packageDefinition()[name];
  if (!def || 'format' in def) throw new Error(`no service ${name} in proto/`);
  return def as grpc.ServiceDefinition;
}

/** A client constructor for a service (tests and benchmarks call the core with it). */
export function clientConstructor(name: string): grpc.ServiceClientConstructor {
  return grpc.makeGenericClientConstructor(serviceDefinition(name), name.split('.').pop() ?? name);
}
