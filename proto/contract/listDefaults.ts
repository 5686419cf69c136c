/**
 * The defaults of the list requests, as the contract states them once: the `list_defaults` file option of
 * proto/meridian/api/v1/presentation.proto, read here at start (protobufjs keeps a file's options on its root
 * namespace). The core (src/paging.ts, src/geo/placeRequests.ts) and the gateway (REST paging links, work prices,
 * OpenAPI) take them from here; test/contract/listDefaults.test.ts checks the GraphQL schema's and geo.proto's
 * "(default …)" texts against them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import { PROTO_ROOT } from './protoLoading.js';

export interface ListDefaults {
  /** A page's size when a request gives no limit (or 0). */
  limit: number;
  /** A radius search's radius when the request gives none, in its distance unit. */
  radius: number;
  /** The distance unit of a radius and of the distances answered when the request names none. */
  distanceUnit: 'MI' | 'KM';
}

const OPTION = '(meridian.api.v1.list_defaults)';

/** The option's value from protobufjs options, whether kept as one object or flattened as `(name).field` keys. */
function optionValue(options: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!options) return {};
  if (OPTION in options) return options[OPTION] as Record<string, unknown>;
  const flat = Object.entries(options).filter(([k]) => k.startsWith(`${OPTION}.`));
  return Object.fromEntries(flat.map(([k, v]) => [k.slice(OPTION.length + 1), v]));
}

/** Reads the option from presentation.proto; a missing or malformed field stops the start, naming it. */
export function readListDefaults(file = join(PROTO_ROOT, 'meridian/api/v1/presentation.proto')): ListDefaults {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => target;
  // (google/protobuf/descriptor.proto is not read: protobufjs keeps the option's text, which is all this needs)
  const parsed = protobuf.parse(readText(file), root, { keepCase: true });
  const ns = parsed.package ? root.lookup(parsed.package) : root;
  const v = optionValue((ns as protobuf.Namespace | null)?.options ?? parsed.root.options);
  const limit = Number(v['limit']), radius = Number(v['radius']), unit = v['distance_unit'];
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`${file}: option ${OPTION} needs limit, a positive integer (got ${String(v['limit'])})`);
  if (!(radius > 0)) throw new Error(`${file}: option ${OPTION} needs radius, a positive number (got ${String(v['radius'])})`);
  if (unit !== 'MI' && unit !== 'KM') throw new Error(`${file}: option ${OPTION} needs distance_unit, MI or KM (got ${String(unit)})`);
  return { limit, radius, distanceUnit: unit };
}

function readText(file: string): string {
  return readFileSync(file, 'utf8');
}

/** The contract's list defaults, read once per process. */
export const LIST_DEFAULTS: Readonly<ListDefaults> = Object.freeze(readListDefaults());
