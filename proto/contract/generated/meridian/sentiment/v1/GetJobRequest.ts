// Original file: meridian/sentiment/v1/sentiment.proto


export interface GetJobRequest {
  'id'?: (string);
}

export interface GetJobRequest__Output {
  'id': (string);
}
