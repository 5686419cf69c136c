// Original file: meridian/geo/v1/geo.proto


export interface RegionSummary {
  'countryCode'?: (string);
  'fipsCode'?: (string);
  'hascCode'?: (string);
  'isoCode'?: (string);
  'name'?: (string);
  'admin1Code'?: (string);
  'wikiDataId'?: (string);
  '_fipsCode'?: "fipsCode";
  '_hascCode'?: "hascCode";
  '_isoCode'?: "isoCode";
  '_wikiDataId'?: "wikiDataId";
}

export interface RegionSummary__Output {
  'countryCode': (string);
  'fipsCode'?: (string);
  'hascCode'?: (string);
  'isoCode'?: (string);
  'name': (string);
  'admin1Code': (string);
  'wikiDataId'?: (string);
  '_fipsCode'?: "fipsCode";
  '_hascCode'?: "hascCode";
  '_isoCode'?: "isoCode";
  '_wikiDataId'?: "wikiDataId";
}
