import { isRecord } from "../../core/shared/guards.js";
import type { Refusal } from "../../core/shared/outcome.js";
import { openRun, type SimInput, type SimReport } from "../../sim/index.js";

/**
 * The messages between the tracker and the odds worker (odds-worker.ts). The worker plays a run a batch at a time
 * and yields between batches, so a cancel sent while it plays is read before the next batch.
 */
export type OddsRequest =
  | { readonly type: "run"; readonly id: number; readonly input: SimInput }
  | { readonly type: "cancel"; readonly id: number };

export type OddsAnswer =
  | { readonly type: "progress"; readonly id: number; readonly played: number; readonly total: number }
  | { readonly type: "done"; readonly id: number; readonly report: SimReport }
  | { readonly type: "refused"; readonly id: number; readonly refusal: Refusal }
  | { readonly type: "cancelled"; readonly id: number };

/** What the handler needs of its surroundings: a worker's postMessage, setTimeout(…, 0) and a clock in milliseconds. */
interface OddsPorts {
  readonly post: (answer: OddsAnswer) => void;
  readonly later: (next: () => void) => void;
  readonly now: () => number;
}

/** Fights played between two looks at the clock; a slice ends after `SLICE_MS`, then the worker yields. */
const FIGHTS_PER_LOOK = 10;
const SLICE_MS = 40;

/**
 * The worker's message handler, pure but for its ports: `run` opens the simulator's run and plays it in slices of
 * about SLICE_MS, posting progress after each; `cancel` stops a run before its next slice. The slices change nothing
 * of the result: one seeded roller runs every fight in turn (sim-run.ts), so the report is simulate()'s.
 */
export function oddsHandler(ports: OddsPorts): (message: unknown) => void {
  const cancelled = new Set<number>();
  return (message) => {
    if (!isOddsRequest(message)) return;
    if (message.type === "cancel") {
      cancelled.add(message.id);
      return;
    }
    const { id } = message;
    const run = openRun(message.input);
    if ("ok" in run) {
      ports.post({ type: "refused", id, refusal: run });
      return;
    }
    const slice = (): void => {
      if (cancelled.delete(id)) {
        ports.post({ type: "cancelled", id });
        return;
      }
      const until = ports.now() + SLICE_MS;
      do {
        const bad = run.play(FIGHTS_PER_LOOK);
        if (bad) {
          ports.post({ type: "refused", id, refusal: bad });
          return;
        }
      } while (!run.finished && ports.now() < until);
      ports.post({ type: "progress", id, played: run.played, total: run.total });
      if (run.finished) ports.post({ type: "done", id, report: run.report() });
      else ports.later(slice);
    };
    slice();
  };
}

export function isOddsRequest(m: unknown): m is OddsRequest {
  return isRecord(m) && typeof m.id === "number" && (m.type === "cancel" || (m.type === "run" && isRecord(m.input)));
}

export function isOddsAnswer(m: unknown): m is OddsAnswer {
  return (
    isRecord(m) && typeof m.id === "number" && ["progress", "done", "refused", "cancelled"].includes(m.type as string)
  );
}
