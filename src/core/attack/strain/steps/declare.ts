import { shown } from "../../../shared/shown.js";
import { applied, refuse } from "../../../shared/outcome.js";
import { requireInteger, requireNonNegativeInteger, type AttackEvent } from "../../pipeline.js";
import { artModifier, checkCharacter } from "../character.js";
import { addLoad } from "../loads.js";
import { allowedDefences } from "../roll-modifiers.js";
import { DEFAULT_STRAIN_ATTACK_OPTIONS, type StrainAttackOutcome, type StrainAttackSetup, type StrainAttackState } from "../types.js";

/** The declaration opens the card: attacker, target, the defence chosen (STR-38) and any Overexertion (STR-44). */
export function start(setup: StrainAttackSetup): StrainAttackOutcome {
  if (!setup || typeof setup !== "object") return refuse("MalformedAttack", "the attack declaration is missing");
  const bad =
    checkCharacter(setup.attacker, "attacker") ??
    checkCharacter(setup.target, "target") ??
    requireNonNegativeInteger(setup.instances, "instances", "STR-55") ??
    requireNonNegativeInteger(setup.adjacentEnemies, "adjacentEnemies", "STR-42") ??
    requireNonNegativeInteger(setup.overexert, "overexert", "STR-44") ??
    requireNonNegativeInteger(setup.boons, "boons") ??
    requireNonNegativeInteger(setup.banes, "banes");
  if (bad) return bad;
  const a = setup.attacker;
  if (a.removed || a.incapacitated) {
    return refuse("AttackerIncapacitated", `${a.id} is Incapacitated and cannot act`, "STR-61", { name: a.id });
  }
  if (setup.target.removed)
    return refuse("TargetRemoved", `${setup.target.id} has been removed from combat`, "STR-64", { name: setup.target.id });
  if (setup.kind !== "physical" && setup.kind !== "mental") return refuse("MalformedAttack", "an attack is Physical or Mental", "STR-37");
  if (!allowedDefences(setup.kind).includes(setup.defence)) {
    return refuse("DefenceNotAllowed", `a ${setup.kind} attack cannot be defended with ${shown(setup.defence)}`, "STR-37", {
      kind: setup.kind,
      defence: shown(setup.defence),
    });
  }
  if (artModifier(a, setup.art) === null)
    return refuse("UnknownArt", `${a.id} has no Art ${setup.art}`, "STR-36", { name: a.id, art: setup.art });
  const options = { ...DEFAULT_STRAIN_ATTACK_OPTIONS, ...(setup.options ?? {}) };
  const bad2 = requireInteger(options.evasionCriticalMargin, "evasionCriticalMargin");
  if (bad2) return bad2;
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
    detail: { kind: setup.kind, art: setup.art, defence: setup.defence, deals: setup.deals, instances: setup.instances },
  });
  events.push({ type: "stepChanged", from: "declare", to: "rollToHit" });
  return applied(state, events);
}
