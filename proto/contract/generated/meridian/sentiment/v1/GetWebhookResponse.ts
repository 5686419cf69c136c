// Original file: meridian/sentiment/v1/sentiment.proto

import type { Webhook as _meridian_sentiment_v1_Webhook, Webhook__Output as _meridian_sentiment_v1_Webhook__Output } from '../../../meridian/sentiment/v1/Webhook.js';

export interface GetWebhookResponse {
  'data'?: (_meridian_sentiment_v1_Webhook | null);
}

export interface GetWebhookResponse__Output {
  'data': (_meridian_sentiment_v1_Webhook__Output | null);
}
