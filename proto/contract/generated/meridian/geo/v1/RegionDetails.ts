// Original file: meridian/geo/v1/geo.proto


export interface RegionDetails {
  'capital'?: (string);
  'countryCode'?: (string);
  'fipsCode'?: (string);
  'hascCode'?: (string);
  'isoCode'?: (string);
  'name'?: (string);
  'numCities'?: (number);
  'admin1Code'?: (string);
  'capitalId'?: (number);
  'numPlaces'?: (number);
  'wikiDataId'?: (string);
  '_capital'?: "capital";
  '_fipsCode'?: "fipsCode";
  '_hascCode'?: "hascCode";
  '_isoCode'?: "isoCode";
  '_capitalId'?: "capitalId";
  '_wikiDataId'?: "wikiDataId";
}

export interface RegionDetails__Output {
  'capital'?: (string);
  'countryCode': (string);
  'fipsCode'?: (string);
  'hascCode'?: (string);
  'isoCode'?: (string);
  'name': (string);
  'numCities': (number);
  'admin1Code': (string);
  'capitalId'?: (number);
  'numPlaces': (number);
  'wikiDataId'?: (string);
  '_capital'?: "capital";
  '_fipsCode'?: "fipsCode";
  '_hascCode'?: "hascCode";
  '_isoCode'?: "isoCode";
  '_capitalId'?: "capitalId";
  '_wikiDataId'?: "wikiDataId";
}
