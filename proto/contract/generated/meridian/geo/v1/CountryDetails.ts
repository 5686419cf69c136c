// Original file: meridian/geo/v1/geo.proto


export interface CountryDetails {
  'code'?: (string);
  'currencyCode'?: (string);
  'name'?: (string);
  'numRegions'?: (number);
  'currencyCodes'?: (string)[];
  'capital'?: (string);
  'callingCode'?: (string);
  'flag'?: (string);
  'iso3Code'?: (string);
  'geonamesId'?: (number);
  'wikiDataId'?: (string);
  'flagImageUri'?: (string);
  '_wikiDataId'?: "wikiDataId";
}

export interface CountryDetails__Output {
  'code': (string);
  'currencyCode': (string);
  'name': (string);
  'numRegions': (number);
  'currencyCodes': (string)[];
  'capital': (string);
  'callingCode': (string);
  'flag': (string);
  'iso3Code': (string);
  'geonamesId': (number);
  'wikiDataId'?: (string);
  'flagImageUri': (string);
  '_wikiDataId'?: "wikiDataId";
}
