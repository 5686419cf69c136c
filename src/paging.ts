/**
 * Paging shared by every list RPC: limit/offset validation and opaque page
 * tokens (AIP-158). A token carries the offset of the next page and a MAC of
 * the query it belongs to, so it cannot be forged or reused with other filters.
 */
import { TokenSigner } from '../proto/contract/pageTokens.js';
import { LIST_DEFAULTS } from '../proto/contract/listDefaults.js';
import { exclusive, invalid } from './errors.js';

/** A page's size when a request gives none: the contract's list_defaults (presentation.proto). */
export const DEFAULT_LIMIT = LIST_DEFAULTS.limit;

export interface PageRequest { limit?: number; offset?: number; pageToken?: string }

/** The page a list answers: an offset past the end gives the last page, aligned to limit. */
export function clampOffset(offset: number, limit: number, total: number): number {
  if (total === 0) return 0;
  return offset < total ? offset : Math.floor((total - 1) / limit) * limit;
}

export interface Page { limit: number; offset: number; currentOffset: number; nextPageToken: string }

export class Paging {
  private readonly tokens: TokenSigner;

  /** `secret`: shared by every replica (proto/contract/pageTokens.ts says where it comes from). */
  constructor(readonly maxLimit: number, secret: Buffer) {
    this.tokens = new TokenSigner(secret);
  }

  /** Validated limit and offset of a request; `queryKey` identifies the filters for page tokens. */
  read(req: PageRequest, queryKey: string): { limit: number; offset: number } {
    const limit = req.limit ?? 0;
    if (!Number.isInteger(limit) || limit < 0 || limit > this.maxLimit) {
      throw invalid('limit', `limit must be an integer from 1 to ${this.maxLimit}, got ${limit}`);
    }
    const offset = req.offset ?? 0;
    if (!Number.isInteger(offset) || offset < 0) throw invalid('offset', `offset must be a non-negative integer, got ${offset}`);
    let effectiveOffset = offset;
    if (req.pageToken) {
      if (offset) throw exclusive(['offset', 'pageToken'], 'offset and pageToken are mutually exclusive: pass one of them');
      effectiveOffset = this.decode(req.pageToken, queryKey);
    }
    return { limit: limit || DEFAULT_LIMIT, offset: effectiveOffset };
  }

  /** The page of a list of `total` items that a request asks for, with its next-page token. */
  page(req: PageRequest, queryKey: string, total: number): Page {
    const { limit, offset } = this.read(req, queryKey);
    const start = clampOffset(offset, limit, total);
    return { limit, offset: start, currentOffset: start, nextPageToken: this.next(queryKey, start, limit, total) };
  }

  /** The token of the page after [offset, offset+limit), or '' when that was the last page. */
  next(queryKey: string, offset: number, limit: number, total: number): string {
    const nextOffset = offset + limit;
    if (nextOffset >= total) return '';
    return this.tokens.sign(Buffer.from(String(nextOffset)).toString('base64url'), queryKey);
  }

  private decode(token: string, queryKey: string): number {
    const body = this.tokens.open(token, queryKey);
    if (body === undefined) {
      throw invalid('pageToken', 'pageToken is not valid for this query: pass the nextPageToken of a response to the same request');
    }
    return Number(Buffer.from(body, 'base64url').toString());
  }
}
