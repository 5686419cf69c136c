/**
 * The gateway alone, against a core elsewhere:
 *   node dist/gateway/main.js [--core=host:port|unix:/path] [--listen=host:port]
 * (`npm start` runs core and gateway together; see bin/meridian.ts).
 */
import { parseArgs } from 'node:util';
import { loadGatewayConfig } from './config.js';
import { startGateway } from './app.js';

async function main(): Promise<void> {
  let core: string | undefined, listen: string | undefined;
  try {
    ({ core, listen } = parseArgs({ args: process.argv.slice(2), strict: true, options: { core: { type: 'string' }, listen: { type: 'string' } } }).values);
  } catch (e) {
    throw new Error(`${(e as Error).message}; options are --core=host:port|unix:/path, --listen=host:port`, { cause: e });
  }
  const config = loadGatewayConfig();
  const { gateway, url } = await startGateway({ ...config, coreAddress: core ?? config.coreAddress, httpAddress: listen ?? config.httpAddress });
  process.stdout.write(`Meridian gateway on ${url} (core ${core ?? config.coreAddress})\n`);
  // first signal: drain and exit 0; a second one exits at once
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    gateway.close().then(() => process.exit(0), () => process.exit(1));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`Meridian gateway could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
