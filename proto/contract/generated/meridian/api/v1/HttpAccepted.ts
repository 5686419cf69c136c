// Original file: meridian/api/v1/presentation.proto


export interface HttpAccepted {
  'location'?: (string);
  'whenField'?: (string);
  'whenValue'?: (string);
  'unlessField'?: (string);
}

export interface HttpAccepted__Output {
  'location': (string);
  'whenField': (string);
  'whenValue': (string);
  'unlessField': (string);
}
