// Entry of an analysis worker thread when the core runs from its TypeScript sources (the tests, `node --import tsx`):
// Node 20 does not carry tsx's --import hooks into worker threads, so the thread registers tsx itself, then serves
// src/sentiment/analysisWorker.ts. tsx is a devDependency; the compiled core (a production install) points Piscina at
// dist/src/sentiment/analysisWorker.js and never loads this file (src/sentiment/analysisPool.ts).
const { register } = await import('tsx/esm/api');
register();
const worker = await import('../../src/sentiment/analysisWorker.ts');
export default worker.default;
