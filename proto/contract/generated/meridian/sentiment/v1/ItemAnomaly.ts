// Original file: meridian/sentiment/v1/sentiment.proto


export interface ItemAnomaly {
  'anomalous'?: (boolean);
  'zScore'?: (number | string);
  'baselineItems'?: (number);
  'baselineMedian'?: (number | string);
}

export interface ItemAnomaly__Output {
  'anomalous': (boolean);
  'zScore': (number);
  'baselineItems': (number);
  'baselineMedian': (number);
}
