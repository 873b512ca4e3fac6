import { isList } from "../../../shared/guards.js";
import { applied, refuse, type Refusal } from "../../../shared/outcome.js";
import { advance, type AttackEvent } from "../../pipeline.js";
import { checkCharacter, isDown } from "../character.js";
import { afterHit } from "../next-step.js";
import { slot } from "../slots.js";
import {
  DEFAULT_FACTIONS_ATTACK_OPTIONS,
  type FactionsAttackOutcome,
  type FactionsAttackSetup,
  type FactionsAttackState,
} from "../types.js";

/** FAC-25/29/30/32/37: whether the attack needs a WIT save to hit. */
export function witSaveRequired(
  s: Pick<
    FactionsAttackSetup,
    "mode" | "gmCallsWitSave" | "targetVisible" | "beyondHalfRange" | "moving" | "finalBlow"
  >,
): boolean {
  if (s.finalBlow || s.mode === "meleeBlast") return false;
  if (s.mode === "indirect") return true;
  if (s.mode === "melee") return s.gmCallsWitSave || !s.targetVisible;
  return s.gmCallsWitSave || s.beyondHalfRange || s.moving;
}

/** FAC-31/32/35/43/44/28: attacks the rules forbid. */
export function forbidden(s: FactionsAttackSetup): Refusal | null {
  const ranged = s.mode === "ranged" || s.mode === "rangedBlast";
  if (ranged && !s.targetVisible) return refuse("TargetNotVisible", "a ranged attack needs a visible target", "FAC-31");
  if (ranged && s.beyondHalfRange && s.moving)
    return refuse(
      "BeyondHalfRangeWhileMoving",
      "a ranged attack cannot target beyond half range while moving",
      "FAC-31",
    );
  if (s.mode === "indirect" && !s.beyondHalfRange)
    return refuse("IndirectWithinHalfRange", "an indirect attack can only target beyond half range", "FAC-32");
  if (s.mode === "indirect" && s.moving)
    return refuse("IndirectWhileMoving", "an indirect attack cannot be made while moving", "FAC-32");
  if (s.barrier) return refuse("BlockedByBarrier", "a barrier blocks the attack completely", "FAC-35");
  if (s.effect !== "damage" && s.mode !== "melee")
    return refuse(
      "NonLethalNeedsNearby",
      `${s.effect} needs a nearby target`,
      s.effect === "disarm" ? "FAC-43" : "FAC-44",
    );
  if (s.finalBlow) {
    if (s.mode !== "melee") return refuse("FinalBlowNeedsNearby", "a final blow needs a nearby target", "FAC-28");
    const t = s.targets.find((x) => !x.incapacitated || x.dead);
    if (t) return refuse("FinalBlowNeedsIncapacitated", `${t.id} is not incapacitated`, "FAC-28", { name: t.id });
  }
  return null;
}

/** The declaration opens the card: an automatic hit (FAC-25) or a WIT save to roll. */
export function start(setup: FactionsAttackSetup): FactionsAttackOutcome {
  if (
    !setup ||
    typeof setup !== "object" ||
    !isList(setup.targets) ||
    !isList(setup.bystanders) ||
    !isList(setup.neighbours)
  ) {
    return refuse("MalformedAttack", "the attack declaration is incomplete");
  }
  const bad = checkCharacter(setup.attacker, "attacker");
  if (bad) return bad;
  for (const t of [...setup.targets, ...setup.bystanders, ...setup.neighbours.flatMap((z) => z.targets)]) {
    const b = checkCharacter(t, "target");
    if (b) return b;
  }
  const a = setup.attacker;
  if (isDown(a))
    return refuse("AttackerDown", `${a.id} is ${a.dead ? "dead" : "incapacitated"} and cannot attack`, undefined, {
      name: a.id,
    });
  if (setup.opportunity && a.turnUsed)
    return refuse("NoReactionLeft", `${a.id} has already used its turn this round`, "FAC-23", { name: a.id });
  // FAC-37: a melee blast does not target the attacker.
  const targets = setup.mode === "meleeBlast" ? setup.targets.filter((t) => t.id !== a.id) : setup.targets;
  if (targets.length === 0 && setup.mode !== "rangedBlast") return refuse("NoTargets", "the attack has no target");
  if (setup.mode !== "meleeBlast" && setup.mode !== "rangedBlast" && targets.length !== 1) {
    return refuse("OneTargetOnly", "only a blast attack has several targets", "FAC-36");
  }
  if (setup.mode !== "meleeBlast" && setup.mode !== "rangedBlast" && targets[0]!.id === a.id)
    return refuse("CannotAttackSelf", `${a.id} cannot attack itself`);
  const dead = targets.find((t) => t.dead);
  if (dead) return refuse("TargetDead", `${dead.id} is dead`, undefined, { name: dead.id });
  const no = forbidden({ ...setup, targets });
  if (no) return no;
  const { attacker: _a, targets: _t, bystanders: _b, neighbours: _n, options: _o, ...circumstances } = setup;
  const events: AttackEvent[] = [
    {
      type: "attackDeclared",
      attacker: a.id,
      target: targets[0]?.id ?? "",
      detail: {
        targets: targets.map((t) => t.id),
        mode: setup.mode,
        effect: setup.effect,
        witSave: witSaveRequired(setup),
      },
    },
  ];
  let attacker = a;
  if (a.grabbing !== null && !(targets.length === 1 && targets[0]!.id === a.grabbing)) {
    // FAC-45: attacking anyone else frees the held character.
    events.push({ type: "released", holder: a.id, held: a.grabbing, clause: "FAC-45" });
    attacker = { ...a, grabbing: null };
  }
  if (a.concealed) events.push({ type: "revealed", combatant: a.id, clause: "FAC-52" });
  if (setup.opportunity)
    events.push({ type: "movementInterrupted", combatant: targets[0]?.id ?? "", clause: "FAC-23" });
  const state: FactionsAttackState = {
    step: "declare",
    attacker: a.id,
    target: targets[0]?.id ?? "",
    options: { ...DEFAULT_FACTIONS_ATTACK_OPTIONS, ...(setup.options ?? {}) },
    circumstances,
    neighbours: setup.neighbours,
    attackerData: attacker,
    slots: targets.map(slot),
    bystanders: setup.bystanders,
    hit: null,
    stunt: null,
  };
  if (witSaveRequired(setup)) return applied(advance(state, "rollToHit", events), events);
  // FAC-25: normally an attack hits automatically.
  events.push({ type: "autoHit", clause: setup.mode === "meleeBlast" ? "FAC-37" : "FAC-25" });
  const hit = { ...state, hit: true };
  return applied(advance(hit, afterHit(hit), events), events);
}
