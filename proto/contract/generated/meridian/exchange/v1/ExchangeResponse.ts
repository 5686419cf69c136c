// Original file: meridian/exchange/v1/exchange.proto

import type { ExchangeResult as _meridian_exchange_v1_ExchangeResult, ExchangeResult__Output as _meridian_exchange_v1_ExchangeResult__Output } from '../../../meridian/exchange/v1/ExchangeResult.js';

export interface ExchangeResponse {
  'results'?: (_meridian_exchange_v1_ExchangeResult)[];
}

export interface ExchangeResponse__Output {
  'results': (_meridian_exchange_v1_ExchangeResult__Output)[];
}
