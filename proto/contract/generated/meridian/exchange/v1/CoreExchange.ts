// Original file: meridian/exchange/v1/exchange.proto

import type * as grpc from '@grpc/grpc-js';
import type { MethodDefinition } from '@grpc/proto-loader';
import type { ExchangeRequest as _meridian_exchange_v1_ExchangeRequest, ExchangeRequest__Output as _meridian_exchange_v1_ExchangeRequest__Output } from '../../../meridian/exchange/v1/ExchangeRequest.js';
import type { ExchangeResponse as _meridian_exchange_v1_ExchangeResponse, ExchangeResponse__Output as _meridian_exchange_v1_ExchangeResponse__Output } from '../../../meridian/exchange/v1/ExchangeResponse.js';

export interface CoreExchangeClient extends grpc.Client {
  Exchange(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_meridian_exchange_v1_ExchangeRequest, _meridian_exchange_v1_ExchangeResponse__Output>;
  Exchange(options?: grpc.CallOptions): grpc.ClientDuplexStream<_meridian_exchange_v1_ExchangeRequest, _meridian_exchange_v1_ExchangeResponse__Output>;
  exchange(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_meridian_exchange_v1_ExchangeRequest, _meridian_exchange_v1_ExchangeResponse__Output>;
  exchange(options?: grpc.CallOptions): grpc.ClientDuplexStream<_meridian_exchange_v1_ExchangeRequest, _meridian_exchange_v1_ExchangeResponse__Output>;
  
}

export interface CoreExchangeHandlers extends grpc.UntypedServiceImplementation {
  Exchange: grpc.handleBidiStreamingCall<_meridian_exchange_v1_ExchangeRequest__Output, _meridian_exchange_v1_ExchangeResponse>;
  
}

export interface CoreExchangeDefinition extends grpc.ServiceDefinition {
  Exchange: MethodDefinition<_meridian_exchange_v1_ExchangeRequest, _meridian_exchange_v1_ExchangeResponse, _meridian_exchange_v1_ExchangeRequest__Output, _meridian_exchange_v1_ExchangeResponse__Output>
}
