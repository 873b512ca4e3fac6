import { applied, refuse, type Refusal } from "../../../shared/outcome.js";
import { combatantOf, unknownCombatant, withCombatant } from "../../shared/combatants.js";
import { shown } from "../../../shared/shown.js";
import { bonusActionsPerTurn, type EscalationActions } from "../combatant.js";
import type { EscalationAttackOutcome, EscalationAttackState, EscalationCommand } from "../types.js";

type Command<T extends EscalationCommand["type"]> = Extract<EscalationCommand, { type: T }>;

/** ESC-48: nothing borrowed from the next turn. */
export const NOTHING_OWED: EscalationActions = { aa: 0, ma: 0, ba: 0 };

/** ESC-47/49: standing up and picking a weapon up cost 1 AA, 1 MA or 1 BA, the unit's choice. */
function oneAction(pay: unknown, clause: string): Refusal | null {
  return pay === "aa" || pay === "ma" || pay === "ba"
    ? null
    : refuse("UnknownPayment", `cannot pay with ${shown(pay)}`, clause);
}

/** ESC-49: the unit's held weapon is knocked away. */
export function disarm(state: EscalationAttackState, cmd: Command<"disarm">): EscalationAttackOutcome {
  const c = combatantOf(state, cmd.combatant);
  if (!c) return unknownCombatant(cmd.combatant);
  return applied(withCombatant(state, { ...c, disarmed: true }), [
    { type: "disarmed", combatant: c.id, clause: "ESC-49" },
  ]);
}

/** ESC-49: 1 AA, 1 MA or 1 BA; whether the item is near enough is the GM's call. */
export function retrieve(state: EscalationAttackState, cmd: Command<"retrieve">): EscalationAttackOutcome {
  const c = combatantOf(state, cmd.combatant);
  if (!c) return unknownCombatant(cmd.combatant);
  if (!c.disarmed) return refuse("NotDisarmed", `${c.name} is holding its weapon`, "ESC-49", { name: c.name });
  const a = c.actions;
  const bad = oneAction(cmd.pay, "ESC-49");
  if (bad) return bad;
  if (a[cmd.pay] < 1)
    return refuse("NoActionLeft", `${c.name} has no ${cmd.pay.toUpperCase()} left`, "ESC-49", { name: c.name });
  return applied(withCombatant(state, { ...c, disarmed: false, actions: { ...a, [cmd.pay]: a[cmd.pay] - 1 } }), [
    { type: "retrieved", combatant: c.id, pay: cmd.pay },
  ]);
}

/** ESC-47: a prone unit stands with one action; ESC-48: outside its turn, the action comes from its next turn. */
export function standUp(state: EscalationAttackState, cmd: Command<"standUp">): EscalationAttackOutcome {
  const c = combatantOf(state, cmd.combatant);
  if (!c) return unknownCombatant(cmd.combatant);
  if (!c.prone) return refuse("NotProne", `${c.name} is not prone`, "ESC-47", { name: c.name });
  const bad = oneAction(cmd.pay, "ESC-47");
  if (bad) return bad;
  if (cmd.outsideTurn === true) {
    // ruling: refused when the next turn has none of the chosen kind left
    const owe = state.borrowed[c.id] ?? NOTHING_OWED;
    const budget = cmd.pay === "ba" ? bonusActionsPerTurn(c) : 1;
    if (owe[cmd.pay] >= budget)
      return refuse(
        "NoActionNextTurn",
        `${c.name}'s next turn has no ${cmd.pay.toUpperCase()} left to give`,
        "ESC-48",
        {
          name: c.name,
        },
      );
    const borrowed = { ...state.borrowed, [c.id]: { ...owe, [cmd.pay]: owe[cmd.pay] + 1 } };
    return applied({ ...withCombatant(state, { ...c, prone: false }), borrowed }, [
      { type: "stoodUp", combatant: c.id, pay: cmd.pay, fromNextTurn: true },
    ]);
  }
  if (c.actions[cmd.pay] < 1)
    return refuse("NoActionLeft", `${c.name} has no ${cmd.pay.toUpperCase()} left`, "ESC-47", { name: c.name });
  return applied(
    withCombatant(state, { ...c, prone: false, actions: { ...c.actions, [cmd.pay]: c.actions[cmd.pay] - 1 } }),
    [{ type: "stoodUp", combatant: c.id, pay: cmd.pay, fromNextTurn: false }],
  );
}

/** ESC-43: 1 AA, or 2 BAs, or granted by a spell or ability. */
export function disengage(state: EscalationAttackState, cmd: Command<"disengage">): EscalationAttackOutcome {
  const c = combatantOf(state, cmd.combatant);
  if (!c) return unknownCombatant(cmd.combatant);
  const a = c.actions;
  if (cmd.pay === "aa" && a.aa < 1)
    return refuse("NoAttackAction", `${c.name} has no Attack Action left`, "ESC-43", { name: c.name });
  if (cmd.pay === "ba" && a.ba < 2)
    return refuse("NoBonusActions", `${c.name} needs two Bonus Actions`, "ESC-43", { name: c.name });
  if (cmd.pay !== "aa" && cmd.pay !== "ba" && cmd.pay !== "granted")
    return refuse("UnknownPayment", `cannot pay with ${shown(cmd.pay)}`, "ESC-43");
  const actions = cmd.pay === "aa" ? { ...a, aa: a.aa - 1 } : cmd.pay === "ba" ? { ...a, ba: a.ba - 2 } : a;
  return applied(withCombatant(state, { ...c, actions, disengaged: true }), [
    { type: "disengaged", combatant: c.id, pay: cmd.pay },
  ]);
}
