// Original file: meridian/geo/v1/geo.proto


export interface BatchGetCountriesRequest {
  'countryCodes'?: (string)[];
  'languageCode'?: (string);
  'asciiMode'?: (boolean);
}

export interface BatchGetCountriesRequest__Output {
  'countryCodes': (string)[];
  'languageCode': (string);
  'asciiMode': (boolean);
}
