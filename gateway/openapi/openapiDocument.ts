/**
 * The OpenAPI 3.1 document of the REST surface, generated from the same
 * protos and annotations the routes are compiled from: paths from the
 * templates, parameters from the request messages (with the proto comments as
 * descriptions), responses as the envelope around each response message.
 */
import protobuf from 'protobufjs';
import type { CompiledRoute } from '../rest/routes.js';
import { DEFAULT_LIMIT, HEADER_FIELDS } from '../rest/routes.js';
import { titleCase } from '../rest/cors.js';
import { CALLBACK_MAX_LENGTH } from '../rest/jsonp.js';
import { DOCUMENTED_STATUSES } from '../httpError.js';
import { jsonNameOf, type LeafField } from '../rest/requestBinding.js';
import { envelopeSchema, ERROR_SCHEMA, LINK_SCHEMA, messageSchema, METADATA_SCHEMA, type JsonSchema } from '../rest/schemas.js';

export interface OpenApiOptions { version: string; maxLimit: number }

const componentName = (t: protobuf.Type): string => t.fullName.replace(/^\.?meridian\./, '');

const SCALAR: Record<string, JsonSchema> = {
  string: { type: 'string' }, bool: { type: 'boolean' }, double: { type: 'number' },
  int32: { type: 'integer', format: 'int32' }, uint32: { type: 'integer', format: 'int64', minimum: 0 },
  int64: { type: 'integer', format: 'int64' }, uint64: { type: 'integer', format: 'int64', minimum: 0 },
};

function paramSchema(l: LeafField): JsonSchema {
  const one: JsonSchema = l.kind === 'enum' ? { type: 'string', enum: l.enumValues } : { ...(SCALAR[l.kind] ?? { type: 'string' }) };
  return l.repeated ? { type: 'array', items: one } : one;
}

function describe(l: LeafField): string {
  const parts = [l.comment];
  if (l.name !== l.jsonName) parts.push(`Also accepted as \`${l.name}\`.`);
  if (l.repeated) parts.push('Several values: repeat the parameter or separate them with commas.');
  if (l.kind === 'bool') parts.push('true/false, 1/0, yes/no or on/off.');
  if (l.name === 'limit') parts.push(`Default ${DEFAULT_LIMIT}.`);
  return parts.filter(Boolean).join(' ');
}

export function buildOpenApi(routes: CompiledRoute[], opts: OpenApiOptions): Record<string, unknown> {
  const schemas: Record<string, JsonSchema> = {
    ServiceError: ERROR_SCHEMA, Link: LINK_SCHEMA, Metadata: METADATA_SCHEMA,
    ErrorEnvelope: { type: 'object', properties: { errors: { type: 'array', items: { $ref: '#/components/schemas/ServiceError' } } }, required: ['errors'] },
  };
  const pending: protobuf.Type[] = [];
  const ref = (t: protobuf.Type): string => {
    const name = componentName(t);
    if (!(name in schemas)) { schemas[name] = {}; pending.push(t); }
    return `#/components/schemas/${name}`;
  };
  const refs = { error: '#/components/schemas/ServiceError', link: '#/components/schemas/Link', metadata: '#/components/schemas/Metadata' };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.template.render(jsonNameOf);
    const method = r.service.reflection.methods[r.methodName] as protobuf.Method;
    const parameters: JsonSchema[] = [];
    for (const l of r.binder.pathFields) {
      const v = r.template.variables.find((x) => x.fieldPath === l.name);
      parameters.push({
        name: l.jsonName, in: 'path', required: true, schema: paramSchema(l),
        description: [l.comment, v?.multi ? 'May contain `/` (for example America/New_York); `__` may stand for `/`.' : ''].filter(Boolean).join(' '),
      });
    }
    const seen = new Set<string>();
    for (const l of r.binder.queryFields.values()) {
      if (seen.has(l.name)) continue;
      seen.add(l.name);
      const p: JsonSchema = { name: l.jsonName, in: 'query', required: false, schema: paramSchema(l), description: describe(l) };
      if (l.name === 'limit') p['schema'] = { type: 'integer', minimum: 1, maximum: opts.maxLimit, default: DEFAULT_LIMIT };
      if (l.repeated) { p['style'] = 'form'; p['explode'] = false; }
      parameters.push(p);
    }
    for (const h of HEADER_FIELDS) {
      if (!r.requestFields.has(h.field)) continue;
      parameters.push({ name: titleCase(h.header), in: 'header', required: false, schema: { type: 'boolean', default: true }, description: h.description });
    }
    if (r.binding.verb === 'GET') {
      parameters.push({
        name: 'callback', in: 'query', required: false,
        schema: { type: 'string', pattern: '^[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)*$', maxLength: CALLBACK_MAX_LENGTH },
        description: 'JSONP: wrap the envelope in a call to this function (text/javascript, always status 200, the HTTP status in `status`).',
      });
    }
    if (r.shape.isList) {
      parameters.push({ name: 'hateoasMode', in: 'query', required: false, schema: { type: 'boolean', default: true }, description: 'false leaves out `links`.' });
    }
    const responseType = method.resolvedResponseType as protobuf.Type;
    const operation: Record<string, unknown> = {
      operationId: r.binding.index === 0 ? r.methodName : `${r.methodName}_${r.binding.index + 1}`,
      summary: (method.comment ?? r.methodName).split('\n')[0],
      description: method.comment ?? undefined,
      tags: [r.service.name.replace(/^meridian\./, '')],
      'x-grpc-method': `${r.service.name}/${r.methodName}`,
      'x-required-scope': r.scope,
      parameters,
      responses: {
        // a submission that is always accepted (a batch) never answers 200
        ...(r.accepted?.always ? {} : { 200: {
          description: r.shape.isList ? 'A page of results with links and metadata' : 'The result',
          content: {
            'application/json': { schema: envelopeSchema(responseType, { ref, describe: true }, refs) },
            ...(r.binding.verb === 'GET' ? { 'text/javascript': { schema: { type: 'string', description: 'JSONP, when `callback` is given' } } } : {}),
          },
        } }),
        ...(r.accepted ? { 202: {
          description: `Accepted: processing continues; poll the resource in Location (${r.accepted.template})`,
          headers: { Location: { schema: { type: 'string' }, description: r.accepted.template } },
          content: { 'application/json': { schema: envelopeSchema(responseType, { ref, describe: true }, refs) } },
        } } : {}),
        // 409 comes only from writes (a finished job's cancel, a reused requestId)
        ...Object.fromEntries(Object.entries(DOCUMENTED_STATUSES).filter(([status]) => status !== '409' || r.binding.verb !== 'GET').map(([status, description]) => [status, {
          description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        }])),
      },
    };
    if (r.binding.body) {
      const requestType = method.resolvedRequestType as protobuf.Type;
      const bodyType = r.binding.body === '*' ? requestType : (requestType.fields[r.binding.body]?.resolvedType as protobuf.Type | null) ?? requestType;
      operation['requestBody'] = { required: true, content: { 'application/json': { schema: { $ref: ref(bodyType) } } } };
    }
    (paths[path] ??= {})[r.binding.verb.toLowerCase()] = operation;
  }
  while (pending.length) {
    const t = pending.shift() as protobuf.Type;
    schemas[componentName(t)] = messageSchema(t, { ref, describe: true });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Meridian REST API',
      version: opts.version,
      description: 'Geographic reference data (GeoNames, CC BY 4.0) and locale data, transcoded from the gRPC core\'s google.api.http annotations. '
        + 'Every response is the envelope {data, errors, links, metadata}; lists carry links and metadata. '
        + 'Every GET accepts `callback` for JSONP.\n\n'
        + 'Data attribution (GET /v1/geo/about lists every source with its version and licence): '
        + 'place data from GeoNames (https://www.geonames.org), CC BY 4.0; '
        + 'administrative division names: GeoNames (geonames.org), CC BY 4.0; '
        + 'place WikiData ids and names: Made with Natural Earth (naturalearthdata.com, public domain) and '
        + 'Data from Who\'s On First (https://whosonfirst.org, licence https://whosonfirst.org/docs/licenses/) with GeoNames (CC BY 4.0) and WikiData (CC0); '
        + 'region and division WikiData ids: Data by Countries States Cities Database https://github.com/dr5hn/countries-states-cities-database | ODbL v1.0; '
        + 'country and region names, and names of time-zone cities no other source names: Unicode CLDR (Unicode License v3).',
    },
    servers: [{ url: '/' }],
    security: [{ UserSecurity: [] }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        UserSecurity: { type: 'apiKey', in: 'header', name: 'X-Gateway-Key', description: 'X-RapidAPI-Key and X-Mashape-Key are accepted too.' },
      },
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}
