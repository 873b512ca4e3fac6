import { isList } from "../../../shared/guards.js";
import { applied, refuse, type Refusal } from "../../../shared/outcome.js";
import { advance, requireInteger, requireNonNegativeInteger, requireStep, type AttackEvent } from "../../pipeline.js";
import { combatantOf, unknownCombatant, withCombatant } from "../../shared/combatants.js";
import { shown } from "../../../shared/shown.js";
import { declaration } from "../attack.js";
import {
  canAct,
  freeHitsLeft,
  isSummoningSick,
  spendFreeHitSlot,
  type EscalationCombatant,
  type WritableCombatant,
} from "../combatant.js";
import { DEFAULT_ESCALATION_OPTIONS } from "../options.js";
import type { EscalationAttackOutcome, EscalationAttackState, EscalationCommand, EscalationSetup } from "../types.js";
import { validCombatant, validWeapon } from "../valid-combatant.js";

const AIMS: readonly string[] = ["fatal", "slowing", "weakening", "disrupting", "centerMass"];

/** The card between attacks: nothing declared, rolled or owed. */
const NO_ATTACK = {
  attacker: "",
  target: "",
  declaration: null,
  toHit: null,
  damage: null,
  owed: "none",
  outcome: null,
} as const;

/** A new attack on the card forgets the last one. */
export function clearAttack(state: EscalationAttackState): EscalationAttackState {
  return { ...state, ...NO_ATTACK };
}

/** The card opens on a fight: every combatant checked, no attack declared yet. */
export function start(setup: EscalationSetup): EscalationAttackOutcome {
  if (!setup || !isList(setup.combatants)) return refuse("MalformedSetup", "the setup needs a list of combatants");
  const combatants: Record<string, EscalationCombatant> = {};
  for (const c of setup.combatants) {
    const bad = validCombatant(c);
    if (bad) return bad;
    if (Object.hasOwn(combatants, c.id))
      return refuse("DuplicateCombatant", `combatant ${c.id} is listed twice`, undefined, { id: c.id });
    combatants[c.id] = c;
  }
  const round = setup.round ?? 1;
  const r =
    requireNonNegativeInteger(round, "round") ??
    requireNonNegativeInteger(setup.options?.woundsPerHeal ?? 1, "woundsPerHeal", "ESC-26");
  if (r) return r;
  return applied({
    step: "declare",
    ...NO_ATTACK,
    round,
    options: { ...DEFAULT_ESCALATION_OPTIONS, ...(setup.options ?? {}) },
    combatants,
    borrowed: {},
  });
}

/** An attack is declared with an Attack Action (ESC-13), the Extra Attack (ESC-10) or a Free Hit (ESC-42). */
export function declare(
  state: EscalationAttackState,
  cmd: Extract<EscalationCommand, { type: "declare" }>,
): EscalationAttackOutcome {
  const stepBad = requireStep(state, "declare", "done");
  if (stepBad) return stepBad;
  const attacker = combatantOf(state, cmd.attacker);
  const target = combatantOf(state, cmd.target);
  if (!attacker) return unknownCombatant(cmd.attacker);
  if (!target) return unknownCombatant(cmd.target);
  if (attacker.id === target.id) return refuse("CannotAttackSelf", `${attacker.name} cannot attack itself`);
  if (!canAct(attacker)) return cannotAttack(attacker);
  if (isSummoningSick(attacker, state.round)) {
    return refuse("SummoningSickness", `${attacker.name} was just summoned and cannot act this round`, "ESC-55", {
      name: attacker.name,
    });
  }
  if (target.condition === "defeated" || target.condition === "dead") {
    return refuse("TargetDefeated", `${target.name} is already ${target.condition}`, undefined, { name: target.name });
  }
  if (cmd.weapon !== undefined) {
    const badWeapon = validWeapon(cmd.weapon, attacker.id);
    if (badWeapon) return badWeapon;
  }
  const d = declaration(attacker, target, cmd);
  if (d.aim !== null && !AIMS.includes(d.aim))
    return refuse("UnknownAimTarget", `there is no body target ${shown(d.aim)}`, "ESC-19");
  if (d.aim !== null && !d.weapon.physical)
    return refuse("AimNeedsPhysicalAttack", "only a physical attack can be aimed", "ESC-19");
  for (const [v, n] of [
    [d.toHitBonus, "toHitBonus"],
    [d.damageBoost, "damageBoost"],
  ] as const) {
    const r = requireInteger(v, n);
    if (r) return r;
  }
  let att = attacker;
  const a = attacker.actions;
  if (d.kind === "attack") {
    if (a.aa < 1)
      return refuse("NoAttackAction", `${attacker.name} has no Attack Action left this turn`, "ESC-13", {
        name: attacker.name,
      });
    att = { ...att, actions: { ...a, aa: a.aa - 1 } };
  } else if (d.kind === "extraAttack") {
    if (a.ma < 1 || a.ba < 2)
      return refuse("NoExtraAttack", `${attacker.name} needs its Move Action and both Bonus Actions`, "ESC-10", {
        name: attacker.name,
      });
    att = { ...att, actions: { ...a, ma: a.ma - 1, ba: a.ba - 2 } };
  } else if (d.kind === "freeHit") {
    if (freeHitsLeft(attacker) < 1)
      return refuse("NoFreeHitSlots", `${attacker.name} has no Free Hit Slots left this round`, "ESC-42", {
        name: attacker.name,
      });
    const spent: WritableCombatant = { ...att };
    spendFreeHitSlot(spent);
    att = spent;
  } else {
    return refuse("NoFreeHitOwed", "a free critical hit comes only from a tragedy", "ESC-35");
  }
  const events: AttackEvent[] = [
    { type: "attackDeclared", attacker: att.id, target: target.id, detail: { ...d, weapon: d.weapon.name } },
  ];
  const next = advance(
    { ...clearAttack(withCombatant(state, att)), attacker: att.id, target: target.id, declaration: d },
    "rollToHit",
    events,
  );
  return applied(next, events);
}

/** ESC-13: a unit that is not active (or incapacitated) cannot attack. */
export function cannotAttack(c: EscalationCombatant): Refusal {
  return refuse("AttackerCannotAct", `${c.name} is ${c.condition} and cannot attack`, "ESC-13", {
    name: c.name,
    condition: c.condition,
  });
}
