/**
 * The contract as the core serves it: services looked up in the one package
 * definition that core, gateway, tests and benches share
 * (proto/contract/protoLoading.ts, one set of loader options).
 */
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { protoPath as healthProtoPath } from 'grpc-health-check';
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

/**
 * The package definition as @grpc/reflection reads it: one entry per distinct
 * list of file descriptors. Its constructor decodes every entry's list, and
 * proto-loader gives all ~190 entries (messages, enums, services) the same
 * list, so the whole definition cost ~250 ms of the core's start (2 × 190
 * decodes of every file) for the same index that one entry per list gives in
 * ~10 ms. The health service (grpc-health-check's proto) is added, so a client that
 * finds methods by reflection finds Health/Check too.
 */
export function reflectionDefinition(): protoLoader.PackageDefinition {
  const seen = new Set<unknown>();
  const out: protoLoader.PackageDefinition = {};
  for (const [name, entry] of Object.entries(packageDefinition())) {
    const files = (entry as { fileDescriptorProtos?: unknown }).fileDescriptorProtos;
    if (seen.has(files)) continue;
    seen.add(files);
    out[name] = entry;
  }
  // grpc.health.v1.Health, so that `grpcurl … grpc.health.v1.Health/Check` finds it as it finds ours
  // (a message's entry carries the file descriptors; a service's does not)
  const health = protoLoader.loadSync(healthProtoPath, { keepCase: true });
  const message = health['grpc.health.v1.HealthCheckRequest'];
  if (message) out['grpc.health.v1.HealthCheckRequest'] = message;
  return out;
}
