import { applied } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { advance, requireStep, type AttackEvent } from "../../pipeline.js";
import { endAttack } from "../../shared/end-attack.js";
import { deviate } from "../blast.js";
import { afterHit } from "../next-step.js";
import { save } from "../saves.js";
import { slot } from "../slots.js";
import type { FactionsAttackCommand, FactionsAttackOutcome, FactionsAttackState } from "../types.js";

/** The WIT save to hit (FAC-25); a missed ranged blast may deviate into a neighbouring zone (FAC-39). */
export function roll(
  state: FactionsAttackState,
  _command: FactionsAttackCommand,
  roller: Roller,
): FactionsAttackOutcome {
  const bad = requireStep(state, "rollToHit");
  if (bad) return bad;
  const s = save(roller, state.attackerData.wit);
  const events: AttackEvent[] = [
    { type: "toHitRolled", roll: s.roll, comparison: s.comparison, outcome: s.passed ? "hit" : "miss" },
  ];
  if (s.passed) {
    const next = { ...state, hit: true };
    return applied(advance(next, afterHit(next), events), events);
  }
  if (state.circumstances.mode === "rangedBlast") {
    const d = deviate(roller, state.neighbours);
    if (d) {
      // FAC-39: the blast lands in the neighbouring zone rolled.
      events.push({
        type: "deviated",
        roll: d.roll,
        zone: d.zone.zone,
        targets: d.zone.targets.map((t) => t.id),
        clause: "FAC-39",
      });
      const next: FactionsAttackState = {
        ...state,
        hit: true,
        slots: d.zone.targets.map(slot),
        target: d.zone.targets[0]?.id ?? "",
      };
      if (next.slots.length > 0) return applied(advance(next, afterHit(next), events), events);
    }
  }
  return endAttack({ ...state, hit: false }, "miss", events);
}
