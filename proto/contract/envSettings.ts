/**
 * Reading settings from the environment, the same way in core and gateway:
 * empty means the default, and a malformed value stops the start with a
 * message naming the variable and the accepted form.
 */
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

export function stringSetting(env: Env, name: string, dflt: string): string {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? dflt : raw;
}

/** host:port split (IPv6 hosts in brackets, which are taken off); undefined when the address is not of that form. */
export function parseHostPort(address: string): { host: string; port: number } | undefined {
  const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(address);
  return m ? { host: (m[1] ?? '').replace(/^\[|\]$/g, ''), port: Number(m[2]) } : undefined;
}
