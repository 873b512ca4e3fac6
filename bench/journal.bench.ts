// The cost of a fight's journal must not grow with the fight: recording one more command, undoing the last one, and
// the size of the update that stores it, at 100, 5,000 and 20,000 commands (40 combatants, sections turn order).
import { journalChanges, openJournal, record, undo, type Journal } from "../src/core/shared/journal.js";
import {
  sectionsEngine as engine,
  type SectionsCommand,
  type SectionsSetup,
  type SectionsState,
} from "../src/core/turn-order/sections/index.js";
import { medianMs, type BenchFigure } from "./measure.js";

const setup: SectionsSetup = {
  combatants: Array.from({ length: 40 }, (_, i) => ({
    id: `c${i}`,
    side: i < 20 ? "players" : "enemies",
    name: `Combatant ${i}`,
  })),
};
const TURN = (combatant: string): SectionsCommand[] => [
  { type: "act", combatant },
  { type: "draw", combatant },
  { type: "move", combatant, kind: "innate" },
  { type: "spend", combatant, phase: "strategy", action: "block" },
  { type: "spend", combatant, phase: "action", action: "action" },
  { type: "discard", combatant },
  { type: "endTurn", combatant },
];

/** The endless script of full turns, everyone in setup order, round after round. */
function command(n: number): SectionsCommand {
  const turn = Math.floor(n / 7);
  return TURN(`c${turn % 40}`)[n % 7] as SectionsCommand;
}

type J = Journal<SectionsSetup, SectionsState, SectionsCommand>;

function journalOf(length: number): J {
  const opened = openJournal(engine, setup, 1);
  if (!opened.ok) throw new Error(opened.reason);
  let j = opened.state;
  for (let n = 0; n < length; n++) {
    const r = record(engine, j, command(n));
    if (!r.ok) throw new Error(`${n}: ${r.reason}`);
    j = r.state;
  }
  return j;
}

export default function (): BenchFigure[] {
  const out: BenchFigure[] = [];
  for (const length of [100, 5_000, 20_000]) {
    const j = journalOf(length);
    const next = command(length);
    const first = performance.now();
    record(engine, j, next);
    const firstMs = performance.now() - first;
    const recordMs = medianMs(() => record(engine, j, next), 400, 50);
    const undoMs = medianMs(() => undo(engine, j), 100, 10);
    const recorded = record(engine, j, next);
    if (!recorded.ok) throw new Error(recorded.reason);
    const updateBytes = JSON.stringify(journalChanges(j, recorded.state)).length;
    const label = length.toLocaleString("en");
    out.push(
      { name: `record one command at ${label} commands (first call)`, value: firstMs, unit: "ms" },
      { name: `record one command at ${label} commands (median)`, value: recordMs, unit: "ms" },
      { name: `undo the last command at ${label} commands (median)`, value: undoMs, unit: "ms" },
      { name: `the update that stores it at ${label} commands`, value: updateBytes, unit: "bytes" },
    );
  }
  return out;
}
