// Commands per second for the teams and factions turn-order engines on a 40-combatant, 20-round fight.
import { seededRoller } from "../src/core/shared/roller.js";
import {
  teamsEngine,
  type TeamsCommand,
  type TeamsSetup,
  type TeamsState,
} from "../src/core/turn-order/teams/index.js";
import {
  factionsEngine,
  type FactionsCommand,
  type FactionsSetup,
  type FactionsState,
} from "../src/core/turn-order/factions/index.js";
import { medianMs, type BenchFigure } from "./measure.js";

const SIDE = 20;
const ROUNDS = 20;

const teamsSetup: TeamsSetup = {
  initiative: ["red", "blue"],
  combatants: ["red", "blue"].flatMap((team) =>
    Array.from({ length: SIDE }, (_, i) => ({ id: `${team}${i}`, team, stamina: 40, focus: 40 })),
  ),
};

function teamsScript(): TeamsCommand[] {
  const out: TeamsCommand[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < SIDE; i++) {
      for (const team of ["red", "blue"]) {
        const id = `${team}${(i + r) % SIDE}`;
        out.push(
          { type: "act", combatant: id },
          { type: "spend", combatant: id, action: "Move" },
          { type: "spend", combatant: id, action: "Attack" },
          { type: "endTurn", combatant: id },
        );
      }
    }
  }
  return out;
}

const factionsSetup: FactionsSetup = {
  factions: ["red", "blue"],
  initiative: "red",
  combatants: ["red", "blue"].flatMap((faction) =>
    Array.from({ length: SIDE }, (_, i) => ({ id: `${faction}${i}`, faction, wit: i, health: 10 })),
  ),
};

function factionsScript(): FactionsCommand[] {
  const out: FactionsCommand[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    out.push({ type: "chooseFirst", side: "red" });
    for (let i = 0; i < SIDE; i++) {
      for (const faction of ["red", "blue"]) {
        const id = `${faction}${(i + r) % SIDE}`;
        out.push(
          { type: "act", combatant: id },
          { type: "spend", combatant: id, action: "Move", zones: 0.5 },
          { type: "spend", combatant: id, action: "Attack" },
          { type: "endTurn", combatant: id },
        );
      }
    }
    // the last turn leaves both factions with nobody ready: both pass by themselves and the round ends
  }
  return out;
}

function runTeams(script: readonly TeamsCommand[]): TeamsState {
  const roller = seededRoller(7);
  const s = teamsEngine.start(teamsSetup, roller);
  if (!s.ok) throw new Error(s.reason);
  let state = s.state;
  for (const c of script) {
    const r = teamsEngine.apply(state, c, roller);
    if (!r.ok) throw new Error(`${JSON.stringify(c)}: ${r.reason}`);
    state = r.state;
  }
  return state;
}

function runFactions(script: readonly FactionsCommand[]): FactionsState {
  const roller = seededRoller(7);
  const s = factionsEngine.start(factionsSetup, roller);
  if (!s.ok) throw new Error(s.reason);
  let state = s.state;
  for (const c of script) {
    const r = factionsEngine.apply(state, c, roller);
    if (!r.ok) throw new Error(`${JSON.stringify(c)}: ${r.reason}`);
    state = r.state;
  }
  return state;
}

export default function (): BenchFigure[] {
  const ts = teamsScript();
  const fs = factionsScript();
  const tEnd = runTeams(ts);
  const fEnd = runFactions(fs);
  if (tEnd.round !== ROUNDS + 1 || fEnd.round !== ROUNDS + 1)
    throw new Error("the scripted fights did not run 20 rounds");
  const tMs = medianMs(() => runTeams(ts), 9, 2);
  const fMs = medianMs(() => runFactions(fs), 9, 2);
  const tLegal = medianMs(() => teamsEngine.legal(tEnd), 21, 3);
  const fLegal = medianMs(() => factionsEngine.legal(fEnd), 21, 3);
  return [
    {
      name: `teams: apply, 40 combatants, 20 rounds (${ts.length} commands)`,
      value: (ts.length * 1000) / tMs,
      unit: "commands/s",
    },
    {
      name: `factions: apply, 40 combatants, 20 rounds (${fs.length} commands)`,
      value: (fs.length * 1000) / fMs,
      unit: "commands/s",
    },
    { name: "teams: legal() on 40 combatants", value: tLegal, unit: "ms" },
    { name: "factions: legal() on 40 combatants", value: fLegal, unit: "ms" },
  ];
}
