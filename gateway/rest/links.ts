/**
 * Paging links of list responses: rel first, prev (when not on the first
 * page), next (when more follow) and last, host-relative, keeping every
 * parameter the client sent except the paging ones, which come first.
 */
import type { QueryPair } from './query.js';

export interface Link { href: string; rel: 'first' | 'prev' | 'next' | 'last' }

const PAGING = new Set(['offset', 'limit', 'pageToken', 'page_token', 'callback', '_']);

export function pagingLinks(path: string, query: QueryPair[], offset: number, limit: number, total: number): Link[] {
  const kept = query.filter((p) => !PAGING.has(p.name)).map((p) => p.raw);
  const href = (o: number) => `${path}?${[`offset=${o}`, `limit=${limit}`, ...kept].join('&')}`;
  const last = total > 0 ? Math.floor((total - 1) / limit) * limit : 0;
  const links: Link[] = [{ href: href(0), rel: 'first' }];
  if (offset > 0) links.push({ href: href(Math.max(0, Math.min(offset - limit, last))), rel: 'prev' });
  if (offset + limit < total) links.push({ href: href(offset + limit), rel: 'next' });
  links.push({ href: href(last), rel: 'last' });
  return links;
}
