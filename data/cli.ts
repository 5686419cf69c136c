/** What the data scripts share as command-line programs: options, the default file, failure reporting. */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultGeoDbPath } from '../src/paths.js';

/** An error in the data or in how a script was called: reported as a message, without a stack. */
export class DataBuildError extends Error {}

/** The command line, read by node:util parseArgs (each script names the options it takes in its usage line). */
function commandLine(): Record<string, string | boolean | undefined> {
  return parseArgs({ args: process.argv.slice(2), strict: false, allowPositionals: true }).values as Record<string, string | boolean | undefined>;
}

/** The value of `--name VALUE` (or `--name=VALUE`) on the command line. */
export function option(name: string): string | undefined {
  const key = name.replace(/^--/, '');
  const args = process.argv.slice(2);
  // parseArgs without a declared type takes `--name VALUE` as a flag and VALUE as a positional: read the pair ourselves then
  const i = args.indexOf(`--${key}`);
  if (i >= 0) return args[i + 1];
  const v = commandLine()[key];
  return typeof v === 'string' ? v : undefined;
}

export const flag = (name: string): boolean => commandLine()[name.replace(/^--/, '')] === true;

/** The geo database the core would open (MERIDIAN_GEO_DB or data/build/geo.duckdb), unless `--name FILE` says otherwise. */
export function databaseOption(name: string): string {
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
