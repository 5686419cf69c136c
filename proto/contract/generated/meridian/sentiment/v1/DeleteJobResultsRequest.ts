// Original file: meridian/sentiment/v1/sentiment.proto


export interface DeleteJobResultsRequest {
  'id'?: (string);
}

export interface DeleteJobResultsRequest__Output {
  'id': (string);
}
