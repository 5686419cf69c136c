// Original file: meridian/sentiment/v1/sentiment.proto


export interface WebhookDeliveriesMetadata {
  'nextPageToken'?: (string);
}

export interface WebhookDeliveriesMetadata__Output {
  'nextPageToken': (string);
}
