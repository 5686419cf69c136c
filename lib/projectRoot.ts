/** The project's root folder, the same whether code runs from source (tsx, vitest) or from dist/ (compiled). */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..').replace(/[\\/]dist$/, '');
