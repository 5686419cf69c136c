/** Where things are on disk: the project root (one definition, in the shared contract part) and the geo database. */
import { join } from 'node:path';
import { projectRoot } from '../lib/projectRoot.js';

export { projectRoot };

/** Where the data build writes the geo database and the core looks for it unless MERIDIAN_GEO_DB says otherwise. */
export function defaultGeoDbPath(): string {
  return join(projectRoot, 'data', 'build', 'geo.duckdb');
}
