/**
 * The gateway's view of the contract in proto/, loaded once at start-up:
 * - `definition`: @grpc/proto-loader's package definition (client stubs, and
 *   the `(google.api.http)` method options the REST routes are compiled from);
 * - `root`: protobufjs reflection with the original snake_case names and the
 *   comments (field types for request binding, schemas, OpenAPI descriptions).
 * Every `meridian/<capability>/v<N>/*.proto` is picked up, so a new service
 * gets its routes from its annotations alone.
 */
import { isAbsolute, join } from 'node:path';
import type * as protoLoader from '@grpc/proto-loader';
import protobuf from 'protobufjs';
import { contractFiles, packageDefinition, PROTO_ROOT } from '../proto/contract/protoLoading.js';

export { PROTO_ROOT };

export interface ServiceInfo {
  /** Fully qualified name, e.g. meridian.geo.v1.GeoService. */
  name: string;
  /** The capability the service belongs to (second package segment: geo, locale, sentiment). */
  capability: string;
  reflection: protobuf.Service;
  definition: protoLoader.ServiceDefinition;
}

export interface ProtoCatalog {
  files: string[];
  root: protobuf.Root;
  definition: protoLoader.PackageDefinition;
  services: ServiceInfo[];
}

export function loadProtoCatalog(): ProtoCatalog {
  const files = contractFiles();
  const definition = packageDefinition();
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => (isAbsolute(target) || target.startsWith('google/protobuf/') ? target : join(PROTO_ROOT, target));
  root.loadSync(files, { keepCase: true, alternateCommentMode: true });
  root.resolveAll();
  const services: ServiceInfo[] = [];
  for (const [name, def] of Object.entries(definition)) {
    if ('format' in def || !name.startsWith('meridian.')) continue;
    const reflection = root.lookupService(name);
    services.push({ name, capability: name.split('.')[1] ?? name, reflection, definition: def as protoLoader.ServiceDefinition });
  }
  return { files, root, definition, services };
}
