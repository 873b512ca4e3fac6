// Commands per second for the ranked (escalation) and rolled (strain) turn orders on a 40-combatant, 20-round fight.
import { seededRoller } from "../src/core/shared/roller.js";
import {
  rankedEngine,
  type RankedCommand,
  type RankedSetup,
  type RankedState,
} from "../src/core/turn-order/ranked/index.js";
import {
  rolledEngine,
  type RolledCommand,
  type RolledSetup,
  type RolledState,
} from "../src/core/turn-order/rolled/index.js";
import type { TurnOrderEngine } from "../src/core/turn-order/types.js";
import { medianMs, type BenchFigure } from "./measure.js";

const COMBATANTS = 40;
const ROUNDS = 20;

const rankedSetup: RankedSetup = {
  combatants: Array.from({ length: COMBATANTS }, (_, i) => ({
    id: `u${i}`,
    side: i % 2 ? "npc" : "pc",
    agility: (i * 7) % 5,
  })),
};
const rolledSetup: RolledSetup = {
  combatants: Array.from({ length: COMBATANTS }, (_, i) => ({
    id: `u${i}`,
    side: i % 2 ? "npc" : "pc",
    initiative: i % 4,
    speed: 6,
  })),
};

/** Play the fight once, building the command log: every turn claims, spends a little, and ends; one delay per round. */
function script<S extends { round: number }, C>(
  engine: TurnOrderEngine<unknown, S, C>,
  setup: unknown,
  turnCommands: (id: string, state: S) => C[],
): { start: S; log: C[] } {
  const o = engine.start(setup, seededRoller(7));
  if (!o.ok) throw new Error(o.reason);
  const log: C[] = [];
  let s = o.state;
  const roller = seededRoller(0);
  const push = (c: C) => {
    const r = engine.apply(s, c, roller);
    if (!r.ok) throw new Error(`${r.key}: ${JSON.stringify(c)}`);
    s = r.state;
    log.push(c);
  };
  let delayedRound = -1;
  while (s.round <= ROUNDS) {
    const legal = engine.legal(s) as { type: string; combatant?: string; after?: string | null }[];
    const delay = legal.find((c) => c.type === "delay" && c.after === null);
    if (delay && delayedRound !== s.round) {
      delayedRound = s.round;
      push(delay as C);
      continue;
    }
    const act = legal.find((c) => c.type === "act");
    if (!act || act.combatant === undefined) throw new Error("stuck");
    for (const c of turnCommands(act.combatant, s)) push(c);
  }
  return { start: o.state, log };
}

function figure<S, C>(
  name: string,
  engine: TurnOrderEngine<unknown, S, C>,
  start: S,
  log: readonly C[],
): BenchFigure[] {
  const roller = seededRoller(0);
  const ms = medianMs(
    () => {
      let s = start;
      for (const c of log) {
        const r = engine.apply(s, c, roller);
        if (r.ok) s = r.state;
      }
    },
    20,
    3,
  );
  const legalMs = medianMs(() => engine.legal(start), 50, 5);
  return [
    {
      name: `${name}: commands applied (${COMBATANTS} combatants, ${ROUNDS} rounds, ${log.length} commands)`,
      value: (log.length * 1000) / ms,
      unit: "commands/s",
    },
    { name: `${name}: legal() on ${COMBATANTS} combatants`, value: 1000 / legalMs, unit: "calls/s" },
  ];
}

export default function (): BenchFigure[] {
  const ranked = script<RankedState, RankedCommand>(rankedEngine, rankedSetup, (id) => [
    { type: "act", combatant: id },
    { type: "spend", combatant: id, action: "move", pay: "MA" },
    { type: "spend", combatant: id, action: "attack", pay: "AA" },
    { type: "spend", combatant: id, action: "boostHit", pay: "BA" },
    { type: "freeHit", combatant: id },
    { type: "endTurn", combatant: id },
  ]);
  const rolled = script<RolledState, RolledCommand>(rolledEngine, rolledSetup, (id, s) =>
    s.round === 0
      ? [
          { type: "act", combatant: id },
          { type: "position", combatant: id, square: { x: 1, y: 2 }, stance: "Guard" },
          { type: "endTurn", combatant: id },
        ]
      : [
          { type: "act", combatant: id },
          { type: "spend", combatant: id, action: "move", squares: 3 },
          { type: "spend", combatant: id, action: "action", name: "Basic Attack" },
          { type: "spend", combatant: id, action: "stance", stance: "Guard" },
          { type: "endTurn", combatant: id },
        ],
  );
  return [
    ...figure("ranked", rankedEngine as never, ranked.start, ranked.log),
    ...figure("rolled", rolledEngine as never, rolled.start, rolled.log),
  ];
}
