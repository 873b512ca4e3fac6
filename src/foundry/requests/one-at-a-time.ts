/**
 * Requests about one document (a combat, a card) run one at a time on the GM's client: the second of two
 * simultaneous clicks runs after the first and sees its revision, so it is refused as stale instead of both winning.
 */
export class OneAtATime {
  readonly #queues = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const next = (this.#queues.get(key) ?? Promise.resolve()).then(task);
    const settled = next.catch(() => undefined);
    this.#queues.set(key, settled);
    // Nothing waits behind a settled task: its key is dropped, so the map holds only documents being worked on.
    void settled.then(() => {
      if (this.#queues.get(key) === settled) this.#queues.delete(key);
    });
    return next;
  }
}
