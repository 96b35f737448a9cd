/** One status line on stderr with the seconds elapsed: redrawn in place on a terminal, a new line per change otherwise. */
export class ProgressLine {
  private message = "";
  private timer: NodeJS.Timeout | undefined;
  private readonly started = Date.now();

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {}

  update(message: string): void {
    if (message === this.message) return;
    this.message = message;
    if (!this.stream.isTTY) {
      this.stream.write(`${this.render()}\n`);
      return;
    }
    this.draw();
    this.timer ??= setInterval(() => this.draw(), 1_000);
  }

  /** Removes the line (on a terminal) and stops redrawing. */
  clear(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.stream.isTTY && this.message) this.stream.write("\r\x1b[K");
    this.message = "";
  }

  private render(): string {
    return `▸ ${this.message} … ${Math.round((Date.now() - this.started) / 1000)} s`;
  }

  private draw(): void {
    this.stream.write(`\r\x1b[K${this.render()}`);
  }
}
