// Original file: meridian/sentiment/v1/sentiment.proto


export interface ErrorEntry {
  'type'?: (string);
  'message'?: (string);
  'details'?: ({[key: string]: string});
}

export interface ErrorEntry__Output {
  'type': (string);
  'message': (string);
  'details': ({[key: string]: string});
}
