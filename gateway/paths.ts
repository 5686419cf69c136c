/** The project's root folder, whether the gateway runs from gateway/ (tsx, vitest) or from dist/ (compiled). */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..').replace(/[\\/]dist$/, '');
