// A run keeps its fights' first state (src/sim/first-states.ts): the engine's start runs once a run. Every fight must
// come out as it does when each fight starts afresh, and the state kept must never change.
import { describe, expect, it } from "vitest";
import { seededRoller, type Refusal, type Roller } from "../../src/core/shared/index.js";
import {
  DEFAULT_ROUND_CAP,
  DEFAULT_TACTICS,
  escalationFight,
  factionsFight,
  SAMPLE_PARTIES,
  sectionsFight,
  strainFight,
  teamsFight,
  type FightExtras,
  type FightResult,
} from "../../src/sim/index.js";
import { FirstStates } from "../../src/sim/first-states.js";

type Play = (roller: Roller, extras: FightExtras) => FightResult | Refusal;

const t = DEFAULT_TACTICS;
const cap = DEFAULT_ROUND_CAP;
const teams = SAMPLE_PARTIES.teams;
const teamsA = teams.a.members.map((m) => ({ ...m, team: "a" }));
const teamsB = teams.b.members.map((m) => ({ ...m, team: "b" }));
const factions = SAMPLE_PARTIES.factions;
const factionsA = factions.a.members.map((m) => ({ ...m, faction: "a" }));
const factionsB = factions.b.members.map((m) => ({ ...m, faction: "b" }));

const PLAYS: Record<string, Play> = {
  sections: (r, x) =>
    sectionsFight(SAMPLE_PARTIES.sections.a.members, SAMPLE_PARTIES.sections.b.members, r, t, cap, undefined, x),
  escalation: (r, x) =>
    escalationFight(SAMPLE_PARTIES.escalation.a.members, SAMPLE_PARTIES.escalation.b.members, r, t, cap, undefined, x),
  teams: (r, x) => teamsFight(teamsA, teamsB, r, t, cap, undefined, x),
  factions: (r, x) => factionsFight(factionsA, factionsB, r, t, cap, undefined, x),
};

describe("a run's kept first state", () => {
  for (const [ruleset, play] of Object.entries(PLAYS)) {
    it(
      `${ruleset}: fights from the kept state come out as ` + `fights started afresh, and the kept state never changes`,
      () => {
        const memo = new FirstStates();
        const kept = seededRoller(9);
        const fresh = seededRoller(9);
        let first = "";
        for (let k = 0; k < 300; k++) {
          const a = play(kept, { firstStates: memo });
          if (k === 0) first = JSON.stringify((memo as unknown as { kept: unknown }).kept);
          expect(a, `fight ${k}`).toStrictEqual(play(fresh, {}));
          expect(kept.state(), `fight ${k}`).toStrictEqual(fresh.state());
        }
        expect(first).not.toBe("null");
        expect(JSON.stringify((memo as unknown as { kept: unknown }).kept)).toBe(first);
      },
    );
  }

  it(
    "strain: its start rolls initiative, so none is kept, but fights with the run's plan of commands " +
      "come out as without",
    () => {
      const memo = new FirstStates();
      const kept = seededRoller(4);
      const fresh = seededRoller(4);
      const [a, b] = [SAMPLE_PARTIES.strain.a.members, SAMPLE_PARTIES.strain.b.members];
      for (let k = 0; k < 200; k++) {
        expect(strainFight(a, b, kept, t, cap, undefined, { firstStates: memo }), `fight ${k}`).toStrictEqual(
          strainFight(a, b, fresh, t, cap, undefined, {}),
        );
        expect(kept.state(), `fight ${k}`).toStrictEqual(fresh.state());
      }
      expect((memo as unknown as { kept: unknown }).kept).toBeNull();
      expect((memo as unknown as { planned: unknown }).planned).not.toBeNull();
    },
  );

  it("keeps only a start that drew no die, and only for the engine and parties it was made for", () => {
    const memo = new FirstStates();
    const a: unknown[] = [];
    const b: unknown[] = [];
    let starts = 0;
    const rolling = (r: Roller) => (starts++, { ok: true as const, state: { rolled: r.die(6) } });
    const roller = seededRoller(3);
    memo.of("engine", a, b, roller, rolling);
    memo.of("engine", a, b, roller, rolling);
    expect(starts).toBe(2);
    const still = (_r: Roller) => (starts++, { ok: true as const, state: { rolled: 0 } });
    const s1 = memo.of("engine", a, b, roller, still);
    const s2 = memo.of("engine", a, b, roller, still);
    expect(starts).toBe(3);
    expect(s2).toStrictEqual(s1);
    memo.of("engine", [], b, roller, still);
    memo.of("another", a, b, roller, still);
    expect(starts).toBe(5);
  });

  it("makes a run's plan once for the same parties, and again for others", () => {
    const memo = new FirstStates();
    const a: unknown[] = [];
    const b: unknown[] = [];
    let made = 0;
    const make = () => ({ n: ++made });
    expect(memo.plan(a, b, make)).toBe(memo.plan(a, b, make));
    expect(made).toBe(1);
    expect(memo.plan(a, [], make)).toStrictEqual({ n: 2 });
  });
});
