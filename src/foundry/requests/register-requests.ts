import { RequestChannel } from "./request-channel.js";
import { theGame, type GamePort } from "../game/game-port.js";

let channel: RequestChannel | null = null;

/** The request channel of this client (made at init by `registerRequests`). */
export function requests(): RequestChannel {
  if (!channel) throw new Error("Fray | requests() called before init");
  return channel;
}

/** Open Fray's request channel on the system socket. Handlers are registered by each room (combat, cards, movement). */
export function registerRequests(
  game: Pick<GamePort, "socket" | "user" | "users" | "ready"> = theGame(),
): RequestChannel {
  channel = new RequestChannel({
    socket: game.socket,
    // This tab's own name: a GM connected twice offers to handle a request in each, and the sender picks one.
    tab: foundry.utils.randomID(16),
    selfId: () => game.user.id ?? "",
    activeGmId: () => game.users.activeGM?.id ?? null,
    ready: () => game.ready,
    newId: () => foundry.utils.randomID(16),
    timeoutMs: 10_000,
  });
  channel.listen();
  return channel;
}
