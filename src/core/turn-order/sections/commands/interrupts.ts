import { applied, refuse, type Outcome } from "../../../shared/outcome.js";
import type { TurnEvent } from "../../types.js";
import { named, outOfFight, unknownCombatant } from "../combatant.js";
import { copyState } from "../copies.js";
import type { SectionsCommand, SectionsState } from "../types.js";

// SEC-47: an Intercept is taken "as an Interrupt", and the text is silent on what an Interrupt costs. Ruling SEC-47
// (docs/rulings.md): one Interrupt a round for each entity, out of turn or in it, renewed when the round starts. It
// spends no Phase, so the entity's own turn is whole.

/** An entity in the fight and able to act spends its Interrupt of the round; a second one is refused. */
export function interrupt(
  s: SectionsState,
  cmd: Extract<SectionsCommand, { type: "interrupt" }>,
): Outcome<SectionsState, TurnEvent> {
  const who = named(s, cmd.combatant);
  if (who === undefined) return unknownCombatant(cmd.combatant);
  if (who.out) return outOfFight(who);
  const name = who.name;
  if (!who.able) return refuse("CombatantUnable", `${name} is not able to Interrupt`, "SEC-47", { name });
  const spent = s.interrupted ?? [];
  if (spent.includes(who.id))
    return refuse("InterruptSpent", `${name} has spent this round's Interrupt`, "SEC-47", { name });
  const e: { type: string; round: number; combatant: string; detail?: string } = {
    type: "interruptSpent",
    round: s.round,
    combatant: who.id,
  };
  if (typeof cmd.detail === "string") e.detail = cmd.detail;
  const n = copyState(s);
  n.interrupted = [...spent, who.id];
  return applied(n, [e]);
}
