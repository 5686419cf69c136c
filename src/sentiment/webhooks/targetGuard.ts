/**
 * SSRF guard for webhook targets: a URL must be http(s), carry no credentials, and
 * every address its host resolves to must be public: loopback, private (RFC 1918,
 * fc00::/7), link-local (169.254/16 with cloud metadata, fe80::/10), CGNAT,
 * unspecified, multicast and reserved ranges are refused unless the host (name or
 * address, as written in the URL) is in the allow-list (MERIDIAN_WEBHOOK_ALLOW_HOSTS).
 * The check runs at registration and again at every delivery, and the delivery
 * connects to the very address that was checked (no second DNS answer to rebind).
 * IPv6 forms that reach IPv4 or old local scopes are refused too: IPv4-compatible
 * (::/96), IPv4-mapped (::ffff:0:0/96, checked as the IPv4 inside), NAT64
 * (64:ff9b::/96 and the local-use 64:ff9b:1::/48), 6to4 (2002::/16, refused
 * wholesale: deprecated by RFC 7526, and each address embeds an IPv4 relay path, as does the 6to4 relay anycast
 * 192.88.99.0/24), Teredo and the rest of the IETF protocol block (2001::/23), site-local (fec0::/10), and the
 * other special-purpose blocks that are not globally reachable (100::/64, 3fff::/20, 5f00::/16). Port 0 is refused.
 *
 * Lookups are bounded: at most LOOKUPS_PER_TENANT resolving at once per tenant at
 * registration (more is TooManyLookups, answered RESOURCE_EXHAUSTED at once), and
 * deliveries reuse a vetted answer per host for CACHE_TTL_MS (concurrent lookups
 * of one host share one getaddrinfo call).
 */
import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['2002::', 16], ['2001:db8::', 32],
  // IANA special-purpose blocks no webhook lives in: discard-only and dummy prefixes, the IETF protocol block
  // (Teredo 2001::/32, which embeds an IPv4 address, benchmarking, ORCHID), documentation 3fff::/20, SRv6 SIDs
  ['100::', 64], ['100:0:0:1::', 64], ['2001::', 23], ['3fff::', 20], ['5f00::', 16],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

export class TargetRefused extends Error {}
/** The tenant already has LOOKUPS_PER_TENANT host lookups running. */
export class TooManyLookups extends Error {}

export const LOOKUPS_PER_TENANT = 4;
export const CACHE_TTL_MS = 60_000;

type Addresses = { address: string; family: number }[];

export interface CheckedTarget { url: URL; address: string; family: 4 | 6 }

export function isBlocked(address: string): boolean {
  const family = isIP(address);
  if (family === 6 && address.toLowerCase().startsWith('::ffff:')) return isBlocked(address.slice(7));
  return family === 4 ? blocked.check(address, 'ipv4') : family === 6 ? blocked.check(address, 'ipv6') : true;
}

export class TargetGuard {
  private readonly allowed: Set<string>;
  private readonly lookupsByTenant = new Map<string, number>();
  private readonly cache = new Map<string, { at: number; addresses: Promise<Addresses> }>();

  constructor(allowHosts: readonly string[]) {
    this.allowed = new Set(allowHosts.map((h) => h.toLowerCase().replace(/^\[|\]$/g, '')));
  }

  /** Parses and checks a URL's shape (no DNS); throws TargetRefused with the reason. */
  parse(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new TargetRefused(`url must be an absolute http(s) URL, got '${raw.slice(0, 100)}'`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TargetRefused(`url must use https (or http), not ${url.protocol}`);
    if (url.username || url.password) throw new TargetRefused('url must not carry credentials');
    if (url.port === '0') throw new TargetRefused('url must not name port 0');
    if (raw.length > 2048) throw new TargetRefused('url must be at most 2048 characters');
    return url;
  }

  /**
   * At registration: the shape, and the addresses if the name resolves now. A name
   * that does not resolve yet is accepted (every delivery checks again and fails
   * while it does not resolve); one that resolves to a refused address is refused.
   * A tenant with LOOKUPS_PER_TENANT lookups running gets TooManyLookups at once.
   */
  async vet(raw: string, tenant: string): Promise<void> {
    // at registration only: the URL parser drops spaces, tabs, CR/LF and NUL where it meets them, so the URL stored and
    // listed would not be the one called ("https://h/x\r\nX-Injected: 1" calls https://h/xX-Injected:%201); an
    // endpoint registered before this check keeps being called as the parser reads it
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    if (/[\u0000-\u0020\u007f]/.test(raw)) throw new TargetRefused('url must not contain spaces or control characters (percent-encode them: %20)');
    const url = this.parse(raw);
    if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) {
      await this.check(raw, false); // an address: no lookup to bound
      return;
    }
    const running = this.lookupsByTenant.get(tenant) ?? 0;
    if (running >= LOOKUPS_PER_TENANT) throw new TooManyLookups(`at most ${LOOKUPS_PER_TENANT} webhook URLs of a tenant are checked at once; retry shortly`);
    this.lookupsByTenant.set(tenant, running + 1);
    try {
      await this.check(raw, false);
    } catch (e) {
      if (e instanceof TargetRefused && / does not resolve$/.test(e.message)) return;
      throw e;
    } finally {
      const n = (this.lookupsByTenant.get(tenant) ?? 1) - 1;
      if (n === 0) this.lookupsByTenant.delete(tenant);
      else this.lookupsByTenant.set(tenant, n);
    }
  }

  /**
   * Resolves the host and checks every address; returns the address to connect to.
   * With `cached` (deliveries), a host's answer is reused for CACHE_TTL_MS.
   */
  async check(raw: string, cached = true): Promise<CheckedTarget> {
    const url = this.parse(raw);
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await this.resolve(host, cached);
    if (addresses.length === 0) throw new TargetRefused(`the host ${host} of url does not resolve`);
    if (!this.allowed.has(host)) {
      const bad = addresses.find((a) => isBlocked(a.address));
      if (bad) throw new TargetRefused(`url points at ${bad.address}, a loopback, private, link-local or reserved address; such targets need the host in MERIDIAN_WEBHOOK_ALLOW_HOSTS`);
    }
    const first = addresses[0]!;
    return { url, address: first.address, family: first.family as 4 | 6 };
  }

  private resolve(host: string, cached: boolean): Promise<Addresses> {
    const now = Date.now();
    const hit = this.cache.get(host);
    if (cached && hit && now - hit.at < CACHE_TTL_MS) return hit.addresses;
    const addresses = lookup(host, { all: true, verbatim: true }).catch(() => {
      this.cache.delete(host); // failures are not remembered
      throw new TargetRefused(`the host ${host} of url does not resolve`);
    });
    if (this.cache.size >= 10_000) this.cache.clear();
    this.cache.set(host, { at: now, addresses });
    return addresses;
  }
}
