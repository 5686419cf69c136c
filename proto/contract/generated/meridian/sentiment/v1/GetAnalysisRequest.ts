// Original file: meridian/sentiment/v1/sentiment.proto


export interface GetAnalysisRequest {
  'id'?: (string);
}

export interface GetAnalysisRequest__Output {
  'id': (string);
}
