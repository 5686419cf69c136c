// Original file: meridian/sentiment/v1/sentiment.proto


export interface GetSentimentMetricsResponse {
  'text'?: (string);
}

export interface GetSentimentMetricsResponse__Output {
  'text': (string);
}
