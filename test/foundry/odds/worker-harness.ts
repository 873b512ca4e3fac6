// The odds worker's handler (odds-protocol.ts) without a real Worker: its ports are a message list, a queue of
// slices waiting for the event loop, and a clock the test moves.
import { oddsHandler, type OddsAnswer } from "../../../src/foundry/odds/odds-protocol.js";
import type { WorkerLike } from "../../../src/foundry/odds/odds-client.js";
import type { SimInput, SimReport } from "../../../src/sim/index.js";

export interface WorkerDouble {
  readonly posted: OddsAnswer[];
  /** Slices the handler left for later (setTimeout 0 in the worker). */
  readonly queue: (() => void)[];
  send(message: unknown): void;
  /** Run the queued slices, one turn of the event loop at a time, until none is left. */
  drain(): void;
  /** Milliseconds the fake clock moves on each look. */
  tick: number;
}

export function workerDouble(tick = 10): WorkerDouble {
  const posted: OddsAnswer[] = [];
  const queue: (() => void)[] = [];
  let clock = 0;
  const d: WorkerDouble = {
    posted,
    queue,
    tick,
    send: (m) => handle(m),
    drain: () => {
      while (queue.length > 0) queue.shift()!();
    },
  };
  const handle = oddsHandler({
    post: (a) => posted.push(JSON.parse(JSON.stringify(a)) as OddsAnswer),
    later: (next) => queue.push(next),
    now: () => (clock += d.tick),
  });
  return d;
}

/** The report a run of `input` ends with, played through the handler as the worker plays it. */
export function reportThroughWorker(input: SimInput): SimReport {
  const w = workerDouble();
  w.send({ type: "run", id: 1, input });
  w.drain();
  const last = w.posted[w.posted.length - 1];
  if (last?.type !== "done") throw new Error(`the worker ended with ${JSON.stringify(last)}`);
  return last.report;
}

/**
 * A Worker for OddsClient whose other end is the handler: messages cross as copies (JSON here) and arrive on a
 * later turn of the event loop, as a real worker's do; its slices wait for later turns too. `tick` moves its clock.
 */
export function fakeWorker(tick = 1): WorkerLike & { readonly sent: unknown[]; terminated: boolean } {
  const copy = (m: unknown): unknown => JSON.parse(JSON.stringify(m)) as unknown;
  const later = (f: () => void): void => {
    setTimeout(() => {
      if (!w.terminated) f();
    }, 0);
  };
  let clock = 0;
  const handle = oddsHandler({
    post: (a) => {
      const answer = copy(a);
      later(() => w.onmessage?.({ data: answer }));
    },
    later,
    now: () => (clock += tick),
  });
  const w = {
    sent: [] as unknown[],
    terminated: false,
    onmessage: null as WorkerLike["onmessage"],
    postMessage(message: unknown) {
      const m = copy(message);
      w.sent.push(m);
      later(() => handle(m));
    },
    terminate() {
      w.terminated = true;
    },
  };
  return w;
}
