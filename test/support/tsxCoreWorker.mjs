// Entry of the core's thread when the launcher runs from its TypeScript sources (the tests, `node --import tsx
// bin/meridian.ts`): Node 20 does not carry tsx's --import hooks into worker threads, so the thread registers tsx itself,
// then runs bin/coreWorker.ts. tsx is a devDependency; the compiled launcher (a production install) starts
// dist/bin/coreWorker.js and never loads this file (bin/meridian.ts).
const { register } = await import('tsx/esm/api');
register();
await import('../../bin/coreWorker.ts');
