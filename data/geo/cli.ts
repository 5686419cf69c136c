/** What the data scripts share as command-line programs: options, the default file, failure reporting. */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cliArgs } from '../../lib/cliArgs.js';
import { defaultGeoDbPath } from '../../src/paths.js';

/** An error in the data or in how a script was called: reported as a message, without a stack. */
export class DataBuildError extends Error {}

/** Every option the data scripts take (buildGeo: --out, --cities, --if-missing; refreshGeo: --db, --cities, --at), read once. */
const OPTIONS = {
  out: { type: 'string', arg: 'FILE', help: 'buildGeo: the database to write (default MERIDIAN_GEO_DB or data/build/geo.duckdb)' },
  cities: { type: 'string', arg: 'FILE', help: 'a GeoNames cities500.txt (buildGeo: instead of the packaged one; refreshGeo: the newer source, required)' },
  db: { type: 'string', arg: 'FILE', help: 'refreshGeo: the database to refresh (default as --out)' },
  at: { type: 'string', arg: 'TIME', help: 'refreshGeo: the time of the refresh (ISO 8601; default now)' },
  'if-missing': { type: 'boolean', help: 'buildGeo: only when the database is missing or of an older schema' },
} as const;

let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'] | undefined;
function commandLine() {
  parsed ??= cliArgs({ name: 'geo data build', usage: 'npm run data:build [-- options] | npm run data:refresh [-- options]', options: OPTIONS }).values;
  return parsed;
}

/** The value of `--name VALUE` (or `--name=VALUE`). */
export function option(name: `--${'out' | 'cities' | 'db' | 'at'}`): string | undefined {
  return commandLine()[name.slice(2) as 'out' | 'cities' | 'db' | 'at'];
}

export const flag = (name: '--if-missing'): boolean => commandLine()[name.slice(2) as 'if-missing'] === true;

/** The geo database the core would open (MERIDIAN_GEO_DB or data/build/geo.duckdb), unless `--name FILE` says otherwise. */
export function databaseOption(name: '--out' | '--db'): string {
  return resolve(option(name) ?? (process.env['MERIDIAN_GEO_DB'] || defaultGeoDbPath()));
}

/** Runs main when the module is the program itself (not imported), exiting 1 with a clear message on failure. */
export function runWhenMain(moduleUrl: string, what: string, main: () => Promise<void>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(resolve(process.argv[1])).href) return;
  main().catch((e: unknown) => {
    process.stderr.write(`${what} failed: ${e instanceof Error ? e.message : String(e)}\n`);
    if (!(e instanceof DataBuildError)) process.stderr.write(`${(e as Error).stack ?? ''}\n`);
    process.exit(1);
  });
}
