/**
 * The core on a worker thread of the `npm start` process, so that the gRPC
 * server and the gateway each have an event loop (and a CPU core) of their
 * own while staying one process. Posts {address} when listening, or {error};
 * closes on the message 'close' and answers 'closed'.
 */
import { parentPort } from 'node:worker_threads';
import { loadCoreConfig } from '../src/config.js';
import { startCore } from '../src/server.js';

if (!parentPort) throw new Error('bin/coreWorker.js runs as a worker thread of bin/meridian.js');
const port = parentPort;
// The launcher starts this thread before it has made sure of the certificates in the state folder (so that the
// loading of both overlaps) and says 'trust-ready' once they are there; 'close' before that ends the thread.
const trustReady = new Promise<void>((resolve) => {
  const onMessage = (m: unknown) => {
    if (m === 'trust-ready') { port.off('message', onMessage); resolve(); } else if (m === 'close') { port.postMessage('closed'); port.close(); }
  };
  port.on('message', onMessage);
});
trustReady.then(() => startCore(loadCoreConfig())).then((core) => {
  port.on('message', (m) => {
    // closed: tell the launcher, then let the thread end by itself (its event loop empties), which tears
    // native addons down in order; the launcher terminates it only if that takes too long
    if (m === 'close') void core.close().finally(() => { port.postMessage('closed'); port.close(); });
  });
  port.postMessage({ address: core.address });
}, (e: unknown) => {
  port.postMessage({ error: e instanceof Error ? e.message : String(e) });
});
