/**
 * Answers over reference data kept by their request, for REST and GraphQL alike: a repeated request is answered
 * with the body (and entity tag) it was answered with before, without calling the core, rendering or executing
 * anything again. One instance per gateway (gateway/app.ts), one byte budget (lib/boundedCache.ts `keptAnswers`,
 * MERIDIAN_CACHE_ANSWERS_BYTES); docs/caches.md says what else is kept and where.
 *
 * What may be kept, and for how long, is the contract's: the proto's `answer_cache` method and service options
 * (presentation.proto) give each method's max-age for a request, the same lifetime the HTTP answer's Cache-Control
 * gives every cache between the client and us. An answer is kept for that max-age (REST: its method's; GraphQL: the
 * smallest of its core calls'), and never when it is 0 (the time of day, places deleted SINCE_* a moving time) or
 * when the method declares none (anything private to its caller). So a kept answer is at most its max-age old, as
 * one in any HTTP cache may be: after a data refresh (a core restarted on a new database, docs/operations.md) a
 * gateway that kept running answers what it kept until each answer's max-age runs out, and REST's replies say how
 * old they are (Age). A zone's `utcOffsetHours`, the offset in force, is kept as long as its method's max-age says.
 *
 * The caller makes the key of everything the answer depends on (REST: routes.ts `keptAnswerKey`; GraphQL:
 * graphql/answerCache.ts `graphqlAnswerKey`), each with its own prefix so the two never meet; a key over 1 KiB is
 * held as its digest. Only whole successes are kept, and nothing that guards a request is skipped: the key check, its
 * scope and rate limit run before this store is read, and a kept answer is charged the work units a computed one
 * is (REST prices the request as before; a GraphQL answer keeps the price its run was given, the same for the same
 * document and variables, and is charged that without walking the document again).
 *
 * Least recently used out first, by second chance: a hit only marks its entry (`used`), and the eviction moves a
 * marked entry behind the others once instead of dropping it. Moving every hit to the map's end (delete + set) made
 * V8 rebuild the map's table every few thousand hits, tables that died in the old generation: under by-id load the
 * gateway ran a full collection every 2-3 s (CHANGELOG.md). Its own map rather than a GenerationalCache because each
 * answer carries its own expiry.
 */
import { hash } from 'node:crypto';
import { cacheBound, registerCache, type MeasuredCache } from '../lib/boundedCache.js';

/** The largest answer kept (its UTF-8 bytes): a bigger one would push out hundreds of small ones. */
const MAX_ANSWER = 256 * 1024;
/**
 * An entry's memory besides its key and body (Map entry, object, expiry, the body Buffer's header and backing store), so
 * that the count is at or above what bench:caches measures (2,610 bytes freed per entry against 2,612 counted with 620).
 */
const ENTRY_OVERHEAD = 620;
/** An alias's memory besides its two keys (Map entry, object, expiry): no body Buffer. */
const ALIAS_OVERHEAD = 500;

/** What answering a kept REST answer again needs of the route that kept it (rest/keptReplies.ts): its key scope, metrics label and max-age. */
export interface KeptRoute { scope: string; label: string; maxAge: number }

/**
 * A kept answer as given to `set`: the body as sent (JSON text, or its UTF-8 bytes; kept as bytes), its entity tag
 * when it has one, and the work units it was priced at when pricing it needs more than its key (GraphQL: a walk of the
 * document with its variables), so that a repeated request is charged the same without being priced again.
 */
export interface KeptAnswer {
  body: string | Buffer;
  tag?: string | undefined;
  cost?: number | undefined;
  /** REST: the route that kept it, for answering it again before Fastify (rest/keptReplies.ts; REST keeps its price in `cost` too). */
  route?: KeptRoute | undefined;
}

/** A kept answer as read back: its body as UTF-8 bytes, and when it was kept (ms since the epoch), for the Age its replies carry. */
export interface KeptEntry extends KeptAnswer { body: Buffer; at: number }

/**
 * A kept body's UTF-8 bytes in memory of their own: Buffer.from, or a small Buffer as received, is cut from Node's
 * shared 8 KB slab, which a kept answer would then hold alive with whatever short-lived bytes were cut beside it.
 */
export function keptBytes(body: string | Buffer, size = typeof body === 'string' ? Buffer.byteLength(body) : body.length): Buffer {
  const own = Buffer.allocUnsafeSlow(size);
  if (typeof body === 'string') own.write(body);
  else body.copy(own);
  return own;
}

/** `key`: the map's own key string, which an alias holds (its hash made once, and found again by identity, not compared). */
interface Entry extends KeptEntry { key: string; expires: number; bytes: number; used: boolean }

/** Another key of a kept answer (alias()): the key it stands for, found again at each read. */
interface Alias { target: string; expires: number; bytes: number; used: boolean }

/**
 * Keys up to this length are used as they are; a longer one (a GraphQL document with its variables, up to 64 KiB)
 * by its SHA-256 digest: V8 hashes a string over 16,383 characters by its length alone, so long keys of one length
 * would all meet in one bucket of the map (a lookup of 2.3 ms among 250 of them, against about 1 µs).
 */
const LONGEST_KEY = 1024;
const keyOf = (key: string): string => (key.length <= LONGEST_KEY ? key : `#${hash('sha256', key, 'base64url')}`);

export class KeptAnswers implements MeasuredCache {
  private readonly kept = new Map<string, Entry | Alias>();
  private bytes = 0;
  /** Its bound in counted bytes. */
  readonly bound: number;

  /** `maxBytes`: default the `keptAnswers` budget (listed by keptCaches()); `maxEntries`: an entry bound besides the bytes (tests). */
  constructor(maxBytes?: number, private readonly maxEntries = Number.POSITIVE_INFINITY, private readonly now: () => number = Date.now) {
    this.bound = maxBytes ?? cacheBound('keptAnswers');
    if (maxBytes === undefined) registerCache('keptAnswers', this);
  }

  get(requestKey: string): KeptEntry | undefined {
    const key = keyOf(requestKey);
    const k = this.kept.get(key);
    if (k === undefined) return undefined;
    const now = this.now();
    if (k.expires <= now) {
      this.drop(key, k);
      return undefined;
    }
    k.used = true; // kept past the next eviction that reaches it
    if (!('target' in k)) return k;
    // an alias: the answer its key stands for, while that is kept
    const t = this.kept.get(k.target);
    if (t === undefined || 'target' in t || t.expires <= now) {
      this.drop(key, k);
      return undefined;
    }
    t.used = true;
    return t;
  }

  /**
   * Keeps an answer for `seconds` (nothing when 0, or when it is too large). A JSON text is kept as its UTF-8 bytes,
   * made once here: every repeat is then written as they are, where a text was encoded again for each reply (V8's
   * UTF-8 write and length were 8 % of the gateway thread under by-id load: most place names have a letter past
   * U+007F, "Türkiye", "Uşak"), and a Buffer body is copied into memory of its own (keptBytes).
   */
  set(requestKey: string, { body, tag, cost, route }: KeptAnswer, seconds: number): void {
    if (!(seconds > 0) || body.length > MAX_ANSWER) return;
    const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    if (size > MAX_ANSWER) return;
    const own = keptBytes(body, size);
    const key = keyOf(requestKey);
    // a key and tag at two bytes a character (V8 keeps a string with any character past U+00FF so: an upper bound)
    const bytes = 2 * (key.length + (tag?.length ?? 0)) + own.length + ENTRY_OVERHEAD;
    const at = this.now();
    this.put(key, { key, body: own, tag, cost, route, at, expires: at + seconds * 1000, bytes, used: false });
  }

  /**
   * Keeps `requestKey` as another key of the answer kept under `targetKey` (nothing when none is kept): another
   * spelling of the same request (graphql/keptPosts.ts: a POST's body text as received, so that a repeat is found
   * without parsing it). It holds the target's key, not its answer: read, it gives what the target holds, and nothing
   * once the target is gone. It lasts until the target's expiry at most, and counts its two keys against the bound.
   */
  alias(requestKey: string, targetKey: string): void {
    const t = this.kept.get(keyOf(targetKey));
    if (t === undefined || 'target' in t || t.expires <= this.now()) return;
    const key = keyOf(requestKey);
    const target = t.key;
    this.put(key, { target, expires: t.expires, bytes: 2 * (key.length + target.length) + ALIAS_OVERHEAD, used: false });
  }

  private drop(key: string, k: Entry | Alias): void {
    this.kept.delete(key);
    this.bytes -= k.bytes;
  }

  private put(key: string, entry: Entry | Alias): void {
    const old = this.kept.get(key);
    if (old) this.drop(key, old);
    if (entry.bytes > this.bound) return;
    // room first, oldest first: an expired entry goes; one hit since it was kept or last passed over goes behind the
    // others once
    const now = this.now();
    while (this.kept.size > 0 && (this.bytes + entry.bytes > this.bound || this.kept.size + 1 > this.maxEntries)) {
      const [oldest, k] = this.kept.entries().next().value as [string, Entry | Alias];
      if (k.used && k.expires > now) {
        this.kept.delete(oldest);
        k.used = false;
        this.kept.set(oldest, k);
      } else this.drop(oldest, k);
    }
    this.kept.set(key, entry);
    this.bytes += entry.bytes;
  }

  get size(): number {
    return this.kept.size;
  }

  /** Memory the kept answers and keys take, as counted against its bound. */
  get weight(): number {
    return this.bytes;
  }

  clear(): void {
    this.kept.clear();
    this.bytes = 0;
  }
}
