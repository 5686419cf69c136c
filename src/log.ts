/** Structured logs (pino) for the core; level from MERIDIAN_LOG_LEVEL. */
import { pino } from 'pino';
import { logLevelSetting } from '../lib/envSettings.js';

// Made at import, before any configuration is read: a level pino does not know falls back to info here, and the
// configuration (logLevelSetting again) then refuses the start naming the variable, where pino threw "unknown level".
function level(): string {
  try {
    return logLevelSetting(process.env, process.env['NODE_ENV'] === 'test' ? 'silent' : 'info');
  } catch {
    return 'info';
  }
}

export const logger = pino({ level: level(), base: { service: 'meridian-core' } });
