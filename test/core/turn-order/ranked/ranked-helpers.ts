import { expect } from "vitest";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import type { Outcome } from "../../../../src/core/shared/outcome.js";
import {
  rankedEngine,
  type RankedCombatant,
  type RankedCommand,
  type RankedSetup,
  type RankedState,
} from "../../../../src/core/turn-order/ranked/index.js";
import type { TurnEvent } from "../../../../src/core/turn-order/types.js";

export const party: RankedSetup = {
  combatants: [
    { id: "ana", name: "Ana", side: "pc", agility: 2 },
    { id: "bo", name: "Bo", side: "pc", agility: 0 },
    { id: "orc", name: "Orc", side: "npc", agility: 1 },
    { id: "rat", name: "Rat", side: "npc", agility: -1 },
  ],
};

export function begin(setup: RankedSetup = party): { state: RankedState; events: readonly TurnEvent[] } {
  const o = rankedEngine.start(setup, seededRoller(1));
  if (!o.ok) throw new Error(`start refused: ${o.reason}`);
  return { state: o.state, events: o.events };
}

export function ok(o: Outcome<RankedState, TurnEvent>): { state: RankedState; events: readonly TurnEvent[] } {
  if (!o.ok) throw new Error(`refused: ${o.key} ${o.reason}`);
  return { state: o.state, events: o.events };
}

/** Apply commands one after another; every one must be accepted. Returns the final state and all events. */
export function run(state: RankedState, ...cmds: RankedCommand[]): { state: RankedState; events: TurnEvent[] } {
  const events: TurnEvent[] = [];
  let s = state;
  for (const c of cmds) {
    const o = ok(rankedEngine.apply(s, c, seededRoller(0)));
    s = o.state;
    events.push(...o.events);
  }
  return { state: s, events };
}

export function refused(state: RankedState, cmd: unknown, key: string, clause?: string): void {
  const before = JSON.stringify(state);
  const o = rankedEngine.apply(state, cmd as RankedCommand, seededRoller(0));
  expect(o.ok).toBe(false);
  if (o.ok) return;
  expect(o.key).toBe(`FRAY.Refusal.${key}`);
  if (clause !== undefined) expect(o.clause).toBe(clause);
  expect(JSON.stringify(state)).toBe(before);
}

/** Act then end the turn. */
export function turn(state: RankedState, id: string): { state: RankedState; events: TurnEvent[] } {
  return run(state, { type: "act", combatant: id }, { type: "endTurn", combatant: id });
}

/** The combatant with this id (the state lists them in the setup's order). */
export const member = (s: RankedState, id: string): RankedCombatant | undefined =>
  s.combatants.find((c) => c.id === id);

export const types = (events: readonly TurnEvent[]): string[] => events.map((e) => e.type);
