import type { ChannelEnv, SocketPort } from "../../src/foundry/requests/request-channel.js";

/**
 * A fake of Foundry's server relaying a system socket event, as v13 does: a message a client emits reaches every
 * *other* connected client (never the sender), each listener is called with the message and the sender's user id,
 * and that id comes from the connection, not from anything the client wrote. Delivery is asynchronous and the
 * message is a copy (it went through JSON), so no client shares objects with another.
 */
export class FakeSocketServer {
  readonly #clients = new Map<string, Map<string, ((message: unknown, senderId: unknown) => void)[]>>();
  readonly log: { event: string; from: string; message: unknown }[] = [];
  /** Messages in flight; `flush()` waits for them. */
  #inFlight = 0;

  connect(userId: string): SocketPort {
    const listeners = new Map<string, ((message: unknown, senderId: unknown) => void)[]>();
    this.#clients.set(userId, listeners);
    return {
      on: (event, listener) => listeners.set(event, [...(listeners.get(event) ?? []), listener]),
      emit: (event, message) => this.#relay(userId, event, message),
    };
  }

  disconnect(userId: string): void {
    this.#clients.delete(userId);
  }

  /** A channel environment for one connected user. */
  env(userId: string, activeGmId: () => string | null, timeoutMs = 1_000): ChannelEnv {
    let n = 0;
    return { socket: this.connect(userId), selfId: () => userId, activeGmId, newId: () => `${userId}-${++n}`, timeoutMs };
  }

  async flush(): Promise<void> {
    for (let i = 0; i < 1_000 && this.#inFlight > 0; i++) await new Promise((r) => setTimeout(r, 0));
  }

  #relay(from: string, event: string, message: unknown): void {
    const copy = JSON.stringify(message);
    this.log.push({ event, from, message: JSON.parse(copy) });
    for (const [userId, listeners] of this.#clients) {
      if (userId === from) continue;
      for (const listener of listeners.get(event) ?? []) {
        this.#inFlight++;
        setTimeout(() => {
          this.#inFlight--;
          listener(JSON.parse(copy), from);
        }, 0);
      }
    }
  }
}
