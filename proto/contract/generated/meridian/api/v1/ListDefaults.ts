// Original file: meridian/api/v1/presentation.proto


export interface ListDefaults {
  'limit'?: (number);
  'radius'?: (number | string);
  'distanceUnit'?: (string);
}

export interface ListDefaults__Output {
  'limit': (number);
  'radius': (number);
  'distanceUnit': (string);
}
