/**
 * What GraphQL adds to the gateway's kept answers (gateway/keptAnswers.ts): a repeated query over reference data is
 * answered with the JSON text it was answered with before, without running it again (no execution, resolvers,
 * connections, core calls or serialisation).
 *
 * Only what would be answered the same is answered from there:
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
 * The cost and depth rules are a function of the document alone (its text is the key): an answer is kept only after
 * its document passed them.
 */
/** The key scope GraphQL needs: it reads geo and locale data only (plugin.ts, and keptPosts.ts before Fastify). */
export const GRAPHQL_SCOPE = 'geo:read';

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

/** Sends a kept answer as a run one is sent (the profile summary, bench/cpuProfileSummary.ts, charges this frame to the cache). */
export function sendKept(reply: { type(contentType: string): { send(payload: string | Buffer): unknown } }, text: string | Buffer): void {
  reply.type('application/json; charset=utf-8').send(text);
}

interface GraphqlRequest { query?: unknown; variables?: unknown; operationName?: unknown }

/** The kept-answers key of a GET query string or POST body; undefined for what is never kept (a batch, no document). */
export function graphqlAnswerKey(method: string, payload: unknown): string | undefined {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
  const { query, variables, operationName } = payload as GraphqlRequest;
  if (typeof query !== 'string') return undefined;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return undefined;
  let vars: string;
  if (variables === undefined || variables === null) vars = '';
  else if (typeof variables === 'string') vars = variables; // a GET's JSON text, as sent
  else if (typeof variables === 'object' && !Array.isArray(variables)) vars = JSON.stringify(variables);
  else return undefined;
  // a GET's variables are text and a POST's an object: the method keeps the two spellings apart; an operation named ""
  // is not a missing name (graphql-js looks for an operation of that name and fails), so the two are apart too
  const op = operationName === undefined || operationName === null ? '\u0001' : `=${operationName}`;
  return `graphql\u0000${method}\u0000${op}\u0000${vars}\u0000${query}`;
}
