/** What the data scripts share as command-line programs: options, the default file, failure reporting. */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultGeoDbPath } from '../../src/paths.js';

/** An error in the data or in how a script was called: reported as a message, without a stack. */
export class DataBuildError extends Error {}

/** Every option the data scripts take (buildGeo: --out, --cities, --if-missing; refreshGeo: --db, --cities, --at), read once. */
const OPTIONS = {
  out: { type: 'string' }, cities: { type: 'string' }, db: { type: 'string' }, at: { type: 'string' }, 'if-missing': { type: 'boolean' },
} as const;

let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'] | undefined;
function commandLine() {
  try {
    parsed ??= parseArgs({ args: process.argv.slice(2), options: OPTIONS }).values;
  } catch (e) {
    throw new DataBuildError(`${(e as Error).message}; the options are ${Object.keys(OPTIONS).map((k) => `--${k}`).join(', ')}`);
  }
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
