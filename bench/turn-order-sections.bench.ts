// Sections turn order: commands per second on a 40-combatant, 20-round fight.
import { openJournal, record, undo } from "../src/core/shared/journal.js";
import { scriptedRoller } from "../src/core/shared/roller.js";
import {
  sectionsEngine as engine,
  type SectionsCommand,
  type SectionsSetup,
  type SectionsState,
} from "../src/core/turn-order/sections/index.js";
import { medianMs, type BenchFigure } from "./measure.js";

const ROUNDS = 20;
const setup: SectionsSetup = {
  combatants: Array.from({ length: 40 }, (_, i) => ({
    id: `c${i}`,
    side: i < 20 ? "players" : "enemies",
    name: `Combatant ${i}`,
  })),
};

/** A full turn for everyone, every round: act, draw, innate Move, Block, Action, discard, end. */
function script(): SectionsCommand[] {
  const out: SectionsCommand[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const c of setup.combatants) {
      const combatant = c.id;
      out.push(
        { type: "act", combatant },
        { type: "draw", combatant },
        { type: "move", combatant, kind: "innate" },
        { type: "spend", combatant, phase: "strategy", action: "block" },
        { type: "spend", combatant, phase: "action", action: "action" },
        { type: "discard", combatant },
        { type: "endTurn", combatant },
      );
    }
  }
  return out;
}

function runAll(commands: readonly SectionsCommand[]): SectionsState {
  const roller = scriptedRoller([]);
  const o = engine.start(setup, roller);
  if (!o.ok) throw new Error(o.reason);
  let s = o.state;
  for (const c of commands) {
    const n = engine.apply(s, c, roller);
    if (!n.ok) throw new Error(`${JSON.stringify(c)}: ${n.reason}`);
    s = n.state;
  }
  return s;
}

export default function (): BenchFigure[] {
  const commands = script();
  const end = runAll(commands);
  if (end.round !== ROUNDS + 1) throw new Error(`expected round ${ROUNDS + 1}, got ${end.round}`);
  const applyMs = medianMs(() => runAll(commands), 20, 3);
  const journalMs = medianMs(
    () => {
      let j = openJournal(engine, setup, 1);
      for (const c of commands) {
        if (!j.ok) throw new Error("refused");
        j = record(engine, j.state, c);
      }
      return j;
    },
    10,
    2,
  );
  let j = openJournal(engine, setup, 1);
  for (const c of commands) if (j.ok) j = record(engine, j.state, c);
  if (!j.ok) throw new Error("refused");
  const full = j.state;
  const undoMs = medianMs(() => undo(engine, full), 10, 2);
  const mid = runAll(commands.slice(0, commands.length / 2 + 3));
  const legalMs = medianMs(() => engine.legal(mid), 200, 20);
  const viewMs = medianMs(() => engine.view(mid), 200, 20);
  return [
    {
      name: `apply: ${commands.length} commands, 40 combatants x ${ROUNDS} rounds`,
      value: (commands.length * 1000) / applyMs,
      unit: "commands/s",
    },
    { name: "journal record (with dice state)", value: (commands.length * 1000) / journalMs, unit: "commands/s" },
    { name: `undo at the end of the fight (replays ${commands.length} commands)`, value: undoMs, unit: "ms" },
    { name: "legal() mid-fight, 40 combatants", value: 1000 / legalMs, unit: "calls/s" },
    { name: "view() mid-fight, 40 combatants", value: 1000 / viewMs, unit: "calls/s" },
  ];
}
