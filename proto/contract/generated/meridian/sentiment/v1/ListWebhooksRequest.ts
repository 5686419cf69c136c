// Original file: meridian/sentiment/v1/sentiment.proto


export interface ListWebhooksRequest {
}

export interface ListWebhooksRequest__Output {
}
