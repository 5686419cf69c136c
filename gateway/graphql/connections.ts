/**
 * Relay connections over the core's offset paging. Cursors are opaque: the
 * position plus an HMAC of the position and the connection's arguments, so a
 * cursor is refused by any other query (and cannot be forged by editing a
 * number). first/after/last/before resolve to one offset window; `last`
 * without `before` needs the total first, which costs one extra core call.
 * first and last that meet give their union (GeoDB), see union().
 */
import { GraphQLError } from 'graphql';
import { TokenSigner } from '../../proto/contract/pageTokens.js';

export const DEFAULT_PAGE = 10;

export interface PageArgs { first?: number | null; after?: string | null; last?: number | null; before?: string | null }
export interface Page<T> { items: T[]; total: number; offset: number }
export interface Connection<T> {
  totalCount: number;
  edges: { cursor: string; node: T }[];
  pageInfo: { startCursor: string; endCursor: string; hasNextPage: boolean; hasPreviousPage: boolean };
}

export const gqlError = (code: string, message: string): GraphQLError => new GraphQLError(message, { extensions: { code } });

/** Cursors signed with the page-token secret core and gateways share (proto/contract/pageTokens.ts), so they outlive restarts and work on any replica. */
export class Cursors {
  private readonly tokens: TokenSigner;

  constructor(secret: Buffer) {
    this.tokens = new TokenSigner(secret, 12);
  }

  encode(scope: string, offset: number): string {
    return this.tokens.sign(offset.toString(36), scope);
  }

  /** A position, or -1: the place before the first item (the end cursor of an empty page at the start). */
  decode(scope: string, cursor: string, arg: string): number {
    const body = /^(?:-1|[0-9a-z]{1,11})\.[\w-]{12}$/.test(cursor) ? this.tokens.open(cursor, scope) : undefined;
    const offset = body === undefined ? NaN : parseInt(body, 36);
    if (!Number.isSafeInteger(offset)) {
      throw gqlError('PARAM_INVALID', `${arg} is not a cursor of this connection (cursors are only valid with the arguments they were issued for)`);
    }
    return offset;
  }
}

/**
 * Resolves paging arguments to a window and fetches it. `fetch(offset, limit)`
 * must return the page and the total; a window past the end returns no edges.
 */
export async function connection<T>(cursors: Cursors, scopeOf: string | (() => string), args: PageArgs, maxPage: number,
  fetch: (offset: number, limit: number) => Promise<Page<T>>): Promise<Connection<T>> {
  const scope = new Scope(scopeOf);
  for (const k of ['first', 'last'] as const) {
    const v = args[k];
    if (v !== undefined && v !== null && (!Number.isInteger(v) || v < 0)) throw gqlError('PARAM_INVALID', `${k} must be a whole number from 0 to ${maxPage}`);
    if (typeof v === 'number' && v > maxPage) throw gqlError('ACCESS_DENIED', `${k} ${v} is above the maximum page size of ${maxPage}`);
  }
  if (typeof args.first === 'number' && typeof args.last === 'number' && !args.after && !args.before) return union(cursors, scope, args.first, args.last, fetch);
  let start = args.after ? cursors.decode(scope.text, args.after, 'after') + 1 : 0;
  let end = args.before ? cursors.decode(scope.text, args.before, 'before') : undefined;
  let total: number | undefined;
  const hasFirst = typeof args.first === 'number';
  const hasLast = typeof args.last === 'number';
  if (hasLast && end === undefined && !hasFirst) {
    total = (await fetch(0, 1)).total;
    end = total;
  }
  if (end !== undefined && end < start) end = start;
  let offset = start;
  // without first or last, a page of DEFAULT_PAGE, as workLimits.ts prices it (every item before a `before` cursor
  // was answered: 999 at a cursor 999 deep): after `after` the first ones, with `before` alone the ones just before it
  let limit = hasFirst ? (args.first as number) : end !== undefined && (hasLast || !args.after) ? end - start : DEFAULT_PAGE;
  if (end !== undefined) limit = Math.min(limit, end - start);
  const last = hasLast ? (args.last as number) : !hasFirst && end !== undefined && !args.after ? DEFAULT_PAGE : undefined;
  if (last !== undefined && limit > last) { offset = offset + limit - last; limit = last; }
  start = offset;
  const page = await fetch(offset, Math.max(1, limit));
  total = page.total;
  const items = page.offset === offset && limit > 0 ? page.items.slice(0, limit) : [];
  return connectionOf(cursors, scope, items, start, total);
}

/**
 * `first` and `last` together, without cursors: when the two slices meet or
 * overlap (first + last >= total) GeoDB answers their union, i.e. every item;
 * otherwise the Relay reading (the last `last` of the first `first`) stands.
 */
async function union<T>(cursors: Cursors, scope: Scope, first: number, last: number,
  fetch: (offset: number, limit: number) => Promise<Page<T>>): Promise<Connection<T>> {
  const head = await fetch(0, Math.max(1, first));
  const total = head.total;
  let items: T[];
  let start = 0;
  if (first + last >= total) {
    items = head.items.slice(0, Math.min(first, total));
    if (items.length < total) {
      const rest = await fetch(items.length, total - items.length);
      if (rest.offset === items.length) items = items.concat(rest.items);
    }
  } else {
    start = Math.max(0, first - last);
    items = head.items.slice(start, first);
  }
  return connectionOf(cursors, scope, items, start, total);
}

/** A connection's scope (its field and arguments, which cursors are bound to), as text made when first needed. */
class Scope {
  private made: string | undefined;

  constructor(private readonly of: string | (() => string)) {}

  get text(): string {
    return (this.made ??= typeof this.of === 'string' ? this.of : this.of());
  }
}

/**
 * An edge whose cursor is signed when it is read: an HMAC per edge was ~7 % of a list request's CPU on the
 * gateway, and most queries ask for nodes only (the cursor is the same text whenever it is read).
 */
class Edge<T> {
  private signed: string | undefined;

  constructor(private readonly cursors: Cursors, private readonly scope: Scope, private readonly position: number, readonly node: T) {}

  get cursor(): string {
    return (this.signed ??= this.cursors.encode(this.scope.text, this.position));
  }
}

/**
 * The connection of `items` found at position `start` of a list of `total`. An empty page has cursors too (GeoDB's
 * schema says `String!`, so typed clients generated from it fail on null): its start is the cursor at `start` (a page
 * `before` it ends there), its end the one before it, -1 at the start (a page `after` it starts at `start`: `first: 0`
 * for the total, then `after` its end cursor, starts at the first item).
 */
function connectionOf<T>(cursors: Cursors, scope: Scope, items: T[], start: number, total: number): Connection<T> {
  const edges = items.map((node, i) => new Edge(cursors, scope, start + i, node));
  const first = edges[0], last = edges[edges.length - 1];
  return {
    totalCount: total,
    edges,
    pageInfo: {
      get startCursor() { return first?.cursor ?? cursors.encode(scope.text, start); },
      get endCursor() { return last?.cursor ?? cursors.encode(scope.text, start - 1); },
      hasPreviousPage: start > 0,
      hasNextPage: start + edges.length < total,
    },
  };
}
