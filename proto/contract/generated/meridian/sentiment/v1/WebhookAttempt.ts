// Original file: meridian/sentiment/v1/sentiment.proto

import type { Long } from '@grpc/proto-loader';

export interface WebhookAttempt {
  'at'?: (string);
  'statusCode'?: (number);
  'error'?: (string);
  'durationMs'?: (number | string | Long);
}

export interface WebhookAttempt__Output {
  'at': (string);
  'statusCode': (number);
  'error': (string);
  'durationMs': (number);
}
