/** What a registry tells when a load fails: the registry's concern (a turn order, a rule set's cards...), the id, the error. */
export type LoadFailed = (what: string, id: string, error: unknown) => void;

/**
 * Code a world may never run (a turn order's engine, a rule set's attack cards) stays out of fray.mjs and loads on
 * demand, one dynamic import per id. The promise is cached: every caller awaits the same load and reads the same
 * module. A failed load is told once (`onFailed`) and stays failed until the page is reloaded, so a caller that
 * needs it refuses instead of running without it.
 */
export class LazyRegistry<T> {
  readonly #what: string;
  readonly #loaders: Readonly<Record<string, () => Promise<T>>>;
  readonly #onFailed: LoadFailed;
  readonly #pending = new Map<string, Promise<T>>();
  readonly #ready = new Map<string, T>();
  readonly #failed = new Set<string>();

  constructor(what: string, loaders: Readonly<Record<string, () => Promise<T>>>, onFailed: LoadFailed) {
    this.#what = what;
    this.#loaders = loaders;
    this.#onFailed = onFailed;
  }

  /** The ids this registry can load. */
  get ids(): string[] {
    return Object.keys(this.#loaders);
  }

  has(id: string): boolean {
    return Object.hasOwn(this.#loaders, id);
  }

  /** The module for `id`, loading it the first time; rejects for an id it does not know or a load that failed. */
  load(id: string): Promise<T> {
    const known = this.#pending.get(id);
    if (known) return known;
    if (!this.has(id)) return Promise.reject(new Error(`Fray | no ${this.#what} "${id}" to load`));
    const loading = this.#loaders[id]!().then(
      (value) => {
        this.#ready.set(id, value);
        return value;
      },
      (error: unknown) => {
        this.#failed.add(id);
        this.#onFailed(this.#what, id, error);
        throw error;
      },
    );
    this.#pending.set(id, loading);
    return loading;
  }

  /** Start loading without waiting (the world's own at init): a failure is told once by `onFailed`, never thrown. */
  preload(id: string): void {
    if (this.has(id)) this.load(id).catch(() => undefined);
  }

  /** The module if it has loaded, for callers that cannot wait (a render, a drag); undefined before. */
  loaded(id: string): T | undefined {
    return this.#ready.get(id);
  }

  /** Whether the load of `id` failed (a caller then says so rather than "still loading"). */
  failed(id: string): boolean {
    return this.#failed.has(id);
  }
}
