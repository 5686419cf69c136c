/**
 * onnxruntime-node's install script downloads CUDA libraries from NuGet unless told to skip, and fails the install
 * where only the npm registry is reachable. npm 11 skips it (package.json allowScripts); npm 10 runs it, and the
 * project's .npmrc makes every script npm runs start with ONNXRUNTIME_NODE_INSTALL=skip (its `node-options`). Here:
 * that Node option, as npm passes it (NODE_OPTIONS), makes the package's own flag parser answer "skip", without a
 * warning; and allowScripts still lists the package as not allowed.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../gateway/paths.js';

const npmrc = readFileSync(join(projectRoot, '.npmrc'), 'utf8');
const nodeOptions = /^node-options=(.*)$/m.exec(npmrc)?.[1];
const installUtils = join(projectRoot, 'node_modules', 'onnxruntime-node', 'script', 'install-utils.js');

/** What the package's flag parser answers in a Node started with `env` (and what that Node wrote on stderr). */
function flagWith(env: NodeJS.ProcessEnv): { out: string; err: string } {
  const r = spawnSync(process.execPath, ['-e', `process.stdout.write(String(require(${JSON.stringify(installUtils)}).parseInstallFlag()))`], { env, encoding: 'utf8' });
  return { out: r.stdout, err: r.stderr };
}

describe('onnxruntime-node install script', () => {
  it('is told to skip by the Node option .npmrc gives every npm script (npm 10)', () => {
    expect(nodeOptions).toBeDefined();
    const env = { ...process.env };
    for (const k of ['ONNXRUNTIME_NODE_INSTALL', 'npm_config_onnxruntime_node_install', 'ONNXRUNTIME_NODE_INSTALL_CUDA', 'npm_config_onnxruntime_node_install_cuda', 'NODE_OPTIONS']) delete env[k];
    expect(flagWith(env).out).toBe('undefined'); // without it: the default, which downloads on linux/x64
    const skipped = flagWith({ ...env, NODE_OPTIONS: nodeOptions });
    expect(skipped.out).toBe('false'); // "skip"
    expect(skipped.err).toBe(''); // no warning in every script's output
    // an explicit choice, by any of the package's switches, stands
    expect(flagWith({ ...env, NODE_OPTIONS: nodeOptions, ONNXRUNTIME_NODE_INSTALL: '1' }).out).toBe('true');
    expect(flagWith({ ...env, NODE_OPTIONS: nodeOptions, npm_config_onnxruntime_node_install: 'true' }).out).toBe('true');
    expect(flagWith({ ...env, NODE_OPTIONS: nodeOptions, ONNXRUNTIME_NODE_INSTALL_CUDA: 'v12' }).out).toBe('cuda12');
    expect(flagWith({ ...env, NODE_OPTIONS: nodeOptions, npm_config_onnxruntime_node_install_cuda: 'v12' }).out).toBe('cuda12');
  });

  it('is not allowed to run by npm 11 (package.json allowScripts)', () => {
    const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    expect(pkg.allowScripts?.['onnxruntime-node']).toBe(false);
  });
});

describe('npm start on a copied checkout without TypeScript (a production install)', () => {
  /** A tree with the launcher, one source, the build stamp and a current geo database with its marker and index. */
  function tree(stampText: (fingerprintOf: string) => string): string {
    const dir = mkdtempSync(join(tmpdir(), 'meridian-copy-'));
    mkdirSync(join(dir, 'bin'));
    mkdirSync(join(dir, 'src'));
    mkdirSync(join(dir, 'dist'));
    copyFileSync(join(projectRoot, 'bin', 'ensureBuilt.mjs'), join(dir, 'bin', 'ensureBuilt.mjs'));
    for (const f of ['tsconfig.json', 'tsconfig.build.json']) writeFileSync(join(dir, f), '{}\n');
    writeFileSync(join(dir, 'src', 'a.ts'), 'export const a = 1;\n');
    // the fingerprint as ensureBuilt writes it: sha256 over each file's path below the root, NUL, content, NUL, sorted
    const h = createHash('sha256');
    for (const p of ['src/a.ts', 'tsconfig.build.json', 'tsconfig.json'].map((f) => join(dir, f)).sort()) h.update(p.slice(dir.length)).update('\0').update(readFileSync(p)).update('\0');
    writeFileSync(join(dir, 'dist', '.compiled-at'), stampText(h.digest('hex')));
    const geo = join(dir, 'geo.duckdb');
    for (const f of [geo, `${geo}.checked`, `${geo}.places`]) writeFileSync(f, 'x');
    // the copy: every source newer than the stamp, as cp -r or an unpacked archive leaves them
    const later = new Date(Date.now() + 60_000);
    for (const f of ['src/a.ts', 'tsconfig.json', 'tsconfig.build.json']) utimesSync(join(dir, f), later, later);
    for (const f of [geo, `${geo}.checked`, `${geo}.places`]) utimesSync(f, new Date(Date.now() + 120_000), new Date(Date.now() + 120_000));
    return dir;
  }
  const start = (dir: string) => spawnSync(process.execPath, [join(dir, 'bin', 'ensureBuilt.mjs')], { env: { ...process.env, MERIDIAN_GEO_DB: join(dir, 'geo.duckdb') }, encoding: 'utf8' });

  it('starts when the sources are the ones built (only their times changed), and refuses when one changed', () => {
    const same = tree((fp) => `2026-01-01T00:00:00.000Z\n${fp}\n`);
    const r = start(same);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    writeFileSync(join(same, 'src', 'a.ts'), 'export const a = 2;\n');
    const changed = start(same);
    expect(changed.status).toBe(1);
    expect(changed.stderr).toMatch(/dist\/ is older than the sources and TypeScript \(a devDependency\) is not installed/);
    rmSync(same, { recursive: true, force: true });
  });
});
