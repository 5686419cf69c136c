/**
 * A core in its own process, for tests that kill it (crash test): prints
 * {"address": ...} on stdout once listening; stops cleanly on SIGTERM.
 */
import { loadCoreConfig } from '../../src/config.js';
import { startCore } from '../../src/server.js';
import { ensureTestIdentities } from './testIdentities.js';

const config = loadCoreConfig();
await ensureTestIdentities(config.stateDir); // mutual TLS: the test's clients read tls/*.pem from the state folder (registerCore)
const core = await startCore({ ...config, grpcAddress: '127.0.0.1:0', plaintext: false });
process.stdout.write(JSON.stringify({ address: core.address }) + '\n');
process.on('SIGTERM', () => {
  void core.close().then(() => process.exit(0));
});
