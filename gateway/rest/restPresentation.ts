/**
 * Per-route REST presentation rules, read from the contract's options
 * (proto/meridian/api/v1/presentation.proto) once at start-up; the core never
 * sees them and GraphQL and gRPC answers keep the core's forms:
 * - `rest_text` / `rest_integer` on response fields: GeoDB's forms of a value
 *   (zone ids with `__` for `/`, locale codes with `_`, whole-hour offsets);
 * - `rest_omits_when_single` on request fields: a list restricted to one
 *   country or region leaves that country's or region's fields out of its items;
 * - `key_scope` on services: the API-key scope the routes need.
 */
import type protobuf from 'protobufjs';
import type { Verb } from './httpRule.js';
import { jsonNameOf } from './requestBinding.js';

const OPT = '(meridian.api.v1.';

/** An option's value from protobufjs options, whether kept as an object or flattened as `(name).field` keys. */
function option(options: Record<string, unknown> | undefined, name: string): unknown {
  if (!options) return undefined;
  const key = `${OPT}${name})`;
  if (key in options) return options[key];
  const prefix = `${key}.`;
  const flat = Object.entries(options).filter(([k]) => k.startsWith(prefix));
  return flat.length ? Object.fromEntries(flat.map(([k, v]) => [k.slice(prefix.length), v])) : undefined;
}

export type Presenter = (item: Record<string, unknown>) => void;

/** The REST form of a response item of this type (top-level fields), or undefined when it has none. */
export function presenterOf(type: protobuf.Type | null | undefined): Presenter | undefined {
  if (!type) return undefined;
  const steps: Presenter[] = [];
  for (const f of type.fieldsArray) {
    const json = f.name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    const text = option(f.options, 'rest_text') as { replace?: string; by?: string } | undefined;
    if (text?.replace) {
      const { replace, by = '' } = text;
      steps.push((o) => { const v = o[json]; if (typeof v === 'string' && v.includes(replace)) o[json] = v.replaceAll(replace, by); });
    }
    if (option(f.options, 'rest_integer') === true) {
      steps.push((o) => { const v = o[json]; if (typeof v === 'number') o[json] = Math.trunc(v); });
    }
  }
  if (!steps.length) return undefined;
  return (item) => { for (const s of steps) s(item); };
}

/** Item fields to leave out, from the bound request message and the REST names its fields were given under (RequestBinder's aliasNames). */
export type Omissions = (message: Record<string, unknown>, aliasNames: ReadonlyMap<string, string>) => string[];

/**
 * Item fields a list answer leaves out for a request (rest_omits_when_single):
 * request fields with the same list of omitted fields count together, and
 * when all their values name one thing (case aside), the list's items leave
 * those fields out. A field with rest_omits_when_named counts only when the
 * request named it with one of those names (the seed's `countryCode` does,
 * GeoDB's `countryIds` does not: GeoDB keeps the country fields there).
 */
export function omissionsOf(requestType: protobuf.Type): Omissions | undefined {
  const groups = new Map<string, { json: string; names: ReadonlySet<string> | undefined }[]>();
  for (const f of requestType.fieldsArray) {
    const omit = option(f.options, 'rest_omits_when_single');
    if (typeof omit !== 'string' || !omit) continue;
    const json = f.name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    const named = option(f.options, 'rest_omits_when_named');
    const names = typeof named === 'string' && named ? new Set(named.split(',').map((s) => s.trim()).filter(Boolean)) : undefined;
    groups.set(omit, [...(groups.get(omit) ?? []), { json, names }]);
  }
  if (!groups.size) return undefined;
  const rules = [...groups].map(([omit, fields]) => ({ fields, omit: omit.split(',').map((s) => s.trim()).filter(Boolean) }));
  return (m, aliasNames) => {
    const out: string[] = [];
    for (const r of rules) {
      const values = new Set<string>();
      for (const { json, names } of r.fields) {
        if (names && !names.has(aliasNames.get(json) ?? json)) continue;
        const v = m[json];
        for (const x of Array.isArray(v) ? v : v ? [v] : []) values.add(String(x).trim().toUpperCase());
      }
      if (values.size === 1) out.push(...r.omit);
    }
    return out;
  };
}

/** The API-key scope of a route: the service's key_scope option (a capability, or a full scope with a colon), else its package's capability. */
export function scopeOf(service: protobuf.Service, capability: string, verb: Verb): string {
  const declared = option(service.options, 'key_scope');
  const scope = typeof declared === 'string' && declared ? declared : capability;
  return scope.includes(':') ? scope : `${scope}:${verb === 'GET' ? 'read' : 'write'}`;
}

/** How long a method's answers may be kept (the answer_cache options of presentation.proto). */
export interface AnswerCache {
  /** Cache-Control max-age, and how long the gateway keeps the answer (keptAnswers.ts); 0: the answer tells the time (no-cache, never kept). */
  maxAgeSeconds: number;
  /** The request field (JSON name) whose SINCE_* values make an answer move with the clock, when the request has it. */
  clockField: string | undefined;
  /** Those values, by name and by number. */
  clockValues: ReadonlySet<string | number>;
}

/** The method's own answer_cache, else its service's service_answer_cache; undefined: private to the caller (no-store). */
export function answerCacheOf(service: protobuf.Service, methodOptions: Record<string, unknown> | undefined, requestType: protobuf.Type): AnswerCache | undefined {
  const raw = (option(methodOptions, 'answer_cache') ?? option(service.options, 'service_answer_cache')) as { max_age_seconds?: number; clock_field?: string } | undefined;
  if (!raw) return undefined;
  const clock = raw.clock_field ? Object.values(requestType.fields).find((f) => f.name === raw.clock_field || f.name === jsonNameOf(raw.clock_field!)) : undefined;
  const values = new Set<string | number>();
  const e = clock?.resolvedType && 'values' in clock.resolvedType ? (clock.resolvedType as protobuf.Enum).values : {};
  for (const [name, n] of Object.entries(e)) if (name.startsWith('SINCE_')) { values.add(name); values.add(n); }
  return { maxAgeSeconds: Number(raw.max_age_seconds ?? 0), clockField: clock ? jsonNameOf(clock.name) : undefined, clockValues: values };
}

/** The max-age of one request's answer: 0 when its clock field asks for places deleted SINCE_* a moving time. */
export function answerMaxAge(cache: AnswerCache, message: Record<string, unknown>): number {
  if (cache.clockField === undefined) return cache.maxAgeSeconds;
  const v = message[cache.clockField];
  return cache.clockValues.has(typeof v === 'string' ? v.toUpperCase() : (v as number)) ? 0 : cache.maxAgeSeconds;
}

