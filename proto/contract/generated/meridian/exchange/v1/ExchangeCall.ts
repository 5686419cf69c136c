// Original file: meridian/exchange/v1/exchange.proto

import type { Long } from '@grpc/proto-loader';

export interface ExchangeCall {
  'id'?: (number | string | Long);
  'method'?: (string);
  'payload'?: (Buffer | Uint8Array | string);
  'tenant'?: (string);
  'timeoutMs'?: (number);
}

export interface ExchangeCall__Output {
  'id': (number);
  'method': (string);
  'payload': (Buffer);
  'tenant': (string);
  'timeoutMs': (number);
}
