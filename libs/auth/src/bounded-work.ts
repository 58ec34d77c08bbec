/**
 * Runs at most `concurrency` tasks at once and keeps at most `queue` more waiting, started in the
 * order they came. A batch of tasks is taken whole or refused whole, so a refused request leaves
 * no task of its own behind to run for nothing.
 */
export class BoundedWork {
  private running = 0;
  /** Each waiting task's go-ahead: a finishing task hands its turn to the first. */
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** The tasks' results in order, or undefined, running none, when they would not all fit. */
  run<T>(tasks: (() => Promise<T>)[]): Promise<T[]> | undefined {
    const taken = this.running + this.waiting.length;
    if (taken + tasks.length > this.concurrency + this.queue) return undefined;
    return Promise.all(tasks.map((task) => this.inTurn(task)));
  }

  private async inTurn<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else await new Promise<void>((goAhead) => this.waiting.push(goAhead));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
