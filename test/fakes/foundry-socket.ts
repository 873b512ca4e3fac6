import type { ChannelEnv, SocketPort } from "../../src/foundry/requests/request-channel.js";

type Listener = (message: unknown, senderId: unknown) => void;

/**
 * How far a client's game has loaded: connected (`game.user` still null), set up (`initializeDocuments` made
 * `game.user`, `game.ready` still false), or ready.
 */
type Phase = "connected" | "setUp" | "ready";

/** One connected client: its listeners, how far it has loaded, and the events its socket buffered meanwhile. */
interface Client {
  readonly listeners: Map<string, Listener[]>;
  phase: Phase;
  readonly buffer: { readonly event: string; readonly copy: string; readonly from: string }[];
}

/**
 * A fake of Foundry's server relaying a system socket event, as v13 does: a message a client emits reaches every
 * *other* connected client (never the sender), each listener is called with the message and the sender's user id,
 * and that id comes from the connection, not from anything the client wrote. Delivery is asynchronous and the
 * message is a copy (it went through JSON), so no client shares objects with another.
 *
 * A client that is still loading buffers too, as v13's `client/game.mjs` does: `Game.connect` adds
 * `socket.prependAny(Game.#bufferSocketEvents)`, so each event that arrives before `ready` is kept once; the
 * ordinary listeners still run live. `Game#setupGame` sets `game.ready`, then `activateSocketListeners` stops
 * buffering and replays each kept event with `game.socket.emitEvent(args)`, which calls every listener again.
 * `game.user` is null until `initializeDocuments`: a loading client's `selfId` throws as `game.user.id` would.
 */
export class FakeSocketServer {
  readonly #clients = new Map<string, Client>();
  readonly log: { event: string; from: string; message: unknown }[] = [];
  /** Messages in flight; `flush()` waits for them. */
  #inFlight = 0;

  /** Connect a client; `loading` leaves it connected but not ready, buffering, until `ready(userId)`. */
  connect(userId: string, { loading = false } = {}): SocketPort {
    const client: Client = { listeners: new Map(), phase: loading ? "connected" : "ready", buffer: [] };
    this.#clients.set(userId, client);
    return {
      on: (event, listener) => client.listeners.set(event, [...(client.listeners.get(event) ?? []), listener]),
      emit: (event, message) => this.#relay(userId, event, message),
    };
  }

  disconnect(userId: string): void {
    this.#clients.delete(userId);
  }

  /** Whether a connected client's game is ready (`game.ready`). */
  isReady(userId: string): boolean {
    return this.#clients.get(userId)?.phase === "ready";
  }

  /** A loading client's documents are initialised: `game.user` exists, `game.ready` is still false. */
  setUp(userId: string): void {
    const client = this.#clients.get(userId);
    if (client?.phase === "connected") client.phase = "setUp";
  }

  /** A client finishes loading: `game.ready` turns true, then each buffered event reaches every listener again. */
  ready(userId: string): void {
    const client = this.#clients.get(userId);
    if (!client) return;
    client.phase = "ready";
    for (let kept = client.buffer.shift(); kept; kept = client.buffer.shift())
      for (const listener of client.listeners.get(kept.event) ?? []) listener(JSON.parse(kept.copy), kept.from);
  }

  /** A channel environment for one connected user (still loading with `loading`: see `ready`). */
  env(userId: string, activeGmId: () => string | null, timeoutMs = 1_000, { loading = false } = {}): ChannelEnv {
    let n = 0;
    return {
      socket: this.connect(userId, { loading }),
      selfId: () => {
        if (this.#clients.get(userId)?.phase === "connected") throw new TypeError("Cannot read properties of null (reading 'id')");
        return userId;
      },
      activeGmId,
      ready: () => this.isReady(userId),
      newId: () => `${userId}-${++n}`,
      timeoutMs,
    };
  }

  async flush(): Promise<void> {
    for (let i = 0; i < 1_000 && this.#inFlight > 0; i++) await new Promise((r) => setTimeout(r, 0));
  }

  #relay(from: string, event: string, message: unknown): void {
    const copy = JSON.stringify(message);
    this.log.push({ event, from, message: JSON.parse(copy) });
    for (const [userId, client] of this.#clients) {
      if (userId === from) continue;
      this.#inFlight++;
      setTimeout(() => {
        this.#inFlight--;
        // The buffering any-listener runs first (prependAny), once per event, then the ordinary listeners.
        if (client.phase !== "ready") client.buffer.push({ event, copy, from });
        for (const listener of client.listeners.get(event) ?? []) listener(JSON.parse(copy), from);
      }, 0);
    }
  }
}
