import { rollDice } from "../../../dice/dice-roll.js";
import { applied, refuse } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { advance, compare, requireStep, type AttackEvent } from "../../pipeline.js";
import { closeReactionWindow } from "../../shared/reaction-window.js";
import { endAttack } from "../../shared/end-attack.js";
import { shown } from "../../../shared/shown.js";
import { isDefeated } from "../combatant.js";
import { isThirdEntity } from "../interceptors.js";
import { missDie } from "../effective-dice.js";
import type { SectionsAttackCommand, SectionsAttackOutcome, SectionsAttackState } from "../types.js";
import { hits } from "./to-hit.js";

type React = Extract<SectionsAttackCommand, { type: "react" }>;

/** SEC-47: the only reaction to an attack is an Intercept of a ranged one. */
export function react(state: SectionsAttackState, command: React, roller: Roller): SectionsAttackOutcome {
  if (command.reaction !== "intercept")
    return refuse(
      "UnknownReaction",
      `sections attacks know only the Intercept reaction, not ${shown(command.reaction)}`,
      "SEC-47",
    );
  return requireStep(state, "reactionWindow") ?? intercept(state, command.by, roller);
}

function intercept(state: SectionsAttackState, by: string, roller: Roller): SectionsAttackOutcome {
  const who = state.interceptors.find((i) => i.id === by);
  if (!who)
    return refuse("UnknownCombatant", `${by} is not Blocking a border this attack crosses`, "SEC-47", { name: by });
  if (!isThirdEntity(state, by))
    return refuse(
      "InterceptorNotThird",
      `${by} is the attacker or the target: an Intercept is made by a third entity`,
      "SEC-47",
      {
        name: by,
      },
    );
  if (!state.ranged) return refuse("CannotIntercept", "only a non-Area ranged attack can be Intercepted", "SEC-47");
  if (isDefeated(who))
    return refuse("ReactorDefeated", `${by} is defeated and cannot Intercept`, "SEC-47", { name: by });
  if (who.interrupts <= 0) return refuse("NoReactionLeft", `${by} has no Interrupt left`, "SEC-47", { name: by });
  const interceptor = { ...who, interrupts: who.interrupts - 1 };
  // SEC-47: the Interceptor becomes the new target; its Miss die meets the Hit already rolled.
  const missRoll = rollDice(roller, 1, missDie(interceptor, state.sight).sides);
  const hitTotal = state.hitTotal ?? 0;
  const hit = hits(hitTotal, missRoll.total, state.options);
  const events: AttackEvent[] = [
    {
      type: "reactionTaken",
      reactor: by,
      reaction: "intercept",
      roll: missRoll,
      comparison: compare(hitTotal, missRoll.total),
      outcome: hit ? "hit" : "miss",
    },
  ];
  const next: SectionsAttackState = {
    ...state,
    target: by,
    targetData: interceptor,
    interceptors: state.interceptors.filter((i) => i.id !== by),
    result: hit ? "hit" : "miss",
  };
  if (!hit) return endAttack(next, "miss", events);
  return applied(advance(next, "damage", events), events);
}

export function skipReaction(state: SectionsAttackState): SectionsAttackOutcome {
  return requireStep(state, "reactionWindow") ?? closeReactionWindow(state, "noneTaken", "damage");
}
