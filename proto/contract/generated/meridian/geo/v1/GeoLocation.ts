// Original file: meridian/geo/v1/geo.proto


export interface GeoLocation {
  'latitude'?: (number | string);
  'longitude'?: (number | string);
}

export interface GeoLocation__Output {
  'latitude': (number);
  'longitude': (number);
}
