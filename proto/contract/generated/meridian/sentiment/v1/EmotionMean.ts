// Original file: meridian/sentiment/v1/sentiment.proto


export interface EmotionMean {
  'emotion'?: (string);
  'mean'?: (number | string);
}

export interface EmotionMean__Output {
  'emotion': (string);
  'mean': (number);
}
