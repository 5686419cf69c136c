// Original file: meridian/sentiment/v1/sentiment.proto


export interface ListFeedAnomaliesRequest {
  'feedId'?: (string);
  'window'?: (string);
  'from'?: (string);
  'to'?: (string);
}

export interface ListFeedAnomaliesRequest__Output {
  'feedId': (string);
  'window': (string);
  'from': (string);
  'to': (string);
}
