/** Progress lines for long jobs: rewritten in place on a terminal, one line per update elsewhere (CI logs). */
export function progress(label: string): { update: (msg: string) => void; done: (msg: string) => void } {
  const tty = process.stderr.isTTY === true;
  let last = 0;
  return {
    update(msg) {
      const now = Date.now();
      if (tty) process.stderr.write(`\r\x1b[K${label}: ${msg}`);
      else if (now - last > 5000) {
        process.stderr.write(`${label}: ${msg}\n`);
        last = now;
      }
    },
    done(msg) {
      process.stderr.write(`${tty ? '\r\x1b[K' : ''}${label}: ${msg}\n`);
    },
  };
}
