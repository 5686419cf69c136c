// Original file: meridian/api/v1/presentation.proto


export interface AnswerCache {
  'maxAgeSeconds'?: (number);
  'clockField'?: (string);
}

export interface AnswerCache__Output {
  'maxAgeSeconds': (number);
  'clockField': (string);
}
