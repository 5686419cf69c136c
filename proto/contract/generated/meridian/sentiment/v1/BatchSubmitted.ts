// Original file: meridian/sentiment/v1/sentiment.proto


export interface BatchSubmitted {
  'batchId'?: (string);
  'total'?: (number);
}

export interface BatchSubmitted__Output {
  'batchId': (string);
  'total': (number);
}
