/**
 * `meridian analyze` as a user runs it (`npm run analyze`: compiled, in a child process) against a real gateway and core:
 * a CSV run, a JSONL run killed midway and resumed (every row once in the output and once in
 * the feed: nothing analysed twice), a row the API refuses, and bad files and arguments with
 * clear errors and nothing sent.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { ensureBuilt } from '../support/built.js';
import { projectRoot } from '../../gateway/paths.js';

let gw: TestGateway;
let dir: string;
beforeAll(async () => {
  ensureBuilt(); // dist/ as npm run analyze builds it; a run costs ~0.4 s compiled and 1.3-2 s under tsx
  gw = await startTestGateway();
  dir = mkdtempSync(join(tmpdir(), 'meridian-cli-'));
}, 300_000);
afterAll(async () => {
  await gw?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Run { code: number | null; stderr: string; stdout: string }

function cli(args: string[], opts: { env?: Record<string, string>; killWhen?: (stderr: string) => boolean; signal?: NodeJS.Signals; cwd?: string } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    // run in the test's folder (relative paths as a user types them)
    const child = spawn(process.execPath, [join(projectRoot, 'dist', 'bin', 'analyze.js'), ...args], {
      cwd: opts.cwd ?? dir, env: { ...process.env, MERIDIAN_URL: '', MERIDIAN_KEY: '', ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    let killed = false;
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      if (opts.killWhen && !killed && opts.killWhen(stderr)) { killed = true; child.kill(opts.signal ?? 'SIGKILL'); }
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr, stdout }));
  });
}

const withGateway = (...args: string[]) => [...args, '--url', gw.url, '--key', gw.key];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- output lines are checked field by field
const outputLines = (file: string): any[] => readFileSync(file, 'utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l));

async function feedCount(feedId: string): Promise<number> {
  const r = await gw.get(`/v1/feeds/${feedId}/trend?window=1d&from=2026-01-01T00:00:00Z&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString().replace(/\.\d+Z$/, 'Z'))}`);
  expect(r.status, r.text).toBe(200);
  return Number(r.body.data.totalCount);
}

const POSITIVE = ['Loving the new update, great job team', 'Fantastic service today, thank you', 'Really happy with my purchase'];
const NEGATIVE = ['This update is terrible, everything crashes', 'Worst support ever, I am furious', 'Awful experience, never again'];

const HEAVY_MS = 150_000;

describe('meridian analyze', () => {
  it('analyses a CSV (quoted commas, quotes and line breaks) into one output line per row, with progress', async () => {
    const feed = `cli-csv-${Date.now()}`;
    const rows = ['id,text,occurredAt'];
    for (let i = 0; i < 60; i++) {
      const text = i % 2 ? POSITIVE[i % 3]! : NEGATIVE[i % 3]!;
      rows.push(`r${i},${i === 5 ? '"Great, really ""great""\nsecond line, happy"' : `"${text}"`},2026-11-0${1 + (i % 9)}T10:00:00Z`);
    }
    writeFileSync(join(dir, 'texts.csv'), rows.join('\r\n') + '\r\n');
    const out = join(dir, 'csv-results.jsonl');
    const run = await cli(withGateway('texts.csv', '--feed', feed, '--out', out, '--batch-size', '25'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/progress 60\/60 100%/);
    expect(run.stderr).toContain('60 analysed in');
    const lines = outputLines(out);
    expect(lines.map((l) => l.ref).sort()).toEqual(Array.from({ length: 60 }, (_v, i) => `r${i}`).sort());
    for (const l of lines) {
      expect(l).toMatchObject({ status: 'SUCCEEDED', feedId: feed, domain: 'GENERAL' });
      expect(l.sentiment).toMatch(/POSITIVE|NEGATIVE|NEUTRAL/);
      expect(l.emotionScores).toHaveLength(7);
    }
    const r5 = lines.find((l) => l.ref === 'r5');
    expect(r5.line).toBe(7); // header on line 1, r0 on 2, …, r5 starts on 7
    expect(r5.sentiment).toMatch(/POSITIVE$/);
    expect(lines.find((l) => l.ref === 'r0').sentiment).toMatch(/NEGATIVE$/);
    expect(Date.parse(lines.find((l) => l.ref === 'r0').occurredAt)).toBe(Date.parse('2026-11-01T10:00:00Z'));
    expect(existsSync(`${out}.pending`)).toBe(false);
    expect(await feedCount(feed)).toBe(60);

    // run again: nothing to do, nothing sent
    const again = await cli(withGateway('texts.csv', '--feed', feed, '--out', out));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('60 of 60 rows are already in');
    expect(outputLines(out)).toHaveLength(60);
    expect(await feedCount(feed)).toBe(60);
  });

  // 1,500 texts through the real pool, twice: ~15-18 s alone, 27 s beside two busy cores, and up to 60 s when vitest
  // pairs this file with the model-training suite on a 2-core CI machine; the limit is a hang guard, not a speed target
    it('resumes a run killed midway: every row exactly once in the output, jobs in flight followed rather than sent again', async () => {
    const feed = `cli-resume-${Date.now()}`;
    const n = 1500;
    const lines = Array.from({ length: n }, (_v, i) => JSON.stringify({ id: `t${i}`, text: `${i % 2 ? POSITIVE[i % 3] : NEGATIVE[i % 3]} (${i})` }));
    writeFileSync(join(dir, 'texts.jsonl'), lines.join('\n') + '\n');
    const out = join(dir, 'resume-results.jsonl');
    // killed (SIGKILL, no chance to tidy up) once some results are written and others are in flight
    const first = await cli(withGateway('texts.jsonl', '--feed', feed, '--out', out, '--batch-size', '10'), {
      killWhen: () => existsSync(out) && readFileSync(out, 'utf8').split('\n').length > 150,
    });
    expect(first.code).toBeNull(); // killed
    const before = outputLines(out).length;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(n);
    expect(existsSync(`${out}.pending`)).toBe(true);

    const second = await cli(withGateway('texts.jsonl', '--feed', feed, '--out', out, '--batch-size', '10'));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(new RegExp(`${before} of ${n} rows are already in`));
    const refs = outputLines(out).map((l) => l.ref as string);
    expect(refs).toHaveLength(n);
    expect(new Set(refs).size).toBe(n);
    expect(outputLines(out).every((l) => l.status === 'SUCCEEDED')).toBe(true);
    expect(existsSync(`${out}.pending`)).toBe(false);
    // the jobs submitted before the kill were followed, not sent again; a batch whose answer the kill cut off
    // went again with its journalled requestId, which the gateway answers with the jobs it already made
    expect(second.stderr).toMatch(/following \d+ jobs submitted by the interrupted run/);
    expect(await feedCount(feed)).toBe(n);
  }, HEAVY_MS);

  /**
   * What a run killed between sending its first batch and reading the answer leaves: `name`.jsonl with `n` rows, the
   * first `sentRows` of them accepted by the gateway under a requestId, and a journal with their refs and requestId
   * but no job ids.
   */
  async function cutOffRun(name: string, n: number, sentRows: number) {
    const feed = `cli-${name}-${Date.now()}`;
    const rows = Array.from({ length: n }, (_v, i) => ({ id: `${name}${i}`, text: `${POSITIVE[i % 3]} ${i}` }));
    writeFileSync(join(dir, `${name}.jsonl`), rows.map((r) => JSON.stringify(r)).join('\n'));
    const out = join(dir, `${name}-results.jsonl`);
    const requestId = `cli-${name}-${Date.now()}`;
    const first = rows.slice(0, sentRows);
    const sent = await gw.send('POST', '/v1/analyses:batch', { requestId, items: first.map((r) => ({ text: r.text, feedId: feed })) });
    expect(sent.status, sent.text).toBe(202);
    writeFileSync(`${out}.pending`, `${JSON.stringify({ sending: first.map((r) => r.id), requestId })}\n`);
    return { feed, rows, out, requestId, first, sent };
  }

  it('sends a batch whose answer a kill cut off again with its journalled requestId, and the gateway makes no second job', async () => {
    const { feed, rows, out, first, sent } = await cutOffRun('unsure', 20, 10);

    const run = await cli(withGateway('unsure.jsonl', '--feed', feed, '--out', out, '--batch-size', '10'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/never heard whether the gateway took 10 texts: they are sent again with the same requestId/);
    const lines = outputLines(out);
    expect(lines.map((l) => l.ref).sort()).toEqual(rows.map((r) => r.id).sort());
    // the first ten are the very jobs the cut-off submission made
    const firstJobs = new Set((sent.body.data as { jobId: string }[]).map((j) => j.jobId));
    expect(lines.filter((l) => firstJobs.has(l.jobId)).map((l) => l.ref).sort()).toEqual(first.map((r) => r.id).sort());
    expect(await feedCount(feed)).toBe(20);
  });

  it('says what to do when the resumed batch\'s requestId went with other content (another --feed), instead of a bare 409', async () => {
    const { feed, out, requestId } = await cutOffRun('moved', 5, 5);
    const run = await cli(withGateway('moved.jsonl', '--feed', `${feed}-other`, '--out', out, '--no-progress'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`sent 5 texts under requestId ${requestId} with other content than this run would .*resume with the interrupted run's options and input, or delete .*moved-results\\.jsonl\\.pending`));
  });

  it('stops cleanly on Ctrl-C (SIGINT) with exit 130, and the resumed run analyses every text exactly once', async () => {
    const feed = `cli-sigint-${Date.now()}`;
    const n = 600;
    writeFileSync(join(dir, 'sigint.jsonl'), Array.from({ length: n }, (_v, i) => JSON.stringify({ id: `s${i}`, text: `${POSITIVE[i % 3]} ${i}` })).join('\n'));
    const out = join(dir, 'sigint-results.jsonl');
    const first = await cli(withGateway('sigint.jsonl', '--feed', feed, '--out', out, '--batch-size', '10'), {
      signal: 'SIGINT', killWhen: () => existsSync(out) && readFileSync(out, 'utf8').split('\n').length > 50,
    });
    expect(first.code, first.stderr).toBe(130);
    expect(first.stderr).toMatch(/interrupted with \d+ to go: run the same command again to resume/);
    const second = await cli(withGateway('sigint.jsonl', '--feed', feed, '--out', out, '--batch-size', '10'));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toMatch(/sent again with the same requestId/);
    const refs = outputLines(out).map((l) => l.ref as string);
    expect(refs).toHaveLength(n);
    expect(new Set(refs).size).toBe(n);
    // a graceful stop lets the batch in flight be answered and journalled: nothing is analysed twice
    expect(await feedCount(feed)).toBe(n);
  }, HEAVY_MS);

  it('reads and writes paths relative to where `npm run analyze` was typed (npm runs it in the checkout)', async () => {
    const feed = `cli-npm-${Date.now()}`;
    writeFileSync(join(dir, 'npm-run.jsonl'), POSITIVE.map((text, i) => JSON.stringify({ id: `p${i}`, text })).join('\n'));
    const run = await cli(withGateway('npm-run.jsonl', '--feed', feed, '--out', 'npm-run-results.jsonl', '--no-progress'),
      { cwd: projectRoot, env: { npm_lifecycle_event: 'analyze', INIT_CWD: dir } });
    expect(run.code, run.stderr).toBe(0);
    expect(outputLines(join(dir, 'npm-run-results.jsonl'))).toHaveLength(POSITIVE.length);
  });

  it('records a row the API refuses as REJECTED and analyses the others', async () => {
    const feed = `cli-reject-${Date.now()}`;
    const rows = [{ id: 'ok1', text: 'Nice work' }, { id: 'long', text: 'x'.repeat(20_001) }, { id: 'blank', text: '   ' }, { id: 'ok2', text: 'Terrible delay' }];
    writeFileSync(join(dir, 'mixed.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n'));
    const out = join(dir, 'mixed-results.jsonl');
    const run = await cli(withGateway('mixed.jsonl', '--feed', feed, '--out', out, '--no-progress'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('2 failed or rejected');
    const lines = outputLines(out);
    expect(lines.map((l) => l.ref).sort()).toEqual(['blank', 'long', 'ok1', 'ok2']);
    const long = lines.find((l) => l.ref === 'long');
    expect(long.status).toBe('REJECTED');
    expect(long.errors[0].type).toBe('PAYLOAD_TOO_LARGE');
    // a blank row is the API's to refuse, like any other bad text: the file goes on (it stopped the whole run)
    expect(lines.find((l) => l.ref === 'blank').status).toBe('REJECTED');
    expect(await feedCount(feed)).toBe(2);
  });

  it('refuses bad files and arguments with a clear message, exit 2, and sends nothing', async () => {
    const write = (name: string, content: string) => { writeFileSync(join(dir, name), content); return name; };
    const cases: [string[], RegExp][] = [
      [['missing.csv'], /cannot read missing\.csv: no such file/],
      [[write('t.txt', 'hello')], /must be a \.csv file .* or a \.jsonl/],
      [[write('nocol.csv', 'id,body\n1,hello\n')], /nocol\.csv:1: no 'text' column in the header \(columns: 'id', 'body'\); name it with --text-column/],
      [[write('quote.csv', 'id,text\n1,"never closed\n2,fine\n')], /quote\.csv:2: a quoted field is never closed/],
      [[write('fields.csv', 'id,text\n1,hello,world\n')], /fields\.csv:2: 3 fields, but the header has 2; quote fields that contain commas/],
      [[write('bad.jsonl', '{"text": "a"}\n{"text": "b"}\n{"text": oops}\n')], /bad\.jsonl:3: not valid JSON/],
      [[write('notext.jsonl', '{"id": 1, "body": "a"}\n')], /notext\.jsonl:1: 'text' must be a string, got nothing/],
      [[write('dup.jsonl', '{"id": 1, "text": "a"}\n{"id": 1, "text": "b"}\n')], /dup\.jsonl:2: id '1' was already used on line 1/],
      [[write('nothing.csv', 'id,text\n')], /nothing\.csv holds no texts/],
      [[write('ok.jsonl', '{"text": "a"}\n')].concat(['--batch-size', '0']), /--batch-size must be an integer from 1 to 1000/],
      [['ok.jsonl', '--feed', 'bad feed!'], /--feed must be 1-128 letters/],
      [['ok.jsonl', '--bogus'], /^meridian analyze: unknown option --bogus \(--help lists the options\)\n$/],
      [['ok.jsonl', '--feed', 'f', '--out', '/proc/nope/x.jsonl'], /cannot write --out \/proc\/nope\/x\.jsonl: ENOENT/],
      // a folder as --out: the system's refusal, not a stack trace with exit 1
      [['ok.jsonl', '--feed', 'f', '--out', dir], /^meridian analyze: EISDIR/],
    ];
    for (const [args, message] of cases) {
      const full = args.includes('--out') ? [...args, '--url', gw.url, '--key', gw.key]
        : args.includes('--feed') ? [...args, '--out', 'x.jsonl', '--url', gw.url, '--key', gw.key] : withGateway(...args, '--feed', 'f', '--out', 'x.jsonl');
      const run = await cli(full);
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(message);
      expect(run.stderr).not.toMatch(/at .*\.ts:\d+/); // no stack trace
    }
    const noFeed = await cli(['ok.jsonl', '--out', 'x.jsonl', '--url', gw.url, '--key', gw.key]);
    expect(noFeed.code).toBe(2);
    expect(noFeed.stderr).toMatch(/--feed is required[\s\S]*Usage: meridian analyze/);
    expect(existsSync(join(dir, 'x.jsonl'))).toBe(false);
  });

  it('stops with exit 1 and a clear message on a refused key or an unreachable gateway; an output that is not ours is refused', async () => {
    writeFileSync(join(dir, 'one.jsonl'), '{"text": "fine"}\n');
    const badKey = await cli(['one.jsonl', '--feed', 'f', '--out', 'k.jsonl', '--url', gw.url, '--key', 'mrd_000000000000_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', '--no-progress']);
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toMatch(/the gateway refused the key \(401: .*\); give a key with sentiment:read and sentiment:write/);
    const down = await cli(['one.jsonl', '--feed', 'f', '--out', 'k.jsonl', '--key', 'k', '--no-progress'], { env: { MERIDIAN_URL: 'http://127.0.0.1:9' } });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/the gateway at http:\/\/127\.0\.0\.1:9 does not answer/);
    writeFileSync(join(dir, 'foreign.jsonl'), '{"something": "else"}\n');
    const foreign = await cli(withGateway('one.jsonl', '--feed', 'f', '--out', 'foreign.jsonl', '--no-progress'));
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toMatch(/foreign\.jsonl:1 is not a line of meridian analyze/);
  }, 60_000);
});
