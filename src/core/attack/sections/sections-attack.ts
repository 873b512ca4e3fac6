import { rollDice } from "../../dice/dice-roll.js";
import { applied, refuse, type Outcome } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import {
  advance,
  compare,
  requireNonNegativeInteger,
  requireStep,
  type AttackEvent,
  type AttackPipeline,
  type AttackStateBase,
  stepCommands,
} from "../pipeline.js";
import { checkCombatant, has, isDefeated, type SectionsCombatant } from "./combatant.js";
import { damageDie, hitDie, missDie, type Sight } from "./effective-dice.js";
import { breakIncanting } from "./incantation.js";

export interface SectionsAttackOptions {
  /** SEC-22 ruling carried over: a Hit roll that ties the Miss roll hits. Default true. */
  readonly tiesHit: boolean;
}

export const DEFAULT_SECTIONS_ATTACK_OPTIONS: SectionsAttackOptions = { tiesHit: true };

/** The declare command: both entities as data, what each can see, and the attack's shape. */
export interface SectionsAttackSetup {
  readonly attacker: SectionsCombatant;
  readonly target: SectionsCombatant;
  readonly sight: Sight;
  /** A non-Area ranged attack: can be Intercepted (SEC-47) or stopped by a distance Block (SEC-48). */
  readonly ranged: boolean;
  /** The attack crosses a border Blocked from a distance (SEC-48). */
  readonly crossesDistanceBlock: boolean;
  /** Entities Blocking a crossed border from their own section, who may Intercept (SEC-47). */
  readonly interceptors: readonly SectionsCombatant[];
  /** The target is underwater (the space helper decides when), and whether an effect lets this ranged attack reach it (SEC-72). */
  readonly targetUnderwater: boolean;
  readonly reachesUnderwater: boolean;
  readonly options?: Partial<SectionsAttackOptions>;
}

export interface SectionsAttackState extends AttackStateBase {
  readonly options: SectionsAttackOptions;
  readonly sight: Sight;
  readonly ranged: boolean;
  readonly crossesDistanceBlock: boolean;
  readonly attackerData: SectionsCombatant;
  /** The current target; an Interceptor replaces it. */
  readonly targetData: SectionsCombatant;
  readonly interceptors: readonly SectionsCombatant[];
  /** The Hit total, once rolled. */
  readonly hitTotal: number | null;
  readonly result: "pending" | "hit" | "miss";
  readonly damage: number | null;
}

export type SectionsAttackCommand =
  | { readonly type: "roll" }
  | { readonly type: "react"; readonly reaction: "intercept"; readonly by: string }
  | { readonly type: "skipReaction" }
  | { readonly type: "rollDamage" }
  /** `damage` overrides the rolled amount (a GM adjustment); never negative. */
  | { readonly type: "apply"; readonly damage?: number };

type Result = Outcome<SectionsAttackState, AttackEvent>;

function start(setup: SectionsAttackSetup): Result {
  if (!setup || typeof setup !== "object") return refuse("MalformedAttack", "the attack declaration is missing");
  const bad = checkCombatant(setup.attacker, "attacker") ?? checkCombatant(setup.target, "target");
  if (bad) return bad;
  if (!Array.isArray(setup.interceptors) || !setup.sight)
    return refuse("MalformedAttack", "the attack declaration lacks sight or interceptors");
  for (const i of setup.interceptors) {
    const b = checkCombatant(i, "interceptor");
    if (b) return b;
  }
  if (isDefeated(setup.attacker)) {
    return refuse("AttackerDefeated", `${setup.attacker.id} is defeated and cannot attack`, undefined, { name: setup.attacker.id });
  }
  if (isDefeated(setup.target)) {
    return refuse("TargetDefeated", `${setup.target.id} is already defeated`, undefined, { name: setup.target.id });
  }
  if (setup.ranged && setup.targetUnderwater && !setup.reachesUnderwater) {
    return refuse("TargetUnderwater", `a ranged attack cannot reach ${setup.target.id} underwater`, "SEC-72", { name: setup.target.id });
  }
  const options = { ...DEFAULT_SECTIONS_ATTACK_OPTIONS, ...(setup.options ?? {}) };
  const state: SectionsAttackState = {
    step: "rollToHit",
    attacker: setup.attacker.id,
    target: setup.target.id,
    options,
    sight: setup.sight,
    ranged: setup.ranged,
    crossesDistanceBlock: setup.crossesDistanceBlock,
    attackerData: setup.attacker,
    targetData: setup.target,
    interceptors: setup.interceptors,
    hitTotal: null,
    result: "pending",
    damage: null,
  };
  const hit = hitDie(setup.attacker, setup.sight);
  const miss = missDie(setup.target, setup.sight);
  const dmg = damageDie(setup.attacker);
  return applied(state, [
    {
      type: "attackDeclared",
      attacker: state.attacker,
      target: state.target,
      detail: {
        hitDie: hit.sides,
        hitReasons: hit.reasons,
        missDie: miss.sides,
        missReasons: miss.reasons,
        damageDie: dmg.sides,
        damageReasons: dmg.reasons,
      },
    },
    { type: "stepChanged", from: "declare", to: "rollToHit" },
  ]);
}

function canIntercept(state: SectionsAttackState): boolean {
  return state.ranged && state.interceptors.some((i) => i.interrupts > 0 && !isDefeated(i) && i.id !== state.attacker);
}

function roll(state: SectionsAttackState, roller: Roller): Result {
  const events: AttackEvent[] = [];
  if (state.ranged && state.crossesDistanceBlock) {
    // SEC-48: a distance Block makes the shot miss with no roll.
    events.push({ type: "autoMiss", reason: "distanceBlock", clause: "SEC-48" });
    const done = advance({ ...state, result: "miss" as const }, "done", events);
    events.push({ type: "attackEnded", outcome: "miss" });
    return applied(done, events);
  }
  const hitRoll = rollDice(roller, 1, hitDie(state.attackerData, state.sight).sides);
  const missRoll = rollDice(roller, 1, missDie(state.targetData, state.sight).sides);
  const hits = state.options.tiesHit ? hitRoll.total >= missRoll.total : hitRoll.total > missRoll.total;
  events.push({ type: "missRolled", combatant: state.target, roll: missRoll });
  events.push({ type: "toHitRolled", roll: hitRoll, comparison: compare(hitRoll.total, missRoll.total), outcome: hits ? "hit" : "miss" });
  const next = { ...state, hitTotal: hitRoll.total, result: hits ? ("hit" as const) : ("miss" as const) };
  if (!hits) {
    const done = advance(next, "done", events);
    events.push({ type: "attackEnded", outcome: "miss" });
    return applied(done, events);
  }
  return applied(advance(next, canIntercept(next) ? "reactionWindow" : "damage", events), events);
}

function intercept(state: SectionsAttackState, by: string, roller: Roller): Result {
  const who = state.interceptors.find((i) => i.id === by);
  if (!who) return refuse("UnknownCombatant", `${by} is not Blocking a border this attack crosses`, "SEC-47", { name: by });
  if (!state.ranged) return refuse("CannotIntercept", "only a non-Area ranged attack can be Intercepted", "SEC-47");
  if (isDefeated(who)) return refuse("ReactorDefeated", `${by} is defeated and cannot Intercept`, "SEC-47", { name: by });
  if (who.interrupts <= 0) return refuse("NoReactionLeft", `${by} has no Interrupt left`, "SEC-47", { name: by });
  const interceptor = { ...who, interrupts: who.interrupts - 1 };
  // SEC-47: the Interceptor becomes the new target; its Miss die meets the Hit already rolled.
  const missRoll = rollDice(roller, 1, missDie(interceptor, state.sight).sides);
  const hitTotal = state.hitTotal ?? 0;
  const hits = state.options.tiesHit ? hitTotal >= missRoll.total : hitTotal > missRoll.total;
  const events: AttackEvent[] = [
    {
      type: "reactionTaken",
      reactor: by,
      reaction: "intercept",
      roll: missRoll,
      comparison: compare(hitTotal, missRoll.total),
      outcome: hits ? "hit" : "miss",
    },
  ];
  const next: SectionsAttackState = {
    ...state,
    target: by,
    targetData: interceptor,
    interceptors: state.interceptors.filter((i) => i.id !== by),
    result: hits ? "hit" : "miss",
  };
  if (!hits) {
    const done = advance(next, "done", events);
    events.push({ type: "attackEnded", outcome: "miss" });
    return applied(done, events);
  }
  return applied(advance(next, "damage", events), events);
}

function rollDamage(state: SectionsAttackState, roller: Roller): Result {
  const die = damageDie(state.attackerData);
  const r = rollDice(roller, 1, die.sides, state.attackerData.damageBonus);
  const amount = Math.max(0, r.total);
  const events: AttackEvent[] = [
    { type: "damageRolled", roll: r, amount, parts: { die: die.sides, bonus: state.attackerData.damageBonus } },
  ];
  return applied(advance({ ...state, damage: amount }, "apply", events), events);
}

function apply(state: SectionsAttackState, override: number | undefined): Result {
  if (override !== undefined) {
    const bad = requireNonNegativeInteger(override, "damage");
    if (bad) return bad;
  }
  const amount = override ?? state.damage ?? 0;
  const t = state.targetData;
  const hp = Math.max(0, t.hp - amount);
  const events: AttackEvent[] = [];
  let incantation = t.incantation;
  if (amount > 0) {
    const broken = breakIncanting(t.incantation);
    if (broken.ok) {
      incantation = broken.state;
      for (const e of broken.events) events.push({ ...e, combatant: t.id, clause: "SEC-67" });
    }
  }
  const after: SectionsCombatant = { ...t, hp, incantation };
  events.unshift({
    type: "damageApplied",
    combatant: t.id,
    amount,
    before: { hp: t.hp, charges: t.incantation.charges },
    after: { hp, charges: incantation.charges },
  });
  // SEC-20: a climbing entity that takes damage must check Acrobatics at once (the DM rolls it).
  if (amount > 0 && has(t, "climbing")) events.push({ type: "acrobaticsCheckDue", combatant: t.id, clause: "SEC-20" });
  if (hp === 0 && t.hp > 0) events.push({ type: "defeated", combatant: t.id });
  const done = advance({ ...state, targetData: after, damage: amount }, "done", events);
  events.push({ type: "attackEnded", outcome: "hit" });
  return applied(done, events);
}

function applyCommand(state: SectionsAttackState, command: SectionsAttackCommand, roller: Roller): Result {
  if (!state || typeof state !== "object" || !command || typeof command !== "object") {
    return refuse("MalformedCommand", "the attack state or command is missing");
  }
  switch (command.type) {
    case "roll":
      return requireStep(state, "rollToHit") ?? roll(state, roller);
    case "react":
      if (command.reaction !== "intercept") {
        return refuse("UnknownReaction", `sections attacks know only the Intercept reaction, not ${String(command.reaction)}`, "SEC-47");
      }
      return requireStep(state, "reactionWindow") ?? intercept(state, command.by, roller);
    case "skipReaction": {
      const bad = requireStep(state, "reactionWindow");
      if (bad) return bad;
      const events: AttackEvent[] = [{ type: "reactionWindowClosed", reason: "noneTaken" }];
      return applied(advance(state, "damage", events), events);
    }
    case "rollDamage":
      return requireStep(state, "damage") ?? rollDamage(state, roller);
    case "apply":
      return requireStep(state, "apply") ?? apply(state, command.damage);
    default:
      return refuse("UnknownCommand", `unknown attack command ${String((command as { type: unknown }).type)}`);
  }
}

function legal(state: SectionsAttackState): SectionsAttackCommand[] {
  switch (state.step) {
    case "reactionWindow":
      return [
        ...state.interceptors
          .filter((i) => i.interrupts > 0 && !isDefeated(i))
          .map((i) => ({ type: "react" as const, reaction: "intercept" as const, by: i.id })),
        { type: "skipReaction" },
      ];
    default:
      return stepCommands(state.step);
  }
}

/** The sections attack: attacker's Hit die against the target's Miss die, then the Damage die (see rulings). */
export const sectionsAttack: AttackPipeline<SectionsAttackSetup, SectionsAttackState, SectionsAttackCommand> = {
  id: "sections.attack",
  start: (setup) => start(setup),
  apply: applyCommand,
  legal,
};

/** Healing an entity: never the defeated, never a negative amount. */
export function healEntity(c: SectionsCombatant, amount: number, maxHp: number): Outcome<SectionsCombatant, AttackEvent> {
  const bad = requireNonNegativeInteger(amount, "healing");
  if (bad) return bad;
  if (isDefeated(c)) return refuse("CannotHealDefeated", `${c.id} is defeated and cannot be healed`, undefined, { name: c.id });
  const hp = Math.min(maxHp, c.hp + amount);
  return applied({ ...c, hp }, [{ type: "healed", combatant: c.id, amount: hp - c.hp }]);
}
