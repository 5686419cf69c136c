/**
 * `npm start`: builds the geo data if it is missing, then runs the core on its
 * embedded defaults until SIGINT or SIGTERM. The REST/GraphQL gateway joins
 * this process when it exists (see gateway/).
 */
import { existsSync } from 'node:fs';
import { loadCoreConfig } from './config.js';
import { logger } from './log.js';
import { startCore } from './server.js';
import { buildGeoDatabase } from '../data/buildGeo.js';

async function main(): Promise<void> {
  const config = loadCoreConfig();
  if (!existsSync(config.geoDbPath)) {
    logger.info({ path: config.geoDbPath }, 'geo database missing: building it from the npm packages');
    await buildGeoDatabase({ out: config.geoDbPath, log: (line) => logger.info(line) });
  }
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
