/**
 * GraphQL answers kept by their request: a repeated query over reference data
 * is answered with the JSON text it was answered with before, without running
 * it again (no execution, resolvers, connections, core calls or serialisation).
 *
 * Only what would be answered the same is answered from here:
 * - the key is everything the answer depends on: the HTTP method, the document's text, the operation name and the
 *   variables (as JSON text). No header changes a GraphQL answer (display language and ASCII mode are arguments),
 *   and the core calls GraphQL makes carry no caller, so the key, tenant and role do not change it either;
 * - an answer is kept only when running it called the core at least once and every call was to a method whose
 *   proto answer_cache option (or its service's) gives a max-age above 0 for that request (reference data; not the
 *   time of day, not places deleted SINCE_* a moving time, not a method private to its caller), for the smallest
 *   of those max-ages (the Cache-Control lifetime REST gives the same data);
 * - only whole successes are kept: HTTP 200 with no `errors` (a field error, a refusal, a request error are run
 *   every time), and single requests (a batch is run as before).
 *
 * Nothing that guards a request is skipped: the key check, its scope and rate limit, the limits by work and the
 * per-key work budget (plugin.ts's hooks) run for every request before this cache is read, so a kept answer is
 * charged exactly as a run one. The cost and depth rules are a function of the document alone (its text is the
 * key): an answer is kept only after its document passed them.
 *
 * Bounded by its budget in lib/boundedCache.ts (`graphqlAnswers`: the answers' and keys' text, at two bytes a
 * character; MERIDIAN_CACHE_GRAPHQL_ANSWERS_BYTES), least recently used out first. It keeps its own map rather than a
 * GenerationalCache because each answer carries its own expiry (the calls' smallest max-age).
 */
import { cacheBound } from '../../lib/boundedCache.js';

/** The largest answer kept (characters): a bigger one would push out hundreds of small ones. */
const MAX_ANSWER_CHARS = 256 * 1024;

/** What one request's execution found out about its answer's lifetime (core calls made, smallest max-age). */
export class AnswerLifetime {
  calls = 0;
  maxAgeSeconds = Number.POSITIVE_INFINITY;

  /** A core call whose answer may be kept `maxAgeSeconds` (0 or undefined: it may not be kept). */
  called(maxAgeSeconds: number | undefined): void {
    this.calls++;
    const s = maxAgeSeconds ?? 0;
    if (s < this.maxAgeSeconds) this.maxAgeSeconds = s;
  }

  /** The seconds the answer may be kept; 0 when it may not. */
  get keepSeconds(): number {
    return this.calls > 0 && Number.isFinite(this.maxAgeSeconds) ? this.maxAgeSeconds : 0;
  }
}

interface Kept { text: string; expires: number; bytes: number }

/** Sends a kept answer as a run one is sent (the profile summary, bench/cpuProfileSummary.ts, charges this frame to the cache). */
export function sendKept(reply: { type(contentType: string): { send(payload: string): unknown } }, text: string): void {
  reply.type('application/json; charset=utf-8').send(text);
}

interface GraphqlRequest { query?: unknown; variables?: unknown; operationName?: unknown }

export class GraphqlAnswerCache {
  private readonly kept = new Map<string, Kept>();
  private bytes = 0;

  /** `maxEntries`: an entry bound besides the bytes (tests); none by default. */
  constructor(private readonly maxBytes = cacheBound('graphqlAnswers'), private readonly maxEntries = Number.POSITIVE_INFINITY, private readonly now: () => number = Date.now) {}

  /** The key of a GET query string or POST body; undefined for what is never kept (a batch, no document). */
  static keyOf(method: string, payload: unknown): string | undefined {
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
    const { query, variables, operationName } = payload as GraphqlRequest;
    if (typeof query !== 'string') return undefined;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return undefined;
    let vars: string;
    if (variables === undefined || variables === null) vars = '';
    else if (typeof variables === 'string') vars = variables; // a GET's JSON text, as sent
    else if (typeof variables === 'object' && !Array.isArray(variables)) vars = JSON.stringify(variables);
    else return undefined;
    // a GET's variables are text and a POST's an object: the method keeps the two spellings apart
    return `${method}\u0000${operationName ?? ''}\u0000${vars}\u0000${query}`;
  }

  get(key: string): string | undefined {
    const k = this.kept.get(key);
    if (k === undefined) return undefined;
    this.kept.delete(key);
    if (k.expires <= this.now()) { this.bytes -= k.bytes; return undefined; }
    this.kept.set(key, k); // most recently used last
    return k.text;
  }

  /** Keeps an answer's JSON text for `seconds` (nothing when 0, or when it is too large). */
  set(key: string, text: string, seconds: number): void {
    if (!(seconds > 0) || text.length > MAX_ANSWER_CHARS) return;
    const old = this.kept.get(key);
    if (old) { this.kept.delete(key); this.bytes -= old.bytes; }
    const bytes = 2 * (key.length + text.length);
    if (bytes > this.maxBytes) return;
    this.kept.set(key, { text, expires: this.now() + seconds * 1000, bytes });
    this.bytes += bytes;
    while (this.bytes > this.maxBytes || this.kept.size > this.maxEntries) {
      const [oldest, k] = this.kept.entries().next().value as [string, Kept];
      this.kept.delete(oldest);
      this.bytes -= k.bytes;
    }
  }

  get size(): number {
    return this.kept.size;
  }

  /** Memory the kept answers and keys take, as counted against its bound. */
  get sizeBytes(): number {
    return this.bytes;
  }
}
