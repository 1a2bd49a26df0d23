/**
 * Work of one key gathered while that key's work is in flight (group commit): a call arriving when
 * nothing of its key is in flight runs at once, alone (`one`); calls arriving meanwhile wait, and the
 * next run takes all of them together (`many`, at most `most` at a time). When `many` fails, each of
 * its calls runs again alone, in turn, and gets its own answer: a caller never gets another's error,
 * nor an answer other than the one it would have had alone.
 */
export class Gathering<T, R> {
  private readonly queues = new Map<string, { item: T; resolve(result: R): void; reject(error: unknown): void }[]>();

  constructor(
    private readonly one: (item: T) => Promise<R>,
    /** The answers of `items`, in their order. */
    private readonly many: (items: T[]) => Promise<R[]>,
    private readonly most = 32,
  ) {}

  run(key: string, item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.queues.get(key);
      if (queue) queue.push({ item, resolve, reject });
      else {
        const waiting: { item: T; resolve(result: R): void; reject(error: unknown): void }[] = [];
        this.queues.set(key, waiting);
        void this.drain(key, waiting, [{ item, resolve, reject }]);
      }
    });
  }

  /** Runs `first`, then whoever waited meanwhile, batch after batch, until nobody waits. */
  private async drain(
    key: string,
    waiting: { item: T; resolve(result: R): void; reject(error: unknown): void }[],
    first: { item: T; resolve(result: R): void; reject(error: unknown): void }[],
  ): Promise<void> {
    let batch = first;
    try {
      while (batch.length) {
        const results = batch.length > 1 ? await this.many(batch.map((entry) => entry.item)).catch(() => null) : null;
        if (results && results.length === batch.length) for (const [i, entry] of batch.entries()) entry.resolve(results[i]!);
        else for (const entry of batch) await this.one(entry.item).then(entry.resolve, entry.reject);
        batch = waiting.splice(0, this.most);
      }
    } catch (error) {
      // Not expected (each call is settled above); should it happen, nobody is left waiting.
      for (const entry of [...batch, ...waiting.splice(0)]) entry.reject(error);
    } finally {
      this.queues.delete(key);
    }
  }
}
