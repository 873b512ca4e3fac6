import { applied, refuse } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { advance, requireStep, type AttackEvent } from "../../pipeline.js";
import { closeReactionWindow } from "../../shared/reaction-window.js";
import { shown } from "../../../shared/shown.js";
import { isDown } from "../character.js";
import { afterWindow } from "../next-step.js";
import { anyoneCanReact, reactionBar } from "../reactions.js";
import { save } from "../saves.js";
import { replaceSlot } from "../slots.js";
import type { FactionsAttackCommand, FactionsAttackOutcome, FactionsAttackState, TargetSlot } from "../types.js";

type React = Extract<FactionsAttackCommand, { type: "react" }>;
type TargetReaction = Exclude<React, { reaction: "guard" }>;

function stuntPending(): FactionsAttackOutcome {
  return refuse("StuntPending", "the target must first accept or refuse the proposed stunt", "FAC-41");
}

/** A reaction: a bystander guards (FAC-22), or a target dodges, counters or hides (FAC-16..21). */
export function react(state: FactionsAttackState, command: React, roller: Roller): FactionsAttackOutcome {
  const bad = requireStep(state, "reactionWindow");
  if (bad) return bad;
  if (state.stunt?.answer === "pending") return stuntPending();
  const events: AttackEvent[] = [];
  const done =
    command.reaction === "guard" ? guard(state, command, events) : targetReacts(state, command, roller, events);
  if (!done.ok) return done;
  const next = done.state;
  if (anyoneCanReact(next)) return applied(next, events);
  events.push({ type: "reactionWindowClosed", reason: "noOneLeft" });
  return applied(advance(next, afterWindow(next), events), events);
}

/** FAC-22: the guard becomes the target and, having reacted, cannot dodge or counter. */
function guard(
  state: FactionsAttackState,
  cmd: Extract<React, { reaction: "guard" }>,
  events: AttackEvent[],
): FactionsAttackOutcome {
  const i = state.slots.findIndex((s) => s.target.id === cmd.for);
  if (i < 0)
    return refuse("UnknownCombatant", `${cmd.for} is not a target of this attack`, "FAC-22", { name: cmd.for });
  const guard = state.bystanders.find((b) => b.id === cmd.by);
  if (!guard) return refuse("UnknownCombatant", `${cmd.by} is not near the target`, "FAC-22", { name: cmd.by });
  const bar = reactionBar(state, guard, false);
  if (bar) return bar;
  const old = state.slots[i]!;
  const guarding = { ...guard, turnUsed: true };
  const next = replaceSlot(state, i, { ...old, target: guarding, reaction: "guard", reacted: true });
  events.push({
    type: "reactionTaken",
    reactor: cmd.by,
    reaction: "guard",
    outcome: "newTarget",
    for: cmd.for,
    clause: "FAC-22",
  });
  return applied({
    ...next,
    bystanders: [...state.bystanders.filter((b) => b.id !== cmd.by), old.target],
    target: i === 0 ? cmd.by : state.target,
  });
}

/** A target of the attack reacts, once (FAC-16), unless it guards (FAC-22) or something bars it. */
function targetReacts(
  state: FactionsAttackState,
  cmd: TargetReaction,
  roller: Roller,
  events: AttackEvent[],
): FactionsAttackOutcome {
  const i = state.slots.findIndex((s) => s.target.id === cmd.by);
  if (i < 0) return refuse("UnknownCombatant", `${cmd.by} is not a target of this attack`, "FAC-16", { name: cmd.by });
  const sl = state.slots[i]!;
  if (sl.reaction === "guard")
    return refuse("GuardCannotReact", `${cmd.by} spent its reaction guarding`, "FAC-22", { name: cmd.by });
  if (sl.reacted) return refuse("NoReactionLeft", `${cmd.by} has already reacted`, "FAC-16", { name: cmd.by });
  const bar = reactionBar(state, sl.target, true);
  if (bar) return bar;
  switch (cmd.reaction) {
    case "dodge":
      return dodge(state, i, sl, roller, events);
    case "counter":
      return counter(state, i, sl, events);
    case "hide":
      return hide(state, i, sl, cmd, events);
    default:
      return refuse("UnknownReaction", `unknown reaction ${shown((cmd as { reaction: unknown }).reaction)}`, "FAC-16");
  }
}

/** FAC-18: an AGI save; on a pass the attack misses. */
function dodge(
  state: FactionsAttackState,
  i: number,
  sl: TargetSlot,
  roller: Roller,
  events: AttackEvent[],
): FactionsAttackOutcome {
  const reactor = { ...sl.target, turnUsed: true };
  const s = save(roller, reactor.agi);
  events.push({
    type: "reactionTaken",
    reactor: reactor.id,
    reaction: "dodge",
    roll: s.roll,
    comparison: s.comparison,
    outcome: s.passed ? "dodged" : "failed",
  });
  return applied(
    replaceSlot(state, i, { ...sl, target: reactor, reaction: "dodge", reacted: true, avoided: s.passed }),
  );
}

/**
 * FAC-19/20: the counter's blow is rolled with the attack's damage; only one target of a multi-target attack may
 * counter.
 */
function counter(state: FactionsAttackState, i: number, sl: TargetSlot, events: AttackEvent[]): FactionsAttackOutcome {
  if (state.slots.some((s) => s.reaction === "counter"))
    return refuse("CounterTaken", "another target has already countered this attack", "FAC-20");
  if (sl.target.id === state.attackerData.id)
    return refuse("CounterOwnAttack", "an attacker caught in its own blast cannot counter it", "FAC-38");
  const reactor = { ...sl.target, turnUsed: true };
  events.push({ type: "reactionTaken", reactor: reactor.id, reaction: "counter", outcome: "counter" });
  return applied(replaceSlot(state, i, { ...sl, target: reactor, reaction: "counter", reacted: true }));
}

/** FAC-21: hiding behind a bystander who agrees makes it the target; FAC-47: a held character has no choice. */
function hide(
  state: FactionsAttackState,
  i: number,
  sl: TargetSlot,
  cmd: Extract<React, { reaction: "hide" }>,
  events: AttackEvent[],
): FactionsAttackOutcome {
  const shield = state.bystanders.find((b) => b.id === cmd.behind);
  if (!shield) return refuse("UnknownCombatant", `${cmd.behind} is not near ${cmd.by}`, "FAC-21", { name: cmd.behind });
  const held = sl.target.grabbing === shield.id;
  if (!held && !cmd.agreed)
    return refuse("HideNotAgreed", `${cmd.behind} does not agree to be hidden behind`, "FAC-21", { name: cmd.behind });
  if (isDown(shield)) return refuse("ReactorDown", `${cmd.behind} is down`, "FAC-21", { name: cmd.behind });
  const reactor = { ...sl.target, turnUsed: true };
  const next = replaceSlot(state, i, { ...sl, target: shield, reaction: "none", reacted: false });
  events.push({
    type: "reactionTaken",
    reactor: cmd.by,
    reaction: "hide",
    outcome: "newTarget",
    behind: cmd.behind,
    clause: held ? "FAC-47" : "FAC-21",
  });
  return applied({
    ...next,
    bystanders: [...state.bystanders.filter((b) => b.id !== cmd.behind), reactor],
    target: i === 0 ? cmd.behind : state.target,
  });
}

export function skipReaction(state: FactionsAttackState): FactionsAttackOutcome {
  const bad = requireStep(state, "reactionWindow");
  if (bad) return bad;
  if (state.stunt?.answer === "pending") return stuntPending();
  return closeReactionWindow(state, "noneTaken", afterWindow(state));
}
