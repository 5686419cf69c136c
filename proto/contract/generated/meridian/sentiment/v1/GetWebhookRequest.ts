// Original file: meridian/sentiment/v1/sentiment.proto


export interface GetWebhookRequest {
  'id'?: (string);
}

export interface GetWebhookRequest__Output {
  'id': (string);
}
