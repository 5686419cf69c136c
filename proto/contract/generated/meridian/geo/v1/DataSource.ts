// Original file: meridian/geo/v1/geo.proto


export interface DataSource {
  'name'?: (string);
  'package'?: (string);
  'version'?: (string);
  'licence'?: (string);
  'attribution'?: (string);
}

export interface DataSource__Output {
  'name': (string);
  'package': (string);
  'version': (string);
  'licence': (string);
  'attribution': (string);
}
