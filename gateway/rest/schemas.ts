/**
 * JSON Schemas of the REST responses, derived from the response messages:
 * the envelope `{data, errors, links, metadata}` around the message's `data`
 * field. The same schemas compile into fast-json-stringify serializers and go
 * into the OpenAPI document. Names are the JSON (camelCase) names; unset
 * proto3 `optional` fields are left out of the output.
 */
import protobuf from 'protobufjs';
import { enumNames, jsonNameOf } from './requestBinding.js';

export type JsonSchema = Record<string, unknown>;

const SCALAR: Record<string, JsonSchema> = {
  string: { type: 'string' }, bool: { type: 'boolean' },
  int32: { type: 'integer', format: 'int32' }, sint32: { type: 'integer', format: 'int32' }, sfixed32: { type: 'integer', format: 'int32' },
  uint32: { type: 'integer', format: 'int64' }, fixed32: { type: 'integer', format: 'int64' },
  int64: { type: 'integer', format: 'int64' }, sint64: { type: 'integer', format: 'int64' }, sfixed64: { type: 'integer', format: 'int64' },
  uint64: { type: 'integer', format: 'int64' }, fixed64: { type: 'integer', format: 'int64' },
  double: { type: 'number', format: 'double' }, float: { type: 'number', format: 'float' }, bytes: { type: 'string', format: 'byte' },
};

export interface SchemaOptions {
  /** Put message schemas under components and refer to them (OpenAPI); inline otherwise (serializers). */
  ref?: (type: protobuf.Type) => string;
  describe?: boolean;
}

export function fieldSchema(f: protobuf.Field, opts: SchemaOptions = {}, depth = 0): JsonSchema {
  let s: JsonSchema;
  if (f.resolvedType instanceof protobuf.Type) s = messageSchema(f.resolvedType, opts, depth + 1);
  else if (f.resolvedType instanceof protobuf.Enum) s = { type: 'string', enum: enumNames(f.resolvedType) }; // (not *_UNSPECIFIED: refused, never sent)
  else s = { ...(SCALAR[f.type] ?? {}) };
  // a map (`map<string, string> details`) is a JSON object of its values: as its value type alone, the serialiser
  // wrote an error's details as the string "[object Object]"
  if (f instanceof protobuf.MapField) s = { type: 'object', additionalProperties: s };
  else if (f.repeated) s = { type: 'array', items: s };
  if (opts.describe && f.comment) s = { ...s, description: f.comment.trim() };
  return s;
}

export function messageSchema(type: protobuf.Type, opts: SchemaOptions = {}, depth = 0): JsonSchema {
  if (opts.ref && depth > 0) return { $ref: opts.ref(type) };
  if (depth > 6) return { type: 'object' };
  const properties: JsonSchema = {};
  for (const f of type.fieldsArray) properties[jsonNameOf(f.name)] = fieldSchema(f, opts, depth);
  const s: JsonSchema = { type: 'object', properties };
  if (opts.describe && type.comment) s['description'] = type.comment.trim();
  return s;
}

export const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    code: { type: 'string', enum: ['ACCESS_DENIED', 'ENTITY_NOT_FOUND', 'PARAM_INVALID', 'PARAMS_MUTUALLY_EXCLUSIVE', 'CONFLICT', 'SERVICE_UNAVAILABLE', 'INTERNAL'] },
    type: { type: 'string', description: 'The specific reason (e.g. TEXT_INVALID, QUEUE_FULL, PAYLOAD_TOO_LARGE, JOB_FINISHED); equals code when there is none more specific' },
    message: { type: 'string' },
    details: { type: 'object', additionalProperties: { type: 'string' }, description: 'e.g. {"field": "items[3].text"}' },
  },
  required: ['code', 'type', 'message', 'details'],
};
export const LINK_SCHEMA: JsonSchema = {
  type: 'object', properties: { href: { type: 'string' }, rel: { type: 'string', enum: ['first', 'prev', 'next', 'last'] } }, required: ['href', 'rel'],
};
export const METADATA_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    currentOffset: { type: 'integer', format: 'int64', description: 'The offset the request asked for (as GeoDB answers it); past the end the page is the last one, which the links point at' },
    totalCount: { type: 'integer', format: 'int64' },
    nextPageToken: { type: 'string', description: 'Opaque token of the next page (pass it as pageToken instead of offset); absent on the last page' },
  },
  required: ['currentOffset', 'totalCount'],
};

export interface ResponseShape {
  /** The response message's `data` field, when it has one (else the whole message is the data). */
  dataField: protobuf.Field | undefined;
  /** Lists carry links and metadata (the message has total_count and current_offset). */
  isList: boolean;
  /** A non-list response with its own `metadata` field (e.g. certificate issuance). */
  hasMetadata: boolean;
}

export function responseShape(type: protobuf.Type): ResponseShape {
  const isList = Boolean(type.fields['total_count'] && type.fields['current_offset']);
  return { dataField: type.fields['data'], isList, hasMetadata: !isList && Boolean(type.fields['metadata']) };
}

export function envelopeSchema(type: protobuf.Type, opts: SchemaOptions = {}, refs?: { error: string; link: string; metadata: string }): JsonSchema {
  const shape = responseShape(type);
  const data = shape.dataField ? fieldSchema(shape.dataField, opts) : messageSchema(type, { ...opts, ref: undefined });
  const properties: JsonSchema = {
    data,
    errors: { type: 'array', items: refs ? { $ref: refs.error } : ERROR_SCHEMA },
  };
  if (shape.isList) {
    properties['links'] = { type: 'array', items: refs ? { $ref: refs.link } : LINK_SCHEMA };
    properties['metadata'] = refs ? { $ref: refs.metadata } : METADATA_SCHEMA;
  } else if (shape.hasMetadata) {
    properties['metadata'] = fieldSchema(type.fields['metadata']!, opts);
  }
  // Serializers must not throw on a missing field (and would move required ones first), so `required` is for the documentation only.
  if (!opts.describe) return { type: 'object', properties };
  return { type: 'object', properties, required: shape.isList ? ['data', 'errors', 'metadata'] : ['data', 'errors'] };
}

export const ERROR_ENVELOPE_SCHEMA: JsonSchema = {
  type: 'object', properties: { errors: { type: 'array', items: ERROR_SCHEMA } }, required: ['errors'],
};
