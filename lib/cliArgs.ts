/**
 * The command line of every Meridian program (the launcher, keys, analyze, the data build, training, evaluation,
 * the benches): node:util parseArgs, strict, plus what parseArgs leaves to each program: `--help` (or `-h`) prints
 * the usage and every option with its help line and exits 0; an unknown option, a missing value or an unexpected
 * argument prints one line naming it and exits 2, where parseArgs threw a stack trace. In the shared contract part
 * so that core, gateway, bin, data and bench code may all import it.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface CliOption {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  default?: string | boolean | string[] | boolean[];
  /** One line for --help. */
  help?: string;
  /** The value's name in --help (string options), e.g. N, FILE; default VALUE. */
  arg?: string;
}

export interface CliSpec<O extends Record<string, CliOption>, P extends boolean> {
  /** The program as its user types it, first on an error line: 'npm run train', 'meridian analyze'. */
  name: string;
  /** How the program is called, shown first by --help, e.g. 'npm run train -- [options]'. */
  usage: string;
  /** What it does: a line or two for --help. */
  about?: string;
  options: O;
  /** Whether it takes positional arguments (shown in `usage`); default no. */
  allowPositionals?: P;
  /** More text for --help after the options (commands, examples). */
  more?: string;
}

type Parsed<O extends Record<string, CliOption>, P extends boolean> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: P; strict: true }>>;

/** The --help text of a spec: usage, about, the options one per line. */
export function cliHelp(spec: CliSpec<Record<string, CliOption>, boolean>): string {
  const rows = Object.entries(spec.options).map(([name, o]) => {
    const left = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.arg ?? 'VALUE'}` : ''}`;
    const def = o.default === undefined || o.default === false ? '' : ` (default ${Array.isArray(o.default) ? o.default.join(',') : String(o.default)})`;
    return [left, `${o.help ?? ''}${def}`] as const;
  });
  rows.push(['-h, --help', 'this text']);
  const width = Math.min(34, Math.max(...rows.map(([l]) => l.length)) + 2);
  const lines = [`Usage: ${spec.usage}`];
  if (spec.about) lines.push('', spec.about);
  lines.push('', 'Options:', ...rows.map(([l, r]) => `  ${l.padEnd(width)}${r}`.trimEnd()));
  if (spec.more) lines.push('', spec.more);
  return `${lines.join('\n')}\n`;
}

/** The one line a bad command line gets, naming the option or argument (parseArgs' own messages run to two sentences). */
function badCommandLine(e: unknown): string {
  const err = e as { code?: string; message?: string };
  const message = String(err.message ?? e);
  if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const name = /Unknown option '([^']+)'/.exec(message)?.[1];
    return `unknown option ${name ?? message}`;
  }
  if (err.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const arg = /Unexpected argument '([^']*)'/.exec(message)?.[1];
    return `unexpected argument '${arg ?? message}': this program takes options only`;
  }
  return message.split('\n')[0]!;
}

export type CliOutcome<O extends Record<string, CliOption>, P extends boolean> =
  | { kind: 'parsed'; values: Parsed<O, P>['values']; positionals: string[] }
  | { kind: 'help'; text: string }
  | { kind: 'error'; message: string };

/** Parses `args` without exiting: for programs that report through their own return code (bin/analyze.ts). */
export function parseCli<const O extends Record<string, CliOption>, const P extends boolean = false>(spec: CliSpec<O, P>, args: string[]): CliOutcome<O, P> {
  const end = args.indexOf('--');
  const before = end === -1 ? args : args.slice(0, end);
  if (before.includes('--help') || before.includes('-h')) return { kind: 'help', text: cliHelp(spec) };
  const options: ParseArgsConfig['options'] = {};
  for (const [name, o] of Object.entries(spec.options)) {
    const { help: _help, arg: _arg, ...config } = o;
    options[name] = config;
  }
  try {
    const r = parseArgs({ args, options, allowPositionals: spec.allowPositionals ?? false, strict: true });
    return { kind: 'parsed', values: r.values as Parsed<O, P>['values'], positionals: r.positionals };
  } catch (e) {
    return { kind: 'error', message: badCommandLine(e) };
  }
}

/**
 * Parses the command line (default process.argv after the script): `--help` prints the help and exits 0; a bad
 * option prints `<program>: <what is wrong> (--help lists the options)` on stderr and exits 2.
 */
export function cliArgs<const O extends Record<string, CliOption>, const P extends boolean = false>(
  spec: CliSpec<O, P>, args: string[] = process.argv.slice(2),
): { values: Parsed<O, P>['values']; positionals: string[] } {
  const r = parseCli(spec, args);
  if (r.kind === 'help') {
    process.stdout.write(r.text);
    process.exit(0);
  }
  if (r.kind === 'error') {
    process.stderr.write(`${spec.name}: ${r.message} (--help lists the options)\n`);
    process.exit(2);
  }
  return { values: r.values, positionals: r.positionals };
}
