// Original file: meridian/sentiment/v1/sentiment.proto


export interface DeleteFeedRequest {
  'feedId'?: (string);
}

export interface DeleteFeedRequest__Output {
  'feedId': (string);
}
