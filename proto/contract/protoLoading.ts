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
import protobuf from 'protobufjs';
import { projectRoot } from './projectRoot.js';

export const PROTO_ROOT = join(projectRoot, 'proto');

/**
 * protobufjs reads a string field on Node with its BufferReader, which cuts a string whose length runs past the
 * end of the message at the end instead of failing (every other reader, bytes included, throws): a message
 * whose text claims 1,000 bytes and carries 19 was decoded, analysed and stored. The same read, bounded.
 * Loaded with the contract, so every decoder of the core and the gateway reads strings this way.
 */
interface StringReader { pos: number; len: number; buf: Buffer & { utf8Slice?: (start: number, end: number) => string }; uint32(): number }
(protobuf.BufferReader.prototype as unknown as { string(this: StringReader): string }).string = function boundedString(this: StringReader): string {
  const length = this.uint32();
  const end = this.pos + length;
  if (end > this.len) throw new RangeError(`index out of range: ${this.pos} + ${length} > ${this.len}`);
  const start = this.pos;
  this.pos = end;
  return this.buf.utf8Slice ? this.buf.utf8Slice(start, end) : this.buf.toString('utf8', start, end);
};

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
