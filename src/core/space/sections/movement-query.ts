import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { BinaryHeap } from "../binary-heap.js";
import type { MoveAnswer, MoveQuery, MoveResult } from "../movement.js";
import { blocksByBorder, impedingBlock, lowerOwnBlocks, type MovementKind } from "./blocks.js";
import { anyBorder, bfsFrom, shortestRoutes } from "./distance.js";
import { fallEvent } from "./falling.js";
import { defaultSectionsOptions, type SectionsOptions } from "./options.js";
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

const ORDINARY = new Set(["walk", "swim", "climb"]);

/**
 * SEC-15/SEC-16: a climber's ordinary Move on up the border it climbs: its path is its own (lower) section, then the
 * section above. Anything else an ordinary Move of a climber tries is refused (StillClimbing).
 */
export function climbsOn(q: SectionMoveQuery, mover: SectionsEntity): boolean {
  const c = mover.climbing;
  const p = q.path;
  return (
    !!c &&
    ORDINARY.has(q.mode) &&
    p !== undefined &&
    p.length === 2 &&
    p[0] === c.from &&
    p[1] === c.to &&
    mover.section === c.from
  );
}

interface Ctx {
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

function walkPath(ctx: Ctx, path: readonly string[], roller: Roller | undefined): SectionMoveAnswer {
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
function cheapestPath(ctx: Ctx, dest: number): string[] | null {
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

function teleport(ctx: Ctx, dest: string): SectionMoveAnswer {
  const { graph, mover, n, options } = ctx;
  const from = graph.sectionIndex.get(mover.section)!;
  const to = graph.sectionIndex.get(dest);
  if (to === undefined)
    return refuse("UnknownSection", `section "${dest}" is not on the map`, "SEC-01", { section: dest });
  // Ruling SEC-09: Teleport N reaches sections N borders away, counting borders of any kind, and ignores what the
  // borders are.
  let measure = 0;
  if (options.teleportMeasure !== "unlimited") {
    const d = bfsFrom(graph, from, options.teleportMeasure === "softBorders" ? (e) => !e.hard : anyBorder, to)[to]!;
    if (d < 0)
      return refuse("TeleportTooFar", `no route of borders leads to "${dest}"`, "SEC-09", { n, section: dest });
    measure = d;
  }
  if (measure > n)
    return refuse("TeleportTooFar", `Teleport ${n} cannot reach "${dest}", ${measure} borders away`, "SEC-09", {
      n,
      distance: measure,
    });
  // SEC-10 ruling: the Height checked is the net Height between the two sections along a shortest route of any borders.
  const route = shortestRoutes(graph, from, to, anyBorder, 1)[0] ?? [];
  const net = route.reduce((sum, e) => sum + e.height, 0);
  if ((net > 0 && n < net) || (net < 0 && options.heightCheckDownward && n < -net))
    return refuse("HeightBeyondRange", `Teleport ${n} cannot cover a Height change of ${net}`, "SEC-10", {
      n,
      height: net,
    });
  return { ok: true, cost: measure, spent: measure, path: [mover.section, dest], events: [], end: dest };
}

function refuseMove(
  q: SectionMoveQuery,
  battle: SectionsBattle,
  graph: SectionGraph,
  options: SectionsOptions,
): Refusal | null {
  const mover = battle.entities[q.mover];
  if (!mover) return refuse("UnknownEntity", `no entity "${q.mover}"`, undefined, { id: q.mover });
  if (!graph.sectionIndex.has(mover.section))
    return refuse("EntityInUnknownSection", `${q.mover} is not on the map`, "SEC-02", { id: q.mover });
  if (q.n !== undefined && (!Number.isInteger(q.n) || q.n < 0))
    return refuse("InvalidMoveNumber", `a Move number must be a whole number >= 0, got ${q.n}`, "SEC-03", {
      n: String(q.n),
    });
  if (q.height !== undefined && (!Number.isInteger(q.height) || q.height < 0))
    return refuse("InvalidMoveHeight", `a Move's Height must be a whole number >= 0`, "SEC-12");
  if (!["walk", "swim", "climb", "phase", "fly", "teleport", "push", "fall"].includes(q.mode))
    return refuse("UnsupportedMoveMode", `sections have no "${q.mode}" movement`, "SEC-07", { mode: q.mode });
  const grant = q.grant ?? (q.n === undefined ? "innate" : "granted");
  if (grant === "innate") {
    // SEC-21 ruling: letting go of a climb ("fall") is a Move the innate one may be.
    if (!ORDINARY.has(q.mode) && q.mode !== "fall")
      return refuse("InnateMoveIsOrdinary", "the innate Move is an ordinary Move", "SEC-04");
    if (mover.innateMoveUsed)
      return refuse("InnateMoveUsed", `${q.mover} has used its innate Move this turn`, "SEC-05", { id: q.mover });
    if (q.turn && !q.turn.ownTurn)
      return refuse("NotYourTurn", `the innate Move is made on ${q.mover}'s own turn`, "SEC-04", { name: q.mover });
    if (q.turn && q.turn.step === "beforeDraw")
      return refuse("MoveBeforeDraw", "the innate Move comes after the turn's card draw", "SEC-05");
    if (q.turn && q.turn.step === "discarded")
      return refuse("MoveAfterDiscard", "the innate Move must be taken before the turn's discard", "SEC-05");
  } else if (
    q.turn &&
    options.grantedMoveWindow === "drawToDiscard" &&
    (q.turn.step !== "drawn" || !q.turn.ownTurn) &&
    q.mode !== "push"
  )
    return refuse(
      "GrantedMoveOutsideWindow",
      "granted Moves also come between the draw and the discard (table option)",
      "SEC-06",
    );
  if (mover.climbing && (ORDINARY.has(q.mode) || q.mode === "push") && !climbsOn(q, mover))
    return refuse("StillClimbing", `${q.mover} is climbing: keep climbing, fall, or use special movement`, "SEC-16", {
      id: q.mover,
    });
  if (q.mode === "fall" && !mover.climbing)
    return refuse("NotClimbing", `${q.mover} is not climbing`, "SEC-21", { id: q.mover });
  return null;
}

/**
 * The movement query for sections: is this move legal, what does it cost, which path, and what happens on the way.
 * Pure: never changes the battle. Pass a Roller to roll falling damage, otherwise falls carry their formula.
 */
export function queryMove(
  graph: SectionGraph,
  battle: SectionsBattle,
  q: SectionMoveQuery,
  options: SectionsOptions = defaultSectionsOptions,
  roller?: Roller,
): SectionMoveAnswer {
  const bad = refuseMove(q, battle, graph, options);
  if (bad) return bad;
  const mover = battle.entities[q.mover]!;
  const n = q.n ?? mover.innateMove ?? 1;
  if (climbsOn(q, mover)) {
    // SEC-15: the Move goes into the climb's checks (climb-move.ts); the climber stays where it holds.
    const c = mover.climbing!;
    return {
      ok: true,
      cost: 0,
      spent: 1,
      path: [mover.section],
      events: [
        {
          type: "climbGoesOn",
          entity: mover.id,
          border: c.border,
          height: c.height,
          climbed: c.climbed,
          clause: "SEC-15",
        },
      ],
      end: mover.section,
    };
  }
  if (q.mode === "fall") {
    // SEC-21 ruling: the fall is from the Height climbed so far.
    const c = mover.climbing!;
    const events: SectionEvent[] = c.climbed > 0 ? [fallEvent(mover.id, c.border, c.climbed, "SEC-21", roller)] : [];
    return { ok: true, cost: 0, spent: 0, path: [mover.section], events, end: mover.section };
  }
  const dest = q.to ?? (q.path && q.path.length > 0 ? q.path[q.path.length - 1] : undefined);
  if (dest === undefined) return refuse("NoPathGiven", "a move needs a path or a destination");
  if (q.to !== undefined && q.path && q.path.length > 0 && q.path[q.path.length - 1] !== q.to)
    return refuse("PathDoesNotEndThere", `the path does not end in "${q.to}"`, undefined, { section: q.to });
  const ctx: Ctx = {
    graph,
    battle,
    mover,
    mode: q.mode,
    n,
    moveHeight: q.height ?? 0,
    options,
    blocks: blocksByBorder(battle),
    // SEC-69/70: a Move of 2+ loses 1 per swimming section entered; Aquatic ignores it; Fly/Teleport never (ruling).
    swimmingReduces:
      n >= 2 && !mover.aquatic && (ORDINARY.has(q.mode) || (q.mode === "phase" && options.swimmingReducesPhase)),
  };
  if (q.mode === "teleport") return teleport(ctx, dest);
  let path = q.path;
  if (!path || q.cheapest || path.length === 0) {
    const di = graph.sectionIndex.get(dest);
    if (di === undefined)
      return refuse("UnknownSection", `section "${dest}" is not on the map`, "SEC-01", { section: dest });
    const found = cheapestPath(ctx, di);
    if (!found) {
      // Explain with the clause that refuses the plainest route, when there is one.
      const plain = shortestRoutes(graph, graph.sectionIndex.get(mover.section)!, di, anyBorder, 1)[0];
      const why = plain
        ? walkPath(ctx, [mover.section, ...plain.map((e) => graph.sections[e.to]!.id)], undefined)
        : null;
      if (why && !why.ok) return why;
      return refuse("NoLegalPath", `${q.mode} ${n} has no legal path to "${dest}"`, "SEC-03", { n, section: dest });
    }
    path = found;
  }
  return walkPath(ctx, path, roller);
}

/**
 * Applies a legal move: the mover's new section, its innate Move spent, a climb started or given up,
 * and its own Block lowered when it leaves the section (SEC-43). A refused move returns the refusal and no state.
 */
export function applyMove(
  graph: SectionGraph,
  battle: SectionsBattle,
  q: SectionMoveQuery,
  options: SectionsOptions = defaultSectionsOptions,
  roller?: Roller,
): Outcome<SectionsBattle, SectionEvent> {
  const answer = queryMove(graph, battle, q, options, roller);
  if (!answer.ok) return answer;
  const mover = battle.entities[q.mover]!;
  const events: SectionEvent[] = [...answer.events];
  const grant = q.grant ?? (q.n === undefined ? "innate" : "granted");
  let climbing = mover.climbing ?? null;
  if (q.mode === "fall" || q.mode === "phase" || q.mode === "fly" || q.mode === "teleport") climbing = null;
  for (const ev of answer.events) {
    if (ev.type !== "climbStarted") continue;
    const b = graph.borders[graph.borderIndex.get(ev.border)!]!;
    climbing = { border: b.id, from: answer.end, to: b.a === answer.end ? b.b : b.a, height: ev.height, climbed: 0 };
  }
  const next: SectionsEntity = {
    ...mover,
    section: answer.end,
    climbing,
    ...(grant === "innate" ? { innateMoveUsed: true } : {}),
  };
  let blocks = battle.blocks;
  if (answer.end !== mover.section) {
    events.push({ type: "moved", entity: mover.id, from: mover.section, to: answer.end, mode: q.mode });
    const left = lowerOwnBlocks(blocks, mover.id, "left");
    blocks = left.blocks;
    events.push(...left.events);
  }
  return applied({ ...battle, entities: { ...battle.entities, [mover.id]: next }, blocks }, events);
}

/** SEC-04/05: a new turn gives the entity its innate Move again. */
export function startTurn(battle: SectionsBattle, id: string): Outcome<SectionsBattle, SectionEvent> {
  const e = battle.entities[id];
  if (!e) return refuse("UnknownEntity", `no entity "${id}"`, undefined, { id });
  return applied({ ...battle, entities: { ...battle.entities, [id]: { ...e, innateMoveUsed: false } } });
}
