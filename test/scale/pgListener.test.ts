/**
 * The LISTEN connection's reconnect loop (src/db/postgres.ts PgListener): one loop per listener, whatever the way a
 * connection fails. A peer that accepts TCP and closes at once (a proxy, a Kubernetes Service or a cloud SQL proxy
 * in front of a PostgreSQL that is down) fired both the client's 'end' and its rejected connect(), and each scheduled
 * a reconnect: the loops doubled every ~2 s, one replica held 10,000 sockets after a 20 s outage and PostgreSQL's
 * max_connections was used up for every replica.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type Server, type Socket } from 'node:net';
import { PgListener } from '../../src/db/postgres.js';

const closers: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of closers) await c();
});

describe('PgListener', () => {
  it('keeps one reconnect loop against a peer that accepts and closes at once (it doubled per failure)', async () => {
    let accepted = 0;
    const sockets = new Set<Socket>();
    const server: Server = createServer((s) => {
      accepted++;
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.address() as { port: number }).port;
    let errors = 0;
    const listener = new PgListener(`postgres://u:p@127.0.0.1:${port}/db`, 'meridian_test', () => undefined, () => { errors++; });
    closers.push(() => listener.stop());
    listener.start();
    await new Promise((r) => setTimeout(r, 4000));
    await listener.stop();
    const after = accepted;
    await new Promise((r) => setTimeout(r, 2500));
    // backoff 50 ms doubling to 2 s: about 8 attempts in 4 s for one loop (doubling loops made hundreds)
    expect(accepted).toBeGreaterThanOrEqual(3);
    expect(accepted).toBeLessThanOrEqual(12);
    expect(errors).toBe(accepted);
    // stop() ends the loop: no connection after it
    expect(accepted).toBe(after);
  });
});
