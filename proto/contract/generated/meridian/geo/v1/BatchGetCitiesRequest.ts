// Original file: meridian/geo/v1/geo.proto


export interface BatchGetCitiesRequest {
  'cityIds'?: (number)[];
  'languageCode'?: (string);
  'asciiMode'?: (boolean);
}

export interface BatchGetCitiesRequest__Output {
  'cityIds': (number)[];
  'languageCode': (string);
  'asciiMode': (boolean);
}
