/** Structured logs (pino) for the core; level from MERIDIAN_LOG_LEVEL. */
import { pino } from 'pino';

export const logger = pino({ level: process.env['MERIDIAN_LOG_LEVEL'] || (process.env['NODE_ENV'] === 'test' ? 'silent' : 'info'), base: { service: 'meridian-core' } });
