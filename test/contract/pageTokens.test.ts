/**
 * Page tokens and cursors are signed with one secret kept in the state folder
 * (or MERIDIAN_PAGE_TOKEN_SECRET), so a token handed out before a restart, or
 * by another replica sharing the folder or variable, is still honoured.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_TOKEN_SECRET_FILE, pageTokenSecret, TokenSigner } from '../../proto/contract/pageTokens.js';
import { Paging } from '../../src/paging.js';

const freshDir = () => mkdtempSync(join(tmpdir(), 'meridian-tokens-'));

describe('page-token secret', () => {
  it('is created once, 0600, and read back the same by every later process', () => {
    const dir = freshDir();
    const a = pageTokenSecret(dir, undefined);
    const b = pageTokenSecret(dir, undefined);
    expect(a.equals(b)).toBe(true);
    expect(a.length).toBe(32);
    expect(statSync(join(dir, PAGE_TOKEN_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, PAGE_TOKEN_SECRET_FILE), 'utf8').trim()).toBe(a.toString('hex'));
  });

  it('comes from the variable when it is set, whatever the folder holds', () => {
    const dir = freshDir();
    expect(pageTokenSecret(dir, 'shared-by-all-replicas').toString()).toBe('shared-by-all-replicas');
  });

  it('refuses a damaged secret file with a message that says what to do', () => {
    const dir = freshDir();
    pageTokenSecret(dir, undefined);
    writeFileSync(join(dir, PAGE_TOKEN_SECRET_FILE), 'not hex');
    expect(() => pageTokenSecret(dir, undefined)).toThrow(/delete it/);
  });
});

describe('tokens', () => {
  it('made by one Paging are honoured by another with the same folder (a restart, a replica)', () => {
    const dir = freshDir();
    const before = new Paging(1000, pageTokenSecret(dir, undefined));
    const token = before.next('cities?namePrefix=San', 0, 10, 95);
    expect(token).not.toBe('');
    const after = new Paging(1000, pageTokenSecret(dir, undefined));
    expect(after.read({ pageToken: token, limit: 10 }, 'cities?namePrefix=San')).toEqual({ limit: 10, offset: 10 });
  });

  it('are refused by a core with another secret, for another query, or when altered', () => {
    const token = new Paging(1000, pageTokenSecret(freshDir(), undefined)).next('q', 0, 10, 95);
    const other = new Paging(1000, pageTokenSecret(freshDir(), undefined));
    expect(() => other.read({ pageToken: token }, 'q')).toThrow(/pageToken is not valid/);
    const dir = freshDir();
    const p = new Paging(1000, pageTokenSecret(dir, undefined));
    const t = p.next('q', 0, 10, 95);
    expect(() => p.read({ pageToken: t }, 'another query')).toThrow(/pageToken is not valid/);
    const forged = `${Buffer.from('50').toString('base64url')}.${t.split('.')[1]}`;
    expect(() => p.read({ pageToken: forged }, 'q')).toThrow(/pageToken is not valid/);
  });

  it('open() gives back the body only for its own scope', () => {
    const s = new TokenSigner(Buffer.alloc(32, 7), 12);
    const t = s.sign('abc.def', 'scope');
    expect(s.open(t, 'scope')).toBe('abc.def');
    expect(s.open(t, 'other')).toBeUndefined();
    expect(s.open('nodot', 'scope')).toBeUndefined();
  });

  it('signed from its kept MACs are the tokens a fresh signer makes, past the bound on what it keeps', () => {
    const secret = Buffer.alloc(32, 9);
    const kept = new TokenSigner(secret);
    const scopes = Array.from({ length: 5000 }, (_, i) => `query ${i}`);
    const first = scopes.map((q) => kept.sign('MTA', q));
    // again, in another order: some MACs are kept, those signed before the keeper emptied itself are made again
    for (let i = scopes.length - 1; i >= 0; i -= 7) {
      expect(kept.sign('MTA', scopes[i]!)).toBe(first[i]);
      expect(new TokenSigner(secret).sign('MTA', scopes[i]!)).toBe(first[i]);
      expect(kept.open(first[i]!, scopes[i]!)).toBe('MTA');
      expect(kept.open(first[i]!, scopes[(i + 1) % scopes.length]!)).toBeUndefined();
    }
  });
});

describe('GraphQL cursors', () => {
  it('handed out before a gateway restart are honoured after it (same state folder)', async () => {
    const { startTestGateway } = await import('../support/gateway.js');
    const stateDir = freshDir();
    const query = (after: string | null) => ({ query: 'query($after: String) { countries(first: 2, after: $after) { edges { cursor node { code } } } }', variables: { after } });
    const first = await startTestGateway({ stateDir });
    const page1 = await first.send('POST', '/graphql', query(null));
    const cursor = page1.body.data.countries.edges[1].cursor as string;
    const next = await first.send('POST', '/graphql', query(cursor));
    await first.gateway.close();

    const second = await startTestGateway({ stateDir });
    try {
      const again = await second.send('POST', '/graphql', query(cursor));
      expect(again.body.errors).toBeUndefined();
      expect(again.body.data.countries.edges.map((e: { node: { code: string } }) => e.node.code))
        .toEqual(next.body.data.countries.edges.map((e: { node: { code: string } }) => e.node.code));
    } finally {
      await second.close();
    }
    const stranger = await startTestGateway();
    try {
      const refused = await stranger.send('POST', '/graphql', query(cursor));
      expect(refused.body.errors[0].extensions.code).toBe('PARAM_INVALID');
    } finally {
      await stranger.close();
    }
  });
});
