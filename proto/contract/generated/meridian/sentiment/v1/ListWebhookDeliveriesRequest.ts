// Original file: meridian/sentiment/v1/sentiment.proto


export interface ListWebhookDeliveriesRequest {
  'id'?: (string);
  'pageSize'?: (number);
  'pageToken'?: (string);
}

export interface ListWebhookDeliveriesRequest__Output {
  'id': (string);
  'pageSize': (number);
  'pageToken': (string);
}
