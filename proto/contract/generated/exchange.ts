import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CoreExchangeClient as _meridian_exchange_v1_CoreExchangeClient, CoreExchangeDefinition as _meridian_exchange_v1_CoreExchangeDefinition } from './meridian/exchange/v1/CoreExchange.js';
import type { ExchangeCall as _meridian_exchange_v1_ExchangeCall, ExchangeCall__Output as _meridian_exchange_v1_ExchangeCall__Output } from './meridian/exchange/v1/ExchangeCall.js';
import type { ExchangeRequest as _meridian_exchange_v1_ExchangeRequest, ExchangeRequest__Output as _meridian_exchange_v1_ExchangeRequest__Output } from './meridian/exchange/v1/ExchangeRequest.js';
import type { ExchangeResponse as _meridian_exchange_v1_ExchangeResponse, ExchangeResponse__Output as _meridian_exchange_v1_ExchangeResponse__Output } from './meridian/exchange/v1/ExchangeResponse.js';
import type { ExchangeResult as _meridian_exchange_v1_ExchangeResult, ExchangeResult__Output as _meridian_exchange_v1_ExchangeResult__Output } from './meridian/exchange/v1/ExchangeResult.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  meridian: {
    exchange: {
      v1: {
        CoreExchange: SubtypeConstructor<typeof grpc.Client, _meridian_exchange_v1_CoreExchangeClient> & { service: _meridian_exchange_v1_CoreExchangeDefinition }
        ExchangeCall: MessageTypeDefinition<_meridian_exchange_v1_ExchangeCall, _meridian_exchange_v1_ExchangeCall__Output>
        ExchangeRequest: MessageTypeDefinition<_meridian_exchange_v1_ExchangeRequest, _meridian_exchange_v1_ExchangeRequest__Output>
        ExchangeResponse: MessageTypeDefinition<_meridian_exchange_v1_ExchangeResponse, _meridian_exchange_v1_ExchangeResponse__Output>
        ExchangeResult: MessageTypeDefinition<_meridian_exchange_v1_ExchangeResult, _meridian_exchange_v1_ExchangeResult__Output>
      }
    }
  }
}

