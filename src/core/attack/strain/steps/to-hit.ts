import { rollBoonBane } from "../../../dice/boon-bane.js";
import { applied } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { advance, compare, requireStep, type AttackEvent } from "../../pipeline.js";
import { artModifier } from "../character.js";
import { defenceEffect, defenceResult, type DefenceResult } from "../contest.js";
import { attackNet, defenceModifier, defenceNet } from "../roll-modifiers.js";
import type { StrainAttackCommand, StrainAttackOutcome, StrainAttackState } from "../types.js";

/** The attack roll against the defence roll, both 2d6 with Boons and Banes (STR-39..41). */
export function roll(state: StrainAttackState, _command: StrainAttackCommand, roller: Roller): StrainAttackOutcome {
  const bad = requireStep(state, "rollToHit");
  if (bad) return bad;
  const s = state.setup;
  const a = state.attackerData;
  const t = state.targetData;
  // STR-45: Cover protects against Physical Attacks only.
  const net = attackNet(a, { ...s, cover: s.cover && s.kind === "physical" });
  const attack = rollBoonBane(
    roller,
    net > 0 ? net : 0,
    net < 0 ? -net : 0,
    artModifier(a, s.art) ?? 0,
    state.options.boonBane,
  );
  const events: AttackEvent[] = [];
  let result: DefenceResult;
  let defenceTotal: number;
  if (t.incapacitated) {
    // STR-61 ruling: an Incapacitated character cannot act, so it cannot defend; the effect lands.
    result = "failure";
    defenceTotal = 0;
    events.push({ type: "defenceSkipped", combatant: t.id, reason: "incapacitated", clause: "STR-61" });
  } else {
    const dn = defenceNet(t, s.defence);
    const defence = rollBoonBane(
      roller,
      dn > 0 ? dn : 0,
      dn < 0 ? -dn : 0,
      defenceModifier(t, s.defence),
      state.options.boonBane,
    );
    defenceTotal = defence.total;
    result = defenceResult(s.defence, defence.total, attack.total, state.options);
    events.push({ type: "defenceRolled", combatant: t.id, defence: s.defence, roll: defence });
  }
  const effect = defenceEffect(s.defence, result);
  events.push({
    type: "toHitRolled",
    roll: attack,
    comparison: compare(attack.total, defenceTotal),
    outcome: effect.takesEffect ? "hit" : "miss",
  });
  events.push({
    type: "defenceResult",
    combatant: t.id,
    defence: s.defence,
    result,
    takesEffect: effect.takesEffect,
    vulnerable: effect.vulnerable,
  });
  // STR-39: defending is the only reaction, made before the roll, so the reaction window is skipped.
  const next = { ...state, attackTotal: attack.total, result };
  return applied(advance(next, effect.takesEffect ? "damage" : "apply", events), events);
}
