// The walk of a sections Move along a path, border by border, and the cheapest path to a section: the steps that
// queryMove (movement-query.ts) checks and prices.
import { refuse, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { BinaryHeap } from "../binary-heap.js";
import type { MoveAnswer, MoveQuery, MoveResult } from "../movement.js";
import { impedingBlock, type MovementKind } from "./blocks.js";
import { fallEvent } from "./falling.js";
import type { SectionsOptions } from "./options.js";
import type { HalfEdge, SectionGraph } from "./section-graph.js";
import type { Block, SectionEvent, SectionsBattle, SectionsEntity } from "./types.js";

/** The shared MoveQuery plus what a sections Move carries. */
export interface SectionMoveQuery extends MoveQuery<string> {
  /** The Move (or Phase, Fly, Teleport, push) number; missing means the innate Move (SEC-04). */
  readonly n?: number;
  /** SEC-05/06: the once-per-turn innate Move, or a Move granted by a card. Default: innate when `n` is missing. */
  readonly grant?: "innate" | "granted";
  /** SEC-12: the Height value the Move carries, if any. */
  readonly height?: number;
  /** SEC-04/05: where in the turn the Move is made; unchecked when missing. */
  readonly turn?: { readonly ownTurn: boolean; readonly step: "beforeDraw" | "drawn" | "discarded" };
}

export interface SectionMoveResult extends MoveResult<string, SectionEvent> {
  /** Move number used, including what swimming took (SEC-69). */
  readonly spent: number;
}

export type SectionMoveAnswer = MoveAnswer<string, SectionEvent> & (SectionMoveResult | Refusal);

export interface Ctx {
  readonly graph: SectionGraph;
  readonly battle: SectionsBattle;
  readonly mover: SectionsEntity;
  readonly mode: string;
  readonly n: number;
  readonly moveHeight: number;
  readonly options: SectionsOptions;
  readonly blocks: ReadonlyMap<string, readonly Block[]>;
  readonly swimmingReduces: boolean;
}

type Step =
  | { readonly kind: "ok"; readonly penalty: number; readonly fall: number }
  | { readonly kind: "climb" }
  | { readonly kind: "blocked"; readonly block: Block }
  | { readonly kind: "refused"; readonly refusal: Refusal };

function stepFrom(ctx: Ctx, from: number, e: HalfEdge): Step {
  const { graph, mode, n, options } = ctx;
  const border = graph.borders[e.border]!;
  const fromId = graph.sections[from]!.id;
  if (e.hard && mode !== "phase")
    return {
      kind: "refused",
      refusal: refuse(
        "HardBorder",
        `only Phase crosses the hard border "${border.id}"`,
        mode === "fly" ? "SEC-07" : "SEC-03",
        {
          border: border.id,
        },
      ),
    };
  if (mode !== "push") {
    const kind: MovementKind = mode === "phase" || mode === "fly" ? "special" : "ordinary";
    const block = impedingBlock(graph, ctx.battle, ctx.blocks, ctx.mover, fromId, border.id, kind, options);
    if (block) return { kind: "blocked", block };
  }
  const h = e.height;
  let fall = 0;
  if (mode === "phase") {
    // SEC-10: Phase needs its number >= the Height; downward too unless the table rules otherwise.
    if ((h > 0 && n < h) || (h < 0 && options.heightCheckDownward && n < -h))
      return {
        kind: "refused",
        refusal: refuse(
          "HeightBeyondRange",
          `Phase ${n} cannot cross Height ${Math.abs(h)} at "${border.id}"`,
          "SEC-10",
          {
            border: border.id,
            height: h,
          },
        ),
      };
  } else if (mode !== "fly") {
    // SEC-12: going up needs a climb or a Move with enough Height.
    if (h > 0 && ctx.moveHeight < h) {
      if (mode === "climb") return { kind: "climb" };
      return {
        kind: "refused",
        refusal: refuse(
          "MustClimb",
          `border "${border.id}" goes up ${h}: climb or use a Move with Height ${h}`,
          "SEC-12",
          {
            border: border.id,
            height: h,
          },
        ),
      };
    }
    // SEC-13: going down without climbing falls, unless the Move's Height covers it (ruling SEC-13).
    if (h < 0 && !(options.heightMoveAvoidsFall && ctx.moveHeight >= -h)) fall = -h;
  }
  const penalty = ctx.swimmingReduces && graph.sections[e.to]!.water === true ? 1 : 0;
  return { kind: "ok", penalty, fall };
}

/** Picks the best of several borders joining the same two sections. */
function bestStep(ctx: Ctx, from: number, edges: readonly HalfEdge[]): { step: Step; edge: HalfEdge } {
  let best: { step: Step; edge: HalfEdge } | null = null;
  const rank = (s: Step) => (s.kind === "ok" ? 0 : s.kind === "climb" ? 1 : s.kind === "blocked" ? 2 : 3);
  for (const edge of edges) {
    const step = stepFrom(ctx, from, edge);
    if (
      !best ||
      rank(step) < rank(best.step) ||
      (step.kind === "ok" && best.step.kind === "ok" && step.fall < best.step.fall)
    )
      best = { step, edge };
  }
  return best!;
}

export function walkPath(ctx: Ctx, path: readonly string[], roller: Roller | undefined): SectionMoveAnswer {
  const { graph, mover, mode, n } = ctx;
  const events: SectionEvent[] = [];
  const indices: number[] = [];
  for (const id of path) {
    const i = graph.sectionIndex.get(id);
    if (i === undefined)
      return refuse("UnknownSection", `section "${id}" is not on the map`, "SEC-01", { section: id });
    indices.push(i);
  }
  if (path[0] !== mover.section)
    return refuse("PathDoesNotStartHere", `the path must start in ${mover.id}'s section "${mover.section}"`, "SEC-02", {
      section: mover.section,
    });
  let spent = 0;
  let cost = 0;
  let swam = 0;
  for (let k = 0; k + 1 < indices.length; k++) {
    const from = indices[k]!;
    const to = indices[k + 1]!;
    const edges = graph.between[from]!.get(to);
    if (!edges)
      return refuse("NotAdjacent", `"${path[k]}" and "${path[k + 1]}" share no border`, "SEC-01", {
        from: path[k]!,
        to: path[k + 1]!,
      });
    const { step, edge } = bestStep(ctx, from, edges);
    const border = graph.borders[edge.border]!;
    if (step.kind === "refused") return step.refusal;
    if (step.kind === "blocked") {
      events.push({
        type: "stoppedByBlock",
        entity: mover.id,
        border: border.id,
        blocker: step.block.blocker,
        clause: step.block.atDistance ? "SEC-46" : "SEC-42",
      });
      return { ok: true, cost, spent, path: path.slice(0, k + 1), events, end: path[k]! };
    }
    if (step.kind === "climb") {
      if (k + 2 !== indices.length)
        return refuse("ClimbEndsMove", `the climb at "${border.id}" must be the last step of the path`, "SEC-16", {
          border: border.id,
        });
      if (spent + 1 > n)
        return refuse("MoveTooShort", `Move ${n} has nothing left to climb with`, "SEC-15", { n, cost: spent + 1 });
      events.push({ type: "climbStarted", entity: mover.id, border: border.id, height: edge.height, clause: "SEC-15" });
      return { ok: true, cost, spent: spent + 1, path: path.slice(0, k + 1), events, end: path[k]! };
    }
    spent += 1 + step.penalty;
    cost += 1;
    if (step.penalty > 0) {
      swam += 1;
      events.push({ type: "swimmingPenalty", entity: mover.id, section: path[k + 1]!, clause: "SEC-69" });
    }
    if (spent > n)
      return swam > 0 && cost <= n
        ? refuse("SwimmingSlowsMove", `swimming reduces Move ${n} by ${swam}: the path is too long`, "SEC-69", {
            n,
            lost: swam,
          })
        : refuse(
            "MoveTooShort",
            `${mode} ${n} cannot cross ${cost} borders`,
            mode === "walk" || mode === "swim" || mode === "climb" ? "SEC-03" : "SEC-07",
            {
              n,
              cost,
            },
          );
    if (step.fall > 0) events.push(fallEvent(mover.id, border.id, step.fall, "SEC-13", roller));
  }
  return { ok: true, cost, spent, path: [...path], events, end: path[path.length - 1]! };
}

/** Dijkstra on (Move spent, Height fallen): the cheapest legal path from the mover's section to `dest`. */
export function cheapestPath(ctx: Ctx, dest: number): string[] | null {
  const { graph, n } = ctx;
  const start = graph.sectionIndex.get(ctx.mover.section)!;
  const size = graph.sections.length;
  const FALL = 1 / 4096; // falls only break ties between equally short paths
  const best = new Float64Array(size).fill(Infinity);
  const spentAt = new Int32Array(size);
  const fallAt = new Int32Array(size);
  const prev = new Int32Array(size).fill(-1);
  const heap = new BinaryHeap();
  best[start] = 0;
  heap.push(0, start);
  while (heap.size > 0) {
    const s = heap.pop();
    if (heap.poppedPriority > best[s]!) continue;
    if (s === dest) break;
    for (const e of graph.adjacency[s]!) {
      const step = stepFrom(ctx, s, e);
      let spent: number;
      let fall = 0;
      if (step.kind === "ok") {
        spent = spentAt[s]! + 1 + step.penalty;
        fall = step.fall;
      } else if (step.kind === "climb" && e.to === dest) spent = spentAt[s]! + 1;
      else continue;
      if (spent > n) continue;
      const kk = spent + (fallAt[s]! + fall) * FALL;
      if (kk < best[e.to]!) {
        best[e.to] = kk;
        spentAt[e.to] = spent;
        fallAt[e.to] = fallAt[s]! + fall;
        prev[e.to] = s;
        heap.push(kk, e.to);
      }
    }
  }
  if (best[dest] === Infinity) return null;
  const out: string[] = [];
  for (let s = dest; s !== -1; s = prev[s]!) out.push(graph.sections[s]!.id);
  return out.reverse();
}
