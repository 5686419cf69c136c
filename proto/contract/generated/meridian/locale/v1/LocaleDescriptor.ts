// Original file: meridian/locale/v1/locale.proto


export interface LocaleDescriptor {
  'code'?: (string);
  'name'?: (string);
}

export interface LocaleDescriptor__Output {
  'code': (string);
  'name': (string);
}
