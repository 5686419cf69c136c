/**
 * The launcher (bin/meridian.ts) in a child process with the settings a test gives, for tests of how a start goes,
 * or fails: from source under tsx, or `compiled` as `npm start` runs it (dist/bin/meridian.js; ensureBuilt() from
 * test/support/built.ts first), 1-2 s sooner per start on 2 cores.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '../../src/paths.js';

/** How a child process ended: `code N` or `signal S`. */
export const exited = (p: ChildProcess) => new Promise<string>((resolve) => p.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`)));

/** The launcher itself, as `npm start` runs it (from source under tsx), with these settings; its output gathered. */
export function launch(settings: Record<string, string>, args: string[] = [], opts: { compiled?: boolean } = {}): { p: ChildProcess; output: () => string } {
  const program = opts.compiled ? ['dist/bin/meridian.js'] : ['--import', 'tsx', 'bin/meridian.ts'];
  const p = spawn(process.execPath, [...program, ...args], {
    cwd: projectRoot,
    env: { ...process.env, MERIDIAN_HTTP_ADDR: '127.0.0.1:0', MERIDIAN_GRPC_ADDR: '127.0.0.1:0', MERIDIAN_SENTIMENT_WORKERS: '2', MERIDIAN_LOG_LEVEL: 'warn', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  p.stdout!.on('data', (b: Buffer) => { out += b.toString(); });
  p.stderr!.on('data', (b: Buffer) => { out += b.toString(); });
  return { p, output: () => out };
}
