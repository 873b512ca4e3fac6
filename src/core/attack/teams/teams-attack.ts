import { rollTest } from "../../dice/advantage.js";
import { finish } from "../../dice/dice-roll.js";
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
  canFortify,
  fortifyToStayConscious,
  riskDeath,
  rollTeamsToHit,
  suffer,
  teamsDamage,
  teamsDeclaration,
  type TeamsDamage,
  type TeamsDeclaration,
  type TeamsToHit,
} from "./attack.js";
import {
  defenceTest,
  durabilityOf,
  isBloodied,
  isBroken,
  isHarmed,
  type TeamsCombatant,
  type TeamsItem,
  type TeamsWeapon,
} from "./combatant.js";
import { DEFAULT_TEAMS_OPTIONS, type TeamsOptions } from "./options.js";

export interface TeamsSetup {
  readonly combatants: readonly TeamsCombatant[];
  readonly options?: Partial<TeamsOptions>;
}

/** What the defender did in the reaction window. */
export interface TeamsDefence {
  readonly dodged: boolean;
  /** TEAM-43: added to physical deflection for this attack. */
  readonly parryBonus: number;
  /** TEAM-40: the item taking the hit. */
  readonly blockItem: string | null;
  readonly effectPrevented: boolean;
  /** TEAM-39: after an intercept the new target may take a defensive action as a free reaction. */
  readonly freeReaction: boolean;
}

const NO_DEFENCE: TeamsDefence = { dodged: false, parryBonus: 0, blockItem: null, effectPrevented: false, freeReaction: false };

export type TeamsReaction = "dodge" | "fortify" | "resist" | "intercept" | "block" | "parry";

export interface TeamsAttackState extends AttackStateBase {
  readonly options: TeamsOptions;
  readonly combatants: Readonly<Record<string, TeamsCombatant>>;
  readonly declaration: TeamsDeclaration | null;
  readonly toHit: TeamsToHit | null;
  readonly defence: TeamsDefence;
  readonly damage: TeamsDamage | null;
  /** TEAM-67: the target must choose between fortifying and falling unconscious. */
  readonly pending: "none" | "consciousness";
  readonly outcome: string | null;
}

export type TeamsCommand =
  | {
      readonly type: "declare";
      readonly attacker: string;
      readonly target: string;
      readonly weapon?: TeamsWeapon;
      readonly sneak?: boolean;
      readonly flanking?: boolean;
      readonly advantages?: number;
      readonly disadvantages?: number;
      readonly adjacent?: readonly string[];
      readonly effect?: { readonly name: string; readonly kind: "physical" | "mental" } | null;
    }
  | { readonly type: "killingStrike"; readonly attacker: string; readonly target: string }
  | { readonly type: "roll" }
  | { readonly type: "react"; readonly reaction: TeamsReaction; readonly item?: string; readonly by?: string }
  | { readonly type: "skipReaction" }
  | { readonly type: "rollDamage" }
  | { readonly type: "apply" }
  | { readonly type: "fortify" }
  | { readonly type: "fallUnconscious" }
  | { readonly type: "heal"; readonly target: string; readonly amount: number; readonly pool?: "health" | "endurance" }
  | { readonly type: "damage"; readonly target: string; readonly amount: number; readonly nonlethal?: boolean; readonly fortify?: boolean }
  | { readonly type: "setStatus"; readonly combatant: string; readonly status: "guarding" | "prone" | "inCover"; readonly value: boolean }
  | { readonly type: "startTurn"; readonly combatant: string }
  | { readonly type: "newRound" };

type Result = Outcome<TeamsAttackState, AttackEvent>;

function unknown(id: string): Refusal {
  return refuse("UnknownCombatant", `there is no combatant ${id} in this fight`, undefined, { id, name: id });
}

function withCombatant(state: TeamsAttackState, c: TeamsCombatant): TeamsAttackState {
  return { ...state, combatants: { ...state.combatants, [c.id]: c } };
}

function clearAttack(state: TeamsAttackState): TeamsAttackState {
  return {
    ...state,
    attacker: "",
    target: "",
    declaration: null,
    toHit: null,
    defence: NO_DEFENCE,
    damage: null,
    pending: "none",
    outcome: null,
  };
}

function validCombatant(c: TeamsCombatant): Refusal | null {
  if (typeof c !== "object" || c === null || typeof c.id !== "string")
    return refuse("InvalidCombatant", "a combatant needs an id", undefined, { id: "(none)" });
  for (const k of [
    "endurance",
    "maxEndurance",
    "health",
    "maxHealth",
    "constitution",
    "stamina",
    "focus",
    "reactions",
    "attacksThisRound",
    "cheatDeathDifficulty",
  ] as const) {
    const r = requireNonNegativeInteger(c[k], `${c.id}.${k}`);
    if (r) return r;
  }
  for (const k of ["evasion", "size", "luckModifier"] as const) {
    const r = requireInteger(c[k], `${c.id}.${k}`);
    if (r) return r;
  }
  if (c.endurance > c.maxEndurance || c.health > c.maxHealth)
    return refuse("InvalidCombatant", `${c.id} has more than its maximum`, undefined, { id: c.id });
  if (!Array.isArray(c.items) || !c.deflection || !Number.isInteger(c.deflection.physical) || !Number.isInteger(c.deflection.elemental)) {
    return refuse("InvalidCombatant", `${c.id} needs a list of items and its deflection`, undefined, { id: c.id });
  }
  const ids = new Set<string>();
  for (const i of c.items) {
    if (ids.has(i.id)) return refuse("InvalidCombatant", `${c.id} has two items ${i.id}`, undefined, { id: c.id });
    ids.add(i.id);
    if (i.durability !== null && requireNonNegativeInteger(i.durability, "durability"))
      return refuse("NegativeValue", `${i.name}'s durability must be zero or more`, "TEAM-44", {
        name: i.name,
        value: String(i.durability),
      });
  }
  for (const pool of [c.dodge, c.fortify, c.resist]) {
    if (!pool || !Array.isArray(pool.dice) || !pool.dice.every((s) => Number.isInteger(s) && s >= 1) || !Number.isInteger(pool.modifier)) {
      return refuse("InvalidCombatant", `${c.id} has a malformed test`, undefined, { id: c.id });
    }
  }
  return validWeapon(c.weapon, c.id);
}

function validWeapon(w: TeamsWeapon | undefined, id: string): Refusal | null {
  const ok =
    !!w &&
    typeof w === "object" &&
    !!w.attack &&
    Array.isArray(w.attack.dice) &&
    w.attack.dice.every((s) => Number.isInteger(s) && s >= 1) &&
    Number.isInteger(w.attack.modifier) &&
    Number.isInteger(w.damage) &&
    Number.isInteger(w.criticalDamage) &&
    Number.isInteger(w.criticalThreshold);
  return ok
    ? null
    : refuse("MalformedWeapon", `${id}'s weapon needs its attack dice, damage, critical damage and threshold`, "TEAM-46", { id });
}

function start(setup: TeamsSetup): Result {
  if (!setup || !Array.isArray(setup.combatants)) return refuse("MalformedSetup", "the setup needs a list of combatants");
  const sides = setup.options?.luckDieSides ?? DEFAULT_TEAMS_OPTIONS.luckDieSides;
  if (!Number.isInteger(sides) || sides < 1)
    return refuse("NegativeValue", "the luck die needs a whole number of sides", "TEAM-50", { name: "luckDieSides", value: String(sides) });
  const combatants: Record<string, TeamsCombatant> = {};
  for (const c of setup.combatants) {
    const bad = validCombatant(c);
    if (bad) return bad;
    if (combatants[c.id]) return refuse("DuplicateCombatant", `combatant ${c.id} is listed twice`, undefined, { id: c.id });
    // TEAM-44: settle unlisted durabilities once, so the card can show and wear them down
    combatants[c.id] = { ...c, items: c.items.map((i: TeamsItem) => ({ ...i, durability: durabilityOf(i) })) };
  }
  return applied({
    step: "declare",
    attacker: "",
    target: "",
    options: { ...DEFAULT_TEAMS_OPTIONS, ...(setup.options ?? {}) },
    combatants,
    declaration: null,
    toHit: null,
    defence: NO_DEFENCE,
    damage: null,
    pending: "none",
    outcome: null,
  });
}

function checkAttacker(
  state: TeamsAttackState,
  attackerId: string,
  targetId: string,
): Refusal | { attacker: TeamsCombatant; target: TeamsCombatant } {
  const bad = requireStep(state, "declare", "done");
  if (bad) return bad;
  const attacker = state.combatants[attackerId];
  const target = state.combatants[targetId];
  if (!attacker) return unknown(attackerId);
  if (!target) return unknown(targetId);
  if (attacker.id === target.id) return refuse("CannotAttackSelf", `${attacker.name} cannot attack itself`);
  if (attacker.condition !== "active") {
    return refuse("AttackerCannotAct", `${attacker.name} is ${attacker.condition} and cannot attack`, "TEAM-12", {
      name: attacker.name,
      condition: attacker.condition,
    });
  }
  if (target.condition === "dead") return refuse("TargetDead", `${target.name} is already dead`, "TEAM-70", { name: target.name });
  return { attacker, target };
}

function declare(state: TeamsAttackState, cmd: Extract<TeamsCommand, { type: "declare" }>): Result {
  const who = checkAttacker(state, cmd.attacker, cmd.target);
  if ("ok" in who) return who;
  const d = teamsDeclaration(who.attacker, who.target, cmd);
  for (const [v, n] of [
    [d.advantages, "advantages"],
    [d.disadvantages, "disadvantages"],
  ] as const) {
    const r = requireNonNegativeInteger(v, n, "TEAM-58");
    if (r) return r;
  }
  if (!Array.isArray(d.adjacent)) return refuse("MalformedWeapon", "adjacent must list combatant ids", "TEAM-52", { id: who.attacker.id });
  for (const id of d.adjacent) if (!state.combatants[id]) return unknown(id);
  if (cmd.weapon !== undefined) {
    const badWeapon = validWeapon(cmd.weapon, who.attacker.id);
    if (badWeapon) return badWeapon;
  }
  return begin(state, who.attacker, who.target, d, []);
}

/** TEAM-54: every attack counts toward the next one's penalty. */
function begin(
  state: TeamsAttackState,
  attacker: TeamsCombatant,
  target: TeamsCombatant,
  d: TeamsDeclaration,
  events: AttackEvent[],
): Result {
  const counted: TeamsCombatant = { ...attacker, attacksThisRound: attacker.attacksThisRound + 1 };
  events.push({
    type: "attackDeclared",
    attacker: attacker.id,
    target: target.id,
    detail: { ...d, weapon: d.weapon.name, attacksBefore: attacker.attacksThisRound },
  });
  const next = advance(
    { ...clearAttack(withCombatant(state, counted)), attacker: attacker.id, target: target.id, declaration: d },
    "rollToHit",
    events,
  );
  return applied(next, events);
}

/** TEAM-72: kill an unconscious character with a test with advantage vs its constitution; on a failure, a sneak attack. */
function killingStrike(state: TeamsAttackState, cmd: Extract<TeamsCommand, { type: "killingStrike" }>, roller: Roller): Result {
  const who = checkAttacker(state, cmd.attacker, cmd.target);
  if ("ok" in who) return who;
  const { attacker, target } = who;
  if (target.condition !== "unconscious")
    return refuse("TargetNotUnconscious", `${target.name} is not unconscious`, "TEAM-72", { name: target.name });
  const roll = rollTest(roller, attacker.weapon.attack, 1);
  const success = roll.total >= target.constitution;
  const events: AttackEvent[] = [
    {
      type: "killingStrike",
      attacker: attacker.id,
      target: target.id,
      roll,
      comparison: compare(roll.total, target.constitution),
      outcome: success ? "killed" : "failed",
      actions: 3,
    },
  ];
  if (success) {
    events.push({ type: "combatantKilled", combatant: target.id, by: attacker.id, clause: "TEAM-72" });
    const next = advance(
      {
        ...clearAttack(withCombatant(state, { ...target, condition: "dead", health: 0 })),
        attacker: attacker.id,
        target: target.id,
        outcome: "killed",
      },
      "done",
      events,
    );
    return applied(next, events);
  }
  return begin(state, attacker, target, teamsDeclaration(attacker, target, { sneak: true }), events);
}

function roll(state: TeamsAttackState, roller: Roller): Result {
  const bad = requireStep(state, "rollToHit");
  if (bad) return bad;
  const d = state.declaration;
  const attacker = state.combatants[state.attacker];
  const target = state.combatants[state.target];
  if (!d || !attacker || !target) return refuse("MalformedAttackState", "the attack has no declaration");
  // the attack count was already raised at declare; the penalty counts only earlier attacks
  const before: TeamsCombatant = { ...attacker, attacksThisRound: attacker.attacksThisRound - 1 };
  const toHit = rollTeamsToHit(before, target, d, roller, state.options, (id) => state.combatants[id]);
  const outcome = !toHit.hit ? "miss" : toHit.critical ? "critical" : "hit";
  const events: AttackEvent[] = [
    {
      type: "toHitRolled",
      roll: toHit.testRoll,
      comparison: compare(toHit.test, toHit.evasion),
      outcome,
      luck: toHit.luckRoll,
      criticalThreshold: d.weapon.criticalThreshold,
      penalty: toHit.penalty,
      edge: toHit.edge,
    },
  ];
  if (toHit.misfire) events.push({ type: "misfire", from: target.id, to: toHit.target, clause: "TEAM-52" });
  let next: TeamsAttackState = { ...state, target: toHit.target, toHit, outcome };
  if (toHit.hit) next = advance(next, "reactionWindow", events);
  else {
    next = advance(next, "done", events);
    events.push({ type: "attackEnded", outcome });
  }
  return applied(next, events);
}

const COST: Readonly<Record<TeamsReaction, "stamina" | "focus">> = {
  dodge: "stamina",
  fortify: "stamina",
  resist: "focus",
  intercept: "stamina",
  block: "stamina",
  parry: "stamina",
};

function findItem(c: TeamsCombatant, id: string | undefined): TeamsItem | Refusal {
  const item = c.items.find((i) => i.id === id);
  if (!item) return refuse("UnknownItem", `${c.name} wields no item ${String(id)}`, undefined, { name: c.name, item: String(id) });
  if (isBroken(item))
    return refuse("ItemBroken", `${item.name} is broken and cannot be used to block or parry`, "TEAM-44", { item: item.name });
  return item;
}

function react(state: TeamsAttackState, cmd: Extract<TeamsCommand, { type: "react" }>, roller: Roller): Result {
  const bad = requireStep(state, "reactionWindow");
  if (bad) return bad;
  const toHit = state.toHit;
  const d = state.declaration;
  const reactor = state.combatants[cmd.reaction === "intercept" ? (cmd.by ?? "") : state.target];
  if (!toHit || !d) return refuse("MalformedAttackState", "the attack has not hit");
  if (!reactor) return unknown(cmd.reaction === "intercept" ? (cmd.by ?? "(none)") : state.target);
  if (!(cmd.reaction in COST))
    return refuse("UnknownReaction", `there is no reaction ${String(cmd.reaction)}`, "TEAM-35", { reaction: String(cmd.reaction) });
  if (reactor.condition !== "active")
    return refuse("ReactorCannotAct", `${reactor.name} is ${reactor.condition}`, "TEAM-12", { name: reactor.name });
  const free = state.defence.freeReaction && cmd.reaction !== "intercept";
  if (!free && reactor.reactions < 1)
    return refuse("NoReactionLeft", `${reactor.name} has no reaction left this round`, "TEAM-35", { name: reactor.name });
  const pay = COST[cmd.reaction];
  const clause = { dodge: "TEAM-36", fortify: "TEAM-37", resist: "TEAM-38", intercept: "TEAM-39", block: "TEAM-40", parry: "TEAM-43" }[
    cmd.reaction
  ];
  if (reactor[pay] < 1)
    return refuse(pay === "stamina" ? "NotEnoughStamina" : "NotEnoughFocus", `${reactor.name} has no ${pay} to spend`, clause, {
      name: reactor.name,
    });
  let spent: TeamsCombatant = { ...reactor, [pay]: reactor[pay] - 1, reactions: free ? reactor.reactions : reactor.reactions - 1 };
  const defence: TeamsDefence = { ...state.defence, freeReaction: false };
  const events: AttackEvent[] = [];
  switch (cmd.reaction) {
    case "dodge": {
      if (toHit.critical) return refuse("CriticalCannotMiss", "a critical hit cannot miss, so it cannot be dodged", "TEAM-50");
      // TEAM-36 ruling: the dodge test against the attack's result; meeting it avoids the attack
      const r = rollTest(roller, defenceTest(reactor, "dodge"));
      const dodged = r.total >= toHit.test;
      events.push({
        type: "reactionTaken",
        reactor: reactor.id,
        reaction: "dodge",
        roll: r,
        comparison: compare(r.total, toHit.test),
        outcome: dodged ? "dodged" : "failed",
      });
      const next = withCombatant({ ...state, defence: { ...defence, dodged } }, spent);
      if (dodged) {
        events.push({ type: "attackEnded", outcome: "dodged" });
        return applied(advance({ ...next, outcome: "dodged" }, "done", events), events);
      }
      return applied(advance(next, "damage", events), events);
    }
    case "fortify":
    case "resist": {
      const kind = cmd.reaction === "fortify" ? "physical" : "mental";
      if (!d.effect || d.effect.kind !== kind)
        return refuse("NothingToPrevent", `this attack carries no ${kind} effect to ${cmd.reaction} against`, clause);
      const r = rollTest(roller, defenceTest(reactor, cmd.reaction));
      const prevented = r.total >= toHit.test;
      events.push({
        type: "reactionTaken",
        reactor: reactor.id,
        reaction: cmd.reaction,
        roll: r,
        comparison: compare(r.total, toHit.test),
        outcome: prevented ? "prevented" : "failed",
      });
      return applied(
        advance(withCombatant({ ...state, defence: { ...defence, effectPrevented: prevented } }, spent), "damage", events),
        events,
      );
    }
    case "parry": {
      const item = findItem(reactor, cmd.item);
      if ("ok" in item) return item;
      // TEAM-43: parry value (or 1) to physical deflection, then 1 damage to the item
      const bonus = item.parry ?? 1;
      const durability = Math.max(0, durabilityOf(item) - 1);
      spent = { ...spent, items: spent.items.map((i) => (i.id === item.id ? { ...i, durability } : i)) };
      events.push({ type: "reactionTaken", reactor: reactor.id, reaction: "parry", outcome: "parried", item: item.id, bonus });
      if (durability === 0) events.push({ type: "itemBroken", combatant: reactor.id, item: item.id, clause: "TEAM-44" });
      return applied(advance(withCombatant({ ...state, defence: { ...defence, parryBonus: bonus } }, spent), "damage", events), events);
    }
    case "block": {
      const item = findItem(reactor, cmd.item);
      if ("ok" in item) return item;
      if (item.block === null)
        return refuse("NoBlockProperty", `${item.name} does not have the block property`, "TEAM-40", { item: item.name });
      events.push({ type: "reactionTaken", reactor: reactor.id, reaction: "block", outcome: "blocking", item: item.id });
      return applied(advance(withCombatant({ ...state, defence: { ...defence, blockItem: item.id } }, spent), "damage", events), events);
    }
    case "intercept": {
      const ally = state.combatants[state.target];
      if (!ally || reactor.id === ally.id || reactor.team !== ally.team)
        return refuse("NotAnAlly", `${reactor.name} can only intercept for an ally`, "TEAM-39", { name: reactor.name });
      if (reactor.id === state.attacker)
        return refuse("NotAnAlly", "the attacker cannot intercept its own attack", "TEAM-39", { name: reactor.name });
      // TEAM-39: the interceptor becomes the target; evasion is not re-checked (ruling: the hit stands)
      events.push({ type: "reactionTaken", reactor: reactor.id, reaction: "intercept", outcome: "intercepted", displaced: ally.id });
      return applied(withCombatant({ ...state, target: reactor.id, defence: { ...defence, freeReaction: true } }, spent), events);
    }
  }
}

function rollDamage(state: TeamsAttackState): Result {
  const bad = requireStep(state, "damage");
  if (bad) return bad;
  const d = state.declaration;
  const attacker = state.combatants[state.attacker];
  const target = state.combatants[state.target];
  if (!d || !attacker || !target || !state.toHit) return refuse("MalformedAttackState", "the attack has no hit to roll damage for");
  const blockItem = state.defence.blockItem === null ? null : (target.items.find((i) => i.id === state.defence.blockItem) ?? null);
  const block = blockItem && blockItem.block !== null ? { value: blockItem.block, durability: durabilityOf(blockItem) } : null;
  const damage = teamsDamage(attacker, target, d.weapon, state.toHit, state.options, state.defence.parryBonus, block);
  const events: AttackEvent[] = [
    {
      type: "damageRolled",
      roll: finish(state.toHit.critical ? "test + critical damage" : "test + damage", [], damage.base),
      amount: damage.dealt,
      parts: {
        test: state.toHit.test,
        weapon: damage.base - state.toHit.test,
        reduction: damage.reduction,
        toItem: damage.toItem,
        excess: damage.excess,
      },
      damageKind: damage.kind,
    },
  ];
  return applied(advance({ ...state, damage }, "apply", events), events);
}

function statusEvents(before: TeamsCombatant, after: TeamsCombatant, events: AttackEvent[]): void {
  if (!isHarmed(before) && isHarmed(after)) events.push({ type: "harmed", combatant: after.id, clause: "TEAM-65" });
  if (!isBloodied(before) && isBloodied(after)) events.push({ type: "bloodied", combatant: after.id, clause: "TEAM-65" });
  if (before.condition !== "unconscious" && after.condition === "unconscious") events.push({ type: "unconscious", combatant: after.id });
  if (before.condition !== "dead" && after.condition === "dead") events.push({ type: "combatantKilled", combatant: after.id });
}

function finishAttack(state: TeamsAttackState, events: AttackEvent[]): Result {
  events.push({ type: "attackEnded", outcome: state.outcome ?? "hit" });
  return applied(advance({ ...state, pending: "none" }, "done", events), events);
}

function apply(state: TeamsAttackState, roller: Roller): Result {
  const bad = requireStep(state, "apply");
  if (bad) return bad;
  if (state.pending !== "none") return refuse("ChoicePending", "the target must first fortify or fall unconscious", "TEAM-67");
  const d = state.declaration;
  const target = state.combatants[state.target];
  const damage = state.damage;
  if (!d || !target || !damage) return refuse("MalformedAttackState", "the attack has nothing to apply");
  const events: AttackEvent[] = [];
  let t = target;
  if (state.defence.blockItem !== null) {
    const id = state.defence.blockItem;
    t = { ...t, items: t.items.map((i) => (i.id === id ? { ...i, durability: Math.max(0, durabilityOf(i) - damage.toItem) } : i)) };
    events.push({ type: "itemDamaged", combatant: t.id, item: id, amount: damage.toItem, clause: "TEAM-40" });
    const it = t.items.find((i) => i.id === id);
    if (it && isBroken(it)) events.push({ type: "itemBroken", combatant: t.id, item: id, clause: "TEAM-44" });
  }
  const s = suffer(t, damage.dealt, d.weapon.nonlethal, state.options);
  events.push({
    type: "damageApplied",
    combatant: t.id,
    amount: s.toEndurance + s.toHealth,
    before: { endurance: t.endurance, health: t.health },
    after: { endurance: s.combatant.endurance, health: s.combatant.health },
  });
  statusEvents(t, s.combatant, events);
  if (d.effect && !state.defence.effectPrevented) {
    // TEAM-41: a blocked hit's effects land on the item where they can
    events.push({ type: "effectLanded", effect: d.effect.name, on: state.defence.blockItem ?? t.id });
  }
  let after = s.combatant;
  if (s.risksDeath) {
    const r = riskDeath(after, roller, state.options);
    events.push({
      type: "deathRisked",
      combatant: after.id,
      roll: r.roll,
      comparison: compare(r.roll.total, after.cheatDeathDifficulty),
      outcome: r.survived ? "cheatedDeath" : "died",
    });
    statusEvents(after, r.combatant, events);
    after = r.combatant;
  }
  let next = withCombatant(state, after);
  if (s.mustFortify) {
    if (!canFortify(after)) {
      // TEAM-67 ruling: with no reaction or stamina to fortify, the character falls unconscious
      const out: TeamsCombatant = { ...after, condition: "unconscious" };
      events.push({ type: "consciousnessLost", combatant: after.id, reason: "cannotFortify", clause: "TEAM-67" });
      statusEvents(after, out, events);
      return finishAttack(withCombatant(next, out), events);
    }
    events.push({ type: "consciousnessAtRisk", combatant: after.id, difficulty: after.maxHealth - after.health, clause: "TEAM-67" });
    next = { ...next, pending: "consciousness" };
    return applied(next, events);
  }
  return finishAttack(next, events);
}

function stayConscious(state: TeamsAttackState, cmd: "fortify" | "fallUnconscious", roller: Roller): Result {
  const bad = requireStep(state, "apply");
  if (bad) return bad;
  if (state.pending !== "consciousness") return refuse("NoChoicePending", "no one needs to fortify to stay conscious", "TEAM-67");
  const t = state.combatants[state.target];
  if (!t) return unknown(state.target);
  const events: AttackEvent[] = [];
  if (cmd === "fallUnconscious") {
    const out: TeamsCombatant = { ...t, condition: "unconscious" };
    events.push({ type: "consciousnessLost", combatant: t.id, reason: "chose", clause: "TEAM-67" });
    statusEvents(t, out, events);
    return finishAttack(withCombatant(state, out), events);
  }
  if (t.reactions < 1) return refuse("NoReactionLeft", `${t.name} has no reaction left to fortify`, "TEAM-67", { name: t.name });
  if (t.stamina < 1) return refuse("NotEnoughStamina", `${t.name} has no stamina to fortify`, "TEAM-67", { name: t.name });
  const f = fortifyToStayConscious(t, roller);
  events.push({
    type: "reactionTaken",
    reactor: t.id,
    reaction: "fortify",
    roll: f.roll,
    comparison: compare(f.roll.total, f.difficulty),
    outcome: f.success ? "conscious" : "unconscious",
  });
  statusEvents(t, f.combatant, events);
  return finishAttack(withCombatant(state, f.combatant), events);
}

function heal(state: TeamsAttackState, cmd: Extract<TeamsCommand, { type: "heal" }>): Result {
  const bad = requireNonNegativeInteger(cmd.amount, "healing");
  if (bad) return bad;
  const t = state.combatants[cmd.target];
  if (!t) return unknown(cmd.target);
  if (t.condition === "dead") return refuse("CannotHealDead", `${t.name} is dead and cannot be healed`, "TEAM-70", { name: t.name });
  const healed: TeamsCombatant =
    cmd.pool === "endurance"
      ? { ...t, endurance: Math.min(t.maxEndurance, t.endurance + cmd.amount) }
      : { ...t, health: Math.min(t.maxHealth, t.health + cmd.amount) };
  return applied(withCombatant(state, healed), [
    { type: "healed", combatant: t.id, amount: healed.health - t.health + healed.endurance - t.endurance, pool: cmd.pool ?? "health" },
  ]);
}

/**
 * Damage "by any means" outside an attack (a trap, a fall): TEAM-64..73 apply as to a hit. The amount is
 * after reductions. Ruling: the TEAM-67 choice is made up front with `fortify` (default: fortify if able).
 */
function outsideDamage(state: TeamsAttackState, cmd: Extract<TeamsCommand, { type: "damage" }>, roller: Roller): Result {
  const bad = requireNonNegativeInteger(cmd.amount, "damage", "TEAM-64");
  if (bad) return bad;
  const t = state.combatants[cmd.target];
  if (!t) return unknown(cmd.target);
  if (t.condition === "dead") return refuse("TargetDead", `${t.name} is already dead`, "TEAM-70", { name: t.name });
  const s = suffer(t, cmd.amount, cmd.nonlethal === true, state.options);
  const events: AttackEvent[] = [
    {
      type: "damageApplied",
      combatant: t.id,
      amount: s.toEndurance + s.toHealth,
      before: { endurance: t.endurance, health: t.health },
      after: { endurance: s.combatant.endurance, health: s.combatant.health },
    },
  ];
  statusEvents(t, s.combatant, events);
  let after = s.combatant;
  if (s.risksDeath) {
    const r = riskDeath(after, roller, state.options);
    events.push({
      type: "deathRisked",
      combatant: after.id,
      roll: r.roll,
      comparison: compare(r.roll.total, after.cheatDeathDifficulty),
      outcome: r.survived ? "cheatedDeath" : "died",
    });
    statusEvents(after, r.combatant, events);
    after = r.combatant;
  }
  if (s.mustFortify) {
    const before = after;
    if (cmd.fortify !== false && canFortify(after)) {
      const f = fortifyToStayConscious(after, roller);
      events.push({
        type: "reactionTaken",
        reactor: after.id,
        reaction: "fortify",
        roll: f.roll,
        comparison: compare(f.roll.total, f.difficulty),
        outcome: f.success ? "conscious" : "unconscious",
      });
      after = f.combatant;
    } else after = { ...after, condition: "unconscious" };
    statusEvents(before, after, events);
  }
  return applied(withCombatant(state, after), events);
}

function apply_(state: TeamsAttackState, cmd: TeamsCommand, roller: Roller): Result {
  if (!state || typeof state !== "object" || !state.combatants) return refuse("MalformedAttackState", "not a teams attack state");
  if (!cmd || typeof cmd !== "object") return refuse("UnknownCommand", "a command needs a type");
  switch (cmd.type) {
    case "declare":
      return declare(state, cmd);
    case "killingStrike":
      return killingStrike(state, cmd, roller);
    case "roll":
      return roll(state, roller);
    case "react":
      return react(state, cmd, roller);
    case "skipReaction": {
      const bad = requireStep(state, "reactionWindow");
      if (bad) return bad;
      const events: AttackEvent[] = [{ type: "reactionWindowClosed", reason: "declined" }];
      return applied(advance({ ...state, defence: { ...state.defence, freeReaction: false } }, "damage", events), events);
    }
    case "rollDamage":
      return rollDamage(state);
    case "apply":
      return apply(state, roller);
    case "fortify":
    case "fallUnconscious":
      return stayConscious(state, cmd.type, roller);
    case "heal":
      return heal(state, cmd);
    case "damage":
      return outsideDamage(state, cmd, roller);
    case "startTurn": {
      const c = state.combatants[cmd.combatant];
      if (!c) return unknown(cmd.combatant);
      // TEAM-35: reactions are recovered at the start of each turn; TEAM-22 Guard and TEAM-25 cover last until then
      return applied(withCombatant(state, { ...c, reactions: Math.max(c.reactions, 1), guarding: false, inCover: false }), [
        { type: "reactionsRecovered", combatant: c.id },
      ]);
    }
    case "setStatus": {
      const c = state.combatants[cmd.combatant];
      if (!c) return unknown(cmd.combatant);
      if (cmd.status !== "guarding" && cmd.status !== "prone" && cmd.status !== "inCover")
        return refuse("UnknownStatus", `no status ${String(cmd.status)}`);
      return applied(withCombatant(state, { ...c, [cmd.status]: cmd.value === true }), [
        { type: "statusChanged", combatant: c.id, status: cmd.status, value: cmd.value === true },
      ]);
    }
    case "newRound": {
      // TEAM-54: the multiple attack penalty counts attacks within the round
      const combatants: Record<string, TeamsCombatant> = {};
      for (const [id, c] of Object.entries(state.combatants)) combatants[id] = c.attacksThisRound === 0 ? c : { ...c, attacksThisRound: 0 };
      return applied({ ...state, combatants }, [{ type: "attackRoundStarted" }]);
    }
    default:
      return refuse("UnknownCommand", `unknown command ${String((cmd as { type?: unknown }).type)}`);
  }
}

function legal(state: TeamsAttackState): TeamsCommand[] {
  switch (state.step) {
    case "reactionWindow": {
      const t = state.combatants[state.target];
      const out: TeamsCommand[] = [{ type: "skipReaction" }];
      if (!t || t.condition !== "active" || (t.reactions < 1 && !state.defence.freeReaction)) return out;
      if (t.stamina >= 1 && !state.toHit?.critical) out.push({ type: "react", reaction: "dodge" });
      const effect = state.declaration?.effect;
      if (effect?.kind === "physical" && t.stamina >= 1) out.push({ type: "react", reaction: "fortify" });
      if (effect?.kind === "mental" && t.focus >= 1) out.push({ type: "react", reaction: "resist" });
      if (!state.defence.freeReaction) {
        for (const ally of Object.values(state.combatants)) {
          if (
            ally.id !== t.id &&
            ally.id !== state.attacker &&
            ally.team === t.team &&
            ally.condition === "active" &&
            ally.reactions >= 1 &&
            ally.stamina >= 1
          ) {
            out.push({ type: "react", reaction: "intercept", by: ally.id });
          }
        }
      }
      for (const i of t.items) {
        if (isBroken(i) || t.stamina < 1) continue;
        if (i.block !== null) out.push({ type: "react", reaction: "block", item: i.id });
        out.push({ type: "react", reaction: "parry", item: i.id });
      }
      return out;
    }
    case "apply":
      return state.pending === "consciousness" ? [{ type: "fortify" }, { type: "fallUnconscious" }] : [{ type: "apply" }];
    case "declare":
    case "done": {
      const out: TeamsCommand[] = [];
      for (const a of Object.values(state.combatants)) {
        if (a.condition !== "active") continue;
        for (const t of Object.values(state.combatants))
          if (t.team !== a.team && t.condition !== "dead") out.push({ type: "declare", attacker: a.id, target: t.id });
      }
      return out;
    }
    default:
      return stepCommands(state.step);
  }
}

/** The teams attack card: declare -> rollToHit -> reactionWindow -> damage -> apply (-> fortify to stay conscious). */
export const teamsAttack: AttackPipeline<TeamsSetup, TeamsAttackState, TeamsCommand> = {
  id: "teams-attack",
  start: (setup) => start(setup),
  apply: apply_,
  legal,
};
