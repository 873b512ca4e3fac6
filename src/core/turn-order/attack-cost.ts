import { refuse, type Refusal } from "../shared/outcome.js";
import { seededRoller } from "../shared/roller.js";
import type { FactionsCommand } from "./factions/types.js";
import type { RankedCommand } from "./ranked/types.js";
import type { RolledCommand } from "./rolled/types.js";
import type { SectionsCommand } from "./sections/types.js";
import type { TeamsCommand, TeamsState } from "./teams/types.js";
import { own } from "../shared/guards.js";
import type { CombatantId, TurnEvent } from "./types.js";
import type { Engine } from "../shared/engine.js";

/**
 * How an attack is made: on the attacker's own turn, or as a reaction the rules allow out of turn and that the
 * turn order counts (ESC-39 a free hit, FAC-23 an opportunity attack).
 */
export type AttackWay = "turn" | "free-hit" | "opportunity-attack";

/** A turn step an attack spends, in the command language of its turn order. */
export type AttackStep = RankedCommand | RolledCommand | TeamsCommand | FactionsCommand | SectionsCommand;

const ORDERS: readonly string[] = ["ranked", "rolled", "teams", "factions", "sections"];

/**
 * What an attack costs, as the turn order's steps that may pay for it, in the order they are tried. The turn order's
 * own engine then judges the step: whose turn it is, what is left to spend. A refusal when the rules allow no such way.
 */
export function attackCost(
  order: string,
  combatant: CombatantId,
  way: AttackWay = "turn",
): readonly AttackStep[] | Refusal {
  if (!ORDERS.includes(order)) return refuse("UnknownMode", `no turn order ${order}`);
  if (way === "free-hit") {
    // ESC-38/ESC-42: a free hit spends neither AA nor MA, but one of the round's Free Hit Slots.
    if (order === "ranked") return [{ type: "freeHit", combatant }];
    return refuse("NoSuchReaction", "only escalation has free hits", "ESC-38");
  }
  if (way === "opportunity-attack") {
    // FAC-23, FAC-14: an opportunity attack is a reaction, which uses the character's turn.
    if (order === "factions") return [{ type: "react", combatant, trigger: "opportunity-attack" }];
    return refuse("NoSuchReaction", "only factions has opportunity attacks", "FAC-23");
  }
  switch (order) {
    case "ranked":
      // ESC-06: an attack is paid with the turn's Attack Action.
      return [{ type: "spend", combatant, action: "attack", pay: "AA" }];
    case "rolled":
      // STR-10: an attack is the turn's one Action; STR-39: out of its turn a character only defends.
      return [{ type: "spend", combatant, action: "action", name: "Attack" }];
    case "teams":
      // TEAM-18: an Attack costs one action, and TEAM-54 counts it for the multiple attack penalty. Out of turn, an
      // ally's Command grants one (TEAM-19), or a readied action is taken as a reaction (TEAM-23).
      return [
        { type: "spend", combatant, action: "Attack" },
        { type: "react", combatant, reaction: "Ready an Action" },
      ];
    case "factions":
      // FAC-06: an attack is the turn's main action.
      return [{ type: "spend", combatant, action: "Attack" }];
    default:
      // SEC-61: an Action card is paid with the turn's Action Phase.
      return [{ type: "spend", combatant, phase: "action", action: "action" }];
  }
}

/**
 * The step an attack spends now: the first of `attackCost`'s steps the engine accepts on `state`, or the first
 * refusal, whose reason is the rule's (not your turn, no Attack Action left). Nothing is written: the caller records
 * it.
 */
export function attackStepNow<S>(
  engine: Engine<unknown, S, AttackStep, TurnEvent>,
  state: S,
  order: string,
  combatant: CombatantId,
  way: AttackWay = "turn",
): AttackStep | Refusal {
  const steps = attackCost(order, combatant, way);
  if (!Array.isArray(steps)) return steps as Refusal;
  const refusals: Refusal[] = [];
  for (const step of steps as readonly AttackStep[]) {
    // A trial on a throwaway roller: the recorded step rolls with the fight's own dice.
    const tried = engine.apply(state, step, seededRoller(1));
    if (tried.ok) return step;
    refusals.push(tried);
  }
  // attackCost names at least one step: its refusal is the rule's first word.
  return refusals[0]!;
}

/**
 * TEAM-54: the attacks a combatant has made before this one, as the teams order counts them (this round, or this turn
 * by option), so the card's multiple attack penalty follows the fight. Null in the orders that keep no such count.
 */
export function attacksBefore(order: string, state: unknown, combatant: CombatantId): number | null {
  if (order !== "teams") return null;
  const member = own((state as TeamsState).members, combatant);
  return member ? member.attacks : null;
}

/** A teams card's reactions, by the names the teams turn order counts them under (TEAM-36..TEAM-43). */
const TEAMS_REACTION_NAMES: Readonly<Record<string, string>> = Object.assign(
  Object.create(null) as Record<string, string>,
  {
    dodge: "Dodge",
    fortify: "Fortify",
    resist: "Resist",
    intercept: "Intercept",
    block: "Block",
    parry: "Parry",
  },
);

/**
 * A reaction taken on an attack card, as its turn order counts it: FAC-14 a reaction (dodge, counter, hide behind,
 * guard) uses the reactor's turn; ESC-42 a free hit takes a Free Hit Slot, where ESC-35's free critical takes none
 * (`free`); TEAM-35 a teams reaction takes the round's reaction, unless free (TEAM-39); SEC-47 an Intercept takes the
 * Interceptor's Interrupt of the round (ruling SEC-47). Null in the orders that count no reaction on a card: strain's
 * defence is no spend (STR-39).
 */
export function cardReactionCost(
  order: string,
  reactor: CombatantId,
  reaction: string,
  free = false,
): AttackStep | null {
  if (order === "factions") return { type: "react", combatant: reactor, trigger: reaction };
  // TEAM-35: the round's reaction, by its name in the turn order; TEAM-39's defence after an Intercept is free.
  const named = TEAMS_REACTION_NAMES[reaction];
  if (order === "teams" && named)
    return { type: "react", combatant: reactor, reaction: named, ...(free ? { free: true } : {}) };
  if (order === "ranked" && reaction === "freeHit" && !free) return { type: "freeHit", combatant: reactor };
  if (order === "sections" && reaction === "intercept")
    return { type: "interrupt", combatant: reactor, detail: "Intercept" };
  return null;
}
