import { isNonEmptyString } from "../../../shared/guards.js";
import { applied, refuse, type Outcome, type Refusal } from "../../../shared/outcome.js";
import { shown } from "../../../shared/shown.js";
import type { CombatantId, TurnEvent } from "../../types.js";
import { named, unknownCombatant } from "../combatant.js";
import { withClimbs } from "../copies.js";
import type { ClimbAfterMove, SectionsClimb, SectionsCommand, SectionsState } from "../types.js";

// SEC-15/SEC-16: the climbs the turn order keeps. Which borders go up, and what each Acrobatics check does, is the
// space core's business (the GM's client runs it before the Move is recorded); here a climb is kept, moved on, ended.

type Result = Outcome<SectionsState, TurnEvent>;

const isPlace = (x: unknown): x is string => isNonEmptyString(x) && x.length <= 200;
const isCount = (x: unknown): x is number => typeof x === "number" && Number.isInteger(x) && x >= 0 && x <= 1000;

/** A climb as a Move's command carries it: its places, and a Height partly climbed (the top reached ends it). */
function isClimb(x: unknown): x is Omit<SectionsClimb, "climber"> {
  if (typeof x !== "object" || x === null) return false;
  const m = x as Record<string, unknown>;
  return (
    isPlace(m.border) &&
    isPlace(m.from) &&
    isPlace(m.to) &&
    m.from !== m.to &&
    isCount(m.height) &&
    isCount(m.climbed) &&
    m.height >= 1 &&
    m.climbed < m.height
  );
}

/** SEC-16: stored climbs of this fight's combatants, one per climber. */
export function checkClimbs(x: unknown, ids: ReadonlySet<string>): boolean {
  if (!Array.isArray(x)) return false;
  const climbers = new Set<string>();
  for (const c of x as unknown[]) {
    if (!isClimb(c)) return false;
    const climber = (c as { climber?: unknown }).climber;
    if (!isNonEmptyString(climber) || !ids.has(climber) || climbers.has(climber)) return false;
    climbers.add(climber);
  }
  return true;
}

/** The climb a Move's command names, undefined when it names none, or why it is no climb. */
export function climbOfMove(cmd: { readonly climb?: unknown }): ClimbAfterMove | undefined | Refusal {
  if (cmd.climb === undefined) return undefined;
  if (cmd.climb === null) return null;
  if (!isClimb(cmd.climb))
    return refuse(
      "MalformedCommand",
      `a climb names its border, its two sections and a Height partly climbed, not "${shown(cmd.climb)}"`,
      "SEC-16",
    );
  const { border, from, to, height, climbed } = cmd.climb;
  return { border, from, to, height, climbed };
}

/**
 * Is the combatant still climbing the border it climbed before this Move, from the same section? (No border crossed.)
 */
export function staysOnClimb(s: SectionsState, id: CombatantId, after: ClimbAfterMove | undefined): boolean {
  if (!after) return false;
  const before = (s.climbs ?? []).find((c) => c.climber === id);
  return before !== undefined && before.border === after.border && before.from === after.from;
}

/** The state with the combatant's climb as the Move left it (kept, moved on, or ended), and its event. */
export function climbedTo(
  s: SectionsState,
  id: CombatantId,
  after: ClimbAfterMove | undefined,
  ev: TurnEvent[],
): SectionsState {
  if (after === undefined) return s;
  const list = s.climbs ?? [];
  const mine = list.find((c) => c.climber === id);
  if (after === null) return mine ? ended(s, mine, ev) : s;
  ev.push({
    type: "climbKept",
    round: s.round,
    combatant: id,
    border: after.border,
    climbed: after.climbed,
    height: after.height,
  });
  const climb: SectionsClimb = { climber: id, ...after };
  return withClimbs(s, mine ? list.map((c) => (c === mine ? climb : c)) : [...list, climb]);
}

function ended(s: SectionsState, climb: SectionsClimb, ev: TurnEvent[]): SectionsState {
  ev.push({ type: "climbEnded", round: s.round, combatant: climb.climber, border: climb.border });
  return withClimbs(
    s,
    (s.climbs ?? []).filter((c) => c !== climb),
  );
}

/** One out of the fight climbs no more (its token is the map's business). */
export function climbDropped(s: SectionsState, id: CombatantId, ev: TurnEvent[]): SectionsState {
  const mine = (s.climbs ?? []).find((c) => c.climber === id);
  return mine ? ended(s, mine, ev) : s;
}

/**
 * SEC-20: a climber that took damage and failed its Acrobatics check falls at once, spending nothing; the GM's client
 * records it (the card rolled the check and the fall). SEC-24: the DM may also take a climber off its climb.
 */
export function endClimb(s: SectionsState, cmd: Extract<SectionsCommand, { type: "endClimb" }>): Result {
  const who = named(s, cmd.combatant);
  if (who === undefined) return unknownCombatant(cmd.combatant);
  const mine = (s.climbs ?? []).find((c) => c.climber === who.id);
  if (!mine) return refuse("NotClimbing", `${who.name} is not climbing`, "SEC-16", { id: who.name });
  const ev: TurnEvent[] = [];
  return applied(ended(s, mine, ev), ev);
}
