// Original file: meridian/sentiment/v1/sentiment.proto

import type { WebhookDelivery as _meridian_sentiment_v1_WebhookDelivery, WebhookDelivery__Output as _meridian_sentiment_v1_WebhookDelivery__Output } from '../../../meridian/sentiment/v1/WebhookDelivery.js';
import type { WebhookDeliveriesMetadata as _meridian_sentiment_v1_WebhookDeliveriesMetadata, WebhookDeliveriesMetadata__Output as _meridian_sentiment_v1_WebhookDeliveriesMetadata__Output } from '../../../meridian/sentiment/v1/WebhookDeliveriesMetadata.js';

export interface ListWebhookDeliveriesResponse {
  'data'?: (_meridian_sentiment_v1_WebhookDelivery)[];
  'metadata'?: (_meridian_sentiment_v1_WebhookDeliveriesMetadata | null);
}

export interface ListWebhookDeliveriesResponse__Output {
  'data': (_meridian_sentiment_v1_WebhookDelivery__Output)[];
  'metadata': (_meridian_sentiment_v1_WebhookDeliveriesMetadata__Output | null);
}
