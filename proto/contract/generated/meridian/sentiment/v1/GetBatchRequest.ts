// Original file: meridian/sentiment/v1/sentiment.proto


export interface GetBatchRequest {
  'id'?: (string);
}

export interface GetBatchRequest__Output {
  'id': (string);
}
