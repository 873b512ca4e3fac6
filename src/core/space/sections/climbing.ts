import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { acrobaticsCheck, type AcrobaticsInput } from "./acrobatics.js";
import { lowerOwnBlocks } from "./blocks.js";
import { fallEvent } from "./falling.js";
import { defaultSectionsOptions, type SectionsOptions } from "./options.js";
import type { SectionGraph } from "./section-graph.js";
import type { ClimbingState, SectionEvent, SectionsBattle, SectionsEntity } from "./types.js";

type ClimbOutcome = Outcome<SectionsBattle, SectionEvent>;

/** SEC-18/SEC-19: what climbing does to the climber, as data; the attack helper applies the numbers. */
export interface ClimbingEffects {
  readonly debilitated: boolean;
  readonly vulnerable: boolean;
  readonly mayIncant: boolean;
}

export function climbingEffects(entity: SectionsEntity): ClimbingEffects {
  if (!entity.climbing) return { debilitated: false, vulnerable: false, mayIncant: true };
  const x = entity.climbingExceptions ?? {};
  return { debilitated: !x.notDebilitated, vulnerable: !x.notVulnerable, mayIncant: x.mayIncant === true };
}

function withEntity(battle: SectionsBattle, e: SectionsEntity): SectionsBattle {
  return { ...battle, entities: { ...battle.entities, [e.id]: e } };
}

function climber(battle: SectionsBattle, id: string): SectionsEntity | Refusal {
  const e = battle.entities[id];
  if (!e) return refuse("UnknownEntity", `no entity "${id}"`, undefined, { id });
  if (!e.climbing) return refuse("NotClimbing", `${id} is not climbing`, "SEC-16", { id });
  return e;
}

/** A climber's Acrobatics check (SEC-15, SEC-20, SEC-22), with the check as the first event. */
function climberCheck(
  battle: SectionsBattle,
  id: string,
  check: AcrobaticsInput,
): { e: SectionsEntity; c: ClimbingState; success: boolean; events: SectionEvent[] } | Refusal {
  const e = climber(battle, id);
  if ("ok" in e) return e;
  const r = acrobaticsCheck(check);
  if (!r.ok) return r;
  const events: SectionEvent[] = [
    {
      type: "acrobatics",
      entity: id,
      result: r.entity,
      dm: r.dm,
      success: r.success,
      ...(r.rolls ? { rolls: r.rolls } : {}),
    },
  ];
  return { e, c: e.climbing!, success: r.success, events };
}

/** SEC-15/SEC-16: start climbing an upward Height border of the entity's section (also what a climb Move starts). */
export function startClimb(graph: SectionGraph, battle: SectionsBattle, id: string, border: string): ClimbOutcome {
  const e = battle.entities[id];
  if (!e) return refuse("UnknownEntity", `no entity "${id}"`, undefined, { id });
  if (e.climbing) return refuse("StillClimbing", `${id} is already climbing`, "SEC-16", { id });
  const bi = graph.borderIndex.get(border);
  if (bi === undefined) return refuse("UnknownBorder", `no border "${border}"`, "SEC-15", { border });
  const b = graph.borders[bi]!;
  if (b.a !== e.section && b.b !== e.section)
    return refuse("NotAClimbableBorder", `"${border}" is not a border of ${id}'s section`, "SEC-15", { border });
  const up = b.a === e.section ? (b.height ?? 0) : -(b.height ?? 0);
  if (up <= 0 || b.kind === "hard")
    return refuse("NotAClimbableBorder", `"${border}" does not go up from ${id}'s section`, "SEC-15", { border });
  const climbing: ClimbingState = {
    border,
    from: e.section,
    to: b.a === e.section ? b.b : b.a,
    height: up,
    climbed: 0,
  };
  return applied(withEntity(battle, { ...e, climbing }), [
    { type: "climbStarted", entity: id, border, height: up, clause: "SEC-15" },
  ]);
}

/**
 * SEC-15: one Acrobatics check against the border; a success climbs `heightPerClimbSuccess` (1 unless specified).
 * Reaching the full Height moves the climber into the upper section and ends the climb (SEC-16).
 * A failure holds (or falls, with the failedClimbFalls option).
 */
export function climbCheck(
  battle: SectionsBattle,
  id: string,
  check: AcrobaticsInput,
  options: SectionsOptions = defaultSectionsOptions,
  roller?: Roller,
): ClimbOutcome {
  const checked = climberCheck(battle, id, check);
  if ("ok" in checked) return checked;
  const { e, c, events } = checked;
  if (!checked.success) {
    if (!options.failedClimbFalls) {
      events.push({ type: "climbCheckFailed", entity: id, border: c.border, clause: "SEC-15" });
      return applied(battle, events);
    }
    return fall(battle, e, c, "SEC-15", events, roller);
  }
  const climbed = c.climbed + Math.max(1, options.heightPerClimbSuccess);
  if (climbed >= c.height) {
    events.push({ type: "climbFinished", entity: id, border: c.border, section: c.to });
    events.push({ type: "moved", entity: id, from: c.from, to: c.to, mode: "climb" });
    const left = lowerOwnBlocks(battle.blocks, id, "left");
    events.push(...left.events);
    return applied({ ...withEntity(battle, { ...e, section: c.to, climbing: null }), blocks: left.blocks }, events);
  }
  events.push({ type: "climbProgress", entity: id, border: c.border, climbed, height: c.height });
  return applied(withEntity(battle, { ...e, climbing: { ...c, climbed } }), events);
}

/**
 * SEC-15 ruling: one Move allows up to its Move number of climb checks (or one, by option); the checks stop at
 * the first failure or when the climb is done. `checks` are the results or dice for each check in order.
 */
export function climbAsMove(
  battle: SectionsBattle,
  id: string,
  moveNumber: number,
  checks: readonly AcrobaticsInput[],
  options: SectionsOptions = defaultSectionsOptions,
  roller?: Roller,
): ClimbOutcome {
  if (!Number.isInteger(moveNumber) || moveNumber < 1)
    return refuse("InvalidMoveNumber", `a climbing Move needs a Move number >= 1`, "SEC-15", { n: String(moveNumber) });
  const allowed = options.climbChecksPerMove === "one" ? 1 : moveNumber;
  if (checks.length > allowed)
    return refuse("TooManyClimbChecks", `this Move allows ${allowed} climb checks`, "SEC-15", { allowed });
  let state = battle;
  const events: SectionEvent[] = [];
  for (const check of checks) {
    const r = climbCheck(state, id, check, options, roller);
    if (!r.ok) return r;
    state = r.state;
    events.push(...r.events);
    const e = state.entities[id]!;
    if (!e.climbing || r.events.some((x) => x.type === "climbCheckFailed")) break;
  }
  return applied(state, events);
}

function fall(
  battle: SectionsBattle,
  e: SectionsEntity,
  c: ClimbingState,
  clause: "SEC-15" | "SEC-20" | "SEC-21",
  events: SectionEvent[],
  roller?: Roller,
): ClimbOutcome {
  // SEC-21 ruling: a climber falls from the Height it has climbed so far, back into its lower section.
  if (c.climbed > 0) events.push(fallEvent(e.id, c.border, c.climbed, clause === "SEC-15" ? "SEC-21" : clause, roller));
  return applied(withEntity(battle, { ...e, climbing: null }), events);
}

/** SEC-20: a climber that takes damage checks Acrobatics at once: success holds (no progress), failure falls. */
export function climberTakesDamage(
  battle: SectionsBattle,
  id: string,
  check: AcrobaticsInput,
  roller?: Roller,
): ClimbOutcome {
  const checked = climberCheck(battle, id, check);
  if ("ok" in checked) return checked;
  const { e, c, events } = checked;
  if (checked.success) {
    events.push({ type: "climbHeld", entity: id, border: c.border, clause: "SEC-20" });
    return applied(battle, events);
  }
  return fall(battle, e, c, "SEC-20", events, roller);
}

/** SEC-21: the climber chooses to fall as a Move, taking falling damage for the Height climbed so far. */
export function chooseToFall(battle: SectionsBattle, id: string, roller?: Roller): ClimbOutcome {
  const e = climber(battle, id);
  if ("ok" in e) return e;
  return fall(battle, e, e.climbing!, "SEC-21", [], roller);
}
