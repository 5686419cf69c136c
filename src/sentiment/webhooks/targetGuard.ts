/**
 * SSRF guard for webhook targets: a URL must be http(s), carry no credentials, and
 * every address its host resolves to must be public: loopback, private (RFC 1918,
 * fc00::/7), link-local (169.254/16 with cloud metadata, fe80::/10), CGNAT,
 * unspecified, multicast and reserved ranges are refused unless the host (name or
 * address, as written in the URL) is in the allow-list (MERIDIAN_WEBHOOK_ALLOW_HOSTS).
 * The check runs at registration and again at every delivery, and the delivery
 * connects to the very address that was checked (no second DNS answer to rebind).
 */
import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32]] as const) blocked.addSubnet(net, prefix, 'ipv6');

export class TargetRefused extends Error {}

export interface CheckedTarget { url: URL; address: string; family: 4 | 6 }

function isBlocked(address: string): boolean {
  const family = isIP(address);
  if (family === 6 && address.toLowerCase().startsWith('::ffff:')) return isBlocked(address.slice(7));
  return family === 4 ? blocked.check(address, 'ipv4') : family === 6 ? blocked.check(address, 'ipv6') : true;
}

export class TargetGuard {
  private readonly allowed: Set<string>;

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
    if (raw.length > 2048) throw new TargetRefused('url must be at most 2048 characters');
    return url;
  }

  /**
   * At registration: the shape, and the addresses if the name resolves now. A name
   * that does not resolve yet is accepted (every delivery checks again and fails
   * while it does not resolve); one that resolves to a refused address is refused.
   */
  async vet(raw: string): Promise<void> {
    try {
      await this.check(raw);
    } catch (e) {
      if (e instanceof TargetRefused && / does not resolve$/.test(e.message)) return;
      throw e;
    }
  }

  /** Resolves the host and checks every address; returns the address to connect to. */
  async check(raw: string): Promise<CheckedTarget> {
    const url = this.parse(raw);
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) as 4 | 6 }] : await lookup(host, { all: true, verbatim: true }).catch(() => {
      throw new TargetRefused(`the host ${host} of url does not resolve`);
    });
    if (addresses.length === 0) throw new TargetRefused(`the host ${host} of url does not resolve`);
    if (!this.allowed.has(host)) {
      const bad = addresses.find((a) => isBlocked(a.address));
      if (bad) throw new TargetRefused(`url points at ${bad.address}, a loopback, private, link-local or reserved address; such targets need the host in MERIDIAN_WEBHOOK_ALLOW_HOSTS`);
    }
    const first = addresses[0]!;
    return { url, address: first.address, family: first.family as 4 | 6 };
  }
}
