// Entry of the analysis worker when the core runs from TypeScript source (tests,
// tsx): registers tsx in the worker, then serves analysisWorker.ts. The compiled
// core points Piscina at dist/src/sentiment/analysisWorker.js instead.
const { register } = await import('tsx/esm/api');
register();
const worker = await import('./analysisWorker.ts');
export default worker.default;
