import type { ChannelEnv, SocketPort } from "../../src/foundry/requests/request-channel.js";

type Listener = (message: unknown, senderId: unknown) => void;

/**
 * How far a client's game has loaded: connected (`game.user` still null), set up (`initializeDocuments` made
 * `game.user`, `game.ready` still false), or ready.
 */
type Phase = "connected" | "setUp" | "ready";

/** One connection (a browser tab): its user, its listeners, how far it has loaded, and what it buffered meanwhile. */
interface Client {
  readonly userId: string;
  /** Which of the user's connections this is, from 1. */
  readonly tab: number;
  readonly listeners: Map<string, Listener[]>;
  phase: Phase;
  readonly buffer: { readonly event: string; readonly copy: string; readonly from: string }[];
}

/** A connection's socket, and which of its user's connections it is. */
export type FakeSocket = SocketPort & { readonly tab: number };

/**
 * A fake of Foundry's server relaying a system socket event, as v13 does. The server (`dist/packages/package.mjs`
 * `registerCustomSocket`, `dist/server/sockets.mjs` `handleCustomSocket`) calls `socket.broadcast.emit(event,
 * message, user.id)`: the message reaches every connection but the sending one, and that includes the sender's own
 * other connections. A user may be connected several times (two browser tabs; the server keeps `user.sockets`), and
 * each connection is a client of its own. Each listener is called with the message and the sender's user id, taken
 * from the connection, not from anything the client wrote. Delivery is asynchronous and the message is a copy (it
 * went through JSON), so no client shares objects with another.
 *
 * A client that is still loading buffers too, as v13's `client/game.mjs` does: `Game.connect` adds
 * `socket.prependAny(Game.#bufferSocketEvents)`, so each event that arrives before `ready` is kept once; the
 * ordinary listeners still run live. `Game#setupGame` sets `game.ready`, then `activateSocketListeners` stops
 * buffering and replays each kept event with `game.socket.emitEvent(args)`, which calls every listener again.
 * `game.user` is null until `initializeDocuments`: a loading client's `selfId` throws as `game.user.id` would.
 */
export class FakeSocketServer {
  readonly #clients: Client[] = [];
  readonly log: { event: string; from: string; tab: number; message: unknown }[] = [];
  /** Messages in flight; `flush()` waits for them. */
  #inFlight = 0;

  /** Connect a client of `userId` (one more tab when the user is connected already); `loading`: not ready yet. */
  connect(userId: string, { loading = false } = {}): FakeSocket {
    const tab = this.#clients.filter((c) => c.userId === userId).reduce((n, c) => Math.max(n, c.tab), 0) + 1;
    const client: Client = { userId, tab, listeners: new Map(), phase: loading ? "connected" : "ready", buffer: [] };
    this.#clients.push(client);
    return {
      tab,
      on: (event, listener) => client.listeners.set(event, [...(client.listeners.get(event) ?? []), listener]),
      emit: (event, message) => this.#relay(client, event, message),
    };
  }

  /** Close a user's connections (one of them, with `tab`). */
  disconnect(userId: string, tab?: number): void {
    for (const c of this.#of(userId, tab)) this.#clients.splice(this.#clients.indexOf(c), 1);
  }

  /** Whether a connected client's game is ready (`game.ready`): every one of the user's, or the one `tab` names. */
  isReady(userId: string, tab?: number): boolean {
    const clients = this.#of(userId, tab);
    return clients.length > 0 && clients.every((c) => c.phase === "ready");
  }

  /** A loading client's documents are initialised: `game.user` exists, `game.ready` is still false. */
  setUp(userId: string, tab?: number): void {
    for (const c of this.#of(userId, tab)) if (c.phase === "connected") c.phase = "setUp";
  }

  /** A client finishes loading: `game.ready` turns true, then each buffered event reaches every listener again. */
  ready(userId: string, tab?: number): void {
    for (const client of this.#of(userId, tab)) {
      client.phase = "ready";
      for (let kept = client.buffer.shift(); kept; kept = client.buffer.shift())
        for (const listener of client.listeners.get(kept.event) ?? []) listener(JSON.parse(kept.copy), kept.from);
    }
  }

  /** A channel environment for a new connection of a user (still loading with `loading`: see `ready`). */
  env(userId: string, activeGmId: () => string | null, timeoutMs = 1_000, { loading = false } = {}): ChannelEnv {
    const socket = this.connect(userId, { loading });
    const { tab } = socket;
    const client = this.#of(userId, tab)[0]!;
    // Request ids as a real client makes them: its own, never another tab's (randomID there).
    const prefix = tab === 1 ? userId : `${userId}.${tab}`;
    let n = 0;
    return {
      socket,
      tab: `${userId}#${tab}`,
      selfId: () => {
        if (client.phase === "connected") throw new TypeError("Cannot read properties of null (reading 'id')");
        return userId;
      },
      activeGmId,
      ready: () => client.phase === "ready" && this.#clients.includes(client),
      newId: () => `${prefix}-${++n}`,
      timeoutMs,
    };
  }

  async flush(): Promise<void> {
    for (let i = 0; i < 1_000 && this.#inFlight > 0; i++) await new Promise((r) => setTimeout(r, 0));
  }

  #of(userId: string, tab?: number): Client[] {
    return this.#clients.filter((c) => c.userId === userId && (tab === undefined || c.tab === tab));
  }

  #relay(from: Client, event: string, message: unknown): void {
    const copy = JSON.stringify(message);
    this.log.push({ event, from: from.userId, tab: from.tab, message: JSON.parse(copy) });
    for (const client of this.#clients) {
      if (client === from) continue;
      this.#inFlight++;
      setTimeout(() => {
        this.#inFlight--;
        if (!this.#clients.includes(client)) return;
        // The buffering any-listener runs first (prependAny), once per event, then the ordinary listeners.
        if (client.phase !== "ready") client.buffer.push({ event, copy, from: from.userId });
        for (const listener of client.listeners.get(event) ?? []) listener(JSON.parse(copy), from.userId);
      }, 0);
    }
  }
}
