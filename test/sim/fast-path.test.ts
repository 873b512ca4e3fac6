// The teams and factions fights run their engines on their fast runs (src/core/fast: TeamsFastRun, FactionsFastRun).
// Played through apply() instead, with every command also applied to a fast run as a twin and compared state by
// state, every fight must come out the same.
import { describe, expect, it } from "vitest";
import { seededRoller, type Refusal, type Roller } from "../../src/core/shared/index.js";
import { FactionsFastRun, TeamsFastRun } from "../../src/core/fast/index.js";
import { teamsEngine, type TeamsState } from "../../src/core/turn-order/teams/index.js";
import { factionsEngine, type FactionsState } from "../../src/core/turn-order/factions/index.js";
import {
  DEFAULT_ROUND_CAP,
  DEFAULT_TACTICS,
  factionsFight,
  SAMPLE_PARTIES,
  teamsFight,
  type FightExtras,
  type FightResult,
  type SimTactics,
} from "../../src/sim/index.js";
import { newTally, type Tally } from "../core/fast/lockstep.js";
import { twinEngine, type FastRunOf } from "../core/fast/twin-walk.js";

const TEAMS_FAST: FastRunOf<never, TeamsState, never> = {
  engine: teamsEngine as never,
  started: (setup, r) => TeamsFastRun.started(setup, r),
  of: (s) => TeamsFastRun.of(s),
};

const FACTIONS_FAST: FastRunOf<never, FactionsState, never> = {
  engine: factionsEngine as never,
  started: (setup, r) => FactionsFastRun.started(setup, r),
  of: (s) => FactionsFastRun.of(s),
};

type Play = (roller: Roller, engine: "fast" | Tally, extras: FightExtras) => FightResult | Refusal;

/** `fights` fights on the fast path and the same fights through apply() with a twin: the same results and drops. */
function same(play: Play, fights: number, extras: FightExtras = {}): Tally {
  const tally = newTally();
  const fast = seededRoller(5);
  const slow = seededRoller(5);
  for (let k = 0; k < fights; k++) {
    const t1 = { dropped: new Uint8Array(8), standing: new Uint8Array(8) };
    const t2 = { dropped: new Uint8Array(8), standing: new Uint8Array(8) };
    const a = play(fast, "fast", { ...extras, trace: t1 });
    const b = play(slow, tally, { ...extras, trace: t2 });
    expect(a, `fight ${k}`).toStrictEqual(b);
    expect(t1, `fight ${k}`).toStrictEqual(t2);
  }
  expect(fast.state()).toStrictEqual(slow.state());
  expect(tally.refused).toBe(0);
  return tally;
}

const teamsParty = (side: "a" | "b") => SAMPLE_PARTIES.teams[side].members.map((m) => ({ ...m, team: side }));
const factionsParty = (side: "a" | "b") => SAMPLE_PARTIES.factions[side].members.map((m) => ({ ...m, faction: side }));

function teams(tactics: SimTactics): Play {
  const [a, b] = [teamsParty("a"), teamsParty("b")];
  return (r, e, x) =>
    teamsFight(a, b, r, tactics, DEFAULT_ROUND_CAP, e === "fast" ? teamsEngine : twinEngine(TEAMS_FAST, e), x);
}

function factions(tactics: SimTactics): Play {
  const [a, b] = [factionsParty("a"), factionsParty("b")];
  return (r, e, x) =>
    factionsFight(a, b, r, tactics, DEFAULT_ROUND_CAP, e === "fast" ? factionsEngine : twinEngine(FACTIONS_FAST, e), x);
}

// Each command is compared whole, state by state: slow, so a few dozen fights a case (the fingerprint covers
// thousands).
describe("the simulator's fast runs", { timeout: 60_000 }, () => {
  it("teams: every fight the same as through apply(), command by command, for each target and attack count", () => {
    for (const target of ["weakest", "strongest", "first"] as const)
      for (const attacksPerTurn of [3, 1])
        expect(same(teams({ ...DEFAULT_TACTICS, target, attacksPerTurn }), 12).accepted).toBeGreaterThan(12 * 20);
  });

  it("teams: the same with the world's rule options (TEAM-54 count by turn) and from a fight under way", () => {
    same(teams(DEFAULT_TACTICS), 20, { ruleOptions: { attackCountResets: "turn" } });
    const started = teamsEngine.start(
      {
        initiative: ["a", "b"],
        combatants: [...teamsParty("a"), ...teamsParty("b")].map((u) => ({
          id: u.id,
          team: u.team,
          stamina: u.stamina,
          focus: u.focus,
        })),
      },
      seededRoller(1),
    );
    if (!started.ok) throw new Error(started.reason);
    const first = teamsParty("a")[0]!.id;
    const o = teamsEngine.apply(started.state, { type: "act", combatant: first }, seededRoller(1));
    if (!o.ok) throw new Error(o.reason);
    same(teams(DEFAULT_TACTICS), 20, { resume: { state: o.state, sides: { a: "a", b: "b" } } });
  });

  it(
    "factions: every fight the same as through apply(), from the same dice, with and without morale, " +
      "fast and slow phases",
    () => {
      for (const target of ["weakest", "strongest", "first"] as const)
        for (const morale of [true, false])
          expect(same(factions({ ...DEFAULT_TACTICS, target, morale }), 12).accepted).toBeGreaterThan(12 * 20);
      same(factions(DEFAULT_TACTICS), 20, { ruleOptions: { fastSlow: true, passIsFinal: true } });
    },
  );

  it("factions: the same from a fight under way", () => {
    const started = factionsEngine.start(
      {
        factions: ["a", "b"],
        initiative: "a",
        combatants: [...factionsParty("a"), ...factionsParty("b")].map((u) => ({
          id: u.id,
          faction: u.faction,
          wit: u.wit,
          health: u.health,
        })),
      },
      seededRoller(1),
    );
    if (!started.ok) throw new Error(started.reason);
    const o = factionsEngine.apply(started.state, { type: "chooseFirst", side: "b" }, seededRoller(1));
    if (!o.ok) throw new Error(o.reason);
    same(factions(DEFAULT_TACTICS), 20, { resume: { state: o.state, sides: { a: "a", b: "b" } } });
  });
});
