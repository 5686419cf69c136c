/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, symmetric scheme):
 * the secret is `whsec_` + base64 of 24-64 random bytes; the signed content is
 * `{webhook-id}.{webhook-timestamp}.{body}`; `webhook-signature` is `v1,` + base64
 * of HMAC-SHA256 keyed by the secret's decoded bytes.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

export function newSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

function key(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac('sha256', key(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** Headers of one attempt (the timestamp is the attempt's, the id the message's). */
export function signedHeaders(secret: string, id: string, body: string, nowMs = Date.now()): Record<string, string> {
  const ts = Math.floor(nowMs / 1000);
  return { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': sign(secret, id, ts, body) };
}

/** A receiver's check (used by the tests; receivers in TypeScript may copy it): any listed v1 signature matches, in constant time. */
export function verify(secret: string, headers: { id: string; timestamp: string; signature: string }, body: string, toleranceS = 300, nowMs = Date.now()): boolean {
  const ts = Number(headers.timestamp);
  if (!Number.isInteger(ts) || Math.abs(nowMs / 1000 - ts) > toleranceS) return false;
  const expected = Buffer.from(sign(secret, headers.id, ts, body).slice(3), 'base64');
  return headers.signature.split(' ').some((s) => {
    const [version, value] = s.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const got = Buffer.from(value, 'base64');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}
