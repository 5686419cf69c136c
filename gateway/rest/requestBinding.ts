/**
 * Turns an HTTP request into a typed request message, the way
 * google/api/http.proto binds fields: path variables first, then the body,
 * then query parameters for every field neither of them bound. Validation of
 * form happens here, once (integers, numbers, booleans, enum names, single vs
 * repeated); the core validates meaning.
 */
import protobuf from 'protobufjs';
import { HttpRuleError, type PathMatch, type PathTemplate } from './httpRule.js';
import { HttpError, paramInvalid } from '../httpError.js';

export type ScalarKind = 'string' | 'bool' | 'int32' | 'int64' | 'uint32' | 'uint64' | 'double' | 'enum';

export interface LeafField {
  /** snake_case path, e.g. ['city_id'] */
  path: string[];
  /** JSON (camelCase) path, e.g. ['cityId'] */
  jsonPath: string[];
  name: string;
  jsonName: string;
  kind: ScalarKind;
  repeated: boolean;
  /** proto3 `optional`: presence is meaningful. */
  optional: boolean;
  /** Accepted enum names (UNSPECIFIED left out). */
  enumValues: string[];
  comment: string;
  /** Field option (meridian.api.v1.form_plus): a space in its text is a '+' that form decoding turned into a space. */
  formPlus?: boolean;
  /** Field option (meridian.api.v1.rest_aliases): other JSON names REST clients use for this field. */
  aliases?: string[];
  /** For an alias name: the field it binds. */
  aliasOf?: LeafField;
}

/** The field option that lists a request field's REST alias names. */
export const REST_ALIASES_OPTION = '(meridian.api.v1.rest_aliases)';

const snakeOf = (json: string): string => json.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A core error about a field the client gave under an alias names the alias
 * instead (`nearLocation must look like …` for `?nearLocation=somewhere`).
 */
export function inAliasTerms(e: HttpError, aliasNames: ReadonlyMap<string, string>): HttpError {
  const field = e.details['field'];
  const alias = field === undefined ? undefined : aliasNames.get(field);
  if (!field || !alias) return e;
  const message = e.message.replace(new RegExp(`\\b${field}\\b`, 'g'), alias);
  return new HttpError(e.status, e.code, message, e.headers, e.type, { ...e.details, field: alias });
}

/** The query-parameter forms of a field's aliases: each shares the field's path and type, under its own name. */
export function aliasLeaves(leaf: LeafField): LeafField[] {
  return (leaf.aliases ?? []).map((a) => ({
    ...leaf, name: snakeOf(a), jsonName: a, aliases: undefined, aliasOf: leaf, comment: `alias of ${leaf.name}`,
  }));
}

/** The field option of proto/meridian/api/v1/presentation.proto that marks fields whose grammar uses '+' and never a space. */
export const FORM_PLUS_OPTION = '(meridian.api.v1.form_plus)';

const KIND: Record<string, ScalarKind> = {
  string: 'string', bool: 'bool', int32: 'int32', sint32: 'int32', sfixed32: 'int32', int64: 'int64', sint64: 'int64',
  sfixed64: 'int64', uint32: 'uint32', fixed32: 'uint32', uint64: 'uint64', fixed64: 'uint64', double: 'double', float: 'double',
};

/** A proto field name's JSON name (protobufjs's camelCase, remembered: a batch body binds it for every item). */
const jsonNames = new Map<string, string>();
export function jsonNameOf(snake: string): string {
  let name = jsonNames.get(snake);
  if (name === undefined) {
    name = protobuf.util.camelCase(snake);
    jsonNames.set(snake, name);
  }
  return name;
}

/** A message type's fields by every name a JSON body may use (proto and JSON names), each with its JSON name; made once per type. */
interface BodyField { field: protobuf.Field; jsonName: string }
const bodyFieldTables = new WeakMap<protobuf.Type, Map<string, BodyField>>();
function bodyFields(type: protobuf.Type): Map<string, BodyField> {
  let table = bodyFieldTables.get(type);
  if (!table) {
    table = new Map();
    for (const field of type.fieldsArray) {
      const entry = { field, jsonName: jsonNameOf(field.name) };
      table.set(entry.jsonName, entry);
    }
    // a proto name wins over another field's JSON name, as type.fields[key] was read first
    for (const field of type.fieldsArray) table.set(field.name, { field, jsonName: jsonNameOf(field.name) });
    bodyFieldTables.set(type, table);
  }
  return table;
}

/** An enum's accepted names (UNSPECIFIED, number 0, left out), made once per enum. */
const enumNameLists = new WeakMap<protobuf.Enum, string[]>();
export function enumNames(e: protobuf.Enum): string[] {
  let names = enumNameLists.get(e);
  if (!names) {
    names = Object.entries(e.values).filter(([, n]) => n !== 0).map(([k]) => k);
    enumNameLists.set(e, names);
  }
  return names;
}

/** Every scalar (or repeated scalar) field reachable through singular message fields. */
export function leafFields(type: protobuf.Type, prefix: string[] = [], depth = 0): LeafField[] {
  const out: LeafField[] = [];
  for (const f of type.fieldsArray) {
    if (f.map) continue;
    const path = [...prefix, f.name];
    if (f.resolvedType instanceof protobuf.Type) {
      if (!f.repeated && depth < 3) out.push(...leafFields(f.resolvedType, path, depth + 1));
      continue;
    }
    let kind: ScalarKind | undefined;
    let enumValues: string[] = [];
    if (f.resolvedType instanceof protobuf.Enum) {
      kind = 'enum';
      enumValues = Object.entries(f.resolvedType.values).filter(([, n]) => n !== 0).map(([k]) => k);
    } else kind = KIND[f.type];
    if (!kind) continue; // bytes: not bindable from a URL
    const jsonPath = path.map(jsonNameOf);
    out.push({
      path, jsonPath, name: path.join('.'), jsonName: jsonPath.join('.'), kind, repeated: f.repeated,
      optional: Boolean(f.partOf && f.partOf.oneof.length === 1 && f.partOf.name.startsWith('_')), enumValues,
      comment: (f.comment ?? '').trim(), formPlus: f.options?.[FORM_PLUS_OPTION] === true,
      aliases: typeof f.options?.[REST_ALIASES_OPTION] === 'string'
        ? (f.options[REST_ALIASES_OPTION] as string).split(',').map((a) => a.trim()).filter(Boolean) : undefined,
    });
  }
  return out;
}

const INT = /^[+-]?\d{1,20}$/;
const NUM = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,3})?$/;
const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);
const RANGES: Partial<Record<ScalarKind, [number, number]>> = {
  int32: [-2147483648, 2147483647], uint32: [0, 4294967295],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER], uint64: [0, Number.MAX_SAFE_INTEGER],
};

const show = (v: string): string => (v.length > 60 ? `${v.slice(0, 60)}…` : v);

/** Converts one textual value to the field's type, or throws PARAM_INVALID naming the parameter and the accepted form. */
export function convertText(f: LeafField, raw: string, label = f.jsonName): unknown {
  switch (f.kind) {
    case 'string':
      // the `+` repair: a '+' that a form decoder turned into a space is put back, for fields marked form_plus
      return f.formPlus ? raw.replace(/ /g, '+') : raw;
    case 'bool': {
      const v = raw.trim().toLowerCase();
      if (TRUE.has(v)) return true;
      if (FALSE.has(v)) return false;
      throw paramInvalid(`${label} must be true or false (also 1/0, yes/no, on/off), got '${show(raw)}'`, label);
    }
    case 'double': {
      const v = raw.trim();
      const n = Number(v);
      if (!NUM.test(v) || !Number.isFinite(n)) throw paramInvalid(`${label} must be a number such as 42 or 12.5, got '${show(raw)}'`, label);
      return n;
    }
    case 'enum': {
      const v = raw.trim().toUpperCase();
      if (!f.enumValues.includes(v)) throw paramInvalid(`${label} must be one of ${f.enumValues.join(', ')}, got '${show(raw)}'`, label);
      return v;
    }
    default: {
      const v = raw.trim();
      const [lo, hi] = RANGES[f.kind] ?? [0, 0];
      const n = Number(v);
      if (INT.test(v) && n >= lo && n <= hi) return n;
      // the wire type's range is named only for a number outside it: it is not the field's own range (validityDays 1-3650)
      if (!NUM.test(v)) throw paramInvalid(`${label} must be an integer, got '${show(raw)}'`, label);
      if (!Number.isInteger(n)) throw paramInvalid(`${label} must be a whole number, got '${show(raw)}'`, label);
      if (n >= lo && n <= hi) throw paramInvalid(`${label} must be an integer in digits (no decimal point or exponent), got '${show(raw)}'`, label);
      throw paramInvalid(`${label} must be an integer from ${lo} to ${hi}, got '${show(raw)}'`, label);
    }
  }
}

function setPath(target: Record<string, unknown>, jsonPath: string[], value: unknown): void {
  let o = target;
  for (let i = 0; i < jsonPath.length - 1; i++) {
    const k = jsonPath[i] as string;
    o = (o[k] ??= {}) as Record<string, unknown>;
  }
  o[jsonPath[jsonPath.length - 1] as string] = value;
}

/** Names a query parameter may use: the gateway's own, which never reach the core. */
export const GATEWAY_PARAMS = new Set(['callback', 'hateoasMode', 'hateoas_mode', '_']);

export interface BoundRequest {
  message: Record<string, unknown>;
  /** Fields given under a REST alias: the field's JSON name → the alias the client sent (errors name what was sent). */
  aliasNames: ReadonlyMap<string, string>;
  /** Query parameters the route does not know, left out when binding asked for that (`ignoreUnknown`); else none. */
  ignored?: readonly string[];
  /**
   * The positions in the query of the pairs left out (`ignoreUnknown`): an unknown name's, and a single parameter's
   * repeats after its first (which was bound). What the answer depends on is the query without them.
   */
  ignoredAt?: ReadonlySet<number>;
}

/** A request without aliases shares this one (the bookkeeping below is made only for a query string that has parameters). */
const NO_ALIASES: ReadonlyMap<string, string> = new Map();

export class RequestBinder {
  readonly leaves: LeafField[];
  readonly pathFields: LeafField[];
  /** Query parameter name (snake or JSON form) → field. */
  readonly queryFields = new Map<string, LeafField>();
  readonly bodyField: protobuf.Field | undefined;

  constructor(readonly method: string, readonly type: protobuf.Type, readonly template: PathTemplate, readonly body: string) {
    this.leaves = leafFields(type);
    const byName = new Map(this.leaves.map((l) => [l.name, l]));
    this.pathFields = template.variables.map((v) => {
      const leaf = byName.get(v.fieldPath);
      if (!leaf) throw new HttpRuleError(method, `path variable {${v.fieldPath}} names no scalar field of ${type.name}`);
      if (leaf.repeated) throw new HttpRuleError(method, `path variable {${v.fieldPath}} names a repeated field`);
      return leaf;
    });
    if (body && body !== '*') {
      this.bodyField = type.fields[body];
      if (!this.bodyField) throw new HttpRuleError(method, `body '${body}' names no field of ${type.name}`);
    }
    if (body === '*') return; // every field not in the path comes from the body
    for (const l of this.leaves) {
      if (this.pathFields.includes(l)) continue;
      if (this.bodyField && l.path[0] === this.bodyField.name) continue;
      this.queryFields.set(l.name, l);
      this.queryFields.set(l.jsonName, l);
      for (const a of aliasLeaves(l)) {
        this.queryFields.set(a.name, a);
        this.queryFields.set(a.jsonName, a);
      }
    }
  }

  /**
   * The request message of a path match, a query and a body. A query parameter the route does not know is 400, or
   * with `ignoreUnknown` (GeoDB's clients: routes.ts) left out and named in `ignored`.
   */
  bind(pathVars: PathMatch, query: readonly { name: string; value: string }[], body: unknown, ignoreUnknown = false): BoundRequest {
    const message: Record<string, unknown> = {};
    for (const leaf of this.pathFields) {
      const raw = pathVars[leaf.name] ?? '';
      if (raw === '') throw paramInvalid(`${leaf.jsonName} is missing from the path`);
      setPath(message, leaf.jsonPath, convertText(leaf, raw));
    }
    if (this.body) this.bindBody(message, body);
    if (!query.length) return { message, aliasNames: NO_ALIASES };
    const ignored: string[] = [];
    const ignoredAt = new Set<number>();
    const aliasNames = this.bindQuery(message, query, ignoreUnknown ? { names: ignored, at: ignoredAt } : undefined);
    return ignoredAt.size ? { message, aliasNames, ...(ignored.length ? { ignored } : {}), ignoredAt } : { message, aliasNames };
  }

  /**
   * The query parameters into `message`; gives back the aliases used. Unknown names, and a single parameter's repeats,
   * go into `ignored` (their names; `at`: the pairs' positions) when given, else are 400.
   */
  private bindQuery(message: Record<string, unknown>, query: readonly { name: string; value: string }[], ignoring?: { names: string[]; at: Set<number> }): ReadonlyMap<string, string> {
    let aliasNames: Map<string, string> | undefined;
    const repeated = new Map<LeafField, unknown[]>();
    /** For single fields bound from the query: the name that gave the value and the value (aliases compared). */
    const single = new Map<LeafField, { name: string; value: unknown }>();
    const counts = new Map<string, number>();
    for (let at = 0; at < query.length; at++) {
      const { name, value: raw } = query[at]!;
      if (GATEWAY_PARAMS.has(name)) continue;
      const given = this.queryFields.get(name);
      if (!given) {
        // a route that takes its fields in the body, or a field given in the path as well, is refused either way
        if (ignoring && this.body !== '*' && !this.pathFields.some((l) => l.name === name || l.jsonName === name)) {
          if (!ignoring.names.includes(name)) ignoring.names.push(name);
          ignoring.at.add(at);
          continue;
        }
        throw this.unknownParameter(name);
      }
      if (raw === '') continue; // empty means "not set"
      const leaf = given.aliasOf ?? given;
      if (given.aliasOf) (aliasNames ??= new Map()).set(leaf.jsonName, given.jsonName);
      // the same name given twice (snake and JSON forms are one name)
      const count = (counts.get(given.name) ?? 0) + 1;
      counts.set(given.name, count);
      if (leaf.repeated) {
        let list = repeated.get(leaf);
        if (!list) repeated.set(leaf, (list = []));
        for (const piece of raw.split(',')) if (piece.trim() !== '') list.push(convertText(given, piece.trim(), name));
        continue;
      }
      const value = convertText(given, raw, name);
      if (count > 1) {
        // GeoDB's clients (Spring binds a repeated single parameter to its first value): the first stands, a different
        // repeat is named among the ignored parameters, and no repeat is part of what the answer depends on (its kept
        // key and links); everyone else is told to give it once
        if (!ignoring) throw paramInvalid(`${given.jsonName} takes one value and was given ${count} times; give it once`);
        if (JSON.stringify(single.get(leaf)?.value) !== JSON.stringify(value) && !ignoring.names.includes(name)) ignoring.names.push(name);
        ignoring.at.add(at);
        continue;
      }
      const before = single.get(leaf);
      if (before && JSON.stringify(before.value) !== JSON.stringify(value)) {
        throw new HttpError(400, 'PARAMS_MUTUALLY_EXCLUSIVE', `${before.name} and ${name} are the same parameter under two names; pass one`,
          {}, 'PARAMS_MUTUALLY_EXCLUSIVE', { field: before.name });
      }
      single.set(leaf, { name, value });
      setPath(message, leaf.jsonPath, value);
    }
    for (const [leaf, list] of repeated) setPath(message, leaf.jsonPath, list);
    return aliasNames ?? NO_ALIASES;
  }

  private unknownParameter(name: string): Error {
    const bound = this.pathFields.find((l) => l.name === name || l.jsonName === name);
    if (bound) return paramInvalid(`${name} is given in the path; remove it from the query string`, show(name));
    if (this.body === '*') return paramInvalid(`unknown query parameter '${show(name)}': this route takes its fields in the JSON body`, show(name));
    const names = [...new Set([...this.queryFields.values()].map((l) => l.jsonName))];
    return paramInvalid(`unknown query parameter '${show(name)}'; this route accepts ${names.length ? names.join(', ') : 'no parameters'} (and callback, hateoasMode)`, show(name));
  }

  private bindBody(message: Record<string, unknown>, body: unknown): void {
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw paramInvalid('the request body must be a JSON object');
    }
    if (this.body === '*') {
      const bound = new Set(this.pathFields.map((l) => l.path[0]));
      Object.assign(message, jsonToMessage(this.type, body as Record<string, unknown>, '', bound));
    } else if (this.bodyField) {
      const f = this.bodyField;
      const value = f.resolvedType instanceof protobuf.Type && !f.repeated
        ? jsonToMessage(f.resolvedType, body as Record<string, unknown>, '', new Set())
        : jsonValue(f, body, f.name);
      message[jsonNameOf(f.name)] = value;
    }
  }
}

/** A JSON body (proto JSON names or snake_case names) → message object, strictly: unknown fields and wrong types are PARAM_INVALID. */
export function jsonToMessage(type: protobuf.Type, obj: Record<string, unknown>, where: string, exclude: Set<string | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fields = bodyFields(type);
  for (const key in obj) {
    if (!Object.hasOwn(obj, key)) continue;
    const value = obj[key];
    const entry = fields.get(key);
    const label = where ? `${where}.${key}` : key;
    if (!entry) throw paramInvalid(`unknown field '${show(label)}' in the request body`);
    const f = entry.field;
    if (exclude.has(f.name)) throw paramInvalid(`${label} is given in the path; remove it from the body`, label);
    if (value === null || value === undefined) continue;
    const v = jsonValue(f, value, label);
    // one field under both its names (feed_id and feedId), as the query's rule: the same value passes, two refuse
    if (Object.hasOwn(out, entry.jsonName) && JSON.stringify(out[entry.jsonName]) !== JSON.stringify(v)) {
      const otherName = entry.jsonName === key ? f.name : entry.jsonName;
      const other = where ? `${where}.${otherName}` : otherName;
      throw new HttpError(400, 'PARAMS_MUTUALLY_EXCLUSIVE', `${show(other)} and ${show(label)} are the same field under two names, with different values; pass one`,
        {}, 'PARAMS_MUTUALLY_EXCLUSIVE', { field: label });
    }
    out[entry.jsonName] = v;
  }
  return out;
}

function jsonValue(f: protobuf.Field, value: unknown, label: string): unknown {
  if (f.repeated && !f.map) {
    if (!Array.isArray(value)) throw paramInvalid(`${label} must be a JSON array`, label);
    return value.map((v, i) => jsonSingle(f, v, `${label}[${i}]`));
  }
  return jsonSingle(f, value, label);
}

function jsonSingle(f: protobuf.Field, value: unknown, label: string): unknown {
  if (f.resolvedType instanceof protobuf.Type) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw paramInvalid(`${label} must be a JSON object`, label);
    return jsonToMessage(f.resolvedType, value as Record<string, unknown>, label, new Set());
  }
  if (f.resolvedType instanceof protobuf.Enum) {
    const names = enumNames(f.resolvedType);
    if (typeof value !== 'string' || !names.includes(value.toUpperCase())) throw paramInvalid(`${label} must be one of ${names.join(', ')}`, label);
    return value.toUpperCase();
  }
  const kind = KIND[f.type];
  if (!kind) throw paramInvalid(`${label} cannot be set from JSON`, label);
  if (kind === 'string') {
    if (typeof value !== 'string') throw paramInvalid(`${label} must be a JSON string`, label);
    return value;
  }
  if (kind === 'bool') {
    if (typeof value !== 'boolean') throw paramInvalid(`${label} must be true or false`, label);
    return value;
  }
  if (typeof value !== 'number' && typeof value !== 'string') throw paramInvalid(`${label} must be a number`, label);
  const leaf: LeafField = {
    path: [f.name], jsonPath: [jsonNameOf(f.name)], name: f.name, jsonName: label, kind, repeated: false, optional: false, enumValues: [], comment: '',
  };
  return convertText(leaf, String(value), label);
}
