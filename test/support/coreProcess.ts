/**
 * A core in its own process, for tests that kill it (crash test): prints
 * {"address": ...} on stdout once listening; stops cleanly on SIGTERM.
 */
import { loadCoreConfig } from '../../src/config.js';
import { startCore } from '../../src/server.js';

const core = await startCore({ ...loadCoreConfig(), grpcAddress: '127.0.0.1:0' });
process.stdout.write(JSON.stringify({ address: core.address }) + '\n');
process.on('SIGTERM', () => {
  void core.close().then(() => process.exit(0));
});
