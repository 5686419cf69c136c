// Original file: meridian/locale/v1/locale.proto


export interface CurrencyDescriptor {
  'code'?: (string);
  'countryCodes'?: (string)[];
  'symbol'?: (string);
  'name'?: (string);
}

export interface CurrencyDescriptor__Output {
  'code': (string);
  'countryCodes': (string)[];
  'symbol': (string);
  'name': (string);
}
