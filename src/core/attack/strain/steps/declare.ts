import { shown } from "../../../shared/shown.js";
import { applied, refuse } from "../../../shared/outcome.js";
import type { AttackEvent } from "../../pipeline.js";
import { artModifier } from "../character.js";
import { checkSetup } from "../check-setup.js";
import { addLoad } from "../loads.js";
import { allowedDefences } from "../roll-modifiers.js";
import {
  DEFAULT_STRAIN_ATTACK_OPTIONS,
  type StrainAttackOutcome,
  type StrainAttackSetup,
  type StrainAttackState,
} from "../types.js";

/** The declaration opens the card: attacker, target, the defence chosen (STR-38) and any Overexertion (STR-44). */
export function start(setup: StrainAttackSetup): StrainAttackOutcome {
  if (!setup || typeof setup !== "object") return refuse("MalformedAttack", "the attack declaration is missing");
  const options = { ...DEFAULT_STRAIN_ATTACK_OPTIONS, ...(setup.options ?? {}) };
  const bad = checkSetup(setup, options);
  if (bad) return bad;
  const a = setup.attacker;
  if (a.id === setup.target.id) return refuse("CannotAttackSelf", `${a.id} cannot attack itself`);
  if (a.removed || a.incapacitated) {
    return refuse("AttackerIncapacitated", `${a.id} is Incapacitated and cannot act`, "STR-61", { name: a.id });
  }
  if (setup.target.removed)
    return refuse("TargetRemoved", `${setup.target.id} has been removed from combat`, "STR-64", {
      name: setup.target.id,
    });
  if (!allowedDefences(setup.kind).includes(setup.defence)) {
    return refuse(
      "DefenceNotAllowed",
      `a ${setup.kind} attack cannot be defended with ${shown(setup.defence)}`,
      "STR-37",
      {
        kind: setup.kind,
        defence: shown(setup.defence),
      },
    );
  }
  if (artModifier(a, setup.art) === null)
    return refuse("UnknownArt", `${a.id} has no Art ${setup.art}`, "STR-36", { name: a.id, art: setup.art });
  // STR-44: an ability may let its user Overexert; one without the Overexert tag does not.
  if (setup.overexert > 0 && !setup.overexertTag)
    return refuse("OverexertNotAllowed", "the ability has no Overexert tag: its user cannot Overexert", "STR-44");
  const events: AttackEvent[] = [];
  let attacker = a;
  if (setup.overexert > 0) {
    // STR-44: the Stress is taken now, before any roll.
    const taken = addLoad(a, "stress", setup.overexert);
    if (!taken.ok) return taken;
    attacker = taken.state;
    events.push({ type: "overexerted", combatant: a.id, stress: setup.overexert, clause: "STR-44" }, ...taken.events);
  }
  const { attacker: _a, target: _t, options: _o, ...rest } = setup;
  const state: StrainAttackState = {
    step: "rollToHit",
    attacker: a.id,
    target: setup.target.id,
    options,
    setup: rest,
    attackerData: attacker,
    targetData: setup.target,
    attackTotal: null,
    result: null,
  };
  events.unshift({
    type: "attackDeclared",
    attacker: a.id,
    target: setup.target.id,
    detail: {
      kind: setup.kind,
      art: setup.art,
      defence: setup.defence,
      deals: setup.deals,
      instances: setup.instances,
    },
  });
  events.push({ type: "stepChanged", from: "declare", to: "rollToHit" });
  return applied(state, events);
}
