import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { blocksByBorder, lowerOwnBlocks } from "./blocks.js";
import { anyBorder, bfsFrom, shortestRoutes } from "./distance.js";
import { fallEvent } from "./falling.js";
import { defaultSectionsOptions, type SectionsOptions } from "./options.js";
import type { SectionGraph } from "./section-graph.js";
import type { SectionEvent, SectionsBattle, SectionsEntity } from "./types.js";
import { cheapestPath, walkPath, type Ctx, type SectionMoveAnswer, type SectionMoveQuery } from "./section-walk.js";

export type { SectionMoveAnswer, SectionMoveQuery, SectionMoveResult } from "./section-walk.js";

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
