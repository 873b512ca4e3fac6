import type { Refusal } from "../../core/shared/outcome.js";
import type { SimInput, SimReport } from "../../sim/index.js";
import { isOddsAnswer, type OddsRequest } from "./odds-protocol.js";

/** What the client needs of a Worker (a real one in Foundry, the handler behind a fake in the tests). */
export interface WorkerLike {
  postMessage(message: OddsRequest): void;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  terminate(): void;
}

/** How a run ended: the report, the simulator's refusal, or cancelled by the GM (or by a newer run). */
export type OddsOutcome =
  | { readonly kind: "done"; readonly report: SimReport }
  | { readonly kind: "refused"; readonly refusal: Refusal }
  | { readonly kind: "cancelled" };

/**
 * The GM's side of the odds worker: one run at a time (a new run cancels the one under way), progress as the worker
 * reports it, and the outcome as a promise. The worker is made on the first run and kept for the next ones.
 */
export class OddsClient {
  private worker: WorkerLike | null = null;
  private nextId = 1;
  private current: {
    readonly id: number;
    readonly settle: (o: OddsOutcome) => void;
    readonly progress: (played: number, total: number) => void;
  } | null = null;

  constructor(private readonly makeWorker: () => WorkerLike) {}

  get running(): boolean {
    return this.current !== null;
  }

  run(input: SimInput, progress: (played: number, total: number) => void = () => undefined): Promise<OddsOutcome> {
    this.cancel();
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<OddsOutcome>((settle) => {
      this.current = { id, settle, progress };
      worker.postMessage({ type: "run", id, input });
    });
  }

  /** Stop the run under way: its promise settles as cancelled at once; the worker drops it before its next slice. */
  cancel(): void {
    const c = this.current;
    if (!c) return;
    this.current = null;
    this.worker?.postMessage({ type: "cancel", id: c.id });
    c.settle({ kind: "cancelled" });
  }

  /** Stop the worker itself (the tracker closes): a run under way is cancelled. */
  close(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = null;
  }

  private ensureWorker(): WorkerLike {
    if (this.worker) return this.worker;
    const w = this.makeWorker();
    w.onmessage = (event) => this.receive(event.data);
    this.worker = w;
    return w;
  }

  private receive(message: unknown): void {
    const c = this.current;
    // Answers of a cancelled or earlier run are late news: dropped.
    if (!isOddsAnswer(message) || !c || message.id !== c.id) return;
    if (message.type === "progress") {
      c.progress(message.played, message.total);
      return;
    }
    this.current = null;
    if (message.type === "done") c.settle({ kind: "done", report: message.report });
    else if (message.type === "refused") c.settle({ kind: "refused", refusal: message.refusal });
    else c.settle({ kind: "cancelled" });
  }
}

/** The worker bundled with the system (vite emits odds-worker.ts as its own file beside fray.mjs). */
export function startOddsWorker(): WorkerLike {
  return new Worker(new URL("./odds-worker.ts", import.meta.url), { type: "module" }) as unknown as WorkerLike;
}
