/**
 * Reading settings from the environment, the same way in core and gateway:
 * empty means the default, and a malformed value stops the start with a
 * message naming the variable and the accepted form.
 */
import { isIP } from 'node:net';

export type Env = NodeJS.ProcessEnv;

export function intSetting(env: Env, name: string, dflt: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  return n;
}

export function boolSetting(env: Env, name: string, dflt: boolean): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '') return dflt;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got '${raw}'`);
}

/** A boolean setting that may be left unset (undefined): true/1/yes/on, false/0/no/off; anything else stops the start. */
export function optionalBoolSetting(env: Env, name: string): boolean | undefined {
  return (env[name] ?? '').trim() === '' ? undefined : boolSetting(env, name, false);
}

export function stringSetting(env: Env, name: string, dflt: string): string {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? dflt : raw;
}

/** A DNS name (letters, digits, hyphens, dots; a `*.` wildcard first) or an IPv4/IPv6 address, as a certificate names a host. */
const HOST_NAME = /^(?:\*\.)?(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** A comma-separated list of host names or addresses (empty: none); a malformed one stops the start. */
export function hostListSetting(env: Env, name: string): string[] {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return [];
  const hosts = raw.split(',').map((h) => h.trim()).filter((h) => h !== '');
  for (const h of hosts) {
    if (!HOST_NAME.test(h) && isIP(h) === 0) throw new Error(`${name} must be a comma-separated list of host names or IP addresses (e.g. meridian-core,meridian-core.prod.svc), got '${h}'`);
  }
  // in the form a certificate gives them back (lower case, IPv6 compressed), so that a certificate made with them is
  // recognised as holding them at the next start instead of being made again
  return hosts.map((h) => (isIP(h) === 6 ? new URL(`http://[${h}]/`).hostname.slice(1, -1) : h.toLowerCase()));
}

/** host:port split (IPv6 hosts in brackets, which are taken off); undefined when the address is not of that form. */
export function parseHostPort(address: string): { host: string; port: number } | undefined {
  const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(address);
  return m ? { host: (m[1] ?? '').replace(/^\[|\]$/g, ''), port: Number(m[2]) } : undefined;
}

/** pino's levels, the values MERIDIAN_LOG_LEVEL takes. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** MERIDIAN_LOG_LEVEL, checked: pino threw "unknown level abc" from deep in its constructor, without the variable's name. */
export function logLevelSetting(env: Env, dflt = 'info'): string {
  const raw = stringSetting(env, 'MERIDIAN_LOG_LEVEL', dflt).toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) throw new Error(`MERIDIAN_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${env['MERIDIAN_LOG_LEVEL']?.trim()}'`);
  return raw;
}

/**
 * A URL with its credentials replaced, for messages and logs: everything between `://` and the last `@` when
 * there is one (a password may hold `/` or `@` when it is not percent-encoded, and then the URL does not parse).
 */
export function redactUrl(raw: string): string {
  const at = raw.lastIndexOf('@');
  const scheme = raw.indexOf('://');
  if (at < 0) return raw;
  return scheme >= 0 && scheme < at ? `${raw.slice(0, scheme + 3)}***${raw.slice(at)}` : `***${raw.slice(at)}`;
}

/**
 * MERIDIAN_DATABASE_URL: empty (the embedded stores) or a PostgreSQL URL. Anything else was handed to the
 * PostgreSQL driver, which retried 'abc' (or a mysql:// URL) for half a minute, logging stacks, before the
 * start failed.
 */
export function databaseUrlSetting(env: Env): string {
  const raw = stringSetting(env, 'MERIDIAN_DATABASE_URL', '');
  if (raw === '') return '';
  let url: URL | undefined;
  try { url = new URL(raw); } catch { url = undefined; }
  if (!url || !/^postgres(ql)?:$/.test(url.protocol) || url.hostname === '' && !url.searchParams.has('host')) {
    throw new Error(`MERIDIAN_DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/meridian (or empty for the embedded stores), got '${redactUrl(raw)}'`);
  }
  return raw;
}

/**
 * MERIDIAN_PAGE_TOKEN_SECRET: empty (a random secret kept in the state folder) or at least 16 characters; a short
 * one could be guessed and tokens forged. Used as given, not trimmed (a secret made from a file keeps its newline,
 * and replicas must sign alike); only whitespace is refused rather than read as unset.
 */
export function secretSetting(env: Env, name: string, minChars = 16): string {
  const raw = env[name] ?? '';
  if (raw === '') return '';
  if (raw.trim() === '') throw new Error(`${name} is only whitespace: set a secret of at least ${minChars} characters, or leave it unset for a random one kept in the state folder`);
  if (raw.length < minChars) throw new Error(`${name} must be at least ${minChars} characters (or unset: a random secret is kept in the state folder), got ${raw.length}`);
  return raw;
}

/**
 * A gRPC address as grpc-js takes it: host:port (port 0-65535; an IPv6 host in brackets), unix:path, or a grpc-js
 * target with a scheme (dns:, ipv4:, ipv6:, unix-abstract:) passed on as it is. grpc-js reads a bare host as port
 * 443, so "127.0.0.1" listened or connected on 443 without a word.
 */
export function grpcAddressSetting(name: string, raw: string): string {
  const value = raw.trim();
  if (/^(unix|unix-abstract|dns|ipv4|ipv6):./.test(value)) return value;
  hostPortSetting(name, value, '127.0.0.1:50051', 'unix:/path');
  return value;
}

/** A TCP listen or connect address, host:port with the port 0-65535 (an IPv6 host in brackets), checked by name; `orElse` names another accepted form. */
export function hostPortSetting(name: string, value: string, example = '127.0.0.1:8080', orElse = ''): { host: string; port: number } {
  const hostPort = parseHostPort(value);
  if (!hostPort || hostPort.port > 65535) {
    throw new Error(`${name} must be host:port with a port from 0 to 65535 (${example}, [::1]:${example.split(':').pop()})${orElse ? ` or ${orElse}` : ''}, got '${value}'`);
  }
  return hostPort;
}
