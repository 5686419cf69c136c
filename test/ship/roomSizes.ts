/**
 * Room sizes (issue 39): every hand-written source file's length in lines and every function longer than
 * FUNCTION_LINES, found with TypeScript's compiler API. roomSizes.test.ts compares them with the allow-list
 * (roomSizeAllowList.ts); `npx tsx test/ship/roomSizes.ts` prints the inventory.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const FILE_LINES = 600;
export const FUNCTION_LINES = 100;

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Folders that hold code, and what in them is not hand-written (generated, built or installed). */
const CODE_FOLDERS = ['proto', 'lib', 'src', 'gateway', 'training', 'bin', 'data', 'bench', 'test', 'deploy'];
const NOT_HAND_WRITTEN = [/^proto\/contract\/generated\//, /^gateway\/client\/generated\//, /^data\/build\//, /^bench\/results\//, /(^|\/)node_modules\//];
const SOURCE = /\.(ts|mts|cts|tsx|js|mjs|cjs)$/;

/** Repository-relative paths (with `/`) of the hand-written source files. */
export function handWrittenSources(root = repoRoot): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      const rel = relative(root, path).split(sep).join('/');
      if (NOT_HAND_WRITTEN.some((r) => r.test(rel + (e.isDirectory() ? '/' : '')))) continue;
      if (e.isDirectory()) walk(path);
      else if (SOURCE.test(e.name)) out.push(rel);
    }
  };
  for (const f of readdirSync(root, { withFileTypes: true })) if (f.isFile() && SOURCE.test(f.name)) out.push(f.name);
  for (const d of CODE_FOLDERS) walk(join(root, d));
  return out.sort();
}

export interface LongFunction {
  /** `path#name`: a function's name, a method's `Class.method`, an arrow function's variable or property name. */
  key: string;
  lines: number;
}

function nameOf(node: ts.Node, sf: ts.SourceFile): string {
  const named = (n: ts.Node): string | undefined => {
    const name = (n as { name?: ts.Node }).name;
    return name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) ? name.text : undefined;
  };
  if (ts.isConstructorDeclaration(node)) return `${named(node.parent) ?? '(class)'}.constructor`;
  const own = named(node);
  if (own && (ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node))) return `${named(node.parent) ?? '(object)'}.${own}`;
  if (own) return own;
  // an arrow function or function expression: the variable, property or call it is given to
  for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
    const n = ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) ? named(p) : undefined;
    if (n) return n;
    if (ts.isCallExpression(p)) return `${p.expression.getText(sf).slice(0, 40)}(…)`;
  }
  return `(anonymous at line ${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1})`;
}

/** A vitest suite's callback (`describe(…, () => {…})`, `describe.each(…)(…)`, `describe.skipIf(…)(…)`): a list of cases, not a function. */
function isSuite(node: ts.Node): boolean {
  const call = node.parent;
  if (!call || !ts.isCallExpression(call) || !call.arguments.includes(node as ts.Expression)) return false;
  let callee: ts.Expression = call.expression;
  for (;;) {
    if (ts.isCallExpression(callee)) callee = callee.expression;
    else if (ts.isPropertyAccessExpression(callee)) callee = callee.expression;
    else break;
  }
  return ts.isIdentifier(callee) && callee.text === 'describe';
}

/** The functions of one file longer than FUNCTION_LINES lines (first line of the declaration to its last). */
export function longFunctions(path: string, text: string): LongFunction[] {
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body !== undefined && !isSuite(node)) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > FUNCTION_LINES) found.push({ key: `${path}#${nameOf(node, sf)}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

export interface RoomSizes {
  /** path → lines, for files over FILE_LINES. */
  longFiles: Map<string, number>;
  longFunctions: LongFunction[];
}

export function roomSizes(root = repoRoot): RoomSizes {
  const longFiles = new Map<string, number>();
  const fns: LongFunction[] = [];
  for (const path of handWrittenSources(root)) {
    const text = readFileSync(join(root, path), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > FILE_LINES) longFiles.set(path, lines);
    fns.push(...longFunctions(path, text));
  }
  return { longFiles, longFunctions: fns };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { longFiles, longFunctions: fns } = roomSizes();
  process.stdout.write(`files over ${FILE_LINES} lines:\n`);
  for (const [path, lines] of [...longFiles].sort((a, b) => b[1] - a[1])) process.stdout.write(`  ${lines}\t${path}\n`);
  process.stdout.write(`functions over ${FUNCTION_LINES} lines:\n`);
  for (const f of fns.sort((a, b) => b.lines - a.lines)) process.stdout.write(`  ${f.lines}\t${f.key}\n`);
}
