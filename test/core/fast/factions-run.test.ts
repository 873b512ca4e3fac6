// The factions order's fast run (src/core/fast/factions-run.ts, its commands in place) does what apply() does, command
// by command and state by state.
import { describe, expect, it } from "vitest";
import { seededRoller } from "../../../src/core/shared/roller.js";
import { FactionsFastRun } from "../../../src/core/fast/index.js";
import {
  factionsEngine,
  type FactionsCommand,
  type FactionsSetup,
  type FactionsState,
} from "../../../src/core/turn-order/factions/index.js";
import { fuzzCount } from "../../fuzz-size.js";
import { twinWalk, type FastRunOf } from "./twin-walk.js";

const FAST: FastRunOf<FactionsSetup, FactionsState, FactionsCommand> = {
  engine: factionsEngine,
  started: (setup, roller) => FactionsFastRun.started(setup, roller),
  of: (state) => FactionsFastRun.of(state),
};

const SETUPS: readonly FactionsSetup[] = [
  {
    factions: ["a", "b"],
    initiative: "a",
    combatants: [
      { id: "a1", faction: "a", wit: 12, health: 6 },
      { id: "a2", faction: "a", wit: 4, health: 6, immuneToFear: true },
      { id: "b1", faction: "b", wit: 15, health: 6 },
      { id: "b2", faction: "b", wit: 8, health: 2, maxHealth: 6 },
    ],
  },
  {
    // no initiative given: drawn at random (FAC-05); fast and slow phases roll the FAT (FAC-65)
    factions: ["A", "B", "C"],
    players: ["A"],
    combatants: [
      { id: "p1", faction: "A", wit: 12, health: 6 },
      { id: "p2", faction: "A", wit: 4, health: 6 },
      { id: "q1", faction: "B", wit: 15, health: 6, concealed: true },
      { id: "r1", faction: "C", wit: 8, health: 3 },
    ],
    options: { fastSlow: true, declarationSeconds: 10, passIsFinal: true },
  },
  {
    factions: ["red", "blue"],
    initiative: "blue",
    combatants: [
      { id: "red1", faction: "red", health: 3 },
      { id: "blue1", faction: "blue", health: 3, able: false },
      { id: "blue2", faction: "blue", health: 3, concealed: true },
    ],
    options: { ambushUsesFirstTurn: true, reactAfterActing: true },
  },
];

const NAMES = ["a1", "b2", "p1", "q1", "r1", "red1", "blue2", "a", "B", "Attack", "Move", "pass", "retreat"];

/**
 * What legal() leaves out: healing (a higher health) and a hit by a friend (no end of a surrender, FAC-58); and more of
 * some.
 */
function more(s: FactionsState): FactionsCommand[] {
  const out: FactionsCommand[] = [];
  for (const id of s.roster) {
    const m = s.members[id];
    if (!m) continue;
    if (m.health < m.maxHealth) out.push({ type: "setHealth", combatant: id, health: m.health + 1 });
    if (m.health > 0) out.push({ type: "setHealth", combatant: id, health: 0, byEnemy: false });
  }
  // The timer's lapse (FAC-71) and the morale roll (FAC-55) come up now and then, not only once in a long while.
  const d = s.declaration;
  if (d !== null) out.push(...Array<FactionsCommand>(4).fill({ type: "declarationLapsed", combatant: d.combatant }));
  for (const id of s.moraleDue) out.push(...Array<FactionsCommand>(4).fill({ type: "rollMorale", combatant: id }));
  return out;
}

describe("the factions order's fast run", () => {
  const commands = fuzzCount(3000);
  it(`gives apply()'s refusal or next state, from the same dice, for every one of ${commands} seeded commands`, () => {
    const tally = twinWalk(FAST, SETUPS, NAMES, commands, 24, more);
    // The walk went through the whole engine, not one corner of it.
    expect(tally.accepted).toBeGreaterThan(commands / 3);
    expect(tally.refused).toBeGreaterThan(commands / 10);
    expect([...tally.types].sort()).toEqual(
      [
        "act",
        "chooseFirst",
        "declarationLapsed",
        "declareEnd",
        "endCombat",
        "endTurn",
        "morale",
        "pass",
        "react",
        "remove",
        "resume",
        "rollMorale",
        "setAble",
        "setHealth",
        "spend",
        "surrender",
        "useGear",
      ].sort(),
    );
  });

  it("refuses a state apply() would refuse, and runs on its own copy of one it accepts", () => {
    expect(FactionsFastRun.of({ kind: "factions" } as unknown as FactionsState)).toMatchObject({
      key: "FRAY.Refusal.MalformedState",
    });
    const started = factionsEngine.start(SETUPS[0]!, seededRoller(1));
    if (!started.ok) throw new Error(started.reason);
    const run = FactionsFastRun.of(started.state);
    if ("ok" in run) throw new Error(run.reason);
    expect(run.apply({ type: "chooseFirst", side: "a" }, seededRoller(1))).toBeNull();
    expect(started.state.choosingFirst).toBe(true);
  });
});
