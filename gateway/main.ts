/**
 * The gateway alone, against a core elsewhere:
 *   node dist/gateway/main.js [--core=host:port|unix:/path] [--listen=host:port]
 * (`npm start` runs core and gateway together; see bin/meridian.ts).
 */
import { cliArgs } from '../lib/cliArgs.js';
import { loadGatewayConfig } from './config.js';
import { startGateway } from './app.js';

async function main(): Promise<void> {
  const { core, listen } = cliArgs({
    name: 'gateway',
    usage: 'node dist/gateway/main.js [options]   (or node dist/bin/meridian.js --gateway-only)',
    about: 'The REST/GraphQL gateway alone, calling a core elsewhere; settings from MERIDIAN_* variables.',
    options: {
      core: { type: 'string', arg: 'HOST:PORT|unix:/path', help: 'the core to call (else MERIDIAN_CORE_ADDR)' },
      listen: { type: 'string', arg: 'HOST:PORT', help: 'where to listen (else MERIDIAN_HTTP_ADDR)' },
    },
  }).values;
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
