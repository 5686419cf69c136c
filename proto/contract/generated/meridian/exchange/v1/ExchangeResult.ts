// Original file: meridian/exchange/v1/exchange.proto

import type { Long } from '@grpc/proto-loader';

export interface ExchangeResult {
  'id'?: (number | string | Long);
  'payload'?: (Buffer | Uint8Array | string);
  'statusCode'?: (number);
  'statusMessage'?: (string);
  'statusDetails'?: (Buffer | Uint8Array | string);
}

export interface ExchangeResult__Output {
  'id': (number);
  'payload': (Buffer);
  'statusCode': (number);
  'statusMessage': (string);
  'statusDetails': (Buffer);
}
