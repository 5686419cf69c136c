/**
 * Every program's command line as a user meets it (lib/cliArgs.ts): `--help` prints the usage and the
 * options and exits 0 having done nothing else; an unknown option exits 2 with one line naming it, no stack trace.
 * Each program runs compiled, in a child process, as `npm run …` runs it: dist/ is brought up to date first by the
 * freshness check `npm start` runs (bin/ensureBuilt.mjs: compiles only when a source is newer than the last build).
 * From source under tsx the 46 runs took over a minute of the suite's two cores; compiled, about a second each.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../../gateway/paths.js';
import { ensureBuilt } from '../support/built.js';

/** Not compiled (tsconfig.build.json leaves it out: it reuses the test helpers): run from source, as npm run bench:scale does. */
const FROM_SOURCE = new Set(['bench/scaleBench.ts']);
const TSX = pathToFileURL(join(projectRoot, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

beforeAll(ensureBuilt, 300_000);

/** Program → an option its --help must list (beside --help itself). */
const PROGRAMS: Record<string, string> = {
  'bin/meridian.ts': '--core-only',
  'gateway/main.ts': '--listen',
  'gateway/auth/keysCli.ts': '--rate-limit',
  'bin/analyze.ts': '--feed',
  'data/geo/buildGeo.ts': '--if-missing',
  'data/geo/refreshGeo.ts': '--cities',
  'gateway/openapi/writeOpenApi.ts': '--help',
  'proto/contract/writeTypes.ts': '--check',
  'training/train.ts': '--evaluation-fit',
  'training/evaluate.ts': '--no-write',
  'training/tuneCrossSource.ts': '--folds',
  'training/tuneFinance.ts': '--variants',
  'bench/geoCore.ts': '--sql-n',
  'bench/sentimentService.ts': '--submitters',
  'bench/sentimentModels.ts': '--help',
  'bench/exchangeVsUnary.ts': '--connections',
  'bench/jobStoreScale.ts': '--sizes',
  'bench/rateLimitPg.ts': '--requests',
  'bench/requestFingerprint.ts': '--runs',
  'bench/scaleBench.ts': '--replicas',
  'bench/startup.ts': '--reuse-state',
  'bench/graphqlWorkload.ts': '--workload',
  'bench/peerRatios.ts': '--help',
};

interface Run { code: number | null; stdout: string; stderr: string }

function run(file: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const program = FROM_SOURCE.has(file) ? ['--import', TSX, join(projectRoot, file)] : [join(projectRoot, 'dist', file.replace(/\.ts$/, '.js'))];
    const child = spawn(process.execPath, [...program, ...args], {
      cwd: projectRoot, env: { ...process.env, MERIDIAN_LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs `jobs` at most `limit` at a time (each loads its program's modules: a few seconds of CPU on 2 cores). */
async function limited<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  }));
  return out;
}

describe('every program answers --help and refuses an unknown option by name', () => {
  // both runs of every program, at most 3 processes at a time, started once for the tests below
  let runs: Promise<Run[]> | undefined;
  const files = Object.keys(PROGRAMS);
  const all = () => (runs ??= limited(files.flatMap((f) => [() => run(f, ['--help']), () => run(f, ['--no-such-option'])]), 3));

  it.each(files)('%s: --help prints usage and options on stdout, exit 0; --no-such-option: one line naming it, exit 2', async (file) => {
    const i = files.indexOf(file);
    const got = await all();
    const help = got[2 * i]!;
    const bad = got[2 * i + 1]!;
    expect(help.code, `${file} --help: ${help.stderr}`).toBe(0);
    expect(help.stdout).toMatch(/^Usage: /);
    expect(help.stdout).toContain(PROGRAMS[file]!);
    expect(help.stdout).toMatch(/-h, --help +this text/);
    expect(bad.code, `${file} --no-such-option: ${bad.stderr}`).toBe(2);
    const lines = bad.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^[\w :.-]+: unknown option --no-such-option \(--help lists the options\)$/);
    expect(bad.stdout).toBe('');
  }, 120_000);

  it('a stray argument to a program that takes none, and an option missing its value, are named in one line too', async () => {
    const [stray, missing] = await Promise.all([run('bin/meridian.ts', ['serve']), run('bin/meridian.ts', ['--listen'])]);
    expect(stray.code).toBe(2);
    expect(stray.stderr.trim()).toBe("meridian: unexpected argument 'serve': this program takes options only (--help lists the options)");
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/^meridian: Option '--listen <value>' argument missing/);
  });
});
