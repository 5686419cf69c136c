/**
 * The progress of `meridian analyze` on stderr: a bar redrawn in place on a
 * terminal (at most 10 times a second), a plain line every 10 % (and at least
 * every 5 s) when stderr is a file or a pipe, so logs stay readable.
 */
import type { Progress } from './resumableRun.js';

export class ProgressBar {
  private lastDraw = 0;
  private lastTenth = -1;
  private readonly started = Date.now();
  private startDone = -1;

  constructor(private readonly stream: NodeJS.WriteStream, private readonly enabled = true) {}

  update(p: Progress, force = false): void {
    if (!this.enabled) return;
    if (this.startDone < 0) this.startDone = p.done;
    const now = Date.now();
    const finished = p.done + p.skipped;
    const fraction = p.total ? finished / p.total : 1;
    const elapsed = (now - this.started) / 1000;
    const rate = elapsed > 0 ? (p.done - this.startDone) / elapsed : 0;
    const eta = rate > 0 ? Math.ceil((p.total - finished) / rate) : undefined;
    const text = `${finished.toLocaleString('en')}/${p.total.toLocaleString('en')} ${(fraction * 100).toFixed(0).padStart(3)}%`
      + ` · ${rate.toFixed(0)} texts/s${eta !== undefined && finished < p.total ? ` · ETA ${formatSeconds(eta)}` : ''}`
      + `${p.failed ? ` · ${p.failed} failed` : ''}${p.skipped ? ` · ${p.skipped} skipped` : ''}`;
    if (this.stream.isTTY) {
      if (!force && now - this.lastDraw < 100 && finished < p.total) return;
      const width = 30;
      const full = Math.round(fraction * width);
      this.stream.write(`\r[${'#'.repeat(full)}${'-'.repeat(width - full)}] ${text}\x1b[K`);
    } else {
      const tenth = Math.floor(fraction * 10);
      if (!force && tenth === this.lastTenth && now - this.lastDraw < 5000) return;
      this.lastTenth = tenth;
      this.stream.write(`progress ${text}\n`);
    }
    this.lastDraw = now;
  }

  /** Ends the bar's line (on a terminal) before other output. */
  end(): void {
    if (this.enabled && this.stream.isTTY && this.lastDraw) this.stream.write('\n');
  }
}

function formatSeconds(s: number): string {
  return s < 90 ? `${s} s` : s < 5400 ? `${Math.round(s / 60)} min` : `${(s / 3600).toFixed(1)} h`;
}
