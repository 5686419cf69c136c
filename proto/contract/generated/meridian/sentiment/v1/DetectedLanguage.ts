// Original file: meridian/sentiment/v1/sentiment.proto


export interface DetectedLanguage {
  'code'?: (string);
  'reliable'?: (boolean);
  'trained'?: (boolean);
}

export interface DetectedLanguage__Output {
  'code': (string);
  'reliable': (boolean);
  'trained': (boolean);
}
