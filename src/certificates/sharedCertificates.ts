/**
 * Certificate serials and revocations shared by every core replica on one
 * PostgreSQL (MERIDIAN_DATABASE_URL): a certificate revoked through one core is
 * refused by all of them within a moment (NOTIFY wakes every core's listener,
 * which re-reads the list; a lost listener re-reads on reconnect), and every
 * issued serial is recorded once, whichever core issued it.
 * Authentication checks revocations synchronously on every call, so each core
 * keeps the list in memory and only writes go to PostgreSQL.
 */
import { PgDatabase, PgListener, type PgMigration } from '../db/postgres.js';
import { logger } from '../log.js';
import { normalSerial, type Role } from '../grpc/roles.js';

const COMPONENT = 'certificates';
const CHANNEL = 'meridian_revocations';

const MIGRATIONS: readonly PgMigration[] = [{
  version: 1,
  why: 'issued certificate serials and revocations shared by every core replica',
  sql: `CREATE TABLE certificate_serials (serial text PRIMARY KEY, common_name text NOT NULL, role text NOT NULL,
          issued_at timestamptz NOT NULL DEFAULT now(), expires_at timestamptz NOT NULL);
        CREATE TABLE certificate_revocations (serial text PRIMARY KEY, revoked_at timestamptz NOT NULL DEFAULT now());`,
}];

export class SharedCertificates {
  private revoked = new Set<string>();

  private constructor(private readonly db: PgDatabase, private readonly listener: PgListener) {}

  static async open(url: string): Promise<SharedCertificates> {
    const db = await PgDatabase.connect(url, { max: 2, applicationName: 'meridian-certificates', onError: (e) => logger.warn({ err: e }, 'PostgreSQL connection lost (certificates); reconnecting') });
    await db.migrate(COMPONENT, MIGRATIONS);
    const holder: { shared?: SharedCertificates } = {};
    const listener = new PgListener(url, CHANNEL, () => { void holder.shared?.reload(); }, (e) => logger.warn({ err: e }, 'revocation listener lost; reconnecting'));
    const shared = (holder.shared = new SharedCertificates(db, listener));
    await shared.reload();
    listener.start();
    return shared;
  }

  /** Re-reads the revocation list (at start, on NOTIFY, after a reconnect). */
  async reload(): Promise<void> {
    try {
      const rows = await this.db.query<{ serial: string }>('SELECT serial FROM certificate_revocations');
      this.revoked = new Set(rows.map((r) => r.serial));
    } catch (e) {
      logger.error({ err: e }, 'could not re-read the shared revocation list; keeping the last one read');
    }
  }

  isRevoked(serialNumber: string): boolean {
    return this.revoked.size > 0 && this.revoked.has(normalSerial(serialNumber));
  }

  /** Revokes for every replica; true when it was not revoked before. */
  async revoke(serialNumber: string): Promise<boolean> {
    const s = normalSerial(serialNumber);
    const fresh = await this.db.transaction(async (c) => {
      const r = await c.query('INSERT INTO certificate_revocations (serial) VALUES ($1) ON CONFLICT DO NOTHING RETURNING serial', [s]);
      if (r.rowCount) await c.query('SELECT pg_notify($1, $2)', [CHANNEL, s]);
      return Boolean(r.rowCount);
    });
    this.revoked.add(s);
    return fresh;
  }

  /** Records an issued certificate (a serial is unique across the replicas: a clash is refused, never overwritten). */
  async recordIssued(serialNumber: string, commonName: string, role: Role, expires: Date): Promise<void> {
    await this.db.query('INSERT INTO certificate_serials (serial, common_name, role, expires_at) VALUES ($1, $2, $3, $4)',
      [normalSerial(serialNumber), commonName, role, expires.toISOString()]);
  }

  async close(): Promise<void> {
    await this.listener.stop();
    await this.db.close();
  }
}
