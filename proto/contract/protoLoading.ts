/**
 * The one way the contract is loaded, for the core, the gateway, tests and
 * benches alike: camelCase names, enums as names, 64-bit integers as numbers,
 * defaults filled in, and proto3 `optional` presence visible through the
 * synthetic oneofs (`_field: 'field'` when set). The generated types in
 * proto/contract/types/ are produced with the same options (npm run proto:types).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as protoLoader from '@grpc/proto-loader';
import { projectRoot } from './projectRoot.js';

export const PROTO_ROOT = join(projectRoot, 'proto');

export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: false,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
};

/** Every `meridian/<capability>/v<N>/*.proto`, so a new service is picked up by its file alone; plus the error details. */
export function contractFiles(dir = join(PROTO_ROOT, 'meridian')): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...contractFiles(p));
    else if (name.endsWith('.proto')) out.push(relative(PROTO_ROOT, p));
  }
  return dir === join(PROTO_ROOT, 'meridian') ? [...out, 'google/rpc/error_details.proto'] : out;
}

let cached: protoLoader.PackageDefinition | undefined;

/** The package definition of the whole contract, loaded once per process. */
export function packageDefinition(): protoLoader.PackageDefinition {
  cached ??= protoLoader.loadSync(contractFiles(), LOADER_OPTIONS);
  return cached;
}
