import { deny, isAnswer, type RequestAnswer } from "./request-answer.js";

/** The system socket as Foundry gives it: the listener's second argument is the sender's user id, filled in by the server. */
export interface SocketPort {
  emit(event: string, message: unknown): void;
  on(event: string, listener: (message: unknown, senderId: unknown) => void): void;
}

export interface ChannelEnv {
  readonly socket: SocketPort;
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
  readonly resolve: (answer: RequestAnswer) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/**
 * The one way a client asks the active GM to do something (turn commands, card steps, moves).
 *
 * v13 queries do not tell their handler who sent them, so Fray does not use them: a request goes over the system
 * socket, whose listener receives the sender's id from Foundry's server, never from the client. Any sender field a
 * client writes into the payload is ignored. A request names its recipient (the active GM) and an id; the reply
 * names the sender and the same id, and is believed only when it comes from the GM the request went to.
 */
export class RequestChannel {
  readonly #env: ChannelEnv;
  readonly #handlers = new Map<string, RequestHandler>();
  readonly #pending = new Map<string, Pending>();

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

  /** Ask the active GM. Resolves with the GM's answer, or a refusal when no GM is connected, or none answers in time. */
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
      this.#pending.set(id, { gm, resolve, timer });
      this.#env.socket.emit(FRAY_SOCKET, { kind: "request", id, to: gm, name, payload });
    });
  }

  /** A socket message reached this client. Exposed for tests; Foundry calls it through `listen`. */
  async receive(message: unknown, senderId: unknown): Promise<void> {
    if (typeof message !== "object" || message === null || typeof senderId !== "string" || senderId === "") return;
    const m = message as Record<string, unknown>;
    const self = this.#env.selfId();
    if (typeof m.id !== "string" || m.to !== self) return;
    if (m.kind === "request") {
      // Only the active GM decides; a request addressed to a GM who is no longer active times out on the sender.
      if (this.#env.activeGmId() !== self) return;
      const answer = await this.answer(typeof m.name === "string" ? m.name : "", m.payload, senderId);
      this.#env.socket.emit(FRAY_SOCKET, { kind: "reply", id: m.id, to: senderId, answer });
    } else if (m.kind === "reply") {
      const pending = this.#pending.get(m.id);
      // A reply from anyone but the GM asked is a forgery: ignore it, the real one (or the timeout) still comes.
      if (!pending || pending.gm !== senderId) return;
      this.#pending.delete(m.id);
      clearTimeout(pending.timer);
      pending.resolve(isAnswer(m.answer) ? m.answer : deny("BadAnswer", "the GM's client sent no answer"));
    }
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
