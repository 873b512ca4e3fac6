/** A query handler as v13's CONFIG.queries holds it: the query's data and options in, its answer out. */
export type QueryHandler = (queryData: unknown, queryOptions: { timeout?: number | undefined }) => unknown;

/**
 * A fake of v13's user queries (`User#query(queryName, queryData, {timeout})`), read from v13's
 * `client/documents/user.mjs` (`User#query`), `client/documents/collections/users.mjs` (`#handleUserQuery`) and the
 * server's relay (`dist/components/activity.mjs`):
 * - the querying client refuses a name its own `CONFIG.queries` does not hold ("User query '<name>' is not
 *   registered") and a user who is not active ("User [<id>] is not active");
 * - the server relays `userQuery` to that user's client alone, whose handler gets the data (through JSON) and
 *   `{timeout}`;
 * - the answer comes back through JSON too (`undefined` stays undefined); a handler that throws rejects the query with
 *   its message only;
 * - a client without the handler throws and never answers: the server rejects the query when its timeout runs out
 *   ("operation has timed out"), and without a timeout it never settles.
 * Every delivery is logged with its recipient, so a test can see what reached whom. A user with two browser tabs gets
 * the query in each (the first answer wins); the fake connects one client per user.
 */
export class FakeQueryServer {
  /** Each connected user's CONFIG.queries. */
  readonly #clients = new Map<string, Record<string, QueryHandler>>();
  readonly log: { readonly from: string; readonly to: string; readonly name: string; readonly data: unknown }[] = [];

  /** A user's client joins: its CONFIG.queries, for the test (or the code under test) to register handlers in. */
  connect(userId: string): Record<string, QueryHandler> {
    const queries: Record<string, QueryHandler> = {};
    this.#clients.set(userId, queries);
    return queries;
  }

  disconnect(userId: string): void {
    this.#clients.delete(userId);
  }

  /** `game.users.get(to).query(name, data, options)` run on `from`'s client. */
  async query(
    from: string,
    to: string,
    name: string,
    data: unknown,
    options: { timeout?: number } = {},
  ): Promise<unknown> {
    const own = this.#clients.get(from);
    if (!own || !Object.hasOwn(own, name)) throw new Error(`User query '${name}' is not registered`);
    const target = this.#clients.get(to);
    if (!target) throw new Error(`User [${to}] is not active`);
    const copy = JSON.parse(JSON.stringify(data)) as unknown;
    this.log.push({ from, to, name, data: copy });
    await new Promise((r) => setTimeout(r, 0));
    const handler = Object.hasOwn(target, name) ? target[name] : undefined;
    if (!handler) {
      if (options.timeout === undefined) return new Promise<never>(() => undefined);
      throw new Error("operation has timed out");
    }
    let value: unknown;
    try {
      value = await handler(copy, { timeout: options.timeout });
    } catch (error) {
      // eslint-disable-next-line preserve-caught-error -- as Foundry: only the message crosses the socket
      throw new Error(error instanceof Error ? error.message : String(error));
    }
    return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
  }

  /** Everything the queries carried to one user's client. */
  received(userId: string): unknown[] {
    return this.log.filter((q) => q.to === userId).map((q) => q.data);
  }
}
