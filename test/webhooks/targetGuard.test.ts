/** SSRF guard unit tests: IPv6 forms that reach IPv4 or local scopes, the per-tenant lookup bound. */
import { describe, it, expect } from 'vitest';
import { TargetGuard, TargetRefused, TooManyLookups, isBlocked, LOOKUPS_PER_TENANT } from '../../src/sentiment/webhooks/targetGuard.js';

describe('webhook target guard', () => {
  const guard = new TargetGuard([]);

  it.each([
    ['IPv4-compatible loopback', 'http://[::127.0.0.1]/x'],
    ['IPv4-compatible private', 'http://[::10.0.0.1]/x'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/x'],
    ['6to4 (refused wholesale)', 'http://[2002:7f00:1::1]/x'],
    ['6to4 of a public IPv4', 'http://[2002:808:808::1]/x'],
    ['local-use NAT64', 'http://[64:ff9b:1::a00:1]/x'],
    ['well-known NAT64', 'http://[64:ff9b::7f00:1]/x'],
    ['site-local', 'http://[fec0::1]/x'],
    ['loopback', 'http://[::1]/x'],
    ['unspecified', 'http://[::]/x'],
    ['discard-only', 'https://[100::1]/'],
    ['Teredo (embeds an IPv4 address)', 'https://[2001::1]/'],
    ['ORCHID', 'https://[2001:10::1]/'],
    ['ORCHIDv2', 'https://[2001:20::1]/'],
    ['IPv6 documentation (RFC 9637)', 'https://[3fff::1]/'],
    ['SRv6 SIDs', 'https://[5f00::1]/'],
    ['the 6to4 relay anycast', 'https://192.88.99.1/'],
  ])('refuses %s (%s)', async (_label, url) => {
    await expect(guard.check(url)).rejects.toBeInstanceOf(TargetRefused);
    await expect(guard.vet(url, 't')).rejects.toThrow(/loopback, private, link-local or reserved/);
  });

  it('accepts public IPv6 and IPv4 addresses', async () => {
    expect((await guard.check('https://[2606:4700::1111]/x')).address).toBe('2606:4700::1111');
    expect((await guard.check('https://1.1.1.1/x')).address).toBe('1.1.1.1');
    expect(isBlocked('2001:4860:4860::8888')).toBe(false);
    expect(isBlocked('2001:200::1')).toBe(false); // just past the IETF protocol block: an ordinary allocation
    expect(isBlocked('fec0::1')).toBe(true);
    expect(isBlocked('2002::1')).toBe(true);
  });

  it('lets the allow-list through', async () => {
    expect((await new TargetGuard(['::1']).check('http://[::1]/x')).address).toBe('::1');
  });

  it(`refuses a tenant's lookup beyond ${LOOKUPS_PER_TENANT} at once, not another tenant's`, async () => {
    const g = new TargetGuard([]);
    // names under .invalid never resolve (RFC 6761); getaddrinfo still runs for each
    const running = Array.from({ length: LOOKUPS_PER_TENANT }, (_, i) => g.vet(`https://h${i}.meridian-test.invalid/x`, 'a'));
    await expect(g.vet('https://extra.meridian-test.invalid/x', 'a')).rejects.toBeInstanceOf(TooManyLookups);
    await expect(g.vet('https://other.meridian-test.invalid/x', 'b')).resolves.toBeUndefined();
    await Promise.all(running); // names that do not resolve yet are accepted at registration
    await expect(g.vet('https://again.meridian-test.invalid/x', 'a')).resolves.toBeUndefined();
  });

  it('checks the URL shape before any lookup', async () => {
    await expect(guard.vet('ftp://example.com/x', 't')).rejects.toThrow(/https/);
    await expect(guard.vet('not-a-url', 't')).rejects.toThrow(/absolute/);
    await expect(guard.vet('not a url', 't')).rejects.toThrow(/spaces or control characters/);
    await expect(guard.vet('https://example.com:0/x', 't')).rejects.toThrow(/port 0/);
  });
});
