/**
 * The gateway's only way to the core: one long-lived gRPC channel (loopback
 * TCP or a Unix socket) shared by a client per service. Failures come back as
 * HttpError through the one error table, with the core's message and reason
 * (google.rpc.Status + ErrorInfo in grpc-status-details-bin).
 */
import * as grpc from '@grpc/grpc-js';
import type * as protoLoader from '@grpc/proto-loader';
import type protobuf from 'protobufjs';
import type { ProtoCatalog } from './protoCatalog.js';
import { HttpError, mapCoreError } from './rest/httpError.js';

export interface UnaryMethod {
  path: string;
  serialize: (value: object) => Buffer;
  deserialize: (bytes: Buffer) => Record<string, unknown>;
}

export class CoreClient {
  private readonly channel: grpc.Channel;
  private readonly client: grpc.Client;
  private readonly statusType: protobuf.Type;
  private readonly errorInfoType: protobuf.Type;
  private readonly healthMethod: UnaryMethod;

  constructor(readonly address: string, catalog: ProtoCatalog, private readonly timeoutMs: number) {
    this.channel = new grpc.Channel(address, grpc.credentials.createInsecure(), {
      'grpc.keepalive_time_ms': 30_000,
      'grpc.max_receive_message_length': 16 * 1024 * 1024,
    });
    this.client = new grpc.Client(address, grpc.credentials.createInsecure(), { channelOverride: this.channel });
    this.statusType = catalog.root.lookupType('google.rpc.Status');
    this.errorInfoType = catalog.root.lookupType('google.rpc.ErrorInfo');
    // grpc.health.v1: HealthCheckRequest{service=1}, HealthCheckResponse{status=1 (1 = SERVING)}
    this.healthMethod = {
      path: '/grpc.health.v1.Health/Check',
      serialize: () => Buffer.alloc(0),
      deserialize: (b) => ({ status: b.length >= 2 && b[0] === 0x08 ? b[1] : 0 }),
    };
  }

  /** The unary method of a service, from the package definition (no per-request lookups). */
  static method(def: protoLoader.MethodDefinition<object, object>): UnaryMethod {
    return {
      path: def.path,
      serialize: def.requestSerialize as (v: object) => Buffer,
      deserialize: def.responseDeserialize as (b: Buffer) => Record<string, unknown>,
    };
  }

  call(method: UnaryMethod, request: object, metadata?: grpc.Metadata): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      this.client.makeUnaryRequest(method.path, method.serialize, method.deserialize, request, metadata ?? new grpc.Metadata(),
        { deadline: Date.now() + this.timeoutMs },
        (err, value) => (err ? reject(this.toHttpError(err)) : resolve(value as Record<string, unknown>)));
    });
  }

  /** True when the core answers its health check with SERVING within the time given. */
  async healthy(timeoutMs = 1000): Promise<boolean> {
    return new Promise((resolve) => {
      this.client.makeUnaryRequest(this.healthMethod.path, this.healthMethod.serialize, this.healthMethod.deserialize, {}, new grpc.Metadata(),
        { deadline: Date.now() + timeoutMs }, (err, value) => resolve(!err && (value as { status: number }).status === 1));
    });
  }

  toHttpError(err: grpc.ServiceError): HttpError {
    let reason: string | undefined;
    const bin = err.metadata?.get('grpc-status-details-bin')[0];
    if (bin instanceof Buffer) {
      try {
        const st = this.statusType.toObject(this.statusType.decode(bin)) as { details?: { type_url: string; value: Uint8Array }[] };
        for (const d of st.details ?? []) {
          if (d.type_url.endsWith('google.rpc.ErrorInfo')) reason = (this.errorInfoType.toObject(this.errorInfoType.decode(d.value)) as { reason?: string }).reason;
        }
      } catch { /* a malformed trailer leaves the status code alone to decide */ }
    }
    return mapCoreError(err.code, reason, err.details || err.message);
  }

  close(): void {
    this.client.close();
    this.channel.close();
  }
}
