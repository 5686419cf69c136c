/**
 * Settings that cannot work stop the start with a message naming the variable, before anything is made; a
 * geo file that is not ours is never replaced; a gateway that cannot reach its core says why in its log.
 * Found by a probe of fresh starts: each case here hung, ran on with /healthz at 503 and nothing logged,
 * threw from deep in a library without the variable's name, or overwrote the file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCoreConfig } from '../../src/config.js';
import { loadGatewayConfig } from '../../gateway/config.js';
import { openDatabase } from '../../src/db/duckdb.js';
import { projectRoot } from '../../src/paths.js';
import { eventually } from '../support/gateway.js';
import { exited, launch } from '../support/launcher.js';
import { ensureBuilt } from '../support/built.js';

// the launcher and the geo build as npm start runs them: compiled, dist/ brought up to date first
const COMPILED = { compiled: true };
beforeAll(ensureBuilt, 300_000);

const both = (env: Record<string, string>) => [() => loadCoreConfig(env), () => loadGatewayConfig(env)];

describe('start-up settings', () => {
  it('a gRPC address without a port, or with one out of range, is refused by name (grpc-js took "127.0.0.1" as port 443)', () => {
    for (const bad of ['127.0.0.1', '[::1]', '127.0.0.1:70000', '::1:50051', 'abc', ':50051', 'unix:']) {
      expect(() => loadCoreConfig({ MERIDIAN_GRPC_ADDR: bad }), bad).toThrow(`MERIDIAN_GRPC_ADDR must be host:port with a port from 0 to 65535 (127.0.0.1:50051, [::1]:50051) or unix:/path, got '${bad}'`);
      expect(() => loadGatewayConfig({ MERIDIAN_CORE_ADDR: bad }), bad).toThrow(`MERIDIAN_CORE_ADDR must be host:port`);
    }
    for (const good of ['127.0.0.1:0', '[::1]:50051', 'localhost:50051', '0.0.0.0:65535', 'unix:/tmp/meridian.sock', 'dns:///core.internal:50051', 'ipv4:10.0.0.1:50051']) {
      expect(loadCoreConfig({ MERIDIAN_GRPC_ADDR: good }).grpcAddress).toBe(good);
      expect(loadGatewayConfig({ MERIDIAN_CORE_ADDR: good }).coreAddress).toBe(good);
    }
  });

  it('a log level, database URL, page-token secret, CORS origin or HTTP address that cannot work is refused by name', () => {
    for (const load of both({ MERIDIAN_LOG_LEVEL: 'verbose' })) expect(load).toThrow("MERIDIAN_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'verbose'");
    for (const load of both({ MERIDIAN_LOG_LEVEL: 'DEBUG' })) expect(load().logLevel).toBe('debug');
    for (const url of ['abc', 'mysql://meridian:s3cret@db.example/meridian', 'postgres://', 'http://db.example/x', 'postgres://meridian:s3/cr@et@db.example/meridian']) {
      for (const load of both({ MERIDIAN_DATABASE_URL: url })) {
        expect(load, url).toThrow('MERIDIAN_DATABASE_URL must be a PostgreSQL URL');
        let message = '';
        try { load(); } catch (e) { message = (e as Error).message; }
        expect(message, 'the password is shown').not.toMatch(/s3cret|cr@et/);
      }
    }
    for (const url of ['postgres://meridian:pw@db.example:5432/meridian', 'postgresql://localhost/meridian?sslmode=require']) {
      expect(loadCoreConfig({ MERIDIAN_DATABASE_URL: url }).sentiment.databaseUrl).toBe(url);
      expect(loadGatewayConfig({ MERIDIAN_DATABASE_URL: url }).databaseUrl).toBe(url);
    }
    for (const load of both({ MERIDIAN_PAGE_TOKEN_SECRET: 'x' })) expect(load).toThrow('MERIDIAN_PAGE_TOKEN_SECRET must be at least 16 characters');
    for (const load of both({ MERIDIAN_PAGE_TOKEN_SECRET: '   ' })) expect(load).toThrow('MERIDIAN_PAGE_TOKEN_SECRET is only whitespace');
    // used as given: a secret from a file keeps its newline, and replicas must sign alike
    for (const load of both({ MERIDIAN_PAGE_TOKEN_SECRET: 'a shared secret of 32 characters\n' })) expect(load().pageTokenSecret).toBe('a shared secret of 32 characters\n');
    for (const load of both({ MERIDIAN_PAGE_TOKEN_SECRET: 'a shared secret of 32 characters' })) expect(load().pageTokenSecret).toBe('a shared secret of 32 characters');
    for (const bad of ['app.example', 'https://app.example/path', 'https://*.example.com', 'https://user@app.example', 'https://a.example, app.b.example']) {
      expect(() => loadGatewayConfig({ MERIDIAN_CORS_ORIGINS: bad }), bad).toThrow('MERIDIAN_CORS_ORIGINS must be * or comma-separated origins');
    }
    // kept as the Origin header a browser sends: lower case, no default port, punycode, one trailing slash forgiven
    expect(loadGatewayConfig({ MERIDIAN_CORS_ORIGINS: 'https://App.Example, http://localhost:3000, https://b.example:443/, https://bücher.example' }).corsOrigins)
      .toEqual(['https://app.example', 'http://localhost:3000', 'https://b.example', 'https://xn--bcher-kva.example']);
    expect(loadGatewayConfig({}).coreFirstGraceMs).toBe(30_000);
    expect(loadGatewayConfig({ MERIDIAN_CORE_FIRST_GRACE_MS: '1000' }).coreFirstGraceMs).toBe(1000);
    expect(() => loadGatewayConfig({ MERIDIAN_CORE_FIRST_GRACE_MS: '999' })).toThrow("MERIDIAN_CORE_FIRST_GRACE_MS must be an integer from 1000 to 600000, got '999'");
    for (const bad of ['127.0.0.1:70000', 'localhost', '8080']) expect(() => loadGatewayConfig({ MERIDIAN_HTTP_ADDR: bad }), bad).toThrow(`MERIDIAN_HTTP_ADDR must be host:port with a port from 0 to 65535 (127.0.0.1:8080, [::1]:8080), got '${bad}'`);
  });

  it('a bad gateway setting stops the start before the core has made anything; a bad log level is named (pino threw "unknown level")', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'meridian-settings-'));
    const stateDir = join(dir, 'state');
    try {
      const cors = launch({ MERIDIAN_STATE_DIR: stateDir, MERIDIAN_CORS_ORIGINS: 'https://app.example/login' }, [], COMPILED);
      expect(await exited(cors.p), cors.output()).toBe('code 1');
      expect(cors.output()).toContain("Meridian could not start: MERIDIAN_CORS_ORIGINS must be * or comma-separated origins such as https://app.example.com or http://localhost:3000 (scheme, host and port, no path, wildcard or credentials), got 'https://app.example/login'");
      expect(existsSync(stateDir), 'the state folder (certificates, state database) was made before the refusal').toBe(false);
      const level = launch({ MERIDIAN_STATE_DIR: stateDir, MERIDIAN_LOG_LEVEL: 'verbose' }, [], COMPILED);
      expect(await exited(level.p), level.output()).toBe('code 1');
      expect(level.output()).toContain("Meridian could not start: MERIDIAN_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'verbose'");
      expect(level.output()).not.toContain('unknown level');
      expect(existsSync(stateDir)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a geo file that is not the geo database is named and left as it was (npm start replaced it with a geo database)', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'meridian-geofile-'));
    try {
      const duck = join(dir, 'mine.duckdb');
      const instance = await openDatabase(duck);
      const conn = await instance.connect();
      await conn.run('CREATE TABLE invoices AS SELECT range AS id FROM range(100)');
      conn.closeSync();
      instance.closeSync();
      const text = join(dir, 'notes.txt');
      writeFileSync(text, 'my notes\n');
      for (const file of [duck, text]) {
        const before = readFileSync(file);
        // what npm start's prestart (bin/ensureBuilt.mjs) runs on MERIDIAN_GEO_DB
        const build = spawnSync(process.execPath, ['dist/data/geo/buildGeo.js', '--if-missing'], { cwd: projectRoot, env: { ...process.env, MERIDIAN_GEO_DB: file }, encoding: 'utf8' });
        expect(build.status, build.stdout + build.stderr).toBe(1);
        expect(build.stderr).toContain(`${file} (MERIDIAN_GEO_DB) is not Meridian's geo database (not a DuckDB file, or one without its tables and schema version), so it is left as it is`);
        expect(readFileSync(file).equals(before), `${file} was changed`).toBe(true);
      }
      const start = launch({ MERIDIAN_STATE_DIR: join(dir, 'state'), MERIDIAN_GEO_DB: duck, MERIDIAN_SENTIMENT_WORKERS: '1' }, [], COMPILED);
      expect(await exited(start.p), start.output()).toBe('code 1');
      expect(start.output()).toContain(`Meridian could not start: ${duck} (MERIDIAN_GEO_DB) is a DuckDB file but not Meridian's geo database (no meta, places, place_keys tables)`);
      const startText = launch({ MERIDIAN_STATE_DIR: join(dir, 'state'), MERIDIAN_GEO_DB: text, MERIDIAN_SENTIMENT_WORKERS: '1' }, [], COMPILED);
      expect(await exited(startText.p), startText.output()).toBe('code 1');
      expect(startText.output()).toContain(`Meridian could not start: the geo database ${text} (MERIDIAN_GEO_DB) cannot be opened`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a gateway whose TLS name does not match its core logs why (it answered 503 with nothing logged); a CA that is not PEM is refused by name', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'meridian-tlsname-'));
    try {
      // the first answer is waited for 1 s here, not the 30 s of a real start (MERIDIAN_CORE_FIRST_GRACE_MS)
      const { p, output } = launch({ MERIDIAN_STATE_DIR: join(dir, 'state'), MERIDIAN_CORE_TLS_NAME: 'not-the-core.example', MERIDIAN_SENTIMENT_WORKERS: '1', MERIDIAN_CORE_FIRST_GRACE_MS: '1000' }, [], COMPILED);
      const code = exited(p);
      try {
        await eventually(async () => /gateway \(REST[^)]*\) on http:\/\//.test(output()) || p.exitCode !== null, 60_000, 100);
        const url = /gateway \(REST[^)]*\) on (http:\/\/\S+)/.exec(output())?.[1];
        expect(url, output()).toBeDefined();
        expect((await fetch(`${url}/healthz`)).status).toBe(503);
        // logged once the first grace has passed without an answer (30 s by default: a slow first start of the core is not reported as a failure)
        await eventually(async () => output().includes('the core has not answered since the gateway started'), 60_000, 200);
        expect(output()).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
        expect(output()).toContain('not-the-core.example');
      } finally {
        p.kill('SIGTERM');
      }
      expect(await code, output()).toBe('code 0');
      const ca = launch({ MERIDIAN_STATE_DIR: join(dir, 'state'), MERIDIAN_CORE_CA_PEM: 'abc', MERIDIAN_SENTIMENT_WORKERS: '1' }, [], COMPILED);
      expect(await exited(ca.p), ca.output()).toBe('code 1');
      expect(ca.output()).toContain("Meridian could not start: the core's CA certificate in MERIDIAN_CORE_CA_PEM does not parse");
      // the name a gateway on another machine dials the core by goes into the core's certificate (MERIDIAN_CORE_TLS_HOSTS;
      // the deployment files dial `core` and `meridian-core`, which the certificate did not carry): the same state
      // folder's certificate is made again with it, and the gateway checking that name reaches the core
      const named = launch({ MERIDIAN_STATE_DIR: join(dir, 'state'), MERIDIAN_CORE_TLS_HOSTS: 'meridian-core,core.prod.svc', MERIDIAN_CORE_TLS_NAME: 'meridian-core', MERIDIAN_SENTIMENT_WORKERS: '1' }, [], COMPILED);
      const namedCode = exited(named.p);
      try {
        await eventually(async () => /gateway \(REST[^)]*\) on http:\/\//.test(named.output()) || named.p.exitCode !== null, 60_000, 100);
        const url = /gateway \(REST[^)]*\) on (http:\/\/\S+)/.exec(named.output())?.[1];
        expect(url, named.output()).toBeDefined();
        await eventually(async () => (await fetch(`${url}/healthz`)).status === 200, 60_000, 200);
      } finally {
        named.p.kill('SIGTERM');
      }
      expect(await namedCode, named.output()).toBe('code 0');
      expect(() => loadCoreConfig({ MERIDIAN_CORE_TLS_HOSTS: 'meridian-core,bad host' })).toThrow("MERIDIAN_CORE_TLS_HOSTS must be a comma-separated list of host names or IP addresses (e.g. meridian-core,meridian-core.prod.svc), got 'bad host'");
      expect(loadCoreConfig({ MERIDIAN_CORE_TLS_HOSTS: ' core , 10.0.0.7,::1 ' }).tlsHosts).toEqual(['core', '10.0.0.7', '::1']);
      // the English expert's switch is a setting like the others (a 'false' kept it on, 'yes' was silently the default)
      expect(() => loadCoreConfig({ MERIDIAN_ENGLISH_EXPERT: 'maybe' })).toThrow("MERIDIAN_ENGLISH_EXPERT must be true or false, got 'maybe'");
      expect(loadCoreConfig({ MERIDIAN_ENGLISH_EXPERT: 'false' }).englishExpert).toBe(false);
      expect(loadCoreConfig({}).englishExpert).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
