/**
 * Opaque page tokens and cursors (AIP-158), signed with one secret that core
 * and gateway share so that a token made by one replica or before a restart
 * is honoured by another or after it. The secret comes from
 * MERIDIAN_PAGE_TOKEN_SECRET, else from `<state folder>/page-token.secret`
 * (32 random bytes, created 0600 on first use; give every replica the same
 * file or variable).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GenerationalCache } from '../../lib/boundedCache.js';

export const PAGE_TOKEN_SECRET_FILE = 'page-token.secret';

/** The shared secret: MERIDIAN_PAGE_TOKEN_SECRET as each side's config read it at start, else the state folder's file (created when missing). */
export function pageTokenSecret(stateDir: string, fromEnv: string | undefined): Buffer {
  if (fromEnv) return Buffer.from(fromEnv);
  const file = join(stateDir, PAGE_TOKEN_SECRET_FILE);
  try {
    const hex = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64}$/i.test(hex)) return Buffer.from(hex, 'hex');
    throw new Error(`${file} does not hold 64 hex digits: delete it to have a new secret made (tokens already handed out stop working)`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(stateDir, { recursive: true });
  const secret = randomBytes(32);
  try {
    writeFileSync(file, `${secret.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    // another process (the other half of npm start, a replica) made it first: use theirs
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return pageTokenSecret(stateDir, fromEnv);
    throw e;
  }
  chmodSync(file, 0o600);
  return secret;
}

/** Signs and checks `<body>.<mac>` tokens whose MAC also covers the scope (the query) they belong to. */
export class TokenSigner {
  /**
   * MACs already computed, by body and scope: a list answer signs its next page's token every time, and an
   * HMAC object costs ~5 µs, several times a cached lookup. The `pageTokenMacs` budget (lib/boundedCache.ts).
   */
  private readonly macs = GenerationalCache.of<string, string>('pageTokenMacs');

  constructor(private readonly secret: Buffer, private readonly macChars = 22) {}

  sign(body: string, scope: string): string {
    return `${body}.${this.mac(body, scope)}`;
  }

  /** The body of a token made by sign() for this scope, or undefined. */
  open(token: string, scope: string): string | undefined {
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const body = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    const want = Buffer.from(this.mac(body, scope));
    return given.length === want.length && timingSafeEqual(given, want) ? body : undefined;
  }

  private mac(body: string, scope: string): string {
    const key = `${body}\0${scope}`;
    let mac = this.macs.get(key);
    if (mac === undefined) {
      mac = createHmac('sha256', this.secret).update(body).update('\0').update(scope).digest('base64url').slice(0, this.macChars);
      this.macs.set(key, mac);
    }
    return mac;
  }
}
