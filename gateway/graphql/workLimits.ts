/**
 * GraphQL limits by work, checked before mercurius parses or runs anything:
 *
 * 1. Hard caps, cheapest first: the body's declared size (Content-Length,
 *    before it is read) and the document's bytes; operations per batch;
 *    tokens (graphql-js `parse` with `maxTokens`, so a huge document stops
 *    parsing early); then, walking the parsed document once with a bound on
 *    the nodes visited: operations, fragments, aliases (every one counted)
 *    and depth.
 * 2. A cost that prices what the core will do, with the request's variables,
 *    in the work units of ../workPricing.ts (shared with REST): a list is its
 *    page size plus the rows the core may read to answer it, `totalCount` one
 *    more pass over the same rows, nested lists multiply by the parent's page
 *    size, and every object in the answer costs one unit (scalar fields are
 *    columns of a row already read: free, but for FIELD_PRICES: those that
 *    call the core once per object, and the flag).
 * 3. Budgets: per request (maxCost) and per key (work units per minute, the
 *    WorkBudget that REST charges too).
 *
 * A refusal is HTTP 400 (429 for the key's budget) with
 * `errors[].extensions.code` ACCESS_DENIED and `extensions.type` naming the
 * limit; nothing reaches the core.
 */
import {
  GraphQLError, Kind, parse, getNamedType, getOperationAST, isObjectType,
  type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLObjectType, type GraphQLSchema, type SelectionSetNode, type ValueNode,
} from 'graphql';
import { DEFAULT_PAGE } from './connections.js';
import { DEFAULT_RADIUS_MI, listCost, PLACE_ROWS, placeRows, radiusKm, SCAN_ROWS, SMALL_TABLE_ROWS, WorkBudget } from '../workPricing.js';

export interface WorkLimits {
  /** Largest document (and request body) in bytes. */
  maxBytes: number;
  /** Most lexical tokens in a document (graphql-js maxTokens). */
  maxTokens: number;
  /** Most aliased fields in a document. */
  maxAliases: number;
  /** Deepest selection. */
  maxDepth: number;
  /** Most fragment definitions in a document. */
  maxFragments: number;
  /** Most operations in a document, and most queries in a batch. */
  maxOperations: number;
  /** Largest cost of one request (sum over a batch). */
  maxCost: number;
  /** Page size assumed where first/last is a variable not given. */
  maxPage: number;
}

/** Selections visited at most while walking one document (fragment spreads expand). */
const MAX_VISITS = 20_000;
/**
 * Introspection roots (__schema, __type) per request, and what each costs in work units: the full schema
 * answer is ~27 KB and ~2.4 ms of the gateway's CPU, so 48 aliased ones in a loop of requests (free before)
 * held the gateway's thread (a by-id request's median 6.5 → 309 ms). GraphiQL and codegen tools ask once.
 */
const MAX_INTROSPECTIONS = 2;
/** The introspection roots as a batch's texts name them (counted across a batch before each query is walked). */
const INTROSPECTION = /\b__(?:schema|type)\b/g;
const INTROSPECTION_COST = 50;
/**
 * The connections of populated places, each a search over the place store (a radius search for the nearby ones): a
 * nested `nearbyPopulatedPlaces` priced as a small table let one request under the cost cap run world-wide radius
 * searches for 10 s, and other callers' geo calls wait behind it.
 */
const PLACE_CONNECTIONS: ReadonlySet<string> = new Set(['PopulatedPlacesConnection', 'CountryPopulatedPlacesConnection', 'RegionPopulatedPlacesConnection', 'NearbyPopulatedPlacesConnection']);

/**
 * One core call made for each object that asks for the field (not one per page): ~50–80 µs of the process measured
 * (23,433 such calls answered in 1.2–1.9 s on the 2-core machine), about two units of CPU; three, as they run one by
 * one through both threads while a list's rows are over-priced scans: at the cost maximum a request makes at most
 * 10,000 of them (~0.6 s; a helper's sweep saw another key's by-id call wait 360 ms (p90) behind 8 queries of 23,550
 * such calls each). Five refused GeoDB's 10 × 100 × 1 nesting with `totalCount` once each place asked its `dateTime`.
 */
const CORE_CALL = 3;
/**
 * A country's flag, an SVG data URI of up to 137 KB (Bolivia's; most are a few KB) written again in every object that
 * asks for it: 55 places × 100 nearby places with their country's flag were a ~750 MB answer that ran the process to
 * 2 GB for 23,311 units before it was priced. 50 units each keeps an answer under ~80 MB at the cost maximum.
 */
const FLAG = 50;
/**
 * Fields that cost more than a column of a row already read, per object that asks for them (times the parents' page
 * sizes, as objects are): those that call the core once per object (its time, its distance to another place, the
 * place that contains it) and the flag.
 */
const FIELD_PRICES: Readonly<Record<string, (field: FieldNode) => number>> = {
  'PopulatedPlace.dateTime': () => CORE_CALL,
  'PopulatedPlace.time': () => CORE_CALL,
  'PopulatedPlace.locatedIn': () => CORE_CALL,
  'PopulatedPlace.distance': (f) => (f.arguments?.some((a) => a.name.value === 'toPlaceId') ? CORE_CALL : 0), // else the search's own
  'TimeZone.dateTime': () => CORE_CALL,
  'TimeZone.time': () => CORE_CALL,
  'Country.flagImageUri': () => FLAG,
};

export class LimitRefusal extends Error {
  constructor(readonly status: number, readonly type: string, message: string, readonly headers: Record<string, string> = {}, readonly code = 'ACCESS_DENIED') {
    super(message);
    this.name = 'LimitRefusal';
  }

  body(): { data: null; errors: { message: string; extensions: { code: string; type: string } }[] } {
    return { data: null, errors: [{ message: this.message, extensions: { code: this.code, type: this.type } }] };
  }
}

/** Whether a query text that is not GraphQL is JSON (a parsed document, which mercurius would run as it is). */
function isJson(query: string): boolean {
  try {
    JSON.parse(query);
    return true;
  } catch {
    return false;
  }
}

interface GraphqlRequest { query?: unknown; variables?: unknown; operationName?: unknown }

/**
 * A document as the work limits saw it: its parse (null when it does not parse: a syntax error, or over the
 * tokens, then `refusal`), and per operation name asked for ('' for none) the cost when pricing it read no
 * variable, or the refusal of its shape.
 */
interface PricedDocument { doc: DocumentNode | null; refusal?: LimitRefusal; fixedCost: Map<string, number | LimitRefusal> }

/** Documents the work limits keep (as mercurius's document cache: 1024), and their text at most, in characters. */
const DOCUMENTS = 1024;
const DOCUMENT_CHARS = 1024 * 1024;

export class GraphqlWorkLimits {
  constructor(private readonly schema: () => GraphQLSchema, readonly limits: WorkLimits, private readonly budget: WorkBudget) {}

  /** Refusal of a body by its declared size, before it is read. */
  checkDeclaredSize(contentLength: string | undefined): void {
    const n = Number(contentLength);
    // the body holds the document plus variables; allow it twice the document's bytes
    if (Number.isFinite(n) && n > 2 * this.limits.maxBytes) {
      throw new LimitRefusal(413, 'DOCUMENT_TOO_LARGE', `the GraphQL request is ${n} bytes; at most ${2 * this.limits.maxBytes} (documents at most ${this.limits.maxBytes})`);
    }
  }

  /** The most bytes a GraphQL request body may have: the document plus variables, twice the document limit. */
  get maxBodyBytes(): number {
    return 2 * this.limits.maxBytes;
  }

  /** The refusal of a body found over maxBodyBytes as it was read (gzip or chunked: no Content-Length said so before). */
  bodyTooLarge(): LimitRefusal {
    return new LimitRefusal(413, 'DOCUMENT_TOO_LARGE', `the GraphQL request, as read (unpacked, or chunked), is over ${this.maxBodyBytes} bytes; at most ${this.maxBodyBytes} (documents at most ${this.limits.maxBytes})`);
  }

  /** Checks a GET query string or POST body (one request or a batch) and charges the tenant; returns the cost. */
  admit(payload: unknown, tenant: string, until?: { once(event: 'close', f: () => void): unknown }): number {
    const requests: GraphqlRequest[] = Array.isArray(payload) ? payload as GraphqlRequest[] : [payload as GraphqlRequest ?? {}];
    if (requests.length > this.limits.maxOperations) {
      throw new LimitRefusal(400, 'TOO_MANY_OPERATIONS', `a batch holds ${requests.length} queries; at most ${this.limits.maxOperations}`);
    }
    // the introspection cap holds for a batch as a whole (each query of a batch of ten asked for two)
    if (requests.length > 1) {
      let asked = 0;
      for (const r of requests) if (typeof r?.query === 'string') asked += r.query.match(INTROSPECTION)?.length ?? 0;
      if (asked > MAX_INTROSPECTIONS) throw new LimitRefusal(400, 'TOO_MANY_INTROSPECTIONS', `the batch asks for __schema or __type more than ${MAX_INTROSPECTIONS} times; ask once`);
    }
    let cost = 0;
    for (const r of requests) cost += this.costOf(r);
    if (cost > this.limits.maxCost) {
      throw new LimitRefusal(400, 'QUERY_COST_EXCEEDED', `query cost ${Math.ceil(cost)} is above the maximum of ${this.limits.maxCost}: each list costs its page size plus one unit per ${SCAN_ROWS} rows the core may read (a radius search by the places its circle may hold, a short name prefix by the names it matches), totalCount one more count, each object one unit, nested lists multiply; ask for smaller radii, longer prefixes, smaller pages or fewer aliases`);
    }
    // the core's work this key has in progress (WorkBudget.hold), held until `until` (the HTTP response) closes
    if (until && !this.budget.hold(tenant, cost, until)) throw new LimitRefusal(429, 'TOO_MANY_IN_PROGRESS', this.budget.busy(cost), { 'retry-after': '1' });
    this.charge(cost, tenant);
    return cost;
  }

  /** Charges `cost` work units to the tenant's budget (429 when it is spent): admit's last step, and a kept answer's whole price. */
  charge(cost: number, tenant: string): void {
    const wait = this.budget.take(tenant, cost);
    if (wait) throw new LimitRefusal(429, 'TENANT_BUDGET_EXHAUSTED', this.budget.exhausted(wait), { 'retry-after': String(wait) });
  }

  /**
   * Documents seen before, by their text: a repeated query is not parsed again, a refusal of its shape (depth,
   * aliases, tokens, ...) is answered from here, and the cost of a document that reads no variable while priced is
   * kept (it cannot change). A document whose price reads variables keeps its parsed form and is walked again with
   * each request's variables. Bounded by DOCUMENTS entries and DOCUMENT_CHARS characters of document text
   * (parsed forms held only for the documents that need them), oldest out first.
   */
  private readonly documents = new Map<string, PricedDocument>();
  private documentChars = 0;

  private costOf(r: GraphqlRequest | null): number {
    if (r === null || typeof r !== 'object') return 0; // not a request: refused before (plugin.ts)
    const query = r.query;
    if (typeof query !== 'string') return 0; // mercurius answers a missing query itself
    // the byte check stays per request (before the cache): only documents within the limit are kept
    if (query.length > this.limits.maxBytes || (query.length * 3 > this.limits.maxBytes && Buffer.byteLength(query) > this.limits.maxBytes)) {
      throw new LimitRefusal(413, 'DOCUMENT_TOO_LARGE', `the GraphQL document is over ${this.limits.maxBytes} bytes`);
    }
    const operationName = typeof r.operationName === 'string' ? r.operationName : undefined;
    let priced = this.documents.get(query);
    if (priced === undefined) {
      priced = this.price(query);
      this.remember(query, priced);
    }
    if (priced.refusal) throw priced.refusal;
    if (priced.doc === null) return 0; // a syntax error: mercurius reports it as usual
    const opKey = operationName ?? '';
    const fixed = priced.fixedCost.get(opKey);
    if (fixed !== undefined) {
      if (fixed instanceof LimitRefusal) throw fixed;
      return fixed;
    }
    // variables are an object (a GET sends it as JSON text); anything else counts as none here and is refused by plugin.ts
    const objectOr = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : {});
    let variables: Record<string, unknown> = {};
    if (typeof r.variables === 'string') { try { variables = objectOr(JSON.parse(r.variables)); } catch { /* refused by plugin.ts */ } }
    else variables = objectOr(r.variables);
    const walked = { readVariables: false };
    try {
      const cost = this.walkDocument(priced.doc, variables, operationName, walked);
      if (!walked.readVariables && priced.fixedCost.size < 8) priced.fixedCost.set(opKey, cost);
      return cost;
    } catch (e) {
      // a refusal of the document's shape does not depend on the variables (depth, aliases, visits, introspections, operations)
      if (e instanceof LimitRefusal && priced.fixedCost.size < 8) priced.fixedCost.set(opKey, e);
      throw e;
    }
  }

  /**
   * Gives mercurius a document of several operations with the one asked for written into its text as a comment, for
   * each request of `payload` (admitted before). mercurius keeps a document's compiled (JIT) form by its text alone,
   * compiled for the operation of the run that compiled it: `query A {…} query B {…}` run as A after a run as B
   * answered B's data (kept, then, for every client), and was priced as A. A one-operation document is pinned too
   * when the request names an operation: compiled once without a name, it answered a wrong operationName with data
   * (and one compiled with a wrong name refused the right request).
   */
  pinOperations(payload: unknown): void {
    for (const r of Array.isArray(payload) ? payload as GraphqlRequest[] : [payload as GraphqlRequest]) {
      if (r === null || typeof r !== 'object' || typeof r.query !== 'string') continue;
      const doc = this.documents.get(r.query)?.doc;
      if (!doc || (doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION).length < 2 && typeof r.operationName !== 'string')) continue;
      r.query = `${r.query}\n# operation ${JSON.stringify(typeof r.operationName === 'string' ? r.operationName : null)}`;
    }
  }

  /**
   * For a request (not a batch) that admit() let through: graphql-js's words when the document parses but names no operation to run
   * (an operationName it lacks, or several operations and none named), else undefined. mercurius looks up a GET's
   * operation to refuse mutations and read `.operation` off the null it found (a TypeError for the client).
   */
  missingOperation(r: GraphqlRequest): string | undefined {
    const doc = typeof r.query === 'string' ? this.documents.get(r.query)?.doc : undefined;
    if (!doc) return undefined;
    const operationName = typeof r.operationName === 'string' ? r.operationName : undefined;
    if (getOperationAST(doc, operationName)) return undefined;
    if (operationName !== undefined) return `Unknown operation named "${operationName}".`;
    const operations = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION).length;
    return operations > 1 ? 'Must provide operation name if query contains multiple operations.' : undefined;
  }

  /** A document's parse (once), or the refusal of its tokens. */
  private price(query: string): PricedDocument {
    try {
      return { doc: parse(query, { maxTokens: this.limits.maxTokens, noLocation: true }), fixedCost: new Map() };
    } catch (e) {
      if (e instanceof GraphQLError && /tokens/i.test(e.message)) {
        return { doc: null, fixedCost: new Map(), refusal: new LimitRefusal(400, 'TOO_MANY_TOKENS', `the GraphQL document has more than ${this.limits.maxTokens} tokens`) };
      }
      // graphql-js parses recursively: values nesting lists or objects ~1,000 deep can run out of stack before
      // maxTokens stops the parse. Handed on to mercurius, its own parse overflowed too and the client read
      // "Maximum call stack size exceeded"; refuse it here as the limit it is.
      if (e instanceof RangeError) {
        return { doc: null, fixedCost: new Map(), refusal: new LimitRefusal(400, 'QUERY_TOO_DEEP', 'the GraphQL document nests lists, objects or selections too deeply to parse; flatten it') };
      }
      // mercurius runs a query text that parses as JSON as a ready-made document (AST): none of these limits, nor the
      // budget, would see it (a fragment bomb as JSON held the gateway's thread for 1.7 s per 4 KB, doubling with
      // each level)
      if (isJson(query)) {
        return { doc: null, fixedCost: new Map(), refusal: new LimitRefusal(400, 'PARAM_INVALID', 'query must be GraphQL source text; a JSON document (a parsed AST) is not accepted', {}, 'PARAM_INVALID') };
      }
      return { doc: null, fixedCost: new Map() };
    }
  }

  private remember(query: string, priced: PricedDocument): void {
    this.documents.set(query, priced);
    this.documentChars += query.length;
    while (this.documents.size > DOCUMENTS || this.documentChars > DOCUMENT_CHARS) {
      const oldest = this.documents.keys().next().value as string;
      this.documents.delete(oldest);
      this.documentChars -= oldest.length;
    }
  }

  private walkDocument(doc: DocumentNode, variables: Record<string, unknown>, operationName: string | undefined, walked: { readVariables: boolean }): number {
    const L = this.limits;
    const fragments = new Map<string, FragmentDefinitionNode>();
    let operations = 0;
    for (const d of doc.definitions) {
      if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
      else if (d.kind === Kind.OPERATION_DEFINITION) operations++;
    }
    if (operations > L.maxOperations) throw new LimitRefusal(400, 'TOO_MANY_OPERATIONS', `the document holds ${operations} operations; at most ${L.maxOperations}`);
    if (fragments.size > L.maxFragments) throw new LimitRefusal(400, 'TOO_MANY_FRAGMENTS', `the document defines ${fragments.size} fragments; at most ${L.maxFragments}`);
    const schema = this.schema();
    let aliases = 0;
    let visits = 0;
    let introspections = 0;

    // the walked operation's variable defaults: a radius given as `$r: Float = 20000` and no variable was priced as
    // the default 100 miles, 30 times under what the world-wide scans it ran cost
    let defaults = new Map<string, ValueNode>();
    const value = (v: ValueNode | undefined): unknown => {
      if (!v) return undefined;
      switch (v.kind) {
        case Kind.INT: case Kind.FLOAT: return Number(v.value);
        case Kind.STRING: case Kind.ENUM: return v.value;
        case Kind.BOOLEAN: return v.value;
        case Kind.VARIABLE:
          walked.readVariables = true;
          return Object.hasOwn(variables, v.name.value) ? variables[v.name.value] : value(defaults.get(v.name.value));
        case Kind.LIST: return v.values.map(value);
        case Kind.OBJECT: return Object.fromEntries(v.fields.map((f) => [f.name.value, value(f.value)]));
        default: return undefined;
      }
    };
    const arg = (field: FieldNode, name: string) => value(field.arguments?.find((a) => a.name.value === name)?.value);

    // first and last together answer up to first + last items (their union when they meet: connections.ts), so both
    // count: `first: 0, last: 100` was priced as a page of 0, and four such levels ran 83,521 objects for 438 units
    const pageOf = (field: FieldNode): number => {
      let page = 0;
      let given = false;
      for (const name of ['first', 'last']) {
        if (!field.arguments?.some((a) => a.name.value === name)) continue;
        given = true;
        const n = arg(field, name);
        page += typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.min(n, L.maxPage)) : L.maxPage;
      }
      return given ? page : DEFAULT_PAGE;
    };

    // a page after or before a cursor starts at the cursor's position (its base-36 part; the resolver checks its
    // signature), which the core reaches as REST reaches an offset: priced as the rows it skips, as REST's offset is
    const offsetOf = (field: FieldNode): number => {
      let most = 0;
      for (const name of ['after', 'before']) {
        const cursor = arg(field, name);
        const at = typeof cursor === 'string' ? parseInt(/^([0-9a-z]{1,11})\./.exec(cursor)?.[1] ?? '', 36) : NaN;
        if (Number.isSafeInteger(at)) most = Math.max(most, Math.min(at, PLACE_ROWS));
      }
      return most;
    };

    /** Rows the core may read for a list field. */
    const scanOf = (field: FieldNode, typeName: string, parentType: string): number => {
      if (!PLACE_CONNECTIONS.has(typeName)) return SMALL_TABLE_ROWS;
      if (field.name.value.startsWith('nearby') || arg(field, 'location') !== undefined) {
        const r = Number(arg(field, 'radius') ?? DEFAULT_RADIUS_MI);
        return placeRows({ radiusKm: radiusKm(Number.isFinite(r) ? r : 20_000, arg(field, 'distanceUnit')) });
      }
      const prefix = arg(field, 'namePrefix');
      const display = arg(field, 'displayOptions') as { language?: unknown } | undefined;
      return placeRows({ namePrefix: typeof prefix === 'string' ? prefix : undefined, scoped: parentType === 'Country' || parentType === 'CountryRegion', language: display?.language });
    };

    const walk = (set: SelectionSetNode, type: GraphQLObjectType, multiplier: number, depth: number, seen: Set<string>): number => {
      if (depth > L.maxDepth) throw new LimitRefusal(400, 'QUERY_TOO_DEEP', `query depth is above the maximum of ${L.maxDepth}`);
      let cost = 0;
      for (const sel of set.selections) {
        if (++visits > MAX_VISITS) throw new LimitRefusal(400, 'QUERY_TOO_COMPLEX', `the query expands to more than ${MAX_VISITS} selections`);
        if (sel.kind === Kind.FIELD) {
          if (sel.alias && ++aliases > L.maxAliases) throw new LimitRefusal(400, 'TOO_MANY_ALIASES', `the query uses more than ${L.maxAliases} aliases`);
          if (sel.name.value === '__schema' || sel.name.value === '__type') {
            // the schema's own description: one answer is tens of KB, so it is counted and charged (tools ask it once)
            if (++introspections > MAX_INTROSPECTIONS) {
              throw new LimitRefusal(400, 'TOO_MANY_INTROSPECTIONS', `the query asks for __schema or __type more than ${MAX_INTROSPECTIONS} times; ask once`);
            }
            cost += INTROSPECTION_COST;
            // its nesting counts as any other's (mercurius's own depth check answered it in another shape)
            if (sel.selectionSet && depth + selectionDepth(sel.selectionSet, fragments) > L.maxDepth) throw new LimitRefusal(400, 'QUERY_TOO_DEEP', `query depth is above the maximum of ${L.maxDepth}`);
            continue;
          }
          if (sel.name.value.startsWith('__')) continue; // __typename
          const def = type.getFields()[sel.name.value];
          if (!def) continue; // unknown fields are validation errors
          const named = getNamedType(def.type);
          const priced = FIELD_PRICES[`${type.name}.${sel.name.value}`];
          if (priced) cost += multiplier * priced(sel);
          let m = multiplier;
          if (isObjectType(named) && named.name.endsWith('Connection')) {
            const page = pageOf(sel);
            const counts = sel.selectionSet?.selections.some((s) => s.kind === Kind.FIELD && s.name.value === 'totalCount') ?? false;
            cost += multiplier * listCost(page, scanOf(sel, named.name, type.name), counts, offsetOf(sel));
            m = multiplier * Math.max(1, page);
          } else if (isObjectType(named)) {
            cost += multiplier; // one object (a row, a wrapper): its scalar fields are free
          }
          if (sel.selectionSet && isObjectType(named)) cost += walk(sel.selectionSet, named, m, depth + 1, seen);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          const t = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : type;
          if (isObjectType(t)) cost += walk(sel.selectionSet, t, multiplier, depth, seen);
        } else {
          const f = fragments.get(sel.name.value);
          if (!f || seen.has(f.name.value)) continue; // cycles are validation errors
          const t = schema.getType(f.typeCondition.name.value);
          if (isObjectType(t)) cost += walk(f.selectionSet, t, multiplier, depth, new Set([...seen, f.name.value]));
        }
      }
      return cost;
    };

    let total = 0;
    for (const d of doc.definitions) {
      if (d.kind !== Kind.OPERATION_DEFINITION) continue;
      if (operationName && d.name?.value !== operationName) continue;
      const root = d.operation === 'query' ? schema.getQueryType() : d.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
      defaults = new Map((d.variableDefinitions ?? []).flatMap((vd) => (vd.defaultValue ? [[vd.variable.name.value, vd.defaultValue] as const] : [])));
      if (root) total += walk(d.selectionSet, root, 1, 1, new Set());
    }
    return total;
  }
}

/**
 * How many levels of fields a selection set nests, fragments spread in place. Each fragment's depth is found once and
 * kept (it does not depend on where it is spread): walked anew on every path, 23 fragments each spreading the next
 * twice under one `__schema` held the gateway 34 s. A fragment met again while it is being walked (a cycle, which
 * validation refuses) counts 0.
 */
function selectionDepth(set: SelectionSetNode, fragments: ReadonlyMap<string, { selectionSet: SelectionSetNode }>, known = new Map<string, number>(), walking = new Set<string>()): number {
  let deepest = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) deepest = Math.max(deepest, 1 + (sel.selectionSet ? selectionDepth(sel.selectionSet, fragments, known, walking) : 0));
    else if (sel.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, selectionDepth(sel.selectionSet, fragments, known, walking));
    else {
      const name = sel.name.value;
      const f = fragments.get(name);
      if (!f || walking.has(name)) continue;
      let d = known.get(name);
      if (d === undefined) {
        walking.add(name);
        d = selectionDepth(f.selectionSet, fragments, known, walking);
        walking.delete(name);
        known.set(name, d);
      }
      deepest = Math.max(deepest, d);
    }
  }
  return deepest;
}
