/**
 * Countries and regions held in memory for rendering places (a page of cities
 * names each one's country and region in the caller's language), loaded once
 * from the geo database. Listing and searching countries and regions is done
 * in SQL (geoQueries.ts); this is only the lookup side.
 */
import type { ConnectionPool } from '../db/duckdb.js';
import { invalid } from '../errors.js';
import { DISPLAY_LANGUAGES, type DisplayLanguage } from './languages.js';

export interface Region {
  countryCode: string;
  admin1Code: string;
  isoCode: string | null;
  fipsCode: string | null;
  names: Map<string, string>;
  geonamesId: number | null;
  capitalId: number | null;
  numCities: number;
  numPlaces: number;
  wikiDataId: string | null;
  hascCode: string | null;
  /** Natural Earth label point, where the region matched it. */
  latitude: number | null;
  longitude: number | null;
}

export interface Country {
  code: string;
  iso3: string;
  names: Map<string, string>;
  capital: string | null;
  callingCode: string | null;
  currencyCodes: string[];
  geonamesId: number | null;
  flag: string;
  numRegions: number;
  wikiDataId: string | null;
  /** The flag as a data URI (SVG), or '' when there is none. */
  flagImageUri: string;
  /** ISO 3166's English short name where it differs from the English name ("United States of America"): a namePrefix matches it too. */
  isoName: string | null;
}

export interface Display { language: DisplayLanguage; ascii: boolean }

const SPECIAL_ASCII: Record<string, string> = {
  ß: 'ss', ẞ: 'SS', ł: 'l', Ł: 'L', ø: 'o', Ø: 'O', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', đ: 'd', Đ: 'D', ð: 'd', Ð: 'D',
  þ: 'th', Þ: 'Th', ı: 'i', ħ: 'h', Ħ: 'H', ŧ: 't', Ŧ: 'T', ŋ: 'n', Ŋ: 'N', '’': "'", '‘': "'", ʻ: "'", ʼ: "'",
};

/** Case-preserving ASCII form of a name, or null when it has letters with no ASCII equivalent. */
export function asciiName(s: string): string | null {
  const out = s.replace(/[^ -~]/g, (c) => SPECIAL_ASCII[c] ?? c).normalize('NFKD').replace(/\p{M}+/gu, '');
  return /^[ -~]*$/.test(out) ? out : null;
}

/** ISO-639 codes of every language CLDR names (the `languages` table), set once when the catalogue loads. */
let knownLanguages: ReadonlySet<string> | undefined;

/**
 * Validates and normalises a BCP-47 language code (any case, `-` or `_`).
 * A language CLDR does not know is refused; a known one without names here
 * falls back to English (pt-BR falls back to pt).
 */
export function parseDisplay(languageCode: string | undefined, ascii: boolean | undefined): Display {
  const raw = (languageCode ?? '').trim();
  if (!raw) return { language: 'en', ascii: Boolean(ascii) };
  if (!/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(raw)) {
    throw invalid('languageCode', `languageCode must be a BCP-47 language code such as en, pt-BR or zh_Hans, got '${raw}'`);
  }
  const base = raw.split(/[-_]/)[0]!.toLowerCase();
  if (knownLanguages && !knownLanguages.has(base)) {
    throw invalid('languageCode', `languageCode: unknown language '${raw}' (ISO-639 codes such as en, de, es, fr, it, pt, pt_BR, ru; /v1/locale/languages lists them)`);
  }
  const language = (DISPLAY_LANGUAGES as readonly string[]).includes(base) ? (base as DisplayLanguage) : 'en';
  return { language, ascii: Boolean(ascii) };
}

export function displayName(names: Map<string, string>, d: Display): string {
  const name = names.get(d.language) ?? names.get('en') ?? '';
  if (!d.ascii) return name;
  return asciiName(name) ?? asciiName(names.get('en') ?? '') ?? name;
}

export class GeoCatalog {
  readonly countries = new Map<string, Country>();
  private readonly countriesByWikidata = new Map<string, Country>();
  private readonly regions = new Map<string, Region>();
  private readonly regionsByCountry = new Map<string, Region[]>();
  /** Regions by the ids locatedIn answers them with as places: their GeoNames id and their WikiData id. */
  private readonly regionsByPlaceId = new Map<string, Region>();

  static async load(db: ConnectionPool): Promise<GeoCatalog> {
    const c = new GeoCatalog();
    knownLanguages = new Set((await db.query<{ code: string }>('SELECT code FROM languages')).map((r) => r.code));
    const countryRows = await db.query<{ code: string; iso3: string; name: string; capital: string | null; calling_code: string | null;
      currency_codes: string[]; geonames_id: number | null; flag: string; wiki_data_id: string | null; flag_svg: string | null; iso_name: string | null }>('SELECT * FROM countries ORDER BY code');
    for (const r of countryRows) {
      const country: Country = { code: r.code, iso3: r.iso3, names: new Map([['en', r.name]]), capital: r.capital, callingCode: r.calling_code,
        currencyCodes: r.currency_codes, geonamesId: r.geonames_id, flag: r.flag, numRegions: 0, wikiDataId: r.wiki_data_id,
        flagImageUri: r.flag_svg ? `data:image/svg+xml;base64,${Buffer.from(r.flag_svg, 'utf8').toString('base64')}` : '', isoName: r.iso_name };
      c.countries.set(r.code, country);
      if (r.wiki_data_id) c.countriesByWikidata.set(r.wiki_data_id, country);
    }
    for (const r of await db.query<{ country_code: string; lang: string; name: string }>('SELECT * FROM country_names')) {
      c.countries.get(r.country_code)?.names.set(r.lang, r.name);
    }
    const regionRows = await db.query<{ country_code: string; admin1_code: string; iso_code: string | null; fips_code: string | null;
      name: string; geonames_id: number | null; capital_id: number | null; num_cities: number; num_places: number;
      wiki_data_id: string | null; hasc_code: string | null; label_latitude: number | null; label_longitude: number | null }>(
      'SELECT * FROM regions ORDER BY country_code, admin1_code');
    for (const r of regionRows) {
      const region: Region = { countryCode: r.country_code, admin1Code: r.admin1_code, isoCode: r.iso_code, fipsCode: r.fips_code,
        names: new Map([['en', r.name]]), geonamesId: r.geonames_id, capitalId: r.capital_id, numCities: r.num_cities, numPlaces: r.num_places,
        wikiDataId: r.wiki_data_id, hascCode: r.hasc_code, latitude: r.label_latitude, longitude: r.label_longitude };
      c.regions.set(`${r.country_code}.${r.admin1_code}`, region);
      if (r.geonames_id !== null) c.regionsByPlaceId.set(String(r.geonames_id), region);
      // (by WikiData id only a region locatedIn answers, one with a GeoNames id: Nepal's 2015 provinces have none)
      if (r.wiki_data_id && r.geonames_id !== null) c.regionsByPlaceId.set(r.wiki_data_id, region);
      const list = c.regionsByCountry.get(r.country_code) ?? [];
      list.push(region);
      c.regionsByCountry.set(r.country_code, list);
      const country = c.countries.get(r.country_code);
      if (country) country.numRegions++;
    }
    for (const r of await db.query<{ country_code: string; admin1_code: string; lang: string; name: string }>('SELECT * FROM region_names')) {
      c.regions.get(`${r.country_code}.${r.admin1_code}`)?.names.set(r.lang, r.name);
    }
    return c;
  }

  countryByWikidata(qid: string): Country | undefined {
    return this.countriesByWikidata.get(qid.toUpperCase());
  }

  /** The region a place id names (a GeoNames id such as 5128638 or a WikiData id such as Q1384, as locatedIn answers a region). */
  regionByPlaceId(id: string): Region | undefined {
    return this.regionsByPlaceId.get(id.toUpperCase());
  }

  regionsOf(countryCode: string): Region[] {
    return [...(this.regionsByCountry.get(countryCode) ?? [])];
  }

  region(countryCode: string, admin1Code: string): Region | undefined {
    return this.regions.get(`${countryCode}.${admin1Code}`);
  }

  /** The code a client sees for a region: its ISO 3166-2 code, else its GeoNames admin1 code. */
  static regionCode(r: Region): string {
    return r.isoCode ?? r.admin1Code;
  }

  /**
   * Finds a region by ISO 3166-2 code (`CA` or `US-CA`), FIPS code, HASC code
   * (`US.CA`), WikiData id or GeoNames admin1 code, case-insensitively, in
   * that order of preference.
   */
  findRegion(countryCode: string, code: string): Region | undefined {
    const list = this.regionsByCountry.get(countryCode) ?? [];
    const upper = code.toUpperCase();
    const c = upper.replace(new RegExp(`^${countryCode}-`), '');
    return list.find((r) => r.isoCode?.toUpperCase() === c)
      ?? list.find((r) => r.fipsCode?.toUpperCase() === c)
      ?? list.find((r) => r.hascCode?.toUpperCase() === upper)
      ?? list.find((r) => r.wikiDataId === upper)
      ?? list.find((r) => r.admin1Code.toUpperCase() === c);
  }
}
