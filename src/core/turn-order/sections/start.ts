import { isNonEmptyString as isText } from "../../shared/guards.js";
import { applied, refuse, type Outcome } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import type { TurnEvent } from "../types.js";
import { readOptions } from "./options.js";
import { settle, startRound } from "./order.js";
import type { SectionsCombatant, SectionsSetup, SectionsState } from "./types.js";

type Result = Outcome<SectionsState, TurnEvent>;

/** SEC-04: the fight's first state, its first round begun with the first side up. */
export function start(setup: SectionsSetup, _roller?: Roller): Result {
  if (typeof setup !== "object" || setup === null || !Array.isArray(setup.combatants)) {
    return refuse("BadSetup", "a sections fight needs a list of combatants");
  }
  const options = readOptions(setup.options);
  if ("ok" in options) return options;
  const combatants: SectionsCombatant[] = [];
  const seen = new Set<string>();
  const sides: string[] = [];
  for (const c of setup.combatants as readonly unknown[]) {
    const m = (typeof c === "object" && c !== null ? c : {}) as Record<string, unknown>;
    if (!isText(m.id) || !isText(m.side)) return refuse("BadSetup", "every combatant needs an id and a side");
    if (seen.has(m.id))
      return refuse("DuplicateCombatant", `combatant ${m.id} is listed twice`, undefined, { id: m.id });
    if (m.name !== undefined && typeof m.name !== "string")
      return refuse("BadSetup", `combatant ${m.id} has a name that is not text`);
    if (m.able !== undefined && typeof m.able !== "boolean")
      return refuse("BadSetup", `combatant ${m.id} has an able flag that is not true or false`);
    seen.add(m.id);
    if (!sides.includes(m.side)) sides.push(m.side);
    combatants.push({
      id: m.id,
      name: typeof m.name === "string" && m.name ? m.name : m.id,
      side: m.side,
      able: m.able !== false,
      out: false,
      mark: "waiting",
    });
  }
  let order = sides;
  if (setup.sideOrder !== undefined) {
    const so = setup.sideOrder as unknown;
    if (
      !Array.isArray(so) ||
      so.length !== sides.length ||
      !sides.every((x) => so.includes(x)) ||
      new Set(so).size !== so.length
    ) {
      return refuse("BadSideOrder", "the side order must list every side of the fight exactly once");
    }
    order = [...(so as string[])];
  }
  if (order.length < 2) return refuse("NeedTwoSides", "a fight needs combatants on at least two sides");
  const s0: SectionsState = {
    kind: "sections",
    options,
    round: 0,
    sides: order,
    combatants,
    sideIndex: 0,
    acting: null,
    turn: null,
    result: null,
    blocks: [],
    distanceBlocks: [],
    climbs: [],
    interrupted: [],
  };
  const ev: TurnEvent[] = [{ type: "combatStarted" }];
  // Round 0 is never seen: starting "the next round" gives round 1 with its side announced.
  return applied(settle(startRound(s0, ev), ev), ev);
}
