/**
 * The core: one gRPC server whose services are thin adapters over the
 * capability modules. This file reads as the table of contents: open the
 * data, add each capability, health and reflection, listen; and one place
 * closes everything again.
 */
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { ReflectionService } from '@grpc/reflection';
import { existsSync } from 'node:fs';
import type { CoreConfig } from './config.js';
import { ConnectionPool, openDatabase } from './db/duckdb.js';
import { addGeoService, type Geo } from './geo/geoService.js';
import { addLocaleService } from './locale/localeService.js';
import { packageDefinition } from './grpc/protos.js';
import { addExchangeService, ServiceRegistry } from './grpc/exchange.js';
import { logger } from './log.js';
import { Paging } from './paging.js';

export interface Core {
  address: string;
  port: number;
  geo: Geo;
  close(): Promise<void>;
}

const SERVICES = ['meridian.geo.v1.GeoService', 'meridian.locale.v1.LocaleService', 'meridian.exchange.v1.CoreExchange'];

export async function startCore(config: CoreConfig): Promise<Core> {
  const started = performance.now();
  if (!existsSync(config.geoDbPath)) {
    throw new Error(`geo database not found at ${config.geoDbPath}: run 'npm run data:build' (npm install builds it too)`);
  }
  const instance = await openDatabase(config.geoDbPath, { readOnly: true, threads: config.dbThreads });
  const db = await ConnectionPool.create(instance, config.dbConnections);
  const paging = new Paging(config.maxLimit, config.pageTokenSecret);
  const server = new grpc.Server({ 'grpc.max_receive_message_length': 4 * 1024 * 1024 });

  const services = new ServiceRegistry(server);
  const geo = await addGeoService(services, { db, paging });
  addLocaleService(services, { db, paging });
  addExchangeService(services);
  const health = new HealthImplementation({ '': 'SERVING', ...Object.fromEntries(SERVICES.map((s) => [s, 'SERVING'])) });
  health.addToServer(server);
  new ReflectionService(packageDefinition()).addToServer(server);

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(config.grpcAddress, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
  const address = config.grpcAddress.startsWith('unix:') ? config.grpcAddress : `${config.grpcAddress.replace(/:\d+$/, '')}:${port}`;
  logger.info({ address, places: geo.places.size, ms: Math.round(performance.now() - started) }, 'core listening');

  let closing: Promise<void> | undefined;
  return {
    address, port, geo,
    close: () => (closing ??= (async () => {
      for (const s of ['', ...SERVICES]) health.setStatus(s, 'NOT_SERVING');
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => { server.forceShutdown(); resolve(); }, 5000);
        server.tryShutdown(() => { clearTimeout(force); resolve(); });
      });
      await db.close();
      logger.info('core stopped');
    })()),
  };
}
