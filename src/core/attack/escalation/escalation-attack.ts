import { finish, formatModifier, type DieResult } from "../../dice/dice-roll.js";
import { applied, refuse, type Outcome, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import {
  advance,
  compare,
  requireInteger,
  requireNonNegativeInteger,
  requireStep,
  type AttackEvent,
  type AttackPipeline,
  type AttackStateBase,
  stepCommands,
} from "../pipeline.js";
import {
  bonusActionsPerTurn,
  canAct,
  freeHitsLeft,
  isSummoningSick,
  type AimTarget,
  type EscalationActions,
  type EscalationCombatant,
  type EscalationWeapon,
} from "./combatant.js";
import {
  declaration,
  rollDamage,
  rollToHit,
  takeHit,
  type EscalationAttackKind,
  type EscalationDamage,
  type EscalationDeclaration,
  type EscalationOutcome,
  type EscalationToHit,
} from "./attack.js";
import { DEFAULT_ESCALATION_OPTIONS, type EscalationOptions } from "./options.js";
import { checkSummoningSlot } from "./summoning.js";

export interface EscalationSetup {
  readonly combatants: readonly EscalationCombatant[];
  readonly round?: number;
  readonly options?: Partial<EscalationOptions>;
}

export interface EscalationAttackState extends AttackStateBase {
  readonly round: number;
  readonly options: EscalationOptions;
  readonly combatants: Readonly<Record<string, EscalationCombatant>>;
  readonly declaration: EscalationDeclaration | null;
  readonly toHit: EscalationToHit | null;
  readonly damage: EscalationDamage | null;
  /** Set in the reaction window after a natural 1 (ESC-34/35): the free hit the target may take. */
  readonly owed: "none" | "freeHit" | "freeCritical";
  readonly outcome: EscalationOutcome | null;
  /** ESC-48: actions already taken from each unit's next turn by standing up outside its turn. */
  readonly borrowed: Readonly<Record<string, EscalationActions>>;
}

export type EscalationStatus = "flatFooted" | "prone" | "channeling";

export type EscalationCommand =
  | {
      readonly type: "declare";
      readonly attacker: string;
      readonly target: string;
      readonly weapon?: EscalationWeapon;
      readonly aim?: AimTarget | null;
      readonly flanking?: boolean;
      readonly undetected?: boolean;
      readonly inMeleeZone?: boolean;
      readonly kind?: Exclude<EscalationAttackKind, "freeCritical">;
      readonly toHitBonus?: number;
      readonly damageBoost?: number;
    }
  | { readonly type: "roll" }
  | { readonly type: "react"; readonly reaction: string }
  | { readonly type: "skipReaction" }
  | { readonly type: "rollDamage" }
  | { readonly type: "apply" }
  | { readonly type: "heal"; readonly target: string; readonly amount: number }
  | { readonly type: "removeWound"; readonly target: string }
  | { readonly type: "damage"; readonly target: string; readonly amount: number }
  | { readonly type: "disarm"; readonly combatant: string }
  | { readonly type: "retrieve"; readonly combatant: string; readonly pay: "aa" | "ma" | "ba" }
  | { readonly type: "standUp"; readonly combatant: string; readonly pay: "aa" | "ma" | "ba"; readonly outsideTurn?: boolean }
  | { readonly type: "startTurn"; readonly combatant: string }
  | { readonly type: "newRound" }
  | { readonly type: "disengage"; readonly combatant: string; readonly pay: "aa" | "ba" | "granted" }
  | { readonly type: "setStatus"; readonly combatant: string; readonly status: EscalationStatus; readonly value: boolean }
  | { readonly type: "summon"; readonly summoner: string; readonly unit: EscalationCombatant; readonly thralled?: boolean };

type Result = Outcome<EscalationAttackState, AttackEvent>;

const NOTHING_OWED: EscalationActions = { aa: 0, ma: 0, ba: 0 };

const AIMS: readonly string[] = ["fatal", "slowing", "weakening", "disrupting", "centerMass"];

function unknown(id: string): Refusal {
  return refuse("UnknownCombatant", `there is no combatant ${id} in this fight`, undefined, { id, name: id });
}

function validCombatant(c: EscalationCombatant): Refusal | null {
  if (typeof c !== "object" || c === null || typeof c.id !== "string")
    return refuse("InvalidCombatant", "a combatant needs an id", undefined, { id: "(none)" });
  for (const k of ["hp", "maxHp", "armor", "level", "movement", "freeHitsUsed"] as const) {
    const r = requireNonNegativeInteger(c[k], `${c.id}.${k}`);
    if (r) return r;
  }
  for (const k of ["accuracy", "agility", "strength"] as const) {
    const r = requireInteger(c[k], `${c.id}.${k}`);
    if (r) return r;
  }
  const a = c.actions;
  if (
    !Array.isArray(c.feats) ||
    !Array.isArray(c.wounds) ||
    !Array.isArray(c.focusWeapons) ||
    !a ||
    [a.aa, a.ma, a.ba].some((n) => requireNonNegativeInteger(n, "actions"))
  ) {
    return refuse("InvalidCombatant", `${c.id} needs its feats, wounds, focus weapons and actions`, undefined, { id: c.id });
  }
  return validWeapon(c.weapon, c.id);
}

function validWeapon(w: EscalationWeapon | undefined, id: string): Refusal | null {
  if (
    !w ||
    typeof w !== "object" ||
    requireNonNegativeInteger(w.dice, "dice") ||
    !Number.isInteger(w.sides) ||
    w.sides < 1 ||
    !Number.isInteger(w.modifier)
  ) {
    return refuse("MalformedWeapon", `${id}'s weapon needs a whole number of dice with at least one side`, "ESC-15", { id });
  }
  return null;
}

function clearAttack(state: EscalationAttackState): EscalationAttackState {
  return { ...state, attacker: "", target: "", declaration: null, toHit: null, damage: null, owed: "none", outcome: null };
}

function withCombatant(state: EscalationAttackState, c: EscalationCombatant): EscalationAttackState {
  return { ...state, combatants: { ...state.combatants, [c.id]: c } };
}

function start(setup: EscalationSetup): Result {
  if (!setup || !Array.isArray(setup.combatants)) return refuse("MalformedSetup", "the setup needs a list of combatants");
  const combatants: Record<string, EscalationCombatant> = {};
  for (const c of setup.combatants) {
    const bad = validCombatant(c);
    if (bad) return bad;
    if (combatants[c.id]) return refuse("DuplicateCombatant", `combatant ${c.id} is listed twice`, undefined, { id: c.id });
    combatants[c.id] = c;
  }
  const round = setup.round ?? 1;
  const r =
    requireNonNegativeInteger(round, "round") ?? requireNonNegativeInteger(setup.options?.woundsPerHeal ?? 1, "woundsPerHeal", "ESC-26");
  if (r) return r;
  return applied({
    step: "declare",
    attacker: "",
    target: "",
    round,
    options: { ...DEFAULT_ESCALATION_OPTIONS, ...(setup.options ?? {}) },
    combatants,
    declaration: null,
    toHit: null,
    damage: null,
    owed: "none",
    outcome: null,
    borrowed: {},
  });
}

function declare(state: EscalationAttackState, cmd: Extract<EscalationCommand, { type: "declare" }>): Result {
  const stepBad = requireStep(state, "declare", "done");
  if (stepBad) return stepBad;
  const attacker = state.combatants[cmd.attacker];
  const target = state.combatants[cmd.target];
  if (!attacker) return unknown(cmd.attacker);
  if (!target) return unknown(cmd.target);
  if (attacker.id === target.id) return refuse("CannotAttackSelf", `${attacker.name} cannot attack itself`);
  if (!canAct(attacker)) {
    return refuse("AttackerCannotAct", `${attacker.name} is ${attacker.condition} and cannot attack`, "ESC-13", {
      name: attacker.name,
      condition: attacker.condition,
    });
  }
  if (isSummoningSick(attacker, state.round)) {
    return refuse("SummoningSickness", `${attacker.name} was just summoned and cannot act this round`, "ESC-55", { name: attacker.name });
  }
  if (target.condition === "defeated" || target.condition === "dead") {
    return refuse("TargetDefeated", `${target.name} is already ${target.condition}`, undefined, { name: target.name });
  }
  if (cmd.weapon !== undefined) {
    const badWeapon = validWeapon(cmd.weapon, attacker.id);
    if (badWeapon) return badWeapon;
  }
  const d = declaration(attacker, target, cmd);
  if (d.aim !== null && !AIMS.includes(d.aim)) return refuse("UnknownAimTarget", `there is no body target ${String(d.aim)}`, "ESC-19");
  if (d.aim !== null && !d.weapon.physical) return refuse("AimNeedsPhysicalAttack", "only a physical attack can be aimed", "ESC-19");
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
      return refuse("NoAttackAction", `${attacker.name} has no Attack Action left this turn`, "ESC-13", { name: attacker.name });
    att = { ...att, actions: { ...a, aa: a.aa - 1 } };
  } else if (d.kind === "extraAttack") {
    if (a.ma < 1 || a.ba < 2)
      return refuse("NoExtraAttack", `${attacker.name} needs its Move Action and both Bonus Actions`, "ESC-10", { name: attacker.name });
    att = { ...att, actions: { ...a, ma: a.ma - 1, ba: a.ba - 2 } };
  } else if (d.kind === "freeHit") {
    if (freeHitsLeft(attacker) < 1)
      return refuse("NoFreeHitSlots", `${attacker.name} has no Free Hit Slots left this round`, "ESC-42", { name: attacker.name });
    att = { ...att, freeHitsUsed: att.freeHitsUsed + 1 };
  } else {
    return refuse("NoFreeHitOwed", "a free critical hit comes only from a tragedy", "ESC-35");
  }
  const events: AttackEvent[] = [{ type: "attackDeclared", attacker: att.id, target: target.id, detail: { ...d, weapon: d.weapon.name } }];
  const next = advance(
    { ...clearAttack(withCombatant(state, att)), attacker: att.id, target: target.id, declaration: d },
    "rollToHit",
    events,
  );
  return applied(next, events);
}

function roll(state: EscalationAttackState, roller: Roller): Result {
  const bad = requireStep(state, "rollToHit");
  if (bad) return bad;
  const d = state.declaration;
  const attacker = state.combatants[state.attacker];
  const target = state.combatants[state.target];
  if (!d || !attacker || !target) return refuse("MalformedAttackState", "the attack has no declaration");
  const dice: DieResult[] = [];
  const toHit = rollToHit(attacker, target, d, state.round, state.options, roller, dice);
  const events: AttackEvent[] = [
    {
      type: "toHitRolled",
      roll: finish(`1d20${formatModifier(toHit.modifier)}`, dice, toHit.modifier),
      comparison: compare(toHit.total, toHit.needed),
      outcome: toHit.outcome,
      natural: toHit.natural,
      chainSteps: toHit.steps,
      defence: toHit.reason,
    },
  ];
  let next: EscalationAttackState = { ...state, toHit, outcome: toHit.outcome };
  if (toHit.outcome === "fatalTragedy" || toHit.outcome === "decisiveVictory") next = advance(next, "apply", events);
  else if (toHit.hit) next = advance(next, "damage", events);
  else if (toHit.owed !== "none") {
    events.push({ type: "freeHitOffered", by: target.id, against: attacker.id, critical: toHit.owed === "freeCritical" });
    next = advance({ ...next, owed: toHit.owed }, "reactionWindow", events);
  } else {
    next = advance(next, "done", events);
    events.push({ type: "attackEnded", outcome: toHit.outcome });
  }
  return applied(next, events);
}

/** ESC-34/35: the target's free hit becomes the next attack on the card, attacker and target swapped. */
function react(state: EscalationAttackState, reaction: string): Result {
  const bad = requireStep(state, "reactionWindow");
  if (bad) return bad;
  if (reaction !== "freeHit")
    return refuse("UnknownReaction", `escalation has no reaction ${reaction}; the only one is a free hit`, "ESC-40", { reaction });
  const by = state.combatants[state.target];
  const against = state.combatants[state.attacker];
  const d = state.declaration;
  if (!by || !against || !d) return refuse("MalformedAttackState", "the attack has no declaration");
  if (state.owed === "none") return refuse("NoFreeHitOwed", `${by.name} has no free hit to take`, "ESC-40", { name: by.name });
  if (!canAct(by))
    return refuse("AttackerCannotAct", `${by.name} is ${by.condition} and cannot attack`, "ESC-13", {
      name: by.name,
      condition: by.condition,
    });
  const critical = state.owed === "freeCritical";
  if (!critical && freeHitsLeft(by) < 1)
    return refuse("NoFreeHitSlots", `${by.name} has no Free Hit Slots left this round`, "ESC-42", { name: by.name });
  // ESC-35: the free critical hit needs no slot, and (ruling) does not use one
  const taker = critical ? by : { ...by, freeHitsUsed: by.freeHitsUsed + 1 };
  const decl = declaration(taker, against, { kind: critical ? "freeCritical" : "freeHit", inMeleeZone: true });
  const events: AttackEvent[] = [
    { type: "reactionTaken", reactor: by.id, reaction: "freeHit", outcome: critical ? "freeCritical" : "freeHit" },
    { type: "attackDeclared", attacker: by.id, target: against.id, detail: { ...decl, weapon: decl.weapon.name } },
  ];
  let next: EscalationAttackState = { ...clearAttack(withCombatant(state, taker)), attacker: by.id, target: against.id, declaration: decl };
  if (critical) {
    const toHit = rollToHit(taker, against, decl, state.round, state.options, NO_DICE, null);
    events.push({ type: "toHitRolled", roll: finish("free critical", [], 0), comparison: compare(0, 0), outcome: "critical" });
    next = advance({ ...next, step: "rollToHit", toHit, outcome: "critical" }, "damage", events);
  } else next = advance({ ...next, step: "reactionWindow" }, "rollToHit", events);
  return applied(next, events);
}

/** A free critical hit rolls no d20; a roller that refuses to be used proves it. */
const NO_DICE: Roller = {
  die: () => {
    throw new RangeError("a free critical hit rolls no dice to hit");
  },
  state: () => ({ kind: "scripted", values: [], next: 0 }),
};

function rollDamageCmd(state: EscalationAttackState, roller: Roller): Result {
  const bad = requireStep(state, "damage");
  if (bad) return bad;
  const d = state.declaration;
  const attacker = state.combatants[state.attacker];
  const target = state.combatants[state.target];
  if (!d || !attacker || !target || !state.toHit) return refuse("MalformedAttackState", "the attack has no hit to roll damage for");
  const dice: DieResult[] = [];
  const damage = rollDamage(attacker, target, d, state.toHit.multiplier, state.options, roller, dice);
  const events: AttackEvent[] = [
    {
      type: "damageRolled",
      roll: finish(
        `${d.weapon.dice}d${damage.weaponSides}${damage.sneakDice ? "+sneak" : ""}${formatModifier(damage.flat)}`,
        dice,
        damage.flat,
      ),
      amount: damage.total,
      parts: {
        raw: damage.raw,
        multiplier: damage.multiplier,
        armor: damage.armor,
        net: damage.net,
        fatalBonus: damage.fatalBonus,
        wound: damage.wound ? 1 : 0,
      },
    },
  ];
  return applied(advance({ ...state, damage }, "apply", events), events);
}

function apply(state: EscalationAttackState): Result {
  const bad = requireStep(state, "apply");
  if (bad) return bad;
  const attacker = state.combatants[state.attacker];
  const target = state.combatants[state.target];
  const d = state.declaration;
  if (!attacker || !target || !d || !state.outcome) return refuse("MalformedAttackState", "the attack has nothing to apply");
  const events: AttackEvent[] = [];
  let next: EscalationAttackState = state;
  if (state.outcome === "fatalTragedy") {
    // ESC-36: the attacked unit kills the attacker instantly
    const dead: EscalationCombatant = { ...attacker, hp: 0, condition: "dead" };
    events.push({ type: "damageApplied", combatant: attacker.id, amount: attacker.hp, before: { hp: attacker.hp }, after: { hp: 0 } });
    events.push({ type: "combatantKilled", combatant: attacker.id, by: target.id, clause: "ESC-36" });
    next = withCombatant(next, dead);
  } else if (state.outcome === "decisiveVictory") {
    // ESC-33: the target is defeated on the spot
    const beaten: EscalationCombatant = { ...target, hp: 0, condition: "defeated" };
    events.push({ type: "damageApplied", combatant: target.id, amount: target.hp, before: { hp: target.hp }, after: { hp: 0 } });
    events.push({ type: "combatantDefeated", combatant: target.id, clause: "ESC-33" });
    next = withCombatant(next, beaten);
  } else {
    const damage = state.damage;
    if (!damage) return refuse("MalformedAttackState", "no damage was rolled");
    const hurt = takeHit(target, damage, d.aim, state.round);
    events.push({
      type: "damageApplied",
      combatant: target.id,
      amount: target.hp - hurt.hp,
      before: { hp: target.hp },
      after: { hp: hurt.hp },
    });
    if (damage.wound)
      events.push({ type: "woundInflicted", combatant: target.id, target: d.aim ?? "unaimed", fatalBonus: damage.fatalBonus });
    if (hurt.condition === "defeated" && target.condition !== "defeated")
      events.push({ type: "combatantDefeated", combatant: target.id, clause: "ESC-63" });
    next = withCombatant(next, hurt);
  }
  events.push({ type: "attackEnded", outcome: state.outcome });
  return applied(advance(next, "done", events), events);
}

function heal(state: EscalationAttackState, targetId: string, amount: number): Result {
  const bad = requireNonNegativeInteger(amount, "healing");
  if (bad) return bad;
  const t = state.combatants[targetId];
  if (!t) return unknown(targetId);
  if (t.condition === "dead") return refuse("CannotHealDead", `${t.name} is dead and cannot be healed`, undefined, { name: t.name });
  const hp = Math.min(t.maxHp, t.hp + amount);
  // ESC-26: one healing of 6+ removes a wound (ruling: the latest, woundsPerHeal of them)
  const remove = amount >= 6 ? Math.min(state.options.woundsPerHeal, t.wounds.length) : 0;
  const wounds = remove > 0 ? t.wounds.slice(0, t.wounds.length - remove) : t.wounds;
  const healed: EscalationCombatant = { ...t, hp, wounds, condition: t.condition === "defeated" && hp > 0 ? "active" : t.condition };
  const events: AttackEvent[] = [{ type: "healed", combatant: t.id, amount: hp - t.hp, woundsRemoved: remove }];
  return applied(withCombatant(state, healed), events);
}

function apply_(state: EscalationAttackState, cmd: EscalationCommand, roller: Roller): Result {
  if (!state || typeof state !== "object" || !state.combatants) return refuse("MalformedAttackState", "not an escalation attack state");
  if (!cmd || typeof cmd !== "object") return refuse("UnknownCommand", "a command needs a type");
  switch (cmd.type) {
    case "declare":
      return declare(state, cmd);
    case "roll":
      return roll(state, roller);
    case "react":
      return react(state, cmd.reaction);
    case "skipReaction": {
      const bad = requireStep(state, "reactionWindow");
      if (bad) return bad;
      const events: AttackEvent[] = [{ type: "reactionWindowClosed", reason: "declined" }];
      const next = advance(state, "done", events);
      events.push({ type: "attackEnded", outcome: state.outcome ?? "miss" });
      return applied({ ...next, owed: "none" }, events);
    }
    case "rollDamage":
      return rollDamageCmd(state, roller);
    case "apply":
      return apply(state);
    case "heal":
      return heal(state, cmd.target, cmd.amount);
    case "damage": {
      // damage from outside an attack (a trap, a spell's area): the amount is already net of reductions
      const bad = requireNonNegativeInteger(cmd.amount, "damage", "ESC-20");
      if (bad) return bad;
      const t = state.combatants[cmd.target];
      if (!t) return unknown(cmd.target);
      if (t.condition === "dead") return refuse("TargetDead", `${t.name} is already dead`, undefined, { name: t.name });
      const dmg = {
        weaponSides: 0,
        weaponDice: 0,
        sneakDice: 0,
        flat: cmd.amount,
        multiplier: 1,
        raw: cmd.amount,
        armor: 0,
        net: cmd.amount,
        wound: cmd.amount >= 6,
        fatalDie: 0,
        fatalBonus: 0,
        total: cmd.amount,
      };
      const hurt = takeHit(t, dmg, null, state.round);
      const events: AttackEvent[] = [
        { type: "damageApplied", combatant: t.id, amount: t.hp - hurt.hp, before: { hp: t.hp }, after: { hp: hurt.hp } },
      ];
      if (dmg.wound) events.push({ type: "woundInflicted", combatant: t.id, target: "unaimed", fatalBonus: 0 });
      return applied(withCombatant(state, hurt), events);
    }
    case "disarm": {
      const c = state.combatants[cmd.combatant];
      if (!c) return unknown(cmd.combatant);
      return applied(withCombatant(state, { ...c, disarmed: true }), [{ type: "disarmed", combatant: c.id, clause: "ESC-49" }]);
    }
    case "retrieve": {
      const c = state.combatants[cmd.combatant];
      if (!c) return unknown(cmd.combatant);
      if (!c.disarmed) return refuse("NotDisarmed", `${c.name} is holding its weapon`, "ESC-49", { name: c.name });
      // ESC-49: 1 AA, 1 MA or 1 BA; whether the item is near enough is the GM's call
      const a = c.actions;
      if (cmd.pay !== "aa" && cmd.pay !== "ma" && cmd.pay !== "ba")
        return refuse("UnknownPayment", `cannot pay with ${String(cmd.pay)}`, "ESC-49");
      if (a[cmd.pay] < 1) return refuse("NoActionLeft", `${c.name} has no ${cmd.pay.toUpperCase()} left`, "ESC-49", { name: c.name });
      return applied(withCombatant(state, { ...c, disarmed: false, actions: { ...a, [cmd.pay]: a[cmd.pay] - 1 } }), [
        { type: "retrieved", combatant: c.id, pay: cmd.pay },
      ]);
    }
    case "removeWound": {
      const t = state.combatants[cmd.target];
      if (!t) return unknown(cmd.target);
      if (t.wounds.length === 0) return refuse("NoWound", `${t.name} has no wound`, "ESC-26", { name: t.name });
      return applied(withCombatant(state, { ...t, wounds: t.wounds.slice(0, -1) }), [{ type: "woundRemoved", combatant: t.id }]);
    }
    case "startTurn": {
      const c = state.combatants[cmd.combatant];
      if (!c) return unknown(cmd.combatant);
      // ESC-05 a fresh turn; ESC-23 Weakening wounds take Bonus Actions away; ESC-48 minus what standing up borrowed
      const owe = state.borrowed[c.id] ?? NOTHING_OWED;
      const actions = { aa: Math.max(0, 1 - owe.aa), ma: Math.max(0, 1 - owe.ma), ba: Math.max(0, bonusActionsPerTurn(c) - owe.ba) };
      const borrowed: Record<string, EscalationActions> = { ...state.borrowed };
      delete borrowed[c.id];
      return applied({ ...withCombatant(state, { ...c, actions }), borrowed }, [
        { type: "turnActionsRefreshed", combatant: c.id, actions },
      ]);
    }
    case "standUp": {
      const c = state.combatants[cmd.combatant];
      if (!c) return unknown(cmd.combatant);
      if (!c.prone) return refuse("NotProne", `${c.name} is not prone`, "ESC-47", { name: c.name });
      if (cmd.pay !== "aa" && cmd.pay !== "ma" && cmd.pay !== "ba")
        return refuse("UnknownPayment", `cannot pay with ${String(cmd.pay)}`, "ESC-47");
      if (cmd.outsideTurn === true) {
        // ESC-48: the action comes from the next turn; ruling: refused when that turn has none of the chosen kind left
        const owe = state.borrowed[c.id] ?? NOTHING_OWED;
        const budget = cmd.pay === "ba" ? bonusActionsPerTurn(c) : 1;
        if (owe[cmd.pay] >= budget)
          return refuse("NoActionNextTurn", `${c.name}'s next turn has no ${cmd.pay.toUpperCase()} left to give`, "ESC-48", {
            name: c.name,
          });
        const borrowed = { ...state.borrowed, [c.id]: { ...owe, [cmd.pay]: owe[cmd.pay] + 1 } };
        return applied({ ...withCombatant(state, { ...c, prone: false }), borrowed }, [
          { type: "stoodUp", combatant: c.id, pay: cmd.pay, fromNextTurn: true },
        ]);
      }
      // ESC-47: 1 AA, 1 MA or 1 BA, the unit's choice
      if (c.actions[cmd.pay] < 1)
        return refuse("NoActionLeft", `${c.name} has no ${cmd.pay.toUpperCase()} left`, "ESC-47", { name: c.name });
      return applied(withCombatant(state, { ...c, prone: false, actions: { ...c.actions, [cmd.pay]: c.actions[cmd.pay] - 1 } }), [
        { type: "stoodUp", combatant: c.id, pay: cmd.pay, fromNextTurn: false },
      ]);
    }
    case "newRound": {
      // ESC-42 ruling: Free Hit Slots refresh at the start of each round; ESC-43 disengaging lasts the round
      const combatants: Record<string, EscalationCombatant> = {};
      for (const [id, c] of Object.entries(state.combatants))
        combatants[id] = c.freeHitsUsed === 0 && !c.disengaged ? c : { ...c, freeHitsUsed: 0, disengaged: false };
      return applied({ ...state, round: state.round + 1, combatants }, [{ type: "attackRoundStarted", round: state.round + 1 }]);
    }
    case "disengage": {
      const c = state.combatants[cmd.combatant];
      if (!c) return unknown(cmd.combatant);
      const a = c.actions;
      // ESC-43: 1 AA, or 2 BAs, or granted by a spell or ability
      if (cmd.pay === "aa" && a.aa < 1) return refuse("NoAttackAction", `${c.name} has no Attack Action left`, "ESC-43", { name: c.name });
      if (cmd.pay === "ba" && a.ba < 2) return refuse("NoBonusActions", `${c.name} needs two Bonus Actions`, "ESC-43", { name: c.name });
      if (cmd.pay !== "aa" && cmd.pay !== "ba" && cmd.pay !== "granted")
        return refuse("UnknownPayment", `cannot pay with ${String(cmd.pay)}`, "ESC-43");
      const actions = cmd.pay === "aa" ? { ...a, aa: a.aa - 1 } : cmd.pay === "ba" ? { ...a, ba: a.ba - 2 } : a;
      return applied(withCombatant(state, { ...c, actions, disengaged: true }), [{ type: "disengaged", combatant: c.id, pay: cmd.pay }]);
    }
    case "setStatus": {
      const c = state.combatants[cmd.combatant];
      if (!c) return unknown(cmd.combatant);
      if (cmd.status !== "flatFooted" && cmd.status !== "prone" && cmd.status !== "channeling")
        return refuse("UnknownStatus", `no status ${String(cmd.status)}`);
      return applied(withCombatant(state, { ...c, [cmd.status]: cmd.value === true }), [
        { type: "statusChanged", combatant: c.id, status: cmd.status, value: cmd.value === true },
      ]);
    }
    case "summon": {
      const s = state.combatants[cmd.summoner];
      if (!s) return unknown(cmd.summoner);
      const bad = validCombatant(cmd.unit);
      if (bad) return bad;
      if (state.combatants[cmd.unit.id])
        return refuse("DuplicateCombatant", `combatant ${cmd.unit.id} is already in the fight`, undefined, { id: cmd.unit.id });
      let controlled = 0;
      for (const c of Object.values(state.combatants))
        if (c.summoner === s.id && c.condition !== "dead" && c.condition !== "defeated") controlled++;
      const noSlot = checkSummoningSlot(s, controlled);
      if (noSlot) return noSlot;
      const unit: EscalationCombatant = { ...cmd.unit, summoner: s.id, thralled: cmd.thralled === true, summonedRound: state.round };
      return applied(withCombatant(state, unit), [{ type: "summoned", summoner: s.id, unit: unit.id }]);
    }
    default:
      return refuse("UnknownCommand", `unknown command ${String((cmd as { type?: unknown }).type)}`);
  }
}

function legal(state: EscalationAttackState): EscalationCommand[] {
  switch (state.step) {
    case "reactionWindow":
      return [{ type: "react", reaction: "freeHit" }, { type: "skipReaction" }];
    case "declare":
    case "done": {
      const out: EscalationCommand[] = [];
      const ids = Object.keys(state.combatants);
      for (const a of ids) {
        const att = state.combatants[a];
        if (!att || !canAct(att) || isSummoningSick(att, state.round) || att.actions.aa < 1) continue;
        for (const t of ids) {
          const tg = state.combatants[t];
          if (t !== a && tg && (tg.condition === "active" || tg.condition === "incapacitated"))
            out.push({ type: "declare", attacker: a, target: t });
        }
      }
      return out;
    }
    default:
      return stepCommands(state.step);
  }
}

/** The escalation attack card: declare -> rollToHit -> (reactionWindow: free hit after a natural 1) -> damage -> apply. */
export const escalationAttack: AttackPipeline<EscalationSetup, EscalationAttackState, EscalationCommand> = {
  id: "escalation-attack",
  start: (setup) => start(setup),
  apply: apply_,
  legal,
};
