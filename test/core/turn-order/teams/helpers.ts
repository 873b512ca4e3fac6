import { expect } from "vitest";
import { seededRoller } from "../../../../src/core/shared/roller.js";
import type { TurnEvent } from "../../../../src/core/turn-order/types.js";
import {
  teamsEngine,
  type TeamsCommand,
  type TeamsSetup,
  type TeamsState,
} from "../../../../src/core/turn-order/teams/index.js";

export interface Run {
  state: TeamsState;
  events: TurnEvent[];
}

export function begin(setup: TeamsSetup): Run {
  const r = teamsEngine.start(setup, seededRoller(1));
  if (!r.ok) throw new Error(`start refused: ${r.reason}`);
  return { state: r.state, events: [...r.events] };
}

/** Apply commands that must all be accepted; returns the events of these commands only. */
export function play(run: Run, ...commands: TeamsCommand[]): TurnEvent[] {
  const out: TurnEvent[] = [];
  for (const c of commands) {
    const r = teamsEngine.apply(run.state, c, seededRoller(1));
    if (!r.ok) throw new Error(`${JSON.stringify(c)} refused: ${r.key} ${r.reason}`);
    run.state = r.state;
    out.push(...r.events);
    run.events.push(...r.events);
  }
  return out;
}

/** Apply a command that must be refused with this key; checks the state is untouched. */
export function refused(run: Run, command: TeamsCommand, key: string): void {
  const before = JSON.stringify(run.state);
  const r = teamsEngine.apply(run.state, command, seededRoller(1));
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.key).toBe(`FRAY.Refusal.${key}`);
  expect(JSON.stringify(run.state)).toBe(before);
}

/** A whole turn with nothing spent. */
export function turn(id: string): TeamsCommand[] {
  return [
    { type: "act", combatant: id },
    { type: "endTurn", combatant: id },
  ];
}

/** A field of an event, whatever its type. */
export function field(e: TurnEvent, key: string): unknown {
  return (e as unknown as Record<string, unknown>)[key];
}

export function turnsTaken(events: readonly TurnEvent[]): string[] {
  return events.filter((e) => e.type === "turnStarted").map((e) => String(field(e, "combatant")));
}
