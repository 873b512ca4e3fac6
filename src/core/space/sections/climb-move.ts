import { applied, refuse, type Outcome } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import type { AcrobaticsDice } from "./acrobatics.js";
import { climbAsMove } from "./climbing.js";
import { applyMove, queryMove, type SectionMoveAnswer, type SectionMoveQuery } from "./movement-query.js";
import { defaultSectionsOptions, type SectionsOptions } from "./options.js";
import type { SectionGraph } from "./section-graph.js";
import type { SectionEvent, SectionsBattle } from "./types.js";

/** SEC-22: the dice of a climb's Acrobatics checks: the entity's Class card entry and the DM's roll. */
export interface ClimbDice {
  readonly entity: AcrobaticsDice;
  readonly dm: AcrobaticsDice;
}

/** Does this legal Move climb (start a climb at the end of its path, or go on up the border its mover holds on to)? */
export function isClimbMove(answer: SectionMoveAnswer): boolean {
  return answer.ok && answer.events.some((e) => e.type === "climbStarted" || e.type === "climbGoesOn");
}

/**
 * SEC-15/SEC-16 (rulings SEC-15): a Move made as a climb, checks and all. The Move takes its mover to the foot of the
 * Height (a climb is the last step of its path) and starts the climb, or goes on with one; then it makes its checks,
 * each an Acrobatics roll against the DM's (SEC-22): as many as the Move's number less the borders walked to the foot
 * (or one, by option), stopping at the first failure or at the top, where the climber enters the upper section.
 * Falls on the way to the foot carry their formula (the caller rolls them, as for any Move).
 */
export function climbWithMove(
  graph: SectionGraph,
  battle: SectionsBattle,
  q: SectionMoveQuery,
  dice: ClimbDice,
  roller: Roller,
  options: SectionsOptions = defaultSectionsOptions,
): Outcome<SectionsBattle, SectionEvent> {
  const answer = queryMove(graph, battle, q, options);
  if (!answer.ok) return answer;
  if (!isClimbMove(answer)) return refuse("NotAClimb", `this Move climbs no border`, "SEC-15");
  const moved = applyMove(graph, battle, q, options);
  if (!moved.ok) return moved;
  const mover = battle.entities[q.mover]!;
  const n = q.n ?? mover.innateMove ?? 1;
  // The climb itself took one of the Move's number (movement-query.ts): what the walk to the foot left is for checks.
  const checks = options.climbChecksPerMove === "one" ? 1 : Math.max(1, n - (answer.spent - 1));
  const input = { entityDice: dice.entity, dmDice: dice.dm, roller };
  const climbed = climbAsMove(
    moved.state,
    q.mover,
    checks,
    Array.from({ length: checks }, () => input),
    options,
    roller,
  );
  if (!climbed.ok) return climbed;
  return applied(climbed.state, [...moved.events, ...climbed.events]);
}
