import type { DiceRoll } from "../../dice/dice-roll.js";
import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import {
  advance,
  requireNonNegativeInteger,
  requireStep,
  type AttackEvent,
  type AttackPipeline,
  type AttackStateBase,
  type AttackStep,
  stepCommands,
} from "../pipeline.js";
import type { NeighbourZone } from "./blast.js";
import { deviate } from "./blast.js";
import { checkCharacter, isDown, totalArmour, UNARMED, weaponIsDamaged, type FactionsCharacter } from "./character.js";
import { afterArmour, armourValue, rollDamageDie, showsOne, type ImpairedReading } from "./damage.js";
import { heavyHitDestroys } from "./gear.js";
import { grab } from "./grapple.js";
import { save } from "./saves.js";

export type FactionsAttackMode = "melee" | "ranged" | "indirect" | "meleeBlast" | "rangedBlast";
/** "damage", or a non-lethal attack (FAC-42): "disarm" (FAC-43) or "grapple" (FAC-44). */
export type FactionsAttackEffect = "damage" | "disarm" | "grapple";
export type FactionsReaction = "dodge" | "counter" | "hide" | "guard";

export interface FactionsAttackOptions {
  /** How impaired damage is rolled (FAC-26 silent). Default "keepLower". */
  readonly impaired: ImpairedReading;
  /** FAC-19 ruling: whether the second blow of a counter exchange lands if the first took its dealer down. Default "ifStanding". */
  readonly counterSecondBlow: "ifStanding" | "always";
}

export const DEFAULT_FACTIONS_ATTACK_OPTIONS: FactionsAttackOptions = { impaired: "keepLower", counterSecondBlow: "ifStanding" };

/** The declare command: everyone involved as data and the circumstances (the GM's flags among them). */
export interface FactionsAttackSetup {
  readonly attacker: FactionsCharacter;
  /** One target, or every character a blast targets (the zone helper works them out). */
  readonly targets: readonly FactionsCharacter[];
  /** Characters near the targets, who may guard them or be hidden behind (FAC-21/22). */
  readonly bystanders: readonly FactionsCharacter[];
  readonly mode: FactionsAttackMode;
  readonly effect: FactionsAttackEffect;
  /** The GM calls for a WIT save: challenging circumstances (FAC-25). */
  readonly gmCallsWitSave: boolean;
  readonly targetVisible: boolean;
  readonly beyondHalfRange: boolean;
  readonly moving: boolean;
  readonly holdBack: boolean;
  readonly finalBlow: boolean;
  readonly opportunity: boolean;
  /** A skill lets the target of an opportunity attack react (FAC-24). */
  readonly opportunityReactable: boolean;
  readonly concealment: boolean;
  readonly cover: boolean;
  readonly coverPenetrated: boolean;
  /** The target is behind a barrier (FAC-35): the attack is impossible. */
  readonly barrier: boolean;
  /** The attacker peeks out from behind a barrier: a counter against it treats the barrier as cover (FAC-35). */
  readonly attackerPeeking: boolean;
  /** Zones a missed ranged blast may deviate into (FAC-39). */
  readonly neighbours: readonly NeighbourZone<FactionsCharacter>[];
  readonly options?: Partial<FactionsAttackOptions>;
}

/** One target of the attack and what happened to it. */
export interface TargetSlot {
  /** Who was attacked first in this slot; hiding and guarding change `target`. */
  readonly attacked: string;
  readonly target: FactionsCharacter;
  readonly reaction: FactionsReaction | "none";
  /** The current target may no longer react: it already did, or it guards (FAC-22). */
  readonly reacted: boolean;
  readonly avoided: boolean;
  readonly raw: number | null;
  readonly damage: number | null;
  readonly counterRaw: number | null;
  readonly counterDamage: number | null;
}

export interface FactionsAttackState extends AttackStateBase {
  readonly options: FactionsAttackOptions;
  readonly circumstances: Omit<FactionsAttackSetup, "attacker" | "targets" | "bystanders" | "neighbours" | "options">;
  readonly neighbours: readonly NeighbourZone<FactionsCharacter>[];
  readonly attackerData: FactionsCharacter;
  readonly slots: readonly TargetSlot[];
  readonly bystanders: readonly FactionsCharacter[];
  readonly hit: boolean | null;
  readonly stunt: { readonly effect: string; readonly answer: "pending" | "accepted" | "refused" } | null;
}

export type FactionsAttackCommand =
  | { readonly type: "roll" }
  | { readonly type: "react"; readonly reaction: "dodge" | "counter"; readonly by: string }
  | { readonly type: "react"; readonly reaction: "hide"; readonly by: string; readonly behind: string; readonly agreed: boolean }
  | { readonly type: "react"; readonly reaction: "guard"; readonly by: string; readonly for: string }
  | { readonly type: "proposeStunt"; readonly effect: string }
  | { readonly type: "answerStunt"; readonly accept: boolean }
  | { readonly type: "skipReaction" }
  | { readonly type: "rollDamage" }
  | { readonly type: "apply" };

type Result = Outcome<FactionsAttackState, AttackEvent>;

/** FAC-25/29/30/32/37: whether the attack needs a WIT save to hit. */
export function witSaveRequired(
  s: Pick<FactionsAttackSetup, "mode" | "gmCallsWitSave" | "targetVisible" | "beyondHalfRange" | "moving" | "finalBlow">,
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
    return refuse("BeyondHalfRangeWhileMoving", "a ranged attack cannot target beyond half range while moving", "FAC-31");
  if (s.mode === "indirect" && !s.beyondHalfRange)
    return refuse("IndirectWithinHalfRange", "an indirect attack can only target beyond half range", "FAC-32");
  if (s.mode === "indirect" && s.moving) return refuse("IndirectWhileMoving", "an indirect attack cannot be made while moving", "FAC-32");
  if (s.barrier) return refuse("BlockedByBarrier", "a barrier blocks the attack completely", "FAC-35");
  if (s.effect !== "damage" && s.mode !== "melee")
    return refuse("NonLethalNeedsNearby", `${s.effect} needs a nearby target`, s.effect === "disarm" ? "FAC-43" : "FAC-44");
  if (s.finalBlow) {
    if (s.mode !== "melee") return refuse("FinalBlowNeedsNearby", "a final blow needs a nearby target", "FAC-28");
    const t = s.targets.find((x) => !x.incapacitated || x.dead);
    if (t) return refuse("FinalBlowNeedsIncapacitated", `${t.id} is not incapacitated`, "FAC-28", { name: t.id });
  }
  return null;
}

function slot(t: FactionsCharacter): TargetSlot {
  return {
    attacked: t.id,
    target: t,
    reaction: "none",
    reacted: false,
    avoided: false,
    raw: null,
    damage: null,
    counterRaw: null,
    counterDamage: null,
  };
}

function start(setup: FactionsAttackSetup): Result {
  if (
    !setup ||
    typeof setup !== "object" ||
    !Array.isArray(setup.targets) ||
    !Array.isArray(setup.bystanders) ||
    !Array.isArray(setup.neighbours)
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
    return refuse("AttackerDown", `${a.id} is ${a.dead ? "dead" : "incapacitated"} and cannot attack`, undefined, { name: a.id });
  if (setup.opportunity && a.turnUsed)
    return refuse("NoReactionLeft", `${a.id} has already used its turn this round`, "FAC-23", { name: a.id });
  // FAC-37: a melee blast does not target the attacker.
  const targets = setup.mode === "meleeBlast" ? setup.targets.filter((t) => t.id !== a.id) : setup.targets;
  if (targets.length === 0 && setup.mode !== "rangedBlast") return refuse("NoTargets", "the attack has no target");
  if (setup.mode !== "meleeBlast" && setup.mode !== "rangedBlast" && targets.length !== 1) {
    return refuse("OneTargetOnly", "only a blast attack has several targets", "FAC-36");
  }
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
      detail: { targets: targets.map((t) => t.id), mode: setup.mode, effect: setup.effect, witSave: witSaveRequired(setup) },
    },
  ];
  let attacker = a;
  if (a.grabbing !== null && !(targets.length === 1 && targets[0]!.id === a.grabbing)) {
    // FAC-45: attacking anyone else frees the held character.
    events.push({ type: "released", holder: a.id, held: a.grabbing, clause: "FAC-45" });
    attacker = { ...a, grabbing: null };
  }
  if (a.concealed) events.push({ type: "revealed", combatant: a.id, clause: "FAC-52" });
  if (setup.opportunity) events.push({ type: "movementInterrupted", combatant: targets[0]?.id ?? "", clause: "FAC-23" });
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

/** Why the current target of a slot cannot react, or null if it can. */
export function reactionBar(state: FactionsAttackState, who: FactionsCharacter, asTarget: boolean): Refusal | null {
  const c = state.circumstances;
  if (state.stunt?.answer === "accepted") return refuse("StuntAccepted", "the target accepted the stunt and cannot react", "FAC-41");
  if (asTarget && c.opportunity && !c.opportunityReactable)
    return refuse("CannotReactToOpportunity", "an opportunity attack cannot normally be reacted to", "FAC-24");
  if (state.attackerData.concealed)
    return refuse("Surprised", `${who.id} is surprised by a concealed attacker and cannot react`, "FAC-50", { name: who.id });
  if (asTarget && !who.aware)
    return refuse("UnawareCannotReact", `${who.id} is unaware of the attacker and cannot react`, "FAC-17", { name: who.id });
  if (isDown(who)) return refuse("ReactorDown", `${who.id} is down and cannot react`, undefined, { name: who.id });
  if (who.turnUsed) return refuse("NoReactionLeft", `${who.id} has already used its turn this round`, "FAC-14", { name: who.id });
  return null;
}

function anyoneCanReact(state: FactionsAttackState): boolean {
  for (const s of state.slots) if (!s.reacted && !s.avoided && reactionBar(state, s.target, true) === null) return true;
  for (const b of state.bystanders) if (reactionBar(state, b, false) === null) return true;
  return false;
}

/** Where a hit goes next: the reaction window if anyone may react or the attacker may offer a stunt. */
function afterHit(state: FactionsAttackState): AttackStep {
  if (state.circumstances.finalBlow) return "apply";
  if (state.slots.length === 1 && state.stunt === null) return "reactionWindow";
  if (anyoneCanReact(state)) return "reactionWindow";
  return needsDamageRoll(state) ? "damage" : "apply";
}

/** Damage dice are rolled for a damaging attack that still lands somewhere, or for a counter. */
function needsDamageRoll(state: FactionsAttackState): boolean {
  const damaging = state.circumstances.effect === "damage";
  return state.slots.some((s) => s.reaction === "counter" || (damaging && !s.avoided));
}

function afterWindow(state: FactionsAttackState): AttackStep {
  if (state.stunt?.answer === "accepted") return "done";
  return needsDamageRoll(state) ? "damage" : "apply";
}

function roll(state: FactionsAttackState, roller: Roller): Result {
  const s = save(roller, state.attackerData.wit);
  const events: AttackEvent[] = [{ type: "toHitRolled", roll: s.roll, comparison: s.comparison, outcome: s.passed ? "hit" : "miss" }];
  if (s.passed) {
    const next = { ...state, hit: true };
    return applied(advance(next, afterHit(next), events), events);
  }
  if (state.circumstances.mode === "rangedBlast") {
    const d = deviate(roller, state.neighbours);
    if (d) {
      // FAC-39: the blast lands in the neighbouring zone rolled.
      events.push({ type: "deviated", roll: d.roll, zone: d.zone.zone, targets: d.zone.targets.map((t) => t.id), clause: "FAC-39" });
      const next: FactionsAttackState = { ...state, hit: true, slots: d.zone.targets.map(slot), target: d.zone.targets[0]?.id ?? "" };
      if (next.slots.length > 0) return applied(advance(next, afterHit(next), events), events);
    }
  }
  const done = advance({ ...state, hit: false }, "done", events);
  events.push({ type: "attackEnded", outcome: "miss" });
  return applied(done, events);
}

function replaceSlot(state: FactionsAttackState, i: number, s: TargetSlot): FactionsAttackState {
  return { ...state, slots: state.slots.map((x, j) => (j === i ? s : x)) };
}

function react(state: FactionsAttackState, cmd: Extract<FactionsAttackCommand, { type: "react" }>, roller: Roller): Result {
  if (state.stunt?.answer === "pending")
    return refuse("StuntPending", "the target must first accept or refuse the proposed stunt", "FAC-41");
  const events: AttackEvent[] = [];
  let next: FactionsAttackState;
  if (cmd.reaction === "guard") {
    const i = state.slots.findIndex((s) => s.target.id === cmd.for);
    if (i < 0) return refuse("UnknownCombatant", `${cmd.for} is not a target of this attack`, "FAC-22", { name: cmd.for });
    const guard = state.bystanders.find((b) => b.id === cmd.by);
    if (!guard) return refuse("UnknownCombatant", `${cmd.by} is not near the target`, "FAC-22", { name: cmd.by });
    const bar = reactionBar(state, guard, false);
    if (bar) return bar;
    const old = state.slots[i]!;
    // FAC-22: the guard becomes the target and, having reacted, cannot dodge or counter.
    const guarding = { ...guard, turnUsed: true };
    next = replaceSlot(state, i, { ...old, target: guarding, reaction: "guard", reacted: true });
    next = {
      ...next,
      bystanders: [...state.bystanders.filter((b) => b.id !== cmd.by), old.target],
      target: i === 0 ? cmd.by : state.target,
    };
    events.push({ type: "reactionTaken", reactor: cmd.by, reaction: "guard", outcome: "newTarget", for: cmd.for, clause: "FAC-22" });
  } else {
    const i = state.slots.findIndex((s) => s.target.id === cmd.by);
    if (i < 0) return refuse("UnknownCombatant", `${cmd.by} is not a target of this attack`, "FAC-16", { name: cmd.by });
    const sl = state.slots[i]!;
    if (sl.reaction === "guard") return refuse("GuardCannotReact", `${cmd.by} spent its reaction guarding`, "FAC-22", { name: cmd.by });
    if (sl.reacted) return refuse("NoReactionLeft", `${cmd.by} has already reacted`, "FAC-16", { name: cmd.by });
    const bar = reactionBar(state, sl.target, true);
    if (bar) return bar;
    const reactor = { ...sl.target, turnUsed: true };
    if (cmd.reaction === "dodge") {
      // FAC-18: an AGI save; on a pass the attack misses.
      const s = save(roller, reactor.agi);
      next = replaceSlot(state, i, { ...sl, target: reactor, reaction: "dodge", reacted: true, avoided: s.passed });
      events.push({
        type: "reactionTaken",
        reactor: cmd.by,
        reaction: "dodge",
        roll: s.roll,
        comparison: s.comparison,
        outcome: s.passed ? "dodged" : "failed",
      });
    } else if (cmd.reaction === "counter") {
      // FAC-20: only one target of a multi-target attack may counter.
      if (state.slots.some((s) => s.reaction === "counter"))
        return refuse("CounterTaken", "another target has already countered this attack", "FAC-20");
      next = replaceSlot(state, i, { ...sl, target: reactor, reaction: "counter", reacted: true });
      events.push({ type: "reactionTaken", reactor: cmd.by, reaction: "counter", outcome: "counter" });
    } else if (cmd.reaction === "hide") {
      const shield = state.bystanders.find((b) => b.id === cmd.behind);
      if (!shield) return refuse("UnknownCombatant", `${cmd.behind} is not near ${cmd.by}`, "FAC-21", { name: cmd.behind });
      // FAC-47: the held character has no choice; anyone else must agree (FAC-21).
      const held = sl.target.grabbing === shield.id;
      if (!held && !cmd.agreed)
        return refuse("HideNotAgreed", `${cmd.behind} does not agree to be hidden behind`, "FAC-21", { name: cmd.behind });
      if (isDown(shield)) return refuse("ReactorDown", `${cmd.behind} is down`, "FAC-21", { name: cmd.behind });
      next = replaceSlot(state, i, { ...sl, target: shield, reaction: "none", reacted: false });
      next = {
        ...next,
        bystanders: [...state.bystanders.filter((b) => b.id !== cmd.behind), reactor],
        target: i === 0 ? cmd.behind : state.target,
      };
      events.push({
        type: "reactionTaken",
        reactor: cmd.by,
        reaction: "hide",
        outcome: "newTarget",
        behind: cmd.behind,
        clause: held ? "FAC-47" : "FAC-21",
      });
    } else {
      return refuse("UnknownReaction", `unknown reaction ${String((cmd as { reaction: unknown }).reaction)}`, "FAC-16");
    }
  }
  if (anyoneCanReact(next)) return applied(next, events);
  events.push({ type: "reactionWindowClosed", reason: "noOneLeft" });
  return applied(advance(next, afterWindow(next), events), events);
}

function proposeStunt(state: FactionsAttackState, effect: string): Result {
  if (typeof effect !== "string" || effect === "") return refuse("MalformedStunt", "a stunt needs a description", "FAC-40");
  if (state.slots.length !== 1) return refuse("StuntNeedsOneTarget", "a stunt is proposed to a single target", "FAC-40");
  if (state.stunt !== null) return refuse("StuntAlreadyProposed", "a stunt has already been proposed for this attack", "FAC-40");
  if (state.slots[0]!.reacted || state.slots[0]!.target.id !== state.slots[0]!.attacked) {
    return refuse("StuntAfterReaction", "a stunt must be proposed before the target decides whether to react", "FAC-40");
  }
  return applied({ ...state, stunt: { effect, answer: "pending" } }, [
    { type: "stuntProposed", attacker: state.attacker, target: state.target, effect, clause: "FAC-40" },
  ]);
}

function answerStunt(state: FactionsAttackState, accept: boolean): Result {
  if (state.stunt?.answer !== "pending") return refuse("NoStuntPending", "no stunt is waiting for an answer", "FAC-41");
  const events: AttackEvent[] = [
    { type: accept ? "stuntAccepted" : "stuntRefused", target: state.target, effect: state.stunt.effect, clause: "FAC-41" },
  ];
  const next: FactionsAttackState = { ...state, stunt: { effect: state.stunt.effect, answer: accept ? "accepted" : "refused" } };
  if (!accept) return applied(next, events);
  const done = advance(next, "done", events);
  events.push({ type: "attackEnded", outcome: "stunt" });
  return applied(done, events);
}

function impaired(state: FactionsAttackState): boolean {
  const c = state.circumstances;
  return state.attackerData.weapon.unarmed || c.holdBack || c.concealment;
}

function rollDamage(state: FactionsAttackState, roller: Roller): Result {
  const c = state.circumstances;
  const events: AttackEvent[] = [];
  let attacker = state.attackerData;
  const slots: TargetSlot[] = [];
  for (const s of state.slots) {
    let next = s;
    if (!s.avoided && c.effect === "damage") {
      const r = rollDamageDie(roller, attacker.weapon.damageDie, impaired(state), state.options.impaired);
      const armour = armourValue(totalArmour(s.target), c.cover, c.coverPenetrated);
      const damage = afterArmour(r.total, armour);
      events.push({ type: "damageRolled", roll: r, amount: damage, parts: { raw: r.total, armour }, combatant: s.target.id });
      next = { ...next, raw: r.total, damage };
      attacker = breakOnOne(attacker, r, events);
    }
    if (s.reaction === "counter") {
      // FAC-19: the counter's damage is rolled at the same time; FAC-35: a peeking attacker has the barrier as cover.
      const w = s.target.weapon;
      const r = rollDamageDie(roller, w.damageDie, w.unarmed, state.options.impaired);
      const armour = armourValue(totalArmour(attacker), c.attackerPeeking, false);
      const damage = afterArmour(r.total, armour);
      events.push({
        type: "damageRolled",
        roll: r,
        amount: damage,
        parts: { raw: r.total, armour },
        combatant: attacker.id,
        counter: true,
      });
      next = { ...next, counterRaw: r.total, counterDamage: damage, target: breakOnOne(next.target, r, events) };
    }
    slots.push(next);
  }
  const out = { ...state, attackerData: attacker, slots };
  return applied(advance(out, "apply", events), events);
}

/** FAC-62/64: a damaged or improvised weapon whose damage die shows 1 is destroyed. */
function breakOnOne(c: FactionsCharacter, r: DiceRoll, events: AttackEvent[]): FactionsCharacter {
  if (!weaponIsDamaged(c.weapon) || c.weapon.unarmed || !showsOne(r)) return c;
  events.push({ type: "itemDestroyed", combatant: c.id, item: c.weapon.name, kind: "weapon", clause: "FAC-62" });
  return { ...c, weapon: UNARMED };
}

/** Harm lands: health falls, 0 health is incapacitated (ruling), a harmed surrenderer fights again, heavy hits break gear. */
function harm(c: FactionsCharacter, damage: number, raw: number, events: AttackEvent[]): FactionsCharacter {
  const health = Math.max(0, c.health - damage);
  let next: FactionsCharacter = { ...c, health };
  events.push({ type: "damageApplied", combatant: c.id, amount: damage, before: { health: c.health }, after: { health } });
  const broken = heavyHitDestroys(raw, c.shield?.damaged ?? false, c.armourDamaged);
  if (broken === "shield") next = { ...next, shield: null };
  if (broken === "armour") next = { ...next, armour: 0, armourDamaged: false };
  if (broken) events.push({ type: "itemDestroyed", combatant: c.id, item: broken, kind: broken, clause: "FAC-63" });
  if (damage > 0 && c.surrendering) {
    next = { ...next, surrendering: false };
    events.push({ type: "resumesFighting", combatant: c.id, clause: "FAC-58" });
  }
  if (health === 0 && !c.incapacitated) {
    next = { ...next, incapacitated: true };
    events.push({ type: "incapacitated", combatant: c.id });
  }
  return next;
}

function nonLethal(
  state: FactionsAttackState,
  attacker: FactionsCharacter,
  target: FactionsCharacter,
  roller: Roller,
  events: AttackEvent[],
): { attacker: FactionsCharacter; target: FactionsCharacter } {
  const effect = state.circumstances.effect;
  const s = save(roller, target.str);
  events.push({
    type: "saveRolled",
    combatant: target.id,
    stat: "str",
    roll: s.roll,
    comparison: s.comparison,
    outcome: s.passed ? "pass" : "fail",
    clause: effect === "disarm" ? "FAC-43" : "FAC-44",
  });
  if (s.passed) return { attacker, target };
  if (effect === "disarm") {
    events.push({ type: "disarmed", combatant: target.id, weapon: target.weapon.name, clause: "FAC-43" });
    return { attacker, target: { ...target, weapon: UNARMED } };
  }
  const h = grab(attacker, target);
  events.push({ type: "grabbed", holder: attacker.id, held: target.id, clause: "FAC-44" });
  return { attacker: h.holder, target: h.held };
}

function apply(state: FactionsAttackState, roller: Roller): Result {
  const c = state.circumstances;
  const events: AttackEvent[] = [];
  let attacker = state.attackerData;
  const slots: TargetSlot[] = [];
  for (const s of state.slots) {
    let target = s.target;
    if (c.finalBlow) {
      // FAC-28: the final blow kills the incapacitated target.
      target = { ...target, dead: true };
      events.push({ type: "killed", combatant: target.id, by: attacker.id, clause: "FAC-28" });
      slots.push({ ...s, target });
      continue;
    }
    const lands = !s.avoided;
    const dealt = c.effect === "damage" && lands ? (s.damage ?? 0) : null;
    if (s.reaction === "counter" && s.counterDamage !== null) {
      const back = s.counterDamage;
      // FAC-19: who suffers more is hit first; a tie is simultaneous. FAC-42: a non-lethal attack always resolves last.
      const counterFirst = dealt === null || back > dealt;
      const simultaneous = dealt !== null && back === dealt;
      const always = state.options.counterSecondBlow === "always" || simultaneous;
      events.push({ type: "counterExchange", hitFirst: simultaneous ? "both" : counterFirst ? attacker.id : target.id, clause: "FAC-19" });
      if (counterFirst || simultaneous) {
        attacker = harm(attacker, back, s.counterRaw ?? 0, events);
        if (dealt !== null && (always || !isDown(attacker))) target = harm(target, dealt, s.raw ?? 0, events);
        else if (lands && c.effect !== "damage" && (always || !isDown(attacker)))
          ({ attacker, target } = nonLethal(state, attacker, target, roller, events));
      } else {
        target = harm(target, dealt ?? 0, s.raw ?? 0, events);
        if (always || !isDown(target)) attacker = harm(attacker, back, s.counterRaw ?? 0, events);
      }
    } else if (dealt !== null) {
      target = harm(target, dealt, s.raw ?? 0, events);
    } else if (lands && c.effect !== "damage") {
      ({ attacker, target } = nonLethal(state, attacker, target, roller, events));
    }
    slots.push({ ...s, target });
  }
  // FAC-23: the interrupted mover carries on if still alive and conscious.
  if (c.opportunity && slots[0] && !isDown(slots[0].target))
    events.push({ type: "movementResumes", combatant: slots[0].target.id, clause: "FAC-23" });
  const hitAny = slots.some((s) => !s.avoided);
  const done = advance({ ...state, attackerData: attacker, slots }, "done", events);
  events.push({ type: "attackEnded", outcome: c.finalBlow ? "finalBlow" : hitAny ? "hit" : "miss" });
  return applied(done, events);
}

function applyCommand(state: FactionsAttackState, command: FactionsAttackCommand, roller: Roller): Result {
  if (!state || typeof state !== "object" || !command || typeof command !== "object")
    return refuse("MalformedCommand", "the attack state or command is missing");
  switch (command.type) {
    case "roll":
      return requireStep(state, "rollToHit") ?? roll(state, roller);
    case "react":
      return requireStep(state, "reactionWindow") ?? react(state, command, roller);
    case "proposeStunt":
      return requireStep(state, "reactionWindow") ?? proposeStunt(state, command.effect);
    case "answerStunt":
      return requireStep(state, "reactionWindow") ?? answerStunt(state, command.accept);
    case "skipReaction": {
      const bad = requireStep(state, "reactionWindow");
      if (bad) return bad;
      if (state.stunt?.answer === "pending")
        return refuse("StuntPending", "the target must first accept or refuse the proposed stunt", "FAC-41");
      const events: AttackEvent[] = [{ type: "reactionWindowClosed", reason: "noneTaken" }];
      return applied(advance(state, afterWindow(state), events), events);
    }
    case "rollDamage":
      return requireStep(state, "damage") ?? rollDamage(state, roller);
    case "apply":
      return requireStep(state, "apply") ?? apply(state, roller);
    default:
      return refuse("UnknownCommand", `unknown attack command ${String((command as { type: unknown }).type)}`);
  }
}

function legal(state: FactionsAttackState): FactionsAttackCommand[] {
  switch (state.step) {
    case "reactionWindow": {
      if (state.stunt?.answer === "pending")
        return [
          { type: "answerStunt", accept: true },
          { type: "answerStunt", accept: false },
        ];
      const out: FactionsAttackCommand[] = [];
      for (const s of state.slots) {
        if (s.reacted || reactionBar(state, s.target, true)) continue;
        out.push({ type: "react", reaction: "dodge", by: s.target.id });
        if (!state.slots.some((x) => x.reaction === "counter")) out.push({ type: "react", reaction: "counter", by: s.target.id });
        for (const b of state.bystanders) {
          if (!isDown(b)) out.push({ type: "react", reaction: "hide", by: s.target.id, behind: b.id, agreed: true });
        }
      }
      for (const s of state.slots)
        for (const b of state.bystanders)
          if (!reactionBar(state, b, false)) out.push({ type: "react", reaction: "guard", by: b.id, for: s.target.id });
      out.push({ type: "skipReaction" });
      return out;
    }
    default:
      return stepCommands(state.step);
  }
}

/** The factions attack: automatic hit or WIT save, reactions, damage against armour (see rulings). */
export const factionsAttack: AttackPipeline<FactionsAttackSetup, FactionsAttackState, FactionsAttackCommand> = {
  id: "factions.attack",
  start: (setup) => start(setup),
  apply: applyCommand,
  legal,
};

/** Healing: never the dead, never a negative amount; health above 0 ends incapacitation (ruling). */
export function heal(c: FactionsCharacter, amount: number, maxHealth: number): Outcome<FactionsCharacter, AttackEvent> {
  const bad = requireNonNegativeInteger(amount, "healing");
  if (bad) return bad;
  if (c.dead) return refuse("CannotHealDead", `${c.id} is dead and cannot be healed`, undefined, { name: c.id });
  const health = Math.min(maxHealth, c.health + amount);
  return applied({ ...c, health, incapacitated: c.incapacitated && health === 0 }, [
    { type: "healed", combatant: c.id, amount: health - c.health },
  ]);
}
