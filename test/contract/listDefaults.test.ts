/**
 * The list defaults are written once, in the contract (presentation.proto's list_defaults option); every other
 * text that states them (geo.proto's and locale.proto's comments, the GraphQL schema's descriptions, the OpenAPI
 * document, GraphQL's page size) must say the same, so that changing the option and forgetting a text fails here.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIST_DEFAULTS, readListDefaults } from '../../proto/contract/listDefaults.js';
import { PROTO_ROOT } from '../../proto/contract/protoLoading.js';
import { DEFAULT_LIMIT as CORE_LIMIT } from '../../src/paging.js';
import { DEFAULT_LIMIT as REST_LIMIT } from '../../gateway/rest/routes.js';
import { DEFAULT_PAGE } from '../../gateway/graphql/connections.js';
import { projectRoot } from '../../lib/projectRoot.js';

const text = (path: string) => readFileSync(join(projectRoot, path), 'utf8');

describe('list defaults', () => {
  it('are read from the contract, and core and gateway use them', () => {
    expect(LIST_DEFAULTS).toEqual({ limit: 10, radius: 100, distanceUnit: 'MI' });
    expect(CORE_LIMIT).toBe(LIST_DEFAULTS.limit);
    expect(REST_LIMIT).toBe(LIST_DEFAULTS.limit);
    expect(DEFAULT_PAGE).toBe(LIST_DEFAULTS.limit); // GraphQL's page without first/last
  });

  it('a contract without the option, or with a malformed one, stops the start naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'meridian-defaults-'));
    try {
      const file = join(dir, 'presentation.proto');
      copyFileSync(join(PROTO_ROOT, 'meridian/api/v1/presentation.proto'), file);
      const original = readFileSync(file, 'utf8');
      writeFileSync(file, original.replace(/^option \(meridian\.api\.v1\.list_defaults\).*$/m, ''));
      expect(() => readListDefaults(file)).toThrow(/list_defaults\) needs limit/);
      writeFileSync(file, original.replace('distance_unit: "MI"', 'distance_unit: "FURLONG"'));
      expect(() => readListDefaults(file)).toThrow(/distance_unit, MI or KM/);
      writeFileSync(file, original.replace('limit: 10', 'limit: 25'));
      expect(readListDefaults(file).limit).toBe(25);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every text that states them says the same', () => {
    const geo = text('proto/meridian/geo/v1/geo.proto');
    const radiusComments = [...geo.matchAll(/double radius = \d+ .*\/\/ default (\S+)/g)].map((m) => Number(m[1]));
    expect(radiusComments.length).toBeGreaterThan(5);
    expect(new Set(radiusComments)).toEqual(new Set([LIST_DEFAULTS.radius]));
    const unitComments = [...geo.matchAll(/distance_unit = \d+ .*\/\/ default (\w+)/g)].map((m) => m[1]);
    expect(new Set(unitComments)).toEqual(new Set([LIST_DEFAULTS.distanceUnit]));
    expect(geo).toContain(`\`limit\` defaults to ${LIST_DEFAULTS.limit} `);
    expect(text('proto/meridian/locale/v1/locale.proto')).toContain(`limit default ${LIST_DEFAULTS.limit},`);

    const schema = text('gateway/graphql/schema.graphql');
    const radii = [...schema.matchAll(/"Radius[^"]*\(default (\S+?)\)/g)].map((m) => Number(m[1]));
    expect(radii.length).toBeGreaterThan(1);
    expect(new Set(radii)).toEqual(new Set([LIST_DEFAULTS.radius]));
    const units = [...schema.matchAll(/"Unit[^"]*\(default (\w+)\)/g)].map((m) => m[1]);
    expect(units.length).toBeGreaterThan(1);
    expect(new Set(units)).toEqual(new Set([LIST_DEFAULTS.distanceUnit]));

    const openapi = JSON.parse(text('gateway/openapi/openapi.json')) as { paths: Record<string, Record<string, { parameters?: { name: string; schema?: { default?: unknown } }[] }>> };
    const limits = Object.values(openapi.paths).flatMap((p) => Object.values(p)).flatMap((op) => op.parameters ?? []).filter((p) => p.name === 'limit');
    expect(limits.length).toBeGreaterThan(5);
    expect(new Set(limits.map((p) => p.schema?.default))).toEqual(new Set([LIST_DEFAULTS.limit]));
  });
});
