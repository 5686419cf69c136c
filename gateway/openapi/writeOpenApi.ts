/**
 * `npm run openapi`: writes the OpenAPI document (gateway/openapi/openapi.json)
 * and the typed REST client (gateway/client/generated/meridianClient.ts) from proto/.
 * A test checks that the committed files equal what this script writes.
 */
import { cliArgs } from '../../lib/cliArgs.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadProtoCatalog } from '../protoCatalog.js';
import { compileRoutes } from '../rest/routes.js';
import { packageVersion } from '../app.js';
import { loadGatewayConfig } from '../config.js';
import { projectRoot } from '../paths.js';
import { buildOpenApi } from './openapiDocument.js';
import { generateClient } from './clientGenerator.js';

export const OPENAPI_FILE = join(projectRoot, 'gateway', 'openapi', 'openapi.json');
export const CLIENT_FILE = join(projectRoot, 'gateway', 'client', 'generated', 'meridianClient.ts');

export function generatedArtifacts(): { openapi: string; client: string } {
  const routes = compileRoutes(loadProtoCatalog());
  return {
    openapi: `${JSON.stringify(buildOpenApi(routes, { version: packageVersion(), maxLimit: loadGatewayConfig({}).maxLimit }), null, 2)}\n`,
    client: generateClient(routes),
  };
}

if (process.argv[1]?.endsWith('writeOpenApi.js')) {
  // no options: anything on the command line is a mistake worth saying
  cliArgs({ name: 'npm run openapi', usage: 'npm run openapi', about: 'Writes gateway/openapi/openapi.json and the typed client from the protos.', options: {} });
  const { openapi, client } = generatedArtifacts();
  writeFileSync(OPENAPI_FILE, openapi);
  writeFileSync(CLIENT_FILE, client);
  process.stdout.write(`wrote ${OPENAPI_FILE} and ${CLIENT_FILE}\n`);
}
