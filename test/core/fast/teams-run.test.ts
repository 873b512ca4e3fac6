// The teams order's fast run (src/core/fast/teams-run.ts, its commands in place) does what apply() does, command by
// command and state by state.
import { describe, expect, it } from "vitest";
import { seededRoller } from "../../../src/core/shared/roller.js";
import { TeamsFastRun } from "../../../src/core/fast/index.js";
import {
  teamsEngine,
  type TeamsCommand,
  type TeamsSetup,
  type TeamsState,
} from "../../../src/core/turn-order/teams/index.js";
import { fuzzCount } from "../../fuzz-size.js";
import { twinWalk, type FastRunOf } from "./twin-walk.js";

const FAST: FastRunOf<TeamsSetup, TeamsState, TeamsCommand> = {
  engine: teamsEngine,
  started: (setup, roller) => TeamsFastRun.started(setup, roller),
  of: (state) => TeamsFastRun.of(state),
};

const SETUPS: readonly TeamsSetup[] = [
  {
    initiative: ["a", "b"],
    combatants: [
      { id: "a1", team: "a", stamina: 3, focus: 3 },
      { id: "a2", team: "a", stamina: 1, focus: 2 },
      { id: "b1", team: "b", stamina: 2, focus: 0 },
      { id: "b2", team: "b", stamina: 0, focus: 4 },
    ],
  },
  {
    initiative: ["heroes", "raiders", "beasts"],
    surprise: ["raiders"],
    combatants: [
      { id: "ann", team: "heroes", stamina: 3, focus: 3 },
      { id: "bo", team: "heroes", stamina: 1, focus: 5, cannotBeSurprised: true },
      { id: "orc", team: "raiders", stamina: 2, focus: 0 },
      { id: "imp", team: "raiders", stamina: 0, focus: 2, able: false },
      { id: "wolf", team: "beasts", stamina: 4, focus: 1 },
    ],
    objectives: { heroes: "hold the gate" },
    options: { attackCountResets: "turn", surpriseOrder: "surprisersFirst", commandActions: 0, abandonSameTurn: false },
  },
  {
    initiative: ["x", "y"],
    combatants: [
      { id: "x1", team: "x", stamina: 5, focus: 5 },
      { id: "y1", team: "y", stamina: 5, focus: 5 },
      { id: "y2", team: "y" },
    ],
    options: { sprintRepeatable: true, stepWithMove: true, readyUsesReaction: false },
  },
];

const NAMES = [
  "a1",
  "b2",
  "ann",
  "bo",
  "orc",
  "imp",
  "wolf",
  "x1",
  "y2",
  "a",
  "heroes",
  "Attack",
  "Command",
  "Fortify",
  "Ready an Action",
];

/** What legal() leaves out: an objective's words, and an extended action (TEAM-32) to finish or abandon (TEAM-33). */
function more(s: TeamsState): TeamsCommand[] {
  const out: TeamsCommand[] = [{ type: "setObjective", side: s.initiative[0] ?? "a", objective: `round ${s.round}` }];
  if (s.acting !== null) {
    out.push({ type: "spend", combatant: s.acting, action: "Short Task" }, { type: "abandon", combatant: s.acting });
    out.push({ type: "spend", combatant: s.acting, action: "Brew", cost: 2 });
    // An action under way is abandoned now and then, not only once in a long while.
    if (s.members[s.acting]?.extended)
      out.push(...Array<TeamsCommand>(6).fill({ type: "abandon", combatant: s.acting }));
  }
  return out;
}

describe("the teams order's fast run", () => {
  const commands = fuzzCount(3000);
  it(`gives apply()'s refusal or next state for every one of ${commands} seeded commands, legal and bent`, () => {
    const tally = twinWalk(FAST, SETUPS, NAMES, commands, 16, more);
    // The walk went through the whole engine, not one corner of it.
    expect(tally.accepted).toBeGreaterThan(commands / 3);
    expect(tally.refused).toBeGreaterThan(commands / 10);
    expect([...tally.types].sort()).toEqual(
      [
        "abandon",
        "act",
        "declareEnd",
        "endCombat",
        "endTurn",
        "react",
        "remove",
        "setAble",
        "setObjective",
        "spend",
      ].sort(),
    );
  });

  it("refuses a state apply() would refuse, and runs on its own copy of one it accepts", () => {
    expect(TeamsFastRun.of({ kind: "teams" } as unknown as TeamsState)).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.MalformedState",
    });
    const started = teamsEngine.start(SETUPS[0]!, seededRoller(1));
    if (!started.ok) throw new Error(started.reason);
    const run = TeamsFastRun.of(started.state);
    if ("ok" in run) throw new Error(run.reason);
    expect(run.apply({ type: "act", combatant: "a1" }, seededRoller(1))).toBeNull();
    // The state handed in was not changed.
    expect(started.state.acting).toBeNull();
  });

  it("a working copy is the fight's own: commands on it leave the state it was copied from as it was", () => {
    const started = teamsEngine.start(SETUPS[0]!, seededRoller(1));
    if (!started.ok) throw new Error(started.reason);
    const before = JSON.stringify(started.state);
    const w = TeamsFastRun.of(started.state);
    if ("ok" in w) throw new Error(w.reason);
    for (const c of [
      { type: "act", combatant: "a1" },
      { type: "spend", combatant: "a1", action: "Attack" },
      { type: "remove", combatant: "b1" },
      { type: "endTurn", combatant: "a1" },
    ] as const)
      expect(w.apply(c, seededRoller(1))).toBeNull();
    expect(w.state.members.a1?.attacks).toBe(1);
    expect(w.state.members.b1?.out).toBe(true);
    expect(JSON.stringify(started.state)).toBe(before);
  });
});
