/**
 * Where the core's services are added: each unary method of the contract
 * becomes a CoreMethod (its messages' coding from the contract's one loading,
 * its typed handler), served by both transports: grpc-js (grpcAdapter.ts) and
 * the CoreExchange stream (exchange.ts, which finds it here by path). Every
 * service but health is behind authentication (authentication.ts).
 */
import type * as grpc from '@grpc/grpc-js';
import protobuf from 'protobufjs';
import type { Authenticator } from './authentication.js';
import type { Handler, ServiceHandlers, StreamHandler } from './callContext.js';
import type { CoreMethod } from './callRunner.js';
import { guardGrpcHandler, passThroughDefinition, streamHandler, tolerantDeserialize, unaryHandler } from './grpcAdapter.js';

export class ServiceRegistry {
  private readonly methods = new Map<string, CoreMethod>();

  constructor(readonly server: grpc.Server, readonly auth: Authenticator) {}

  /** A service of the contract, typed by its generated interface (e.g. `add<GeoServiceHandlers>(…)`). */
  add<H>(service: grpc.ServiceDefinition, handlers: ServiceHandlers<H>): void {
    const byName = handlers as Record<string, Handler<unknown, unknown> | StreamHandler<unknown, unknown> | undefined>;
    const served: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
    const implementation: grpc.UntypedServiceImplementation = {};
    for (const [name, definition] of Object.entries(service) as [string, grpc.MethodDefinition<unknown, unknown>][]) {
      const handler = byName[name];
      if (!handler) throw new Error(`${definition.path} has no handler`);
      if (definition.requestStream !== definition.responseStream) throw new Error(`${definition.path}: only unary and bidirectional methods are served`);
      if (definition.requestStream) {
        served[name] = { ...definition, requestDeserialize: tolerantDeserialize(definition.requestDeserialize) };
        implementation[name] = streamHandler(definition.path, handler as StreamHandler<unknown, unknown>, this.auth);
        continue;
      }
      const method: CoreMethod = {
        path: definition.path,
        decode: definition.requestDeserialize,
        encode: definition.responseSerialize,
        handler: handler as Handler<unknown, unknown>,
      };
      this.methods.set(method.path, method);
      served[name] = passThroughDefinition(definition);
      implementation[name] = unaryHandler(method, this.auth);
    }
    this.server.addService(served as grpc.ServiceDefinition, implementation);
  }

  /** A service with grpc-js handlers of its own (reflection): authenticated, not offered on the exchange. */
  addGrpcService(service: grpc.ServiceDefinition, implementation: grpc.UntypedServiceImplementation): void {
    this.addGuarded(service, implementation, this.auth);
  }

  /**
   * A service every peer may call, certificate or not (health): no authentication, not on the exchange. Its library's
   * decoder (protobufjs's BufferReader) cuts a string that runs past the message's end instead of failing, so the
   * request's framing is checked first (checkWireFraming): "0a ff ff ff ff 0f" was answered SERVING.
   */
  addOpenService(service: grpc.ServiceDefinition, implementation: grpc.UntypedServiceImplementation): void {
    this.addGuarded(service, implementation, null, true);
  }

  private addGuarded(service: grpc.ServiceDefinition, implementation: grpc.UntypedServiceImplementation, auth: Authenticator | null, checkFraming = false): void {
    const served: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
    const guarded: grpc.UntypedServiceImplementation = {};
    for (const [name, definition] of Object.entries(service) as [string, grpc.MethodDefinition<unknown, unknown>][]) {
      const decode = definition.requestDeserialize;
      const framed = checkFraming ? (bytes: Buffer) => { checkWireFraming(bytes); return decode(bytes); } : decode;
      // a request that does not decode reaches the guard as MALFORMED (INVALID_ARGUMENT), not grpc-js's INTERNAL
      served[name] = { ...definition, requestDeserialize: tolerantDeserialize(framed) };
      // grpc-js accepts a handler under the method's name or its camelCase originalName
      const key = implementation[name] ? name : definition.originalName;
      const handler = key ? implementation[key] as (call: unknown, callback?: unknown) => void : undefined;
      if (!handler || !key) continue;
      guarded[key] = guardGrpcHandler(definition.path, definition.requestStream, auth, (call, _identity, callback) => handler(call, callback));
    }
    this.server.addService(served as grpc.ServiceDefinition, guarded);
  }

  /** A unary method of the contract by its path (the exchange's calls name it). */
  method(path: string): CoreMethod | undefined {
    return this.methods.get(path);
  }
}

/**
 * Throws unless `bytes` is a sequence of well-framed protobuf fields: every tag's wire type known (groups are not used
 * by proto3) and every varint, fixed-width value and length-delimited run within the bytes. The fields' own contents
 * are the decoder's to check.
 */
export function checkWireFraming(bytes: Uint8Array): void {
  // protobufjs's own reader skips each field, and throws where a varint or a field runs past the end
  const r = protobuf.Reader.create(bytes);
  while (r.pos < r.len) {
    const tag = r.uint32();
    const type = tag & 7;
    if (tag >>> 3 === 0) throw new RangeError('field number 0');
    if (type !== 0 && type !== 1 && type !== 2 && type !== 5) throw new RangeError(`wire type ${type} is not used by this contract`);
    r.skipType(type);
  }
}
