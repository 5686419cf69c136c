// Original file: meridian/sentiment/v1/sentiment.proto


export interface CreateWebhookRequest {
  'url'?: (string);
  'eventTypes'?: (string)[];
  'description'?: (string);
}

export interface CreateWebhookRequest__Output {
  'url': (string);
  'eventTypes': (string)[];
  'description': (string);
}
