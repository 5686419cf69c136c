/** Structured logs (pino) for the core; level from MERIDIAN_LOG_LEVEL. */
import { pino } from 'pino';
import { LOG_LEVELS } from '../proto/contract/envSettings.js';

// Made at import, before any configuration is read: a level pino does not know falls back to info here, and the
// configuration (logLevelSetting) then refuses the start naming the variable, where pino threw "unknown level".
const wanted = (process.env['MERIDIAN_LOG_LEVEL'] ?? '').trim().toLowerCase() || (process.env['NODE_ENV'] === 'test' ? 'silent' : 'info');
const level = (LOG_LEVELS as readonly string[]).includes(wanted) ? wanted : 'info';

export const logger = pino({ level, base: { service: 'meridian-core' } });
