import { valueAt } from "../../core/shared/guards.js";
import { journalOf } from "../combat/fight/journal.js";
import type { CombatLike, CombatantLike } from "../combat/fight/ports.js";
import type { TurnCommand } from "../combat/fight/turn-command.js";
import { OneAtATime } from "../requests/one-at-a-time.js";
import type { RequestAnswer } from "../requests/request-answer.js";
import { heldPathsOf, heldPathsTouched, stepsToFight, writesFromFight } from "./fight-conditions.js";

/**
 * A condition changed on the sheet or the token during a fight becomes a step of the fight, and a step that changes
 * one is written to the sheet (and so to the token's icon). The steps go through the turn request, so the GM's
 * authority and the rules decide; a refused one puts the field back as it was. See fight-conditions.ts.
 */

/** An actor as the sync writes it (Foundry's Actor fits). */
interface ConditionActor {
  readonly uuid: string;
  readonly system: unknown;
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** A combat's combatant with its actor (Foundry's Combatant fits: a token's own actor when unlinked). */
type SyncCombatant = CombatantLike & { readonly actor?: unknown };

/** A combat as the sync reads it. */
interface SyncCombat extends CombatLike {
  readonly combatants: { get(id: string): SyncCombatant | undefined; readonly contents: readonly SyncCombatant[] };
}

/** Where the fights are and how a step is asked for: this client's combats and its turn request. */
export interface FightPort {
  combats(): Iterable<SyncCombat>;
  send(combat: SyncCombat, command: TurnCommand): Promise<RequestAnswer>;
}

const isActor = (a: unknown): a is ConditionActor =>
  typeof a === "object" &&
  a !== null &&
  typeof (a as ConditionActor).uuid === "string" &&
  typeof (a as ConditionActor).update === "function";

/** Before an update (its `_preUpdate`): the held fields it writes, with the values they had, to put back if refused. */
export function heldBefore(actor: { readonly system: unknown }, changes: unknown): Record<string, unknown> {
  return Object.fromEntries(heldPathsOf(changes).map((p) => [p, valueAt(actor.system, p)]));
}

/**
 * The writing client, after an update of an actor's fields: for each started fight the actor's combatants are in,
 * ask for the steps that take the fields written into it. A step refused (not this user's to take, or against the
 * rules) puts its fields back to `before`; the refusal has been shown with its reason (the port's `send`).
 */
export async function conditionsToFight(
  actor: ConditionActor,
  changed: unknown,
  before: Record<string, unknown>,
  port: FightPort,
): Promise<void> {
  if (heldPathsOf(changed).length === 0) return;
  // One actor's writes go one at a time: the next is read once the last step's answer is back, and by then the
  // combat's update has reached this client (the server sends it first), so it is not made against a stale revision.
  return line.run(actor.uuid, () => sendSteps(actor, changed, before, port));
}

const line = new OneAtATime();

async function sendSteps(
  actor: ConditionActor,
  changed: unknown,
  before: Record<string, unknown>,
  port: FightPort,
): Promise<void> {
  for (const combat of port.combats()) {
    const journal = journalOf(combat);
    const paths = journal ? heldPathsTouched(journal.engine, changed) : [];
    if (!journal || paths.length === 0) continue;
    for (const c of combat.combatants.contents) {
      if (c.id === null || !isActor(c.actor) || c.actor.uuid !== actor.uuid) continue;
      // Read again for each combatant: a step just taken for another token of this actor changed the fight.
      const state = journalOf(combat)?.state;
      for (const step of stepsToFight(journal.engine, state, c.id, actor.system, paths)) {
        const answer = await port.send(combat, step.command);
        const back = step.paths.filter((p) => before[p] !== undefined);
        if (!answer.ok && back.length)
          await actor.update(Object.fromEntries(back.map((p) => [`system.${p}`, before[p]])));
      }
    }
  }
}

/**
 * The active GM, once a step is written (or undone): the held conditions it changed, written to each combatant's
 * actor. `before` and `after` are the fight's states either side of the step.
 */
export async function conditionsFromFight(combat: SyncCombat, before: unknown, after: unknown): Promise<void> {
  const modeId = journalOf(combat)?.engine;
  if (!modeId) return;
  for (const c of combat.combatants.contents) {
    if (c.id === null || !isActor(c.actor)) continue;
    const writes = writesFromFight(modeId, before, after, c.id, c.actor.system);
    if (Object.keys(writes).length > 0) await c.actor.update(writes);
  }
}
