import { rollTest } from "../../../dice/advantage.js";
import { own } from "../../../shared/guards.js";
import { applied, refuse, type Refusal } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { advance, compare, requireStep, type AttackEvent } from "../../pipeline.js";
import { combatantOf, unknownCombatant, withCombatant } from "../../shared/combatants.js";
import { closeReactionWindow } from "../../shared/reaction-window.js";
import { shown } from "../../../shared/shown.js";
import type { TeamsToHit } from "../attack.js";
import { defenceTest, durabilityOf, isBroken, parryBonus, type TeamsCombatant, type TeamsItem } from "../combatant.js";
import type { TeamsAttackOutcome, TeamsAttackState, TeamsCommand, TeamsDefence, TeamsReaction } from "../types.js";

type React = Extract<TeamsCommand, { type: "react" }>;

/** TEAM-35: what each reaction spends, besides the reaction itself, and the clause that says so. */
const COST: Readonly<Record<TeamsReaction, "stamina" | "focus">> = {
  dodge: "stamina",
  fortify: "stamina",
  resist: "focus",
  intercept: "stamina",
  block: "stamina",
  parry: "stamina",
};
const CLAUSE: Readonly<Record<TeamsReaction, string>> = {
  dodge: "TEAM-36",
  fortify: "TEAM-37",
  resist: "TEAM-38",
  intercept: "TEAM-39",
  block: "TEAM-40",
  parry: "TEAM-43",
};

/**
 * What a reaction works with once it is paid for: the state (its hit), the reactor before and after paying
 * (`spent`), the defence so far, and the events to add to.
 */
interface Paid {
  readonly state: TeamsAttackState;
  readonly toHit: TeamsToHit;
  readonly reactor: TeamsCombatant;
  readonly spent: TeamsCombatant;
  readonly defence: TeamsDefence;
  readonly events: AttackEvent[];
}

/** A reaction in the window (TEAM-35..43): checked and paid for here, then taken by its own rule. */
export function react(state: TeamsAttackState, cmd: React, roller: Roller): TeamsAttackOutcome {
  const bad = requireStep(state, "reactionWindow");
  if (bad) return bad;
  const toHit = state.toHit;
  const reactorId = cmd.reaction === "intercept" ? (cmd.by ?? "") : state.target;
  const reactor = combatantOf(state, reactorId);
  if (!toHit || !state.declaration) return refuse("MalformedAttackState", "the attack has not hit");
  if (!reactor) return unknownCombatant(cmd.reaction === "intercept" ? (cmd.by ?? "(none)") : state.target);
  const pay = own(COST, cmd.reaction);
  if (pay === undefined)
    return refuse("UnknownReaction", `there is no reaction ${shown(cmd.reaction)}`, "TEAM-35", {
      reaction: shown(cmd.reaction),
    });
  if (reactor.condition !== "active")
    return refuse("ReactorCannotAct", `${reactor.name} is ${reactor.condition}`, "TEAM-12", { name: reactor.name });
  const free = state.defence.freeReaction && cmd.reaction !== "intercept";
  if (!free && reactor.reactions < 1)
    return refuse("NoReactionLeft", `${reactor.name} has no reaction left this round`, "TEAM-35", {
      name: reactor.name,
    });
  if (reactor[pay] < 1)
    return refuse(
      pay === "stamina" ? "NotEnoughStamina" : "NotEnoughFocus",
      `${reactor.name} has no ${pay} to spend`,
      CLAUSE[cmd.reaction],
      { name: reactor.name },
    );
  const spent: TeamsCombatant = {
    ...reactor,
    [pay]: reactor[pay] - 1,
    reactions: free ? reactor.reactions : reactor.reactions - 1,
  };
  const paid: Paid = { state, toHit, reactor, spent, defence: { ...state.defence, freeReaction: false }, events: [] };
  switch (cmd.reaction) {
    case "dodge":
      return dodge(paid, roller);
    case "fortify":
    case "resist":
      return preventEffect(paid, cmd.reaction, roller);
    case "parry":
      return parry(paid, cmd.item);
    case "block":
      return block(paid, cmd.item);
    case "intercept":
      return intercept(paid);
  }
}

/** The reaction is taken: the reactor pays, the defence changes, and the attack goes on to damage. */
function toDamage(p: Paid, defence: TeamsDefence, reactor: TeamsCombatant = p.spent): TeamsAttackOutcome {
  return applied(advance(withCombatant({ ...p.state, defence }, reactor), "damage", p.events), p.events);
}

/**
 * TEAM-36 ruling: the dodge test against the attack's result; meeting it avoids the attack. TEAM-50: not a critical.
 */
function dodge(p: Paid, roller: Roller): TeamsAttackOutcome {
  if (p.toHit.critical)
    return refuse("CriticalCannotMiss", "a critical hit cannot miss, so it cannot be dodged", "TEAM-50");
  const r = rollTest(roller, defenceTest(p.reactor, "dodge"));
  const dodged = r.total >= p.toHit.test;
  p.events.push({
    type: "reactionTaken",
    reactor: p.reactor.id,
    reaction: "dodge",
    roll: r,
    comparison: compare(r.total, p.toHit.test),
    outcome: dodged ? "dodged" : "failed",
  });
  const next = withCombatant({ ...p.state, defence: { ...p.defence, dodged } }, p.spent);
  if (!dodged) return applied(advance(next, "damage", p.events), p.events);
  p.events.push({ type: "attackEnded", outcome: "dodged" });
  return applied(advance({ ...next, outcome: "dodged" }, "done", p.events), p.events);
}

/** TEAM-37/38: fortify against a physical effect, resist a mental one; meeting the attack's result prevents it. */
function preventEffect(p: Paid, reaction: "fortify" | "resist", roller: Roller): TeamsAttackOutcome {
  const kind = reaction === "fortify" ? "physical" : "mental";
  const effect = p.state.declaration?.effect;
  if (!effect || effect.kind !== kind)
    return refuse("NothingToPrevent", `this attack carries no ${kind} effect to ${reaction} against`, CLAUSE[reaction]);
  const r = rollTest(roller, defenceTest(p.reactor, reaction));
  const prevented = r.total >= p.toHit.test;
  p.events.push({
    type: "reactionTaken",
    reactor: p.reactor.id,
    reaction,
    roll: r,
    comparison: compare(r.total, p.toHit.test),
    outcome: prevented ? "prevented" : "failed",
  });
  return toDamage(p, { ...p.defence, effectPrevented: prevented });
}

/** TEAM-44: only a wielded, unbroken item blocks or parries. */
function findItem(c: TeamsCombatant, id: unknown): TeamsItem | Refusal {
  const item = c.items.find((i) => i.id === id);
  if (!item)
    return refuse("UnknownItem", `${c.name} wields no item ${shown(id)}`, undefined, { name: c.name, item: shown(id) });
  if (isBroken(item))
    return refuse("ItemBroken", `${item.name} is broken and cannot be used to block or parry`, "TEAM-44", {
      item: item.name,
    });
  return item;
}

/** TEAM-43: the parry value (or 1) to physical deflection, then 1 damage to the item. */
function parry(p: Paid, itemId: unknown): TeamsAttackOutcome {
  const item = findItem(p.reactor, itemId);
  if ("ok" in item) return item;
  const bonus = parryBonus(item);
  const worn = { ...item, durability: Math.max(0, durabilityOf(item) - 1) };
  const spent = { ...p.spent, items: p.spent.items.map((i) => (i.id === item.id ? worn : i)) };
  p.events.push({
    type: "reactionTaken",
    reactor: p.reactor.id,
    reaction: "parry",
    outcome: "parried",
    item: item.id,
    bonus,
  });
  if (isBroken(worn)) p.events.push({ type: "itemBroken", combatant: p.reactor.id, item: item.id, clause: "TEAM-44" });
  return toDamage(p, { ...p.defence, parryBonus: bonus }, spent);
}

/** TEAM-40: an item with the block property takes the hit. */
function block(p: Paid, itemId: unknown): TeamsAttackOutcome {
  const item = findItem(p.reactor, itemId);
  if ("ok" in item) return item;
  if (item.block === null)
    return refuse("NoBlockProperty", `${item.name} does not have the block property`, "TEAM-40", { item: item.name });
  p.events.push({
    type: "reactionTaken",
    reactor: p.reactor.id,
    reaction: "block",
    outcome: "blocking",
    item: item.id,
  });
  return toDamage(p, { ...p.defence, blockItem: item.id });
}

/**
 * TEAM-39: an ally becomes the target; evasion is not re-checked (ruling: the hit stands); it may then defend for free.
 */
function intercept(p: Paid): TeamsAttackOutcome {
  const { state, reactor } = p;
  const ally = combatantOf(state, state.target);
  if (!ally || reactor.id === ally.id || reactor.team !== ally.team)
    return refuse("NotAnAlly", `${reactor.name} can only intercept for an ally`, "TEAM-39", { name: reactor.name });
  if (reactor.id === state.attacker)
    return refuse("NotAnAlly", "the attacker cannot intercept its own attack", "TEAM-39", { name: reactor.name });
  p.events.push({
    type: "reactionTaken",
    reactor: reactor.id,
    reaction: "intercept",
    outcome: "intercepted",
    displaced: ally.id,
  });
  return applied(
    withCombatant({ ...state, target: reactor.id, defence: { ...p.defence, freeReaction: true } }, p.spent),
    p.events,
  );
}

/** The target takes no (further) reaction: the hit goes to damage. */
export function skipReaction(state: TeamsAttackState): TeamsAttackOutcome {
  const bad = requireStep(state, "reactionWindow");
  if (bad) return bad;
  return closeReactionWindow({ ...state, defence: { ...state.defence, freeReaction: false } }, "declined", "damage");
}
