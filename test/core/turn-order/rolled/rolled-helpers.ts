import { expect } from "vitest";
import type { Outcome } from "../../../../src/core/shared/outcome.js";
import { scriptedRoller, seededRoller } from "../../../../src/core/shared/roller.js";
import {
  initiativeOrder,
  rolledEngine,
  type RolledCombatant,
  type RolledCommand,
  type RolledSetup,
  type RolledState,
} from "../../../../src/core/turn-order/rolled/index.js";
import type { TurnEvent } from "../../../../src/core/turn-order/types.js";

/** Bob 6+5+1 = 12, Alice 4+3+0 = 7, Gob 2+2+0 = 4 (pinned dice). */
export const trio: RolledSetup = {
  combatants: [
    { id: "bob", name: "Bob", side: "pc", initiative: 1, speed: 5 },
    { id: "alice", name: "Alice", side: "pc", initiative: 0, speed: 5 },
    { id: "gob", name: "Gob", side: "npc", initiative: 0 },
  ],
};
export const trioDice = [6, 5, 4, 3, 2, 2];

export function begin(
  setup: RolledSetup = trio,
  dice: readonly number[] = trioDice,
): { state: RolledState; events: readonly TurnEvent[] } {
  const o = rolledEngine.start(setup, scriptedRoller(dice));
  if (!o.ok) throw new Error(`start refused: ${o.reason}`);
  return { state: o.state, events: o.events };
}

export function ok(o: Outcome<RolledState, TurnEvent>): { state: RolledState; events: readonly TurnEvent[] } {
  if (!o.ok) throw new Error(`refused: ${o.key} ${o.reason}`);
  return { state: o.state, events: o.events };
}

export function run(state: RolledState, ...cmds: RolledCommand[]): { state: RolledState; events: TurnEvent[] } {
  const events: TurnEvent[] = [];
  let s = state;
  for (const c of cmds) {
    const o = ok(rolledEngine.apply(s, c, seededRoller(0)));
    s = o.state;
    events.push(...o.events);
  }
  return { state: s, events };
}

export function refused(state: RolledState, cmd: unknown, key: string, clause?: string): void {
  const before = JSON.stringify(state);
  const o = rolledEngine.apply(state, cmd as RolledCommand, seededRoller(0));
  expect(o.ok).toBe(false);
  if (o.ok) return;
  expect(o.key).toBe(`FRAY.Refusal.${key}`);
  if (clause !== undefined) expect(o.clause).toBe(clause);
  expect(JSON.stringify(state)).toBe(before);
}

export function turn(state: RolledState, id: string): { state: RolledState; events: TurnEvent[] } {
  return run(state, { type: "act", combatant: id }, { type: "endTurn", combatant: id });
}

/** Play Round Zero through in initiative order with no positions picked. */
export function pastRoundZero(state: RolledState): RolledState {
  let s = state;
  for (const id of initiativeOrder(s)) s = turn(s, id).state;
  return s;
}

/** The combatant with this id (the state lists them in the setup's order). */
export const member = (s: RolledState, id: string): RolledCombatant | undefined =>
  s.combatants.find((c) => c.id === id);

export const types = (events: readonly TurnEvent[]): string[] => events.map((e) => e.type);
