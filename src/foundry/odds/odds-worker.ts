// The odds worker's entry: the simulator off the main thread, so the table never waits on it (odds-protocol.ts).
import { oddsHandler } from "./odds-protocol.js";

const scope = globalThis as unknown as {
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
};

const handle = oddsHandler({
  post: (answer) => scope.postMessage(answer),
  later: (next) => setTimeout(next, 0),
  now: () => performance.now(),
});

scope.addEventListener("message", (event) => handle(event.data));
