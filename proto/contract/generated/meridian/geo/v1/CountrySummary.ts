// Original file: meridian/geo/v1/geo.proto


export interface CountrySummary {
  'code'?: (string);
  'currencyCode'?: (string);
  'name'?: (string);
  'currencyCodes'?: (string)[];
  'wikiDataId'?: (string);
  '_wikiDataId'?: "wikiDataId";
}

export interface CountrySummary__Output {
  'code': (string);
  'currencyCode': (string);
  'name': (string);
  'currencyCodes': (string)[];
  'wikiDataId'?: (string);
  '_wikiDataId'?: "wikiDataId";
}
