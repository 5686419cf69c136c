// Original file: meridian/locale/v1/locale.proto


export interface LanguageDescriptor {
  'code'?: (string);
  'name'?: (string);
  'displaySupported'?: (boolean);
}

export interface LanguageDescriptor__Output {
  'code': (string);
  'name': (string);
  'displaySupported': (boolean);
}
