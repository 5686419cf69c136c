/**
 * meridian.exchange.v1.CoreExchange: unary calls carried over one long-lived
 * stream (see proto/meridian/exchange/v1/exchange.proto for why). Every
 * service the core adds is recorded here by method path, and each exchanged
 * call runs the very handler a unary call would, with the same statuses.
 */
import * as grpc from '@grpc/grpc-js';
import { logger } from '../log.js';
import { serviceDefinition } from './protos.js';
import { IDENTITY, identityOf, TENANT_METADATA } from './caller.js';
import type { Authenticator } from './authentication.js';
import { isServiceError, ServiceError } from '../errors.js';
import { toGrpcError } from './status.js';
import { Batching } from '../../proto/contract/batching.js';
import { EXCHANGE_MESSAGE_ITEMS } from '../../proto/contract/exchange.js';

interface UnaryEntry {
  definition: grpc.MethodDefinition<unknown, unknown>;
  handler: grpc.handleUnaryCall<unknown, unknown>;
}

interface ExchangeCall { id: number; method: string; payload: Buffer; tenant?: string }
interface ExchangeResult { id: number; payload?: Buffer; statusCode?: number; statusMessage?: string; statusDetails?: Buffer }
interface ExchangeRequest { calls: ExchangeCall[] }
interface ExchangeResponse { results: ExchangeResult[] }

/**
 * Adds services to the gRPC server, each handler behind authentication (the
 * caller's identity is on the call before the handler runs; see caller.ts),
 * and remembers their unary handlers for the exchange. Only health is added
 * to the server directly, unauthenticated.
 */
export class ServiceRegistry {
  private readonly unary = new Map<string, UnaryEntry>();

  constructor(readonly server: grpc.Server, private readonly auth: Authenticator) {}

  /** The caller of a connection, asked again (a certificate revoked while its stream stays open is refused from then on). */
  identify(call: { getAuthContext?: () => { sslPeerCertificate?: unknown } | null }): ReturnType<Authenticator['identify']> {
    return this.auth.identify(call);
  }

  addService(service: grpc.ServiceDefinition, implementation: grpc.UntypedServiceImplementation): void {
    const guarded: grpc.UntypedServiceImplementation = {};
    const tolerant: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
    for (const [name, definition] of Object.entries(service)) {
      // a request that does not decode reaches the guard as MALFORMED (INVALID_ARGUMENT), not grpc-js's INTERNAL
      tolerant[name] = { ...definition, requestDeserialize: tolerantDeserialize(definition.requestDeserialize) };
      // grpc-js accepts a handler under the method's name or its camelCase originalName
      const key = implementation[name] ? name : definition.originalName;
      const handler = key ? implementation[key] : undefined;
      if (!handler || !key) continue;
      guarded[key] = this.guard(definition, handler);
      if (!definition.requestStream && !definition.responseStream) {
        this.unary.set(definition.path, { definition: definition as grpc.MethodDefinition<unknown, unknown>, handler: handler as grpc.handleUnaryCall<unknown, unknown> });
      }
    }
    this.server.addService(tolerant as grpc.ServiceDefinition, guarded);
  }

  /** The handler behind authentication: an unauthenticated call ends UNAUTHENTICATED before the handler sees it. */
  private guard(definition: grpc.MethodDefinition<unknown, unknown>, handler: grpc.UntypedHandleCall): grpc.UntypedHandleCall {
    const auth = this.auth;
    const identify = (call: object & { getAuthContext?: () => { sslPeerCertificate?: unknown } | null }) => {
      const id = auth.identify(call);
      if (isServiceError(id)) return toGrpcError(id);
      (call as { [IDENTITY]?: unknown })[IDENTITY] = id;
      return undefined;
    };
    const path = definition.path;
    if (!definition.responseStream && !definition.requestStream) {
      const h = handler as grpc.handleUnaryCall<unknown, unknown>;
      return ((call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
        const refused = identify(call);
        if (refused) { callback(refused as grpc.ServerErrorResponse); return; }
        if (isMalformed(call.request)) { callback(malformedError(path, call.request) as grpc.ServerErrorResponse); return; }
        h(call, callback);
      }) as grpc.UntypedHandleCall;
    }
    const h = handler as (call: object, callback?: unknown) => void;
    return ((call: grpc.ServerDuplexStream<unknown, unknown>, callback?: grpc.sendUnaryData<unknown>) => {
      const refused = identify(call);
      if (refused) {
        if (callback) callback(refused as grpc.ServerErrorResponse);
        else call.emit('error', refused);
        return;
      }
      if (definition.requestStream) {
        // a message that does not decode ends the stream INVALID_ARGUMENT before the handler sees it
        const push = call.push.bind(call);
        call.push = (chunk: unknown) => {
          if (!isMalformed(chunk)) return push(chunk);
          const err = malformedError(path, chunk);
          if (callback) callback(err as grpc.ServerErrorResponse); else call.emit('error', err);
          return false;
        };
      }
      h(call, callback);
    }) as grpc.UntypedHandleCall;
  }

  get(path: string): UnaryEntry | undefined {
    return this.unary.get(path);
  }
}

const MALFORMED = Symbol('malformed request');
interface Malformed { [MALFORMED]: string }

function tolerantDeserialize(deserialize: (b: Buffer) => unknown): (b: Buffer) => unknown {
  return (bytes) => {
    try { return deserialize(bytes); } catch (e) { return { [MALFORMED]: e instanceof Error ? e.message : String(e) } satisfies Malformed; }
  };
}

function isMalformed(v: unknown): v is Malformed {
  return typeof v === 'object' && v !== null && MALFORMED in v;
}

function malformedError(path: string, m: Malformed): Partial<grpc.StatusObject> {
  return toGrpcError(new ServiceError(grpc.status.INVALID_ARGUMENT, 'PARAM_INVALID', `the request for ${path} is not a valid protobuf message: ${m[MALFORMED].slice(0, 200)}`));
}


export function addExchangeService(registry: ServiceRegistry): void {
  const exchange: grpc.handleBidiStreamingCall<ExchangeRequest, ExchangeResponse> = (stream) => {
    // authenticated once for the stream (ServiceRegistry); every exchanged call is that peer's
    const identity = identityOf(stream);
    let open = true;
    /**
     * Results finished in one turn of the event loop go back together, in
     * messages of at most EXCHANGE_MESSAGE_ITEMS so that the gateway can start
     * on the first answers while the core computes the rest.
     */
    const results = new Batching<ExchangeResult>((batch) => {
      if (open && !stream.destroyed) stream.write({ results: batch });
    }, { maxItems: EXCHANGE_MESSAGE_ITEMS });
    const reply = (r: ExchangeResult) => results.add(r);
    stream.on('data', (message: ExchangeRequest) => { for (const req of message.calls ?? []) run(req); });
    const run = (req: ExchangeCall) => {
      // every exchanged call is checked against revocations, as a unary call would be
      const current = registry.identify(stream);
      if (isServiceError(current)) {
        reply({ id: req.id, statusCode: current.code, statusMessage: current.message });
        return;
      }
      const entry = registry.get(req.method);
      if (!entry) {
        reply({ id: req.id, statusCode: grpc.status.UNIMPLEMENTED, statusMessage: `no unary method ${req.method.slice(0, 200)} in the core` });
        return;
      }
      let request: unknown;
      try {
        request = entry.definition.requestDeserialize(req.payload);
      } catch (e) {
        reply({ id: req.id, statusCode: grpc.status.INVALID_ARGUMENT, statusMessage: `the request for ${req.method} could not be decoded: ${e instanceof Error ? e.message : String(e)}` });
        return;
      }
      let metadata = stream.metadata;
      if (req.tenant) { metadata = stream.metadata.clone(); metadata.set(TENANT_METADATA, req.tenant); }
      const call = {
        request, metadata, getPath: () => req.method, cancelled: false,
        getAuthContext: () => stream.getAuthContext(), [IDENTITY]: identity,
      } as unknown as grpc.ServerUnaryCall<unknown, unknown>;
      entry.handler(call, (err, value) => {
        if (err) {
          const bin = err.metadata?.get('grpc-status-details-bin')[0];
          reply({ id: req.id, statusCode: err.code ?? grpc.status.UNKNOWN, statusMessage: err.details ?? ('message' in err ? String(err.message) : ''), statusDetails: bin instanceof Buffer ? bin : undefined });
          return;
        }
        try {
          reply({ id: req.id, statusCode: grpc.status.OK, payload: entry.definition.responseSerialize(value) });
        } catch (e) {
          logger.error({ err: e, path: req.method }, 'response could not be encoded');
          reply({ id: req.id, statusCode: grpc.status.INTERNAL, statusMessage: 'internal error; the core logged the details' });
        }
      });
    };
    stream.on('end', () => { open = false; stream.end(); });
    stream.on('error', () => { open = false; });
    stream.on('cancelled', () => { open = false; });
  };
  registry.addService(serviceDefinition('meridian.exchange.v1.CoreExchange'), { Exchange: exchange as grpc.UntypedHandleCall });
}
