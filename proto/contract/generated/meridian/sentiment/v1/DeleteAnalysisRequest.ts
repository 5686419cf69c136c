// Original file: meridian/sentiment/v1/sentiment.proto


export interface DeleteAnalysisRequest {
  'id'?: (string);
}

export interface DeleteAnalysisRequest__Output {
  'id': (string);
}
