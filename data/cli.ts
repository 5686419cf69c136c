/** What the data scripts share as command-line programs: options, the default file, failure reporting. */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCoreConfig } from '../src/config.js';

/** An error in the data or in how a script was called: reported as a message, without a stack. */
export class DataBuildError extends Error {}

/** The value after `--name` on the command line. */
export function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

export const flag = (name: string): boolean => process.argv.slice(2).includes(name);

/** The geo database the core would open (MERIDIAN_GEO_DB or data/build/geo.duckdb), unless `--name FILE` says otherwise. */
export function databaseOption(name: string): string {
  return resolve(option(name) ?? loadCoreConfig().geoDbPath);
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
