import { refuse, type Refusal } from "../../shared/outcome.js";
import { blocksByBorder, lightingOf } from "./blocks.js";
import { climbingEffects } from "./climbing.js";
import { bfsFrom, softOnly, shortestRoutes } from "./distance.js";
import { defaultSectionsOptions, type SectionsOptions } from "./options.js";
import type { HalfEdge, SectionGraph } from "./section-graph.js";
import { straightLineFits } from "./straight-line.js";
import type { Block, SectionsBattle, SectionsEntity } from "./types.js";
import { attackSight, type AttackSight } from "./vision.js";
import { actionRange, countsAsRanged, type ActionEntries, type ActionKind } from "./action-range.js";

// The range arithmetic has its own file so the cards and sheets read it without this file's route checks.
export { actionRange, countsAsRanged, isMeleeAction, type ActionEntries, type ActionKind } from "./action-range.js";

export interface ActionQuery {
  readonly attacker: string;
  /** The single target; for an Area Attack, give `section` instead (or a target whose section is meant). */
  readonly target?: string;
  readonly section?: string;
  readonly action: ActionEntries;
  /** SEC-30: the sections the attack passes, attacker's section first; found when missing. */
  readonly route?: readonly string[];
  /**
   * SEC-32: "begin" when the incantation begins (or a plain Action), "fire" when it is played at the finishing turn.
   */
  readonly stage?: "begin" | "fire";
  /** SEC-54: the section where the attack occurs, for entities occupying several. */
  readonly attackerSection?: string;
  readonly targetSection?: string;
}

export interface ActionReach {
  readonly ok: true;
  readonly kind: ActionKind;
  readonly range: number;
  readonly distance: number;
  readonly route: readonly string[];
  /** SEC-34: the sum of the signed Heights crossed. */
  readonly heightChange: number;
  /** SEC-47: entities Blocking a crossed border from their own section, who may Intercept. */
  readonly intercepts: readonly string[];
  /** SEC-48: the attack crosses a border Blocked at a distance and misses automatically. */
  readonly automaticMiss: boolean;
  /** Every entity the Action affects: the target, or the Area's occupants (SEC-40, SEC-41, SEC-17). */
  readonly targets: readonly string[];
  /** SEC-52..SEC-55 for a single target. */
  readonly sight: AttackSight | null;
  /** SEC-68: who is swimming, in a section with enough water (the attack's dice read it; SEC-70 Aquatic is theirs). */
  readonly swimming: { readonly attacker: boolean; readonly target: boolean };
}

export type ActionAnswer = ActionReach | Refusal;

function entryOk(v: number | undefined): boolean {
  return v === undefined || (Number.isInteger(v) && v >= 0);
}

interface RouteCheck {
  readonly ok: true;
  readonly route: readonly string[];
  readonly net: number;
  readonly intercepts: string[];
  readonly automaticMiss: boolean;
}

/** What every check of one Action reads: who attacks whom, between which sections, with what range. */
interface Attack {
  readonly graph: SectionGraph;
  readonly battle: SectionsBattle;
  readonly options: SectionsOptions;
  readonly action: ActionEntries;
  readonly attacker: SectionsEntity;
  readonly target: SectionsEntity | undefined;
  readonly fromId: string;
  readonly toId: string;
  readonly from: number;
  readonly to: number;
  readonly range: number;
  readonly kind: ActionKind;
  /** Ranged, or Thrown when the table counts Thrown as ranged. */
  readonly ranged: boolean;
  readonly blocks: ReadonlyMap<string, readonly Block[]>;
}

/**
 * Can this Action reach its target? Pure: checks SEC-27..SEC-41, SEC-47, SEC-48, SEC-72, SEC-19, and reports the
 * sight conditions of SEC-52..SEC-55. The attacker chooses the route (SEC-30); without one, the best shortest route is
 * used.
 */
export function actionReach(
  graph: SectionGraph,
  battle: SectionsBattle,
  q: ActionQuery,
  options: SectionsOptions = defaultSectionsOptions,
): ActionAnswer {
  const at = attackOf(graph, battle, q, options);
  if ("ok" in at) return at;
  const bad = refuseAction(at, q.stage ?? "begin");
  if (bad) return bad;
  const { from, to, range } = at;

  // SEC-25/27: distance in soft borders must not exceed the range.
  const d = from === to ? 0 : bfsFrom(graph, from, softOnly, to)[to]!;
  if (d < 0) return refuse("NoRouteToTarget", "no route of soft borders joins the two sections", "SEC-25");
  if (range < d)
    return refuse("OutOfRange", `range ${range} does not reach distance ${d}`, "SEC-27", { range, distance: d });

  const chosen = q.route ? givenRoute(at, q.route) : bestRoute(at);
  if (!chosen.ok) return chosen;

  const target = at.target;
  const sight =
    target === undefined
      ? null
      : attackSight(at.attacker, target, (s) => lightingOf(graph, s), {
          ...(q.attackerSection !== undefined ? { attackerSection: q.attackerSection } : {}),
          ...(q.targetSection !== undefined ? { targetSection: q.targetSection } : {}),
        });
  return {
    ok: true,
    kind: at.kind,
    range,
    distance: d,
    route: chosen.route,
    heightChange: chosen.net,
    intercepts: chosen.intercepts,
    automaticMiss: chosen.automaticMiss,
    targets: at.action.area ? areaTargets(at, at.action.area) : target ? [target.id] : [],
    sight,
    swimming: {
      attacker: inWater(graph, at.fromId),
      target: target !== undefined && inWater(graph, q.targetSection ?? target.section),
    },
  };
}

/** SEC-68: a section with enough water to require swimming; whoever is in it is swimming. */
export function inWater(graph: SectionGraph, section: string): boolean {
  const i = graph.sectionIndex.get(section);
  return i !== undefined && graph.sections[i]?.water === true;
}

/**
 * Finds the attacker, the target and their sections, and reads the range and kind off the Action's entries (SEC-28/29).
 */
function attackOf(
  graph: SectionGraph,
  battle: SectionsBattle,
  q: ActionQuery,
  options: SectionsOptions,
): Attack | Refusal {
  const a = q.action;
  if (!entryOk(a.range) || !entryOk(a.thrown) || !entryOk(a.reach))
    return refuse("InvalidRange", "Range, Thrown and Reach must be whole numbers >= 0", "SEC-28");
  const attacker = battle.entities[q.attacker];
  if (!attacker) return refuse("UnknownEntity", `no entity "${q.attacker}"`, undefined, { id: q.attacker });
  const target = q.target === undefined ? undefined : battle.entities[q.target];
  if (q.target !== undefined && !target)
    return refuse("UnknownEntity", `no entity "${q.target}"`, undefined, { id: q.target });
  const fromId = q.attackerSection ?? attacker.section;
  const toId = q.targetSection ?? q.section ?? target?.section ?? (a.area ? fromId : undefined);
  if (toId === undefined)
    return refuse("NoTarget", "an Action needs a target entity or, for an Area Attack, a section", "SEC-40");
  const from = graph.sectionIndex.get(fromId);
  const to = graph.sectionIndex.get(toId);
  if (from === undefined || to === undefined)
    return refuse("UnknownSection", "the attack names a section not on the map", "SEC-01", {
      section: from === undefined ? fromId : toId,
    });

  const { range, kind } = actionRange(a);
  const ranged = countsAsRanged(kind, options.thrownCountsAsRanged);
  const blocks = blocksByBorder(battle);
  return { graph, battle, options, action: a, attacker, target, fromId, toId, from, to, range, kind, ranged, blocks };
}

/** The refusals that do not depend on the route: SEC-19, SEC-41, SEC-31/32, SEC-29, SEC-72. */
function refuseAction(at: Attack, stage: "begin" | "fire"): Refusal | null {
  const { action: a, attacker, target, kind } = at;
  // SEC-19: no Incantations while climbing, unless otherwise specified.
  if (a.incantation && stage === "begin" && !climbingEffects(attacker).mayIncant)
    return refuse("ClimbingCannotIncant", `${attacker.id} is climbing and cannot perform Incantations`, "SEC-19", {
      id: attacker.id,
    });
  // SEC-41: an Area Attack with no range entry targets only the attacker's section.
  if (a.area && kind === "melee" && at.to !== at.from)
    return refuse(
      "AreaOnlyOwnSection",
      "an Area Attack with no Range, Reach or Thrown targets only the attacker's section",
      "SEC-41",
    );
  // SEC-31/32: a Range Action (without Thrown or Reach) cannot be made with an enemy in the section; an incantation
  // checks only when it begins.
  if (a.range !== undefined && a.thrown === undefined && a.reach === undefined && stage === "begin") {
    for (const e of Object.values(at.battle.entities))
      if (e.section === at.fromId && e.side !== attacker.side)
        return refuse("EnemyInSection", `${e.id} is in ${attacker.id}'s section: no Range Actions`, "SEC-31", {
          id: e.id,
        });
  }
  // SEC-29: melee reaches only the attacker's own section.
  if (kind === "melee" && at.to !== at.from)
    return refuse("MeleeOnlyOwnSection", "a melee Action targets only the attacker's section", "SEC-29");
  if (target && (kind === "ranged" || kind === "thrown") && isUnderwater(at, target))
    return refuse("TargetUnderwater", `${target.id} is underwater: ranged attacks cannot reach it`, "SEC-72", {
      id: target.id,
    });
  return null;
}

/** SEC-72: ranged attacks cannot reach an underwater target; swimming counts as underwater when the table says so. */
function isUnderwater(at: Attack, e: SectionsEntity): boolean {
  const { graph, options } = at;
  return e.underwater === true || (options.swimmingIsUnderwater && inWater(graph, e.section));
}

/** SEC-30: the route the attacker chose, as soft borders from its section to the target's. */
function givenRoute(at: Attack, r: readonly string[]): RouteCheck | Refusal {
  const { graph } = at;
  if (r.length === 0 || r[0] !== at.fromId || r[r.length - 1] !== at.toId)
    return refuse("InvalidRoute", "the route must run from the attacker's section to the target's", "SEC-30");
  const edges: HalfEdge[] = [];
  for (let i = 0; i + 1 < r.length; i++) {
    const s = graph.sectionIndex.get(r[i]!);
    const t = graph.sectionIndex.get(r[i + 1]!);
    const soft = s === undefined || t === undefined ? undefined : graph.between[s]!.get(t)?.find((e) => !e.hard);
    if (!soft) return refuse("InvalidRoute", `no soft border joins "${r[i]}" and "${r[i + 1]}"`, "SEC-30");
    edges.push(soft);
  }
  return checkRoute(at, edges);
}

/** Without a chosen route, the best legal shortest one: no automatic miss first, then the fewest Intercepts. */
function bestRoute(at: Attack): RouteCheck | Refusal {
  let chosen: RouteCheck | undefined;
  let firstRefusal: Refusal | undefined;
  for (const edges of shortestRoutes(at.graph, at.from, at.to, softOnly, 64)) {
    const c = checkRoute(at, edges);
    if (!c.ok) {
      firstRefusal ??= c;
      continue;
    }
    const better =
      !chosen ||
      (chosen.automaticMiss && !c.automaticMiss) ||
      (chosen.automaticMiss === c.automaticMiss && c.intercepts.length < chosen.intercepts.length);
    if (better) chosen = c;
  }
  return chosen ?? firstRefusal ?? refuse("NoRouteToTarget", "no route reaches the target", "SEC-25");
}

/**
 * One route's checks: its length, the Heights crossed (SEC-33..35), the straight line (SEC-30) and the Blocks on it.
 */
function checkRoute(at: Attack, edges: readonly HalfEdge[]): RouteCheck | Refusal {
  const { graph, options, range, kind } = at;
  const ids = [at.fromId];
  let level = 0;
  const levels = [0];
  let heightCrossed = false;
  for (const e of edges) {
    ids.push(graph.sections[e.to]!.id);
    level += e.height;
    levels.push(level);
    if (e.height !== 0) heightCrossed = true;
  }
  if (edges.length > range)
    return refuse("OutOfRange", `range ${range} cannot cross ${edges.length} borders`, "SEC-27", {
      range,
      distance: edges.length,
    });
  if (heightCrossed) {
    // SEC-33: range-0 Actions cannot cross Height borders unless they have Reach.
    if (kind === "melee") return refuse("HeightBlocksMelee", "a melee Action cannot cross a Height border", "SEC-33");
    // SEC-34 (and SEC-33 ruling for Reach): range >= |net Height change|.
    if ((kind !== "reach" || options.reachUsesRangedHeightRule) && range < Math.abs(level))
      return refuse("HeightBeyondRange", `range ${range} is less than the Height change ${level}`, "SEC-34", {
        range,
        height: level,
      });
    // SEC-35 ruling: the terrain blocks the shot when a section in between rises above the sight line.
    const n = levels.length - 1;
    for (let i = 1; i < n; i++) {
      const li = levels[i]!;
      const limit = options.terrainBlocks === "ridge" ? Math.max(0, level) : (level * i) / n;
      if (li > limit)
        return refuse("TerrainBlocksShot", "the terrain blocks the view of the target", "SEC-35", { section: ids[i]! });
    }
  }
  // SEC-30 ruling: checked only with the geometry option and geometry on every section of the route.
  if (options.straightLine === "geometry" && ids.length > 2) {
    const geo = ids.map((id) => graph.sections[graph.sectionIndex.get(id)!]!.geometry);
    if (geo.every((g) => g !== undefined) && !straightLineFits(geo))
      return refuse("NoStraightLine", "no straight line crosses the chosen borders: attacks cannot curve", "SEC-30");
  }
  const { intercepts, automaticMiss } =
    !at.action.area && at.ranged ? blocksOnRoute(at, edges) : { intercepts: [], automaticMiss: false };
  return { ok: true, route: ids, net: level, intercepts, automaticMiss };
}

/** SEC-47/48: who may Intercept a ranged attack on this route, and whether a Block at a distance makes it miss. */
function blocksOnRoute(at: Attack, edges: readonly HalfEdge[]): { intercepts: string[]; automaticMiss: boolean } {
  const { attacker, target } = at;
  const intercepts: string[] = [];
  let automaticMiss = false;
  for (const e of edges) {
    for (const b of at.blocks.get(at.graph.borders[e.border]!.id) ?? []) {
      const blocker = at.battle.entities[b.blocker];
      if (!blocker) continue;
      if (b.atDistance) {
        // SEC-48 (ruling: also from the blocker's own side unless the option spares it).
        if (!(at.options.distanceBlockSparesAllies && blocker.side === attacker.side)) automaticMiss = true;
      } else if (
        blocker.section === b.from &&
        blocker.id !== attacker.id &&
        blocker.id !== target?.id &&
        !blocker.immobilized &&
        !blocker.defenseless &&
        !intercepts.includes(blocker.id)
      )
        intercepts.push(blocker.id);
    }
  }
  return { intercepts, automaticMiss };
}

/**
 * SEC-17 (SEC-40): an Area Attack aimed at one entity's section affects that entity only when the Area's targets
 * include it: a climber above the Action's range is left out (and, by SEC-40, one the Area does not pick). Null when
 * the reach affects it, or when the Action is no Area Attack.
 */
export function areaLeavesOut(
  battle: SectionsBattle,
  reach: ActionReach,
  action: ActionEntries,
  target: string,
): Refusal | null {
  if (!action.area || reach.targets.includes(target)) return null;
  const climbing = battle.entities[target]?.climbing;
  if (climbing && reach.range < climbing.climbed)
    return refuse(
      "AreaBelowClimber",
      `range ${reach.range} does not reach the Height ${climbing.climbed} climbed`,
      "SEC-17",
      {
        range: reach.range,
        height: climbing.climbed,
      },
    );
  return refuse("AreaLeavesOut", "the Area Attack does not affect this target", "SEC-40");
}

/**
 * SEC-40: whom the Area picks in its section, less climbers out of range (SEC-17) and, for ranged, the underwater
 * (SEC-72).
 */
function areaTargets(at: Attack, area: NonNullable<ActionEntries["area"]>): string[] {
  const { attacker, range } = at;
  const targets: string[] = [];
  for (const e of Object.values(at.battle.entities)) {
    if (e.section !== at.toId) continue;
    if (area.only === "enemies" && e.side === attacker.side) continue;
    if (area.only === "allies" && e.side !== attacker.side) continue;
    if (e.id === attacker.id && area.excludeAttacker) continue;
    // SEC-17: a climber is hit only if the range reaches the Height it has climbed to.
    if (e.climbing && range < e.climbing.climbed) continue;
    if (at.ranged && isUnderwater(at, e)) continue;
    targets.push(e.id);
  }
  return targets;
}
