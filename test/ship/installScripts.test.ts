/**
 * onnxruntime-node's install script downloads CUDA libraries from NuGet unless told to skip, and fails the install
 * where only the npm registry is reachable. npm 11 skips it (package.json allowScripts); npm 10 runs it, and the
 * project's .npmrc makes every script npm runs start with ONNXRUNTIME_NODE_INSTALL=skip (its `node-options`). Here:
 * that Node option, as npm passes it (NODE_OPTIONS), makes the package's own flag parser answer "skip", without a
 * warning; and allowScripts still lists the package as not allowed.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
