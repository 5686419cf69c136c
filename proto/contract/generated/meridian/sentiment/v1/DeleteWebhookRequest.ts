// Original file: meridian/sentiment/v1/sentiment.proto


export interface DeleteWebhookRequest {
  'id'?: (string);
}

export interface DeleteWebhookRequest__Output {
  'id': (string);
}
