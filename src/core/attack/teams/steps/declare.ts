import { isList } from "../../../shared/guards.js";
import { rollTest } from "../../../dice/advantage.js";
import { applied, refuse, type Refusal } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import { advance, compare, requireNonNegativeInteger, requireStep, type AttackEvent } from "../../pipeline.js";
import { combatantOf, unknownCombatant, withCombatant } from "../../shared/combatants.js";
import { shown } from "../../../shared/shown.js";
import { teamsDeclaration, type TeamsDeclaration } from "../attack.js";
import { durabilityOf, type TeamsCombatant, type TeamsItem } from "../combatant.js";
import { DEFAULT_TEAMS_OPTIONS } from "../options.js";
import {
  NO_DEFENCE,
  type TeamsAttackOutcome,
  type TeamsAttackState,
  type TeamsCommand,
  type TeamsSetup,
} from "../types.js";
import { validCombatant, validWeapon } from "../valid-combatant.js";

/** The card between attacks: nothing declared, rolled or pending. */
const NO_ATTACK = {
  attacker: "",
  target: "",
  declaration: null,
  toHit: null,
  defence: NO_DEFENCE,
  damage: null,
  pending: "none",
  outcome: null,
} as const;

/** A new attack on the card forgets the last one. */
function clearAttack(state: TeamsAttackState): TeamsAttackState {
  return { ...state, ...NO_ATTACK };
}

/**
 * The card opens on a fight; TEAM-44: unlisted durabilities are settled once, so the card can show and wear them down.
 */
export function start(setup: TeamsSetup): TeamsAttackOutcome {
  if (!setup || !isList(setup.combatants)) return refuse("MalformedSetup", "the setup needs a list of combatants");
  const sides = setup.options?.luckDieSides ?? DEFAULT_TEAMS_OPTIONS.luckDieSides;
  if (!Number.isInteger(sides) || sides < 1)
    return refuse("NegativeValue", "the luck die needs a whole number of sides", "TEAM-50", {
      name: "luckDieSides",
      value: shown(sides),
    });
  const combatants: Record<string, TeamsCombatant> = {};
  for (const c of setup.combatants) {
    const bad = validCombatant(c);
    if (bad) return bad;
    if (Object.hasOwn(combatants, c.id))
      return refuse("DuplicateCombatant", `combatant ${c.id} is listed twice`, undefined, { id: c.id });
    combatants[c.id] = { ...c, items: c.items.map((i: TeamsItem) => ({ ...i, durability: durabilityOf(i) })) };
  }
  return applied({
    step: "declare",
    ...NO_ATTACK,
    options: { ...DEFAULT_TEAMS_OPTIONS, ...(setup.options ?? {}) },
    combatants,
  });
}

function checkAttacker(
  state: TeamsAttackState,
  attackerId: string,
  targetId: string,
): Refusal | { attacker: TeamsCombatant; target: TeamsCombatant } {
  const bad = requireStep(state, "declare", "done");
  if (bad) return bad;
  const attacker = combatantOf(state, attackerId);
  const target = combatantOf(state, targetId);
  if (!attacker) return unknownCombatant(attackerId);
  if (!target) return unknownCombatant(targetId);
  if (attacker.id === target.id) return refuse("CannotAttackSelf", `${attacker.name} cannot attack itself`);
  if (attacker.condition !== "active") {
    return refuse("AttackerCannotAct", `${attacker.name} is ${attacker.condition} and cannot attack`, "TEAM-12", {
      name: attacker.name,
      condition: attacker.condition,
    });
  }
  if (target.condition === "dead")
    return refuse("TargetDead", `${target.name} is already dead`, "TEAM-70", { name: target.name });
  return { attacker, target };
}

/** An attack is declared by an active combatant against one not yet dead (TEAM-12, TEAM-70). */
export function declare(state: TeamsAttackState, cmd: Extract<TeamsCommand, { type: "declare" }>): TeamsAttackOutcome {
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
  if (!isList(d.adjacent))
    return refuse("MalformedWeapon", "adjacent must list combatant ids", "TEAM-52", { id: who.attacker.id });
  for (const id of d.adjacent)
    if (typeof id !== "string" || !combatantOf(state, id)) return unknownCombatant(shown(id));
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
): TeamsAttackOutcome {
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

/**
 * TEAM-72: kill an unconscious character with a test with advantage vs its constitution; on a failure, a sneak attack.
 */
export function killingStrike(
  state: TeamsAttackState,
  cmd: Extract<TeamsCommand, { type: "killingStrike" }>,
  roller: Roller,
): TeamsAttackOutcome {
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
    // The kill is decided; like any hit's harm it lands when applied (the card's apply writes it, the GM may undo it).
    const next = advance(
      { ...clearAttack(state), attacker: attacker.id, target: target.id, outcome: "killed" },
      "apply",
      events,
    );
    return applied(next, events);
  }
  return begin(state, attacker, target, teamsDeclaration(attacker, target, { sneak: true }), events);
}
