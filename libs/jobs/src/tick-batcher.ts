interface Waiting<T> {
  items: T[];
  settle: { resolve: () => void; reject: (error: unknown) => void }[];
}

/**
 * Gathers the calls made in one turn of the event loop and runs each key's as one: many settled
 * jobs become one statement instead of one round trip each. Every caller's promise settles with its
 * batch (a failed batch rejects each of its callers).
 */
export class TickBatcher<T> {
  private waiting = new Map<string, Waiting<T>>();
  private scheduled = false;

  constructor(private readonly run: (key: string, items: T[]) => Promise<void>) {}

  add(key: string, item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      const batch = this.waiting.get(key) ?? { items: [], settle: [] };
      batch.items.push(item);
      batch.settle.push({ resolve, reject });
      this.waiting.set(key, batch);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    const batches = this.waiting;
    this.waiting = new Map();
    this.scheduled = false;
    for (const [key, { items, settle }] of batches) {
      Promise.resolve()
        .then(() => this.run(key, items))
        .then(
          () => settle.forEach((caller) => caller.resolve()),
          (error: unknown) => settle.forEach((caller) => caller.reject(error)),
        );
    }
  }
}
