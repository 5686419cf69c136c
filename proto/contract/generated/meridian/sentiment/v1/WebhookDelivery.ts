// Original file: meridian/sentiment/v1/sentiment.proto

import type { WebhookAttempt as _meridian_sentiment_v1_WebhookAttempt, WebhookAttempt__Output as _meridian_sentiment_v1_WebhookAttempt__Output } from '../../../meridian/sentiment/v1/WebhookAttempt.js';

export interface WebhookDelivery {
  'messageId'?: (string);
  'eventType'?: (string);
  'status'?: (string);
  'createdAt'?: (string);
  'nextAttemptAt'?: (string);
  'attempts'?: (_meridian_sentiment_v1_WebhookAttempt)[];
  'payload'?: (string);
  '_nextAttemptAt'?: "nextAttemptAt";
}

export interface WebhookDelivery__Output {
  'messageId': (string);
  'eventType': (string);
  'status': (string);
  'createdAt': (string);
  'nextAttemptAt'?: (string);
  'attempts': (_meridian_sentiment_v1_WebhookAttempt__Output)[];
  'payload': (string);
  '_nextAttemptAt'?: "nextAttemptAt";
}
