/**
 * Versioned schema on PostgreSQL: applied once at start (a second start applies
 * nothing), recorded per component in meridian_schema, and a database migrated by a
 * newer Meridian is refused with a message that says what to do.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import pg from 'pg';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { PgDatabase } from '../../src/db/postgres.js';
import { PostgresSentimentStore } from '../../src/sentiment/store/postgresStore.js';
import { PG_MIGRATIONS, SENTIMENT_COMPONENT } from '../../src/sentiment/store/postgresMigrations.js';
import { openGatewayDatabase } from '../../gateway/auth/postgresKeyStore.js';

let postgres: TestPostgres;

beforeAll(async () => { postgres = await startTestPostgres(); }, 60_000);
afterAll(async () => { await postgres?.close(); });

describe('PostgreSQL migrations', () => {
  it('applies each migration once, records it, and refuses a newer schema than the code knows', async () => {
    const url = await postgres.createDatabase('migrations');
    const db = await PgDatabase.connect(url);
    expect(await db.migrate(SENTIMENT_COMPONENT, PG_MIGRATIONS)).toEqual(PG_MIGRATIONS.map((m) => m.version));
    expect(await db.migrate(SENTIMENT_COMPONENT, PG_MIGRATIONS)).toEqual([]);
    await db.close();
    const store = await PostgresSentimentStore.open(url, { leaseMs: 5000 });
    await store.close();
    await (await openGatewayDatabase(url, () => undefined)).end();

    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const rows = (await c.query<{ component: string; version: number }>('SELECT component, version FROM meridian_schema ORDER BY 1, 2')).rows;
    expect(rows).toEqual([{ component: 'gateway', version: 1 }, ...PG_MIGRATIONS.map((m) => ({ component: 'sentiment', version: m.version }))]);
    await c.query("INSERT INTO meridian_schema (component, version, why) VALUES ('sentiment', 99, 'from the future'), ('gateway', 42, 'from the future')");
    await c.end();
    await expect(PostgresSentimentStore.open(url, { leaseMs: 5000 })).rejects.toThrow(new RegExp(`sentiment schema version 99, newer than this Meridian understands \\(${PG_MIGRATIONS.length}\\)`));
    await expect(openGatewayDatabase(url, () => undefined)).rejects.toThrow(/gateway schema version 42, newer than this Meridian gateway understands \(1\)/);
  });

  it('says where it could not connect, without the password', async () => {
    await expect(PgDatabase.connect('postgres://meridian:secret-pw@127.0.0.1:1/none', { retryMs: 200 })).rejects.toThrow(/cannot reach PostgreSQL at postgres:\/\/meridian:\*\*\*@127\.0\.0\.1:1\/none/);
  });
});
