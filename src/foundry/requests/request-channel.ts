import { deny, isAnswer, type RequestAnswer } from "./request-answer.js";

/**
 * The system socket as Foundry gives it: the listener's second argument is the sender's user id, filled in by the
 * server.
 */
export interface SocketPort {
  emit(event: string, message: unknown): void;
  on(event: string, listener: (message: unknown, senderId: unknown) => void): void;
}

export interface ChannelEnv {
  readonly socket: SocketPort;
  /** This connection's own id (a browser tab): a user may be connected more than once. */
  readonly tab: string;
  /** This client's user id. */
  readonly selfId: () => string;
  /** The active GM's user id, or null when no GM is connected. */
  readonly activeGmId: () => string | null;
  /** Whether this client has finished loading (`game.ready`). */
  readonly ready: () => boolean;
  /** A fresh request id. */
  readonly newId: () => string;
  readonly timeoutMs: number;
}

/** A GM-side handler: the payload as the client sent it (untrusted) and the sender as Foundry's server names it. */
export type RequestHandler = (payload: unknown, senderId: string) => Promise<RequestAnswer>;

/** The socket event every Fray request and reply travels on (system.json sets `"socket": true`). */
export const FRAY_SOCKET = "system.fray";

interface Pending {
  readonly gm: string;
  /** The GM's tab that offered first and was told to go ahead; null until one offers. */
  tab: string | null;
  readonly resolve: (answer: RequestAnswer) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** A request a GM tab has offered to handle, kept until its sender says which tab goes ahead. */
interface Held {
  readonly name: string;
  readonly payload: unknown;
}

/** How many requests a GM tab keeps offered, or remembers as taken: the oldest go first. */
const KEPT = 500;

/**
 * The one way a client asks the active GM to do something (turn commands, card steps, moves).
 *
 * v13 queries do not tell their handler who sent them, so Fray does not use them: a request goes over the system
 * socket, whose listener receives the sender's id from Foundry's server, never from the client. Any sender field a
 * client writes into the payload is ignored. A request names its recipient (the active GM) and an id; the reply
 * names the sender and the same id, and is believed only when it comes from the GM the request went to.
 *
 * A GM may be connected twice (two tabs), and Foundry's server relays a message to every connection of its
 * recipient: each of the GM's tabs is the active GM. So a GM tab does not handle a request it hears: it offers to,
 * naming itself, and handles it only when the sender tells it to go ahead. The sender names the first tab that
 * offers, once; a request is handled exactly once, by one tab.
 */
export class RequestChannel {
  readonly #env: ChannelEnv;
  readonly #handlers = new Map<string, RequestHandler>();
  readonly #pending = new Map<string, Pending>();
  /** Requests this tab offered to handle, by sender and id. */
  readonly #held = new Map<string, Held>();
  /** Requests this tab has handled or seen another tab take, by sender and id: never handled (again) here. */
  readonly #taken = new Set<string>();

  constructor(env: ChannelEnv) {
    this.#env = env;
  }

  /**
   * Start listening; call once, at init. v13 buffers every socket event that reaches a loading client and replays it
   * to every listener once the game is ready (client/game.mjs), while the listeners also hear it live. So a message
   * heard before ready is left for the replay: handled live it would run twice, or throw while `game.user` is null.
   */
  listen(): void {
    this.#env.socket.on(FRAY_SOCKET, (message, senderId) => {
      if (this.#env.ready()) void this.receive(message, senderId);
    });
  }

  register(name: string, handler: RequestHandler): void {
    this.#handlers.set(name, handler);
  }

  /**
   * Ask the active GM. Resolves with the GM's answer, or a refusal when no GM is connected, or none answers in time.
   */
  send(name: string, payload: unknown): Promise<RequestAnswer> {
    const gm = this.#env.activeGmId();
    if (gm === null) return Promise.resolve(deny("NoGm", "no GM is connected to decide the request"));
    // The emitting client never receives its own message: the GM's own requests are handled here.
    if (gm === this.#env.selfId()) return this.answer(name, payload, gm);
    const id = this.#env.newId();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        resolve(deny("GmUnreachable", `no answer from the GM within ${this.#env.timeoutMs} ms`));
      }, this.#env.timeoutMs);
      this.#pending.set(id, { gm, tab: null, resolve, timer });
      this.#env.socket.emit(FRAY_SOCKET, { kind: "request", id, to: gm, name, payload });
    });
  }

  /** A socket message reached this client. Exposed for tests; Foundry calls it through `listen`. */
  async receive(message: unknown, senderId: unknown): Promise<void> {
    if (typeof message !== "object" || message === null || typeof senderId !== "string" || senderId === "") return;
    const m = message as Record<string, unknown>;
    if (typeof m.id !== "string" || m.to !== this.#env.selfId()) return;
    if (m.kind === "request") this.#offer(m.id, m, senderId);
    else if (m.kind === "go" && typeof m.tab === "string") await this.#goAhead(m.id, m.tab, senderId);
    else if (m.kind === "offer" && typeof m.tab === "string") this.#choose(m.id, m.tab, senderId);
    else if (m.kind === "reply") this.#settle(m.id, m, senderId);
  }

  /** On a GM tab: hold a request and offer to handle it. Only the active GM decides; a request to another times out. */
  #offer(id: string, m: Record<string, unknown>, senderId: string): void {
    const key = `${senderId}/${id}`;
    if (this.#env.activeGmId() !== this.#env.selfId() || this.#taken.has(key)) return;
    remember(this.#held, key, { name: typeof m.name === "string" ? m.name : "", payload: m.payload });
    this.#env.socket.emit(FRAY_SOCKET, { kind: "offer", id, to: senderId, tab: this.#env.tab });
  }

  /** On the sender: the first offer of the GM asked is told to go ahead; any later one is left waiting, in vain. */
  #choose(id: string, tab: string, senderId: string): void {
    const pending = this.#pending.get(id);
    if (!pending || pending.gm !== senderId || pending.tab !== null) return;
    pending.tab = tab;
    this.#env.socket.emit(FRAY_SOCKET, { kind: "go", id, to: senderId, tab });
  }

  /** On a GM tab: the sender named a tab. This one handles the request it holds, once; another drops it. */
  async #goAhead(id: string, tab: string, senderId: string): Promise<void> {
    const key = `${senderId}/${id}`;
    const held = this.#held.get(key);
    if (!held) return;
    this.#held.delete(key);
    remember(this.#taken, key);
    if (tab !== this.#env.tab) return;
    const answer = await this.answer(held.name, held.payload, senderId);
    this.#env.socket.emit(FRAY_SOCKET, { kind: "reply", id, to: senderId, tab, answer });
  }

  /** On the sender: the answer, believed only from the GM asked (any other is a forgery; the real one still comes). */
  #settle(id: string, m: Record<string, unknown>, senderId: string): void {
    const pending = this.#pending.get(id);
    if (!pending || pending.gm !== senderId) return;
    this.#pending.delete(id);
    clearTimeout(pending.timer);
    pending.resolve(isAnswer(m.answer) ? m.answer : deny("BadAnswer", "the GM's client sent no answer"));
  }

  /** How this (GM) client answers one request from `senderId`; what `receive` replies with. */
  async answer(name: string, payload: unknown, senderId: string): Promise<RequestAnswer> {
    const handler = this.#handlers.get(name);
    if (!handler) return deny("BadRequest", `no request named ${JSON.stringify(name)}`);
    try {
      return await handler(payload, senderId);
    } catch (e) {
      // A handler bug must not leave the sender waiting for a reply that never comes.
      console.error("Fray | request handler failed", e);
      return deny("RequestFailed", e instanceof Error ? e.message : "the GM's client could not handle the request");
    }
  }
}

/**
 * Keep an entry (in a map, or a set), forgetting the oldest beyond `KEPT`: a sender that never goes ahead costs little.
 */
function remember<V>(kept: Map<string, V> | Set<string>, key: string, value?: V): void {
  if (kept instanceof Map) kept.set(key, value as V);
  else kept.add(key);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
}
