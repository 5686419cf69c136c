import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from './google/protobuf/Any.js';
import type { BadRequest as _google_rpc_BadRequest, BadRequest__Output as _google_rpc_BadRequest__Output } from './google/rpc/BadRequest.js';
import type { ErrorInfo as _google_rpc_ErrorInfo, ErrorInfo__Output as _google_rpc_ErrorInfo__Output } from './google/rpc/ErrorInfo.js';
import type { Status as _google_rpc_Status, Status__Output as _google_rpc_Status__Output } from './google/rpc/Status.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  google: {
    protobuf: {
      Any: MessageTypeDefinition<_google_protobuf_Any, _google_protobuf_Any__Output>
    }
    rpc: {
      BadRequest: MessageTypeDefinition<_google_rpc_BadRequest, _google_rpc_BadRequest__Output>
      ErrorInfo: MessageTypeDefinition<_google_rpc_ErrorInfo, _google_rpc_ErrorInfo__Output>
      Status: MessageTypeDefinition<_google_rpc_Status, _google_rpc_Status__Output>
    }
  }
}

