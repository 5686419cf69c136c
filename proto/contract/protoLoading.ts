/**
 * The one way the contract is loaded, for the core, the gateway, tests and
 * benches alike: camelCase names, enums as names, 64-bit integers as numbers,
 * defaults filled in, and proto3 `optional` presence visible through the
 * synthetic oneofs (`_field: 'field'` when set). The generated types in
 * proto/contract/generated/ are produced with the same options (npm run proto:types).
 */
import { readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import * as protoLoader from '@grpc/proto-loader';
import protobuf from 'protobufjs';
import { projectRoot } from '../../lib/projectRoot.js';

export const PROTO_ROOT = join(projectRoot, 'proto');

/**
 * protobufjs's BufferReader (the reader it picks for a Buffer on Node) cuts a string whose length runs past the
 * end of the message at the end instead of failing (every other read, bytes included, throws): a message whose
 * text claims 1,000 bytes and carries 19 was decoded, analysed and stored. This reader is protobufjs's own with
 * that one read bounded, as its `bytes()` is. It is a subclass that our decoders pass to `Type.decode` (which
 * takes a Reader as well as bytes), not a change to protobufjs: other users of the library in this process keep
 * its behaviour, and every decoder of the contract (below, exchange.ts, the error details) reads with this one.
 */
export class BoundedReader extends protobuf.BufferReader {
  override string(): string {
    const length = this.uint32();
    const start = this.pos;
    const end = start + length;
    if (end > this.len) throw new RangeError(`index out of range: ${start} + ${length} > ${this.len}`);
    this.pos = end;
    return (this.buf as Buffer).toString('utf8', start, end);
  }
}

const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** `type.decode(bytes)` with strings read bounded (BoundedReader). */
export function decodeMessage(type: protobuf.Type, bytes: Uint8Array): protobuf.Message {
  return type.decode(new BoundedReader(asBuffer(bytes)));
}

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

/**
 * The package definition of the whole contract, loaded once per process. proto-loader's deserializers decode
 * with protobufjs's BufferReader, so each one (every method's request and response, every message type's) is
 * replaced by one that decodes the same type of a root loaded with the same options through BoundedReader,
 * and converts it with the same `toObject` options. The second root costs ~35-65 ms once at start
 * (tsx of protoLoader.loadSync against protobuf.Root.loadSync of contractFiles(): 144-219 ms and 35-67 ms).
 */
export function packageDefinition(): protoLoader.PackageDefinition {
  cached ??= withBoundedReaders(protoLoader.loadSync(contractFiles(), LOADER_OPTIONS));
  return cached;
}

type MessageDefinition = protoLoader.MessageTypeDefinition<object, object>;
type MethodDefinition = protoLoader.MethodDefinition<object, object>;

function withBoundedReaders(definition: protoLoader.PackageDefinition): protoLoader.PackageDefinition {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => (isAbsolute(target) || target.startsWith('google/protobuf/') ? target : join(PROTO_ROOT, target));
  root.loadSync(contractFiles(), { keepCase: LOADER_OPTIONS.keepCase });
  root.resolveAll();
  const reader = (type: protobuf.Type) => (bytes: Buffer): object => type.toObject(decodeMessage(type, bytes), LOADER_OPTIONS);
  const message = (def: MessageDefinition, type: protobuf.Type): MessageDefinition => ({ ...def, deserialize: reader(type) });
  const out: protoLoader.PackageDefinition = {};
  for (const [name, def] of Object.entries(definition)) {
    if ('format' in def) {
      out[name] = def.format === 'Protocol Buffer 3 DescriptorProto' ? message(def as MessageDefinition, root.lookupType(name)) : def;
      continue;
    }
    const service = root.lookupService(name);
    const methods: protoLoader.ServiceDefinition = {};
    for (const [methodName, m] of Object.entries(def as protoLoader.ServiceDefinition) as [string, MethodDefinition][]) {
      const rpc = service.methods[m.path.slice(m.path.lastIndexOf('/') + 1)]!;
      const requestType = rpc.resolvedRequestType!;
      const responseType = rpc.resolvedResponseType!;
      methods[methodName] = {
        ...m,
        requestDeserialize: reader(requestType),
        responseDeserialize: reader(responseType),
        requestType: message(m.requestType, requestType),
        responseType: message(m.responseType, responseType),
      };
    }
    out[name] = methods;
  }
  return out;
}
