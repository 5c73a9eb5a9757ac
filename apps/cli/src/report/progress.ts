import type { Writable } from 'node:stream';

/**
 * Progress bars on stderr for the long steps (training, encoding), redrawn in place at most ten
 * times a second. Silent when stderr is not a terminal or with `--quiet`, so logs and pipes stay clean.
 */
export class Progress {
  private lastDraw = 0;
  private drawn = false;

  /** A progress reporter writing to `stream`, or a silent one when `enabled` is false. */
  constructor(
    private readonly stream: Writable,
    private readonly enabled: boolean,
  ) {}

  /** Show `label` with a bar `done / total` full. */
  update(label: string, done: number, total: number): void {
    if (!this.enabled) return;
    const now = performance.now();
    if (done < total && now - this.lastDraw < 100) return;
    this.lastDraw = now;
    const width = 24;
    const fraction = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(fraction * width);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
    const percent = `${Math.round(fraction * 100)}%`.padStart(4);
    this.stream.write(`\r\x1b[2K${label.padEnd(36).slice(0, 36)} ${bar} ${percent}`);
    this.drawn = true;
  }

  /** Clear the bar line (before printing results). */
  clear(): void {
    if (!this.enabled || !this.drawn) return;
    this.stream.write('\r\x1b[2K');
    this.drawn = false;
  }
}
