/**
 * `npm start`: runs the core on its embedded defaults until SIGINT or SIGTERM
 * (npm's prestart builds the code, and the geo data when it is missing). The
 * REST/GraphQL gateway joins this process when it exists (see gateway/).
 */
import { loadCoreConfig } from './config.js';
import { logger } from './log.js';
import { startCore } from './server.js';

async function main(): Promise<void> {
  const config = loadCoreConfig();
  const core = await startCore(config);
  process.stdout.write(`Meridian core (gRPC) listening on ${core.address}\n  try: grpcurl -plaintext ${core.address} list\n`);
  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    core.close().then(() => process.exit(0), (e: unknown) => { logger.error({ err: e }, 'shutdown failed'); process.exit(1); });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  logger.error({ err: e }, 'start-up failed');
  process.stderr.write(`Meridian could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
