// Original file: meridian/exchange/v1/exchange.proto

import type { ExchangeCall as _meridian_exchange_v1_ExchangeCall, ExchangeCall__Output as _meridian_exchange_v1_ExchangeCall__Output } from '../../../meridian/exchange/v1/ExchangeCall.js';
import type { Long } from '@grpc/proto-loader';

export interface ExchangeRequest {
  'calls'?: (_meridian_exchange_v1_ExchangeCall)[];
  'cancelIds'?: (number | string | Long)[];
}

export interface ExchangeRequest__Output {
  'calls': (_meridian_exchange_v1_ExchangeCall__Output)[];
  'cancelIds': (number)[];
}
