/** Command-line values the benches share the checks of (their options come from node:util parseArgs). */

/** A whole number ≥ 1 given as `--name`, or an error that names the option and what it got. */
export function positiveWhole(name: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number, got '${raw}'`);
  return n;
}
