// Original file: meridian/sentiment/v1/sentiment.proto


export interface GetSentimentMetricsRequest {
}

export interface GetSentimentMetricsRequest__Output {
}
