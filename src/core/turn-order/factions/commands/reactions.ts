import { applied, refuse } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import type { TurnEvent } from "../../types.js";
import { draftFactions, editMember } from "../copies.js";
import { inFight, inRound } from "../in-play.js";
import { member, unknownCombatant } from "../payload.js";
import { settle } from "../phases.js";
import type { FactionsCommandOf, FactionsOutcome, FactionsState } from "../types.js";

/** FAC-14: a character answers a trigger out of turn, and the reaction uses its whole turn. */
export function react(state: FactionsState, c: FactionsCommandOf<"react">, roller: Roller): FactionsOutcome {
  const id = c.combatant;
  const trigger = c.trigger;
  const m = member(state, id);
  if (!m) return unknownCombatant(id);
  if (typeof trigger !== "string" || trigger === "")
    return refuse("NoTrigger", "a reaction answers a specific trigger", "FAC-14");
  if (!inRound(state) || state.phase === "ambush")
    return refuse("NoReactionNow", "nobody else acts during the ambush turn or the morale phase", "FAC-51");
  if (!inFight(m)) return refuse("OutOfFight", `${m.id} is out of the fight`, undefined, { name: m.id });
  if (!m.able) return refuse("CannotAct", `${m.id} cannot react`, undefined, { name: m.id });
  if (m.surrendered) return refuse("Surrendered", `${m.id} has surrendered`, "FAC-57", { name: m.id });
  if (state.acting === m.id)
    return refuse("AlreadyActing", `${m.id} is taking its turn and cannot react out of turn`, "FAC-24", { name: m.id });
  if (m.acted && !state.options.reactAfterActing)
    return refuse("AlreadyActed", `${m.id} has already used its turn this round`, "FAC-14", { name: m.id });
  const s = draftFactions(state);
  const d = editMember(s, m.id);
  const spent = !d.acted;
  d.acted = true;
  const events: TurnEvent[] = [{ type: "reacted", round: s.round, combatant: m.id, trigger, turnSpent: spent }];
  settle(s, events, roller);
  return applied(s as FactionsState, events);
}
