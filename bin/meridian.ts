/**
 * `npm start`: the core and the gateway in one process on embedded defaults,
 * the gateway reaching the core over the loopback gRPC channel. Each can run
 * alone so that they scale separately:
 *   node dist/bin/meridian.js                 core + gateway
 *   node dist/bin/meridian.js --core-only     the gRPC core
 *   node dist/bin/meridian.js --gateway-only --core=host:port
 * SIGINT/SIGTERM close the gateway first (drain HTTP), then the core.
 */
import { loadCoreConfig } from '../src/config.js';
import { startCore, type Core } from '../src/server.js';
import { logger } from '../src/log.js';
import { argValue, loadGatewayConfig } from '../gateway/config.js';
import { startGateway, type RunningGateway } from '../gateway/app.js';
import { localKeyPath } from '../gateway/auth/keyStore.js';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const known = /^--(core-only|gateway-only|core=.+|listen=.+)$/;
  const unknown = args.filter((a) => !known.test(a));
  if (unknown.length) throw new Error(`unknown option ${unknown.join(' ')}; options are --core-only, --gateway-only, --core=host:port, --listen=host:port`);
  const coreOnly = args.includes('--core-only');
  const gatewayOnly = args.includes('--gateway-only');
  if (coreOnly && gatewayOnly) throw new Error('--core-only and --gateway-only exclude each other');

  let core: Core | undefined;
  let gateway: RunningGateway | undefined;
  if (!gatewayOnly) {
    core = await startCore(loadCoreConfig());
    process.stdout.write(`Meridian core (gRPC) on ${core.address}   try: grpcurl -plaintext ${core.address} list\n`);
  }
  if (!coreOnly) {
    const config = loadGatewayConfig();
    const coreAddress = argValue(args, 'core') ?? core?.address ?? config.coreAddress;
    gateway = await startGateway({ ...config, coreAddress, httpAddress: argValue(args, 'listen') ?? config.httpAddress }, logger);
    const keyFile = localKeyPath(config.stateDir);
    process.stdout.write(`Meridian gateway (REST, JSONP, OpenAPI) on ${gateway.url}\n`);
    if (gateway.gateway.localKeyFile) process.stdout.write(`  created a local API key with every scope: ${keyFile}\n`);
    process.stdout.write(`  try: curl -H "X-Gateway-Key: $(cat ${keyFile})" '${gateway.url}/v1/geo/cities?namePrefix=San&limit=3'\n`);
  }
  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    (async () => {
      await gateway?.gateway.close();
      await core?.close();
    })().then(() => process.exit(0), (e: unknown) => { logger.error({ err: e }, 'shutdown failed'); process.exit(1); });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  logger.error({ err: e }, 'start-up failed');
  process.stderr.write(`Meridian could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
