// Original file: meridian/sentiment/v1/sentiment.proto


export interface GetFeedTrendRequest {
  'feedId'?: (string);
  'window'?: (string);
  'from'?: (string);
  'to'?: (string);
}

export interface GetFeedTrendRequest__Output {
  'feedId': (string);
  'window': (string);
  'from': (string);
  'to': (string);
}
