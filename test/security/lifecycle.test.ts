/**
 * Process lifecycle through the real `npm start` (npm as the parent, as a user
 * runs it): SIGTERM or SIGINT to npm stops the whole service gracefully with
 * exit code 0 and leaves no process behind; a second signal forces the exit.
 * Children are found through /proc before the signal and checked gone after.
 */
import { describe, expect, it } from 'vitest';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { projectRoot } from '../../src/paths.js';
import { eventually } from '../support/gateway.js';
import { exited, launch } from '../support/launcher.js';

/** Every descendant of a process (ps over the whole table, walked from `pid`). */
function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const out: number[] = [];
  const walk = (p: number) => { for (const [c, pp] of table) if (pp === p) { out.push(c); walk(c); } };
  walk(pid);
  return out;
}

const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };

async function npmStart(): Promise<{ npm: ChildProcess; url: string; stateDir: string; output: () => string }> {
  // a folder that does not exist yet: the service creates it (private: 0700)
  const stateDir = join(mkdtempSync(join(tmpdir(), 'meridian-life-')), 'state');
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: projectRoot,
    env: { ...process.env, MERIDIAN_STATE_DIR: stateDir, MERIDIAN_HTTP_ADDR: '127.0.0.1:0', MERIDIAN_GRPC_ADDR: '127.0.0.1:0', MERIDIAN_SENTIMENT_WORKERS: '1', MERIDIAN_LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  npm.stdout!.on('data', (b: Buffer) => { out += b.toString(); });
  npm.stderr!.on('data', (b: Buffer) => { out += b.toString(); });
  // the launcher's line naming the gateway's address, as it arrives (no polling)
  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const m = /gateway \(REST[^)]*\) on (http:\/\/\S+)/.exec(out);
      if (m) { npm.stdout!.off('data', onData); npm.stderr!.off('data', onData); resolve(m[1]!); }
    };
    npm.stdout!.on('data', onData);
    npm.stderr!.on('data', onData);
    npm.once('exit', (code) => reject(new Error(`npm start exited (${code}) before serving:\n${out}`)));
  });
  return { npm, url, stateDir, output: () => out };
}

describe('npm start lifecycle', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to npm stops everything gracefully with exit code 0`, { timeout: 180_000 }, async () => {
      const s = await npmStart();
      try {
        expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
        expect((statSync(s.stateDir).mode & 0o777).toString(8)).toBe('700');
        const children = descendants(s.npm.pid!);
        expect(children.length).toBeGreaterThan(0); // the node process serving
        const code = exited(s.npm);
        s.npm.kill(signal);
        expect(await code, s.output()).toBe('code 0');
        // npm exits after its child; a process that outlived it would stay alive past this wait
        await eventually(async () => children.filter(alive).length === 0, 5000).catch(() => undefined);
        expect(children.filter(alive)).toEqual([]);
        await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
      } finally {
        if (s.npm.exitCode === null) s.npm.kill('SIGKILL');
        rmSync(dirname(s.stateDir), { recursive: true, force: true });
      }
    });
  }

  it('SIGTERM during start-up waits for the half-started core, closes it and exits 0 (it aborted: exit 134)', { timeout: 180_000 }, async () => {
    // The launcher itself (as npm start runs it), signalled at moments from before the core thread has opened its
    // database to after: exiting while that thread was inside DuckDB's or onnxruntime's native start-up aborted it.
    const results: string[] = [];
    for (const delayMs of [300, 700, 1100, 1500, 2000]) {
      const stateDir = mkdtempSync(join(tmpdir(), 'meridian-early-'));
      try {
        const { p, output } = launch({ MERIDIAN_STATE_DIR: stateDir });
        const code = exited(p);
        await new Promise((r) => setTimeout(r, delayMs));
        p.kill('SIGTERM');
        const status = await code;
        results.push(`${delayMs} ms: ${status}${/terminate called|Aborted/.test(output()) ? ` ${output().slice(-200)}` : ''}`);
      } finally {
        rmSync(stateDir, { recursive: true, force: true });
      }
    }
    // Exit 0, or, for a signal that lands before the launcher's modules have loaded and its handlers exist
    // (300 ms is inside that window on a loaded machine under tsx), Node's default end by SIGTERM: nothing has
    // started then. Never an abort, and never a hang.
    for (const r of results) expect(r).toMatch(/^\d+ ms: (code 0|signal SIGTERM)$/);
    expect(results.slice(1)).toEqual(results.slice(1).map((r) => `${r.split(':')[0]}: code 0`));
  });

  it('a start whose gateway port is taken says so and exits 1, after closing the core it had started (it aborted: exit 134)', { timeout: 180_000 }, async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const port = (taken.address() as AddressInfo).port;
    // a free port for the core, fixed as by default: the gateway then starts while the core loads (DuckDB, then the
    // analysis threads' models), and its listen fails in the middle of that
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const corePort = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const stateDir = mkdtempSync(join(tmpdir(), 'meridian-taken-'));
    try {
      const { p, output } = launch({ MERIDIAN_STATE_DIR: stateDir, MERIDIAN_HTTP_ADDR: `127.0.0.1:${port}`, MERIDIAN_GRPC_ADDR: `127.0.0.1:${corePort}` });
      expect(await exited(p), output()).toBe('code 1');
      const out = output();
      expect(out).toContain(`Meridian could not start: listen EADDRINUSE: address already in use 127.0.0.1:${port}`);
      expect(out).not.toMatch(/terminate called|Aborted/);
      expect(out).not.toContain('"stack"'); // the log says what failed; its stack only at debug
    } finally {
      taken.close();
      rmSync(stateDir, { recursive: true, force: true });
    }
  });

  it('a state folder that cannot be used (a regular file) is named and the start exits 1 (it hung silently)', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'meridian-statefile-'));
    const stateFile = join(dir, 'state');
    writeFileSync(stateFile, 'not a folder');
    try {
      const { p, output } = launch({ MERIDIAN_STATE_DIR: stateFile, MERIDIAN_SENTIMENT_WORKERS: '1' });
      const hung = setTimeout(() => p.kill('SIGKILL'), 60_000);
      const code = await exited(p);
      clearTimeout(hung);
      expect(code, output()).toBe('code 1');
      expect(output()).toContain(`Meridian could not start: ENOTDIR: not a directory, mkdir '${stateFile}/tls'`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a second signal forces the exit at once, leaving no process', { timeout: 180_000 }, async () => {
    const s = await npmStart();
    try {
      const children = descendants(s.npm.pid!);
      const code = exited(s.npm);
      s.npm.kill('SIGTERM');
      s.npm.kill('SIGTERM');
      const started = Date.now();
      expect(await code, s.output()).toMatch(/^(code|signal) /);
      expect(Date.now() - started).toBeLessThan(5000);
      await eventually(async () => children.filter(alive).length === 0, 5000).catch(() => undefined);
      expect(children.filter(alive)).toEqual([]);
    } finally {
      if (s.npm.exitCode === null) s.npm.kill('SIGKILL');
      rmSync(s.stateDir, { recursive: true, force: true });
    }
  });
});
