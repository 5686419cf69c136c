/** The project's root folder (one definition, in the shared contract part). */
export { projectRoot } from '../lib/projectRoot.js';
