// Original file: meridian/api/v1/presentation.proto


export interface RestText {
  'replace'?: (string);
  'by'?: (string);
}

export interface RestText__Output {
  'replace': (string);
  'by': (string);
}
