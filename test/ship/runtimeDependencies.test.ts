/**
 * A production install (`npm ci --omit=dev`, what deploy/Dockerfile ships) has the `dependencies` of package.json
 * only: every package the served code names must be one of them, and each of them must be named by served code
 * (training, benchmarks and tests use devDependencies). The served code is found by walking the imports from the
 * runtime entry points (servedModules.ts). `.ci/run` also runs the production install itself and calls each surface.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../gateway/paths.js';
import { servedModules, type PackageUse } from './servedModules.js';

interface PackageJson { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }

/** What is wrong with `pkg`'s classes for the served code's `uses`: one line per package. */
function dependencyClassErrors(pkg: PackageJson, uses: PackageUse[]): string[] {
  const runtime = new Set(Object.keys(pkg.dependencies ?? {}));
  const dev = new Set(Object.keys(pkg.devDependencies ?? {}));
  const errors: string[] = [];
  const named = new Map<string, PackageUse>();
  for (const u of uses) if (!named.has(u.pkg)) named.set(u.pkg, u);
  for (const [name, u] of named) {
    if (runtime.has(name)) continue;
    errors.push(`${name} (${u.specifier} in ${u.file}) is ${dev.has(name) ? 'a devDependency' : 'not a dependency'}: a production install lacks it`);
  }
  for (const name of runtime) if (!named.has(name)) errors.push(`${name} is a dependency that no served module names: training, bench or test code belongs in devDependencies`);
  return errors;
}

const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as PackageJson;
const served = servedModules(projectRoot);

describe('dependency classes match what a production install runs', () => {
  it('every package the served modules name is a runtime dependency, and every runtime dependency is named', () => {
    expect(served.files).toContain('src/sentiment/analysisWorker.ts'); // the walk reaches the analysis threads
    expect(served.files).toContain('bin/coreWorker.ts');
    expect(dependencyClassErrors(pkg, served.uses)).toEqual([]);
  });

  it('no served module is training, benchmark or test code', () => {
    expect(served.files.filter((f) => /(^|\/)(training|bench|test)\//.test(f))).toEqual([]);
  });

  it('finds the mistakes of the package.json before issue 40 (VADER lexicon a devDependency, nlp.js a runtime one)', () => {
    const old: PackageJson = {
      dependencies: { ...pkg.dependencies, '@nlpjs/lang-all': '^4.26.1' },
      devDependencies: { ...pkg.devDependencies, 'vader-sentiment': '^1.1.3' },
    };
    delete old.dependencies!['vader-sentiment'];
    delete old.devDependencies!['@nlpjs/lang-all'];
    const errors = dependencyClassErrors(old, served.uses);
    expect(errors).toEqual([
      expect.stringMatching(/^vader-sentiment \(vader-sentiment\/vader_lexicon\.txt in src\/sentiment\/features\/lexicons\.ts\) is a devDependency/),
      expect.stringMatching(/^@nlpjs\/lang-all is a dependency that no served module names/),
    ]);
  });
});
