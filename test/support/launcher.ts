/**
 * The launcher (bin/meridian.ts) as `npm start` runs it, from source under tsx, in a child process with the
 * settings a test gives; for tests of how a start goes, or fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '../../src/paths.js';

/** How a child process ended: `code N` or `signal S`. */
export const exited = (p: ChildProcess) => new Promise<string>((resolve) => p.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`)));

/** The launcher itself, as `npm start` runs it (from source under tsx), with these settings; its output gathered. */
export function launch(settings: Record<string, string>, args: string[] = []): { p: ChildProcess; output: () => string } {
  const p = spawn(process.execPath, ['--import', 'tsx', 'bin/meridian.ts', ...args], {
    cwd: projectRoot,
    env: { ...process.env, MERIDIAN_HTTP_ADDR: '127.0.0.1:0', MERIDIAN_GRPC_ADDR: '127.0.0.1:0', MERIDIAN_SENTIMENT_WORKERS: '2', MERIDIAN_LOG_LEVEL: 'warn', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  p.stdout!.on('data', (b: Buffer) => { out += b.toString(); });
  p.stderr!.on('data', (b: Buffer) => { out += b.toString(); });
  return { p, output: () => out };
}
