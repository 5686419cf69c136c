// Original file: meridian/sentiment/v1/sentiment.proto


export interface CancelJobRequest {
  'id'?: (string);
}

export interface CancelJobRequest__Output {
  'id': (string);
}
