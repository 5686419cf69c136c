/**
 * `meridian analyze FILE.csv|FILE.jsonl --feed ID --out results.jsonl`: sentiment for
 * every text of a file, through the gateway's public REST API, with a progress bar.
 * Interrupt it (Ctrl-C, a kill, a crash) and run the same command again: rows already
 * in the output are skipped and submitted jobs are followed, not sent twice.
 * Also `npm run analyze -- …` and `node dist/bin/analyze.js …`.
 */
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cliHelp, parseCli } from '../lib/cliArgs.js';
import { projectRoot } from '../lib/projectRoot.js';
import { InputError, readInputRows } from './analyze/inputRows.js';
import { RunError, runAnalysis } from './analyze/resumableRun.js';
import { ProgressBar } from './analyze/progressBar.js';

/** The command line (lib/cliArgs.ts prints --help from it). */
export const ANALYZE_CLI = {
  name: 'meridian analyze',
  usage: 'meridian analyze FILE.csv|FILE.jsonl --feed ID --out results.jsonl [options]   (npm run analyze -- …, node dist/bin/analyze.js …)',
  about: `Sends every text of FILE to Meridian's sentiment analysis (REST API) under feed ID and
writes one JSON line per text to --out: {"ref", "line", "status", "sentiment",
"sentimentScore", "emotionScores", ...}. Run the same command again after an
interruption: rows already in --out are skipped and submitted jobs are followed, not sent
again (only a batch whose answer the interruption cut off is sent again, and the run says so).

Input: CSV with a header row and a 'text' column (optional 'id', 'occurredAt', 'domain'),
or JSON Lines with one object per line: {"id": "a1", "text": "...", "occurredAt": "..."}.
Rows are matched on resume by 'id' (else by their record number).`,
  options: {
    feed: { type: 'string', arg: 'ID', help: 'feed the texts belong to (letters, digits, . _ : -), required' },
    out: { type: 'string', arg: 'FILE', help: 'output JSON Lines file, required (appended to on resume)' },
    url: { type: 'string', arg: 'URL', help: 'gateway base URL (env MERIDIAN_URL; default http://127.0.0.1:8080)' },
    key: { type: 'string', arg: 'KEY', help: 'API key (env MERIDIAN_KEY; default: $MERIDIAN_STATE_DIR/local-key.txt, state/ by default)' },
    domain: { type: 'string', arg: 'NAME', help: 'GENERAL (default) or FINANCIAL_NEWS, for rows without a domain' },
    'text-column': { type: 'string', arg: 'NAME', help: 'CSV column or JSON field of the text (default text)' },
    'id-column': { type: 'string', arg: 'NAME', help: 'CSV column or JSON field of the row id (default id)' },
    'batch-size': { type: 'string', arg: 'N', help: 'texts per batch request, 1-1000 (default 100)' },
    concurrency: { type: 'string', arg: 'N', help: 'parallel job and result look-ups, 1-64 (default 32)' },
    'no-progress': { type: 'boolean', help: 'no progress bar' },
  },
  allowPositionals: true,
  more: `Exit status: 0 done, 1 the run failed (gateway, key), 2 bad arguments or input file,
130 interrupted (run again to resume).`,
} as const;

export const USAGE = cliHelp(ANALYZE_CLI).trimEnd();

class UsageError extends Error {}

function positiveInt(name: string, raw: string | undefined, def: number, max: number): number {
  if (raw === undefined) return def;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw new UsageError(`--${name} must be an integer from 1 to ${max}, got '${raw}'`);
  return Number(raw);
}

function defaultKey(env: NodeJS.ProcessEnv): string | undefined {
  try {
    // the service's own default folder (the checkout's state/), wherever the command runs from
    return readFileSync(join(env['MERIDIAN_STATE_DIR'] || join(projectRoot, 'state'), 'local-key.txt'), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

export async function analyzeCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const err = process.stderr;
  let interrupted = 0;
  const onSigint = () => {
    interrupted++;
    if (interrupted > 1) process.exit(130);
    err.write('\ninterrupted: finishing the current step (Ctrl-C again to quit at once)\n');
  };
  try {
    const parsed = parseCli(ANALYZE_CLI, argv);
    if (parsed.kind === 'help') { process.stdout.write(parsed.text); return 0; }
    if (parsed.kind === 'error') { err.write(`meridian analyze: ${parsed.message} (--help lists the options)\n`); return 2; }
    const { values, positionals } = parsed;
    if (positionals.length !== 1) throw new UsageError(positionals.length ? `one input file, got ${positionals.length}: ${positionals.join(' ')}` : 'no input file');
    // paths as the caller wrote them: npm runs `npm run analyze` in the checkout, and says where it was called from
    const base = env['npm_lifecycle_event'] === 'analyze' && env['INIT_CWD'] ? env['INIT_CWD'] : process.cwd();
    const here = (p: string): string => (base === process.cwd() ? p : resolve(base, p)); // as typed where they are the same
    const file = here(positionals[0] as string);
    if (!values.feed) throw new UsageError('--feed is required');
    if (!/^[A-Za-z0-9._:-]{1,128}$/.test(values.feed)) throw new UsageError(`--feed must be 1-128 letters, digits, '.', '_', ':' or '-', got '${values.feed.slice(0, 40)}'`);
    if (!values.out) throw new UsageError('--out is required (a .jsonl file; it is appended to when a run is resumed)');
    values.out = here(values.out);
    const domain = values.domain?.toUpperCase();
    if (domain !== undefined && domain !== 'GENERAL' && domain !== 'FINANCIAL_NEWS') throw new UsageError(`--domain must be GENERAL or FINANCIAL_NEWS, got '${values.domain}'`);
    const baseUrl = values.url ?? env['MERIDIAN_URL'] ?? 'http://127.0.0.1:8080';
    if (!/^https?:\/\/[^/]+/.test(baseUrl)) throw new UsageError(`--url must be an http(s) URL such as http://127.0.0.1:8080, got '${baseUrl}'`);
    const key = values.key ?? env['MERIDIAN_KEY'] ?? defaultKey(env);
    if (!key) throw new UsageError('no API key: give --key or MERIDIAN_KEY (npm start writes a local key to state/local-key.txt)');
    const batchSize = positiveInt('batch-size', values['batch-size'], 100, 1000);
    const concurrency = positiveInt('concurrency', values.concurrency, 32, 64);

    const rows = readInputRows(file, { text: values['text-column'] ?? 'text', id: values['id-column'] ?? 'id' });
    // the output must be writable before anything is sent (it was a stack trace once the first answers came back)
    try {
      accessSync(existsSync(values.out) ? values.out : dirname(resolve(values.out)), constants.W_OK);
    } catch (e) {
      throw new InputError(`cannot write --out ${values.out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}; give a file in a folder that exists and that you may write`);
    }
    const bar = new ProgressBar(err, !values['no-progress']);
    process.on('SIGINT', onSigint);
    const started = Date.now();
    const summary = await runAnalysis({
      rows, out: values.out, feedId: values.feed, baseUrl, key, ...(domain ? { domain } : {}), batchSize, concurrency,
      onProgress: (p) => bar.update(p), log: (l) => { bar.end(); err.write(`${l}\n`); }, stopped: () => interrupted > 0,
    });
    bar.update(summary, true);
    bar.end();
    const seconds = (Date.now() - started) / 1000;
    const line = `${summary.done} analysed in ${seconds.toFixed(1)} s${summary.failed ? ` (${summary.failed} failed or rejected: see "status" in ${values.out})` : ''}`
      + `${summary.skipped ? `, ${summary.skipped} already done` : ''}`;
    if (summary.interrupted) {
      err.write(`${line}; interrupted with ${summary.total - summary.done - summary.skipped} to go: run the same command again to resume\n`);
      return 130;
    }
    err.write(`${line}; ${values.out} holds all ${summary.total} rows\n`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      err.write(`meridian analyze: ${(e as Error).message}\n\n${USAGE}\n`);
      return 2;
    }
    if (e instanceof InputError) { err.write(`meridian analyze: ${e.message}\n`); return 2; }
    if (e instanceof RunError) { err.write(`\nmeridian analyze: ${e.message}\n`); return 1; }
    // a file the system refuses (--out a folder: EISDIR, no permission: EACCES): what and where, not a stack
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && FILE_REFUSALS.has(code)) { err.write(`meridian analyze: ${(e as Error).message}\n`); return 2; }
    err.write(`\nmeridian analyze failed: ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/** The system's refusals of a file (not of a connection: those are RunErrors, exit 1). */
const FILE_REFUSALS = new Set(['EISDIR', 'ENOTDIR', 'EACCES', 'EPERM', 'ENOENT', 'EEXIST', 'EROFS', 'ENOSPC', 'ELOOP', 'ENAMETOOLONG']);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  analyzeCli(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e: unknown) => { process.stderr.write(`${String(e)}\n`); process.exitCode = 1; });
}
