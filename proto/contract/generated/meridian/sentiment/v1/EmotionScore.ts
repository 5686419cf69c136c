// Original file: meridian/sentiment/v1/sentiment.proto


export interface EmotionScore {
  'emotion'?: (string);
  'score'?: (number | string);
}

export interface EmotionScore__Output {
  'emotion': (string);
  'score': (number);
}
