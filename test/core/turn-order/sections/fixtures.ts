import { expect } from "vitest";
import { scriptedRoller } from "../../../../src/core/shared/roller.js";
import {
  sectionsEngine as engine,
  type SectionsCommand,
  type SectionsSetup,
  type SectionsState,
} from "../../../../src/core/turn-order/sections/index.js";
import type { TurnEvent } from "../../../../src/core/turn-order/types.js";

/** The sections turn order never rolls: a roller with no values proves it. */
export const noDice = () => scriptedRoller([]);

export function begin(setup: SectionsSetup): SectionsState {
  const o = engine.start(setup, noDice());
  if (!o.ok) throw new Error(`start refused: ${o.reason}`);
  return o.state;
}

/** Two players (ann, bo) and two enemies (orc, imp) unless told otherwise. */
export function fight(options: SectionsSetup["options"] = {}): SectionsState {
  return begin({
    combatants: [
      { id: "ann", side: "players", name: "Ann" },
      { id: "bo", side: "players", name: "Bo" },
      { id: "orc", side: "enemies", name: "Orc" },
      { id: "imp", side: "enemies", name: "Imp" },
    ],
    options,
  });
}

/** Apply commands that must all be accepted; returns the last state and every event. */
export function run(
  state: SectionsState,
  ...commands: SectionsCommand[]
): { state: SectionsState; events: TurnEvent[] } {
  let s = state;
  const events: TurnEvent[] = [];
  for (const c of commands) {
    const o = engine.apply(s, c, noDice());
    if (!o.ok) throw new Error(`${JSON.stringify(c)} refused: ${o.key} ${o.reason}`);
    s = o.state;
    events.push(...o.events);
  }
  return { state: s, events };
}

/** Apply a command that must be refused; checks the state is untouched and returns the refusal. */
export function refused(state: SectionsState, command: unknown) {
  const before = JSON.stringify(state);
  const o = engine.apply(state, command as SectionsCommand, noDice());
  expect(o.ok, JSON.stringify(command)).toBe(false);
  expect(JSON.stringify(state)).toBe(before);
  if (o.ok) throw new Error("accepted");
  return o;
}

/** A whole turn: act, draw, end. */
export function quickTurn(combatant: string): SectionsCommand[] {
  return [
    { type: "act", combatant },
    { type: "draw", combatant },
    { type: "endTurn", combatant },
  ];
}

export { engine };
