/**
 * API keys from the command line (npm run keys -- <command>):
 *   create --name NAME [--scopes geo:read,sentiment:write|*] [--rate-limit N]   prints the key once
 *   list                                                                       ids, names, scopes, limits, state
 *   revoke ID
 * Works while the gateway runs: it re-reads the key table within
 * MERIDIAN_KEY_RELOAD_MS (1 s by default). MERIDIAN_STATE_DIR picks the state folder.
 */
import { resolve } from 'node:path';
import { cliArgs } from '../../lib/cliArgs.js';
import { loadGatewayConfig } from '../config.js';
import { KeyStoreError, SCOPES } from './keyStore.js';
import { openGatewayState } from './gatewayState.js';

const USAGE = `usage: npm run keys -- create --name NAME [--scopes ${SCOPES.join(',')}|*] [--rate-limit N]
       npm run keys -- list
       npm run keys -- revoke ID`;

/** As MERIDIAN_DEFAULT_RATE_LIMIT's maximum (gateway/config.ts). */
const MAX_RATE_LIMIT = 10_000_000;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const parsed = cliArgs({
    name: 'keys',
    usage: 'npm run keys -- create|list|revoke [options]   (node dist/gateway/auth/keysCli.js …)',
    about: 'API keys of the gateway, in its state (MERIDIAN_STATE_DIR, or MERIDIAN_DATABASE_URL for the keys every gateway shares);\n'
      + 'a running gateway sees a change within MERIDIAN_KEY_RELOAD_MS.',
    options: {
      name: { type: 'string', arg: 'NAME', help: "create: the key's name, shown in lists, logs and the dashboard (default unnamed)" },
      scopes: { type: 'string', arg: 'LIST', help: `create: comma-separated scopes of ${SCOPES.join(',')}, or * (default geo:read)` },
      'rate-limit': { type: 'string', arg: 'N', help: `create: requests per minute, 1 to ${MAX_RATE_LIMIT}, or 0 for no limit (default: MERIDIAN_DEFAULT_RATE_LIMIT)` },
    },
    allowPositionals: true,
    more: `Commands:\n${USAGE.replace(/^usage: /, '       ')}`,
  });
  const { values, positionals: [command, ...rest] } = parsed;
  const cfg = loadGatewayConfig();
  const state = await openGatewayState(cfg, () => undefined); // MERIDIAN_DATABASE_URL: the keys every gateway shares
  // where the keys are: a mistyped MERIDIAN_STATE_DIR would otherwise list none, or create a key no gateway reads
  const where = cfg.databaseUrl ? 'the PostgreSQL of MERIDIAN_DATABASE_URL' : `${resolve(cfg.stateDir, 'gateway.duckdb')} (MERIDIAN_STATE_DIR)`;
  const store = state.keyStore;
  if (command === 'create' && rest.length === 0) {
    const rate = values['rate-limit'];
    const rateLimit = rate === undefined ? null : Number(rate);
    if (rateLimit !== null && (!Number.isInteger(rateLimit) || rateLimit < 0 || rateLimit > MAX_RATE_LIMIT)) {
      fail(`--rate-limit must be a whole number of requests per minute from 0 to ${MAX_RATE_LIMIT}, got '${rate}'`);
    }
    const name = values.name ?? 'unnamed';
    // the name is shown in lists, logs and the dashboard: printable text of a sensible length
    // …nor bidirectional controls, which show a name other than it is (U+202E reverses what follows in lists and logs)
    if (name.length > 100 || [...name].some((ch) => { const c = ch.codePointAt(0)!; return c < 0x20 || (c >= 0x7f && c <= 0x9f) || BIDI_CONTROLS.test(ch); })) {
      fail('--name must be at most 100 characters with no control characters (escapes, newlines, tabs, bidirectional controls)');
    }
    const { key, record } = await store.create({
      name,
      scopes: (values.scopes ?? 'geo:read').split(',').map((s) => s.trim()).filter(Boolean),
      rateLimit,
    });
    process.stdout.write(`${key}\n`);
    process.stderr.write(`created key ${record.id} '${record.name}' scopes=${record.scopes.join(',')} rate-limit=${shownLimit(record.rateLimit)} in ${where}; the key is shown only this once\n`);
  } else if (command === 'list' && rest.length === 0) {
    const keys = await store.list();
    if (keys.length === 0) process.stdout.write(`no keys yet in ${where}\n`);
    for (const k of keys) {
      process.stdout.write(`${k.id}  ${k.revokedAt ? `revoked ${k.revokedAt}` : 'active'}  ${k.name}  scopes=${k.scopes.join(',')}  rate-limit=${shownLimit(k.rateLimit)}  created ${k.createdAt}\n`);
    }
  } else if (command === 'revoke' && rest.length === 1 && rest[0]) {
    const k = await store.revoke(rest[0]);
    process.stdout.write(`revoked ${k.id} '${k.name}' at ${k.revokedAt}\n`);
  } else {
    fail(command ? `unknown command or arguments: ${[command, ...rest].join(' ')}` : 'no command given');
  }
  await state.close();
}

/** Unicode's bidirectional formatting characters (embeddings, overrides, isolates, marks). */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** A key's rate limit as the lists show it: its own, none (0), or the gateway's default. */
function shownLimit(limit: number | null): string {
  return limit === null ? 'default' : limit === 0 ? 'none' : `${limit}/min`;
}

main().catch((e: unknown) => {
  // what went wrong, not where: a database that does not answer, a state folder that is a file (MERIDIAN_LOG_LEVEL=debug: the stack)
  const detail = e instanceof Error && process.env['MERIDIAN_LOG_LEVEL'] === 'debug' ? e.stack : e instanceof Error ? e.message : String(e);
  process.stderr.write(`${e instanceof KeyStoreError ? e.message : `npm run keys failed: ${detail}`}\n`);
  process.exit(1);
});
