// Original file: meridian/locale/v1/locale.proto


export interface TimeZoneDescriptor {
  'id'?: (string);
  'name'?: (string);
  'rawUtcOffsetHours'?: (number | string);
  'utcOffsetHours'?: (number | string);
  'countryCodes'?: (string)[];
}

export interface TimeZoneDescriptor__Output {
  'id': (string);
  'name': (string);
  'rawUtcOffsetHours': (number);
  'utcOffsetHours': (number);
  'countryCodes': (string)[];
}
