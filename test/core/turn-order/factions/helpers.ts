import { expect } from "vitest";
import { scriptedRoller, seededRoller, type Roller } from "../../../../src/core/shared/roller.js";
import type { TurnEvent } from "../../../../src/core/turn-order/types.js";
import {
  factionsEngine,
  type FactionsCommand,
  type FactionsSetup,
  type FactionsState,
} from "../../../../src/core/turn-order/factions/index.js";

export interface Run {
  state: FactionsState;
  events: TurnEvent[];
  roller: Roller;
}

/** Start a fight; `dice` pins every d20 (FAT) and random initiative roll. */
export function begin(setup: FactionsSetup, dice: number[] = []): Run {
  const roller = dice.length > 0 ? scriptedRoller(dice) : seededRoller(1);
  const r = factionsEngine.start(setup, roller);
  if (!r.ok) throw new Error(`start refused: ${r.reason}`);
  return { state: r.state, events: [...r.events], roller };
}

export function play(run: Run, ...commands: FactionsCommand[]): TurnEvent[] {
  const out: TurnEvent[] = [];
  for (const c of commands) {
    const r = factionsEngine.apply(run.state, c, run.roller);
    if (!r.ok) throw new Error(`${JSON.stringify(c)} refused: ${r.key} ${r.reason}`);
    run.state = r.state;
    out.push(...r.events);
    run.events.push(...r.events);
  }
  return out;
}

export function refused(run: Run, command: FactionsCommand, key: string): void {
  const before = JSON.stringify(run.state);
  const r = factionsEngine.apply(run.state, command, run.roller);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.key).toBe(`FRAY.Refusal.${key}`);
  expect(JSON.stringify(run.state)).toBe(before);
}

export function turn(id: string): FactionsCommand[] {
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
