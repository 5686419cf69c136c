/**
 * `npm start`'s first step: compile only when a source is newer than the last
 * build, and build the geo database only when it is missing or out of date. Recompiling on
 * every start cost 3-4 s of the start-up; this check costs ~0.1 s, and the
 * geo database check (built when missing or of an older schema) ~0.3 s, skipped while
 * a marker says nothing changed since it last passed; then
 * the place index file is made when missing or older than the database.
 * Plain JavaScript, so it runs before anything is compiled.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIRS = ['proto', 'lib', 'src', 'gateway', 'training', 'bin', 'data', 'bench'];
/** Folders with no sources to compile (data, outputs): skipping them keeps the walk short. */
const SKIP = new Set(['node_modules', 'dist', join('data', 'build'), join('data', 'sentiment'), join('data', 'sources'), join('bench', 'results'), join('proto', 'meridian'), join('proto', 'google')].map((d) => join(root, d)));
/** Touched after every successful compile (tsc leaves its own .tsbuildinfo alone when no output changes). */
const stamp = join(root, 'dist', '.compiled-at');

function sourceFiles(dir, out = []) {
  let entries;
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return out; }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) { if (!SKIP.has(p)) sourceFiles(p, out); }
    else if (/\.(ts|mts)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}
const CONFIGS = ['tsconfig.json', 'tsconfig.build.json'].map((f) => join(root, f));
const newestSource = (files) => Math.max(...files.map((p) => statSync(p).mtimeMs));

/**
 * What the sources say, not when they were written: a copy of the checkout (cp -r, an unpacked archive) makes every
 * source newer than the build without changing one, and a production install, which cannot compile, then refused to
 * start. Kept in the stamp's second line by each build.
 */
function fingerprint(files) {
  const h = createHash('sha256');
  for (const p of [...files].sort()) h.update(p.slice(root.length)).update('\0').update(readFileSync(p)).update('\0');
  return h.digest('hex');
}

function run(what, command, args) {
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    process.stderr.write(`${what} failed (exit ${r.status ?? r.signal}); fix the error above, then run npm start again\n`);
    process.exit(r.status ?? 1);
  }
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const files = [...CONFIGS, ...SOURCE_DIRS.flatMap((d) => sourceFiles(join(root, d)))];
const sameSources = () => existsSync(stamp) && readFileSync(stamp, 'utf8').split('\n')[1] === fingerprint(files);
if (newestSource(files) > built && !sameSources()) {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  if (!existsSync(tsc)) {
    // a production install (npm ci --omit=dev) has no TypeScript: it runs the dist/ a full install built
    process.stderr.write(`${existsSync(stamp) ? 'dist/ is older than the sources' : 'dist/ is missing'} and TypeScript (a devDependency) is not installed: `
      + 'build with a full install first (npm ci, which compiles; or npm run build), then copy dist/ with the sources and run npm ci --omit=dev (deploy/Dockerfile)\n');
    process.exit(1);
  }
  process.stdout.write('compiling TypeScript (sources changed since the last build)\n');
  run('the TypeScript build', process.execPath, [tsc, '-p', 'tsconfig.build.json']);
  writeFileSync(stamp, `${new Date().toISOString()}\n${fingerprint(files)}\n`);
}
// buildGeo --if-missing also rebuilds a file of an older schema version than this code reads. Its answer holds
// until the database or the compiled code changes, so a marker next to the database, newer than both, skips
// the check (a child process opening DuckDB, ~0.3 s of every start).
const geoDb = process.env.MERIDIAN_GEO_DB || join(root, 'data', 'build', 'geo.duckdb');
const checked = `${geoDb}.checked`;
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : Number.POSITIVE_INFINITY);
if (!existsSync(checked) || mtime(checked) < Math.max(mtime(geoDb), mtime(stamp))) {
  run('the geo database build', process.execPath, [join(root, 'dist', 'data', 'geo', 'buildGeo.js'), '--if-missing']);
  if (existsSync(geoDb)) writeFileSync(checked, `${new Date().toISOString()} buildGeo --if-missing found ${geoDb} current\n`);
}
// The place index next to it (src/geo/placeIndexFile.ts), so that no start builds it (3-4 s): made when missing or
// older than the database. The core checks the database's fingerprint in it too, and rebuilds it itself when stale.
const placeIndex = `${geoDb}.places`;
if (existsSync(geoDb) && (!existsSync(placeIndex) || statSync(placeIndex).mtimeMs < statSync(geoDb).mtimeMs)) {
  process.stdout.write('building the place index (once, after the geo database changes)\n');
  run('the place index build', process.execPath, [join(root, 'dist', 'bin', 'meridian.js'), '--build-index']);
}
