// Mid-fight odds play on from the turn order's state under way (issue 16): a fight is played partway through a round
// by hand (one combatant has acted, the next is in the middle of its turn), and every simulated fight must start
// from exactly that state: the one taking its turn goes on with what it has left, and nobody who has acted this
// round acts again in it.
import { describe, expect, it } from "vitest";
import type { TurnOrderEngine } from "../../src/core/index.js";
import { seededRoller, type Roller } from "../../src/core/shared/index.js";
import { rankedEngine, type RankedCommand, type RankedState } from "../../src/core/turn-order/ranked/index.js";
import { teamsEngine, type TeamsCommand, type TeamsState } from "../../src/core/turn-order/teams/index.js";
import { factionsEngine, type FactionsCommand, type FactionsState } from "../../src/core/turn-order/factions/index.js";
import { sectionsEngine, type SectionsCommand, type SectionsState } from "../../src/core/turn-order/sections/index.js";
import { rolledEngine, upNow, type RolledCommand, type RolledState } from "../../src/core/turn-order/rolled/index.js";
import {
  DEFAULT_ROUND_CAP,
  DEFAULT_TACTICS,
  escalationFight,
  factionsFight,
  resumable,
  SAMPLE_PARTIES,
  sectionsFight,
  simulate,
  strainFight,
  teamsFight,
  type FightExtras,
  type FightResult,
} from "../../src/sim/index.js";
import type { Refusal } from "../../src/core/shared/index.js";

/** The combat's own side ids: the simulator's a and b are these in the resumed state. */
const SIDES = { a: "heroes", b: "foes" } as const;

interface Sent {
  readonly round: number;
  readonly command: {
    readonly type: string;
    readonly combatant?: string;
    readonly action?: string;
    readonly phase?: string;
  };
  readonly state: unknown;
}

/** The engine as it is, each command it is sent written down with the state it was applied to. */
function recording<Setup, State extends { readonly round: number }, Command>(
  engine: TurnOrderEngine<Setup, State, Command>,
  log: Sent[],
): TurnOrderEngine<Setup, State, Command> {
  return {
    ...engine,
    apply(state: State, command: Command, roller: Roller) {
      log.push({ round: state.round, command: command as Sent["command"], state });
      return engine.apply(state, command, roller);
    },
  };
}

/** Apply commands by hand, as the tracker would; each must be accepted. */
function played<State, Command>(
  engine: TurnOrderEngine<unknown, State, Command>,
  state: State,
  commands: Command[],
): State {
  let s = state;
  for (const c of commands) {
    const o = engine.apply(s, c, seededRoller(1));
    if (!o.ok) throw new Error(`${JSON.stringify(c)} refused: ${o.reason}`);
    s = o.state;
  }
  return s;
}

/** What the simulated fight sent in the round it was resumed in, before that round ended. */
function sameRound(log: readonly Sent[], round: number): Sent[] {
  const end = log.findIndex((x) => x.round !== round);
  return end < 0 ? [...log] : log.slice(0, end);
}

function result(r: FightResult | Refusal): FightResult {
  if ("ok" in r) throw new Error(`refused: ${r.reason}`);
  return r;
}

const esc = SAMPLE_PARTIES.escalation;
const teamsA = SAMPLE_PARTIES.teams.a.members.map((m) => ({ ...m, team: "a" }));
const teamsB = SAMPLE_PARTIES.teams.b.members.map((m) => ({ ...m, team: "b" }));
const facA = SAMPLE_PARTIES.factions.a.members.map((m) => ({ ...m, faction: "a" }));
const facB = SAMPLE_PARTIES.factions.b.members.map((m) => ({ ...m, faction: "b" }));
const sec = SAMPLE_PARTIES.sections;
const str = SAMPLE_PARTIES.strain;

/** The strain turn order as a fresh fight sets it up (sides a and b), or with the combat's own side ids. */
function strainStart(
  roller: Roller,
  sides: { readonly a: string; readonly b: string } = { a: "a", b: "b" },
): RolledState {
  const started = rolledEngine.start(
    {
      combatants: [...str.a.members, ...str.b.members].map((u, i) => ({
        id: u.id,
        side: i < str.a.members.length ? sides.a : sides.b,
        initiative: u.initiative,
        stressLoad: u.stressLoad,
        stressTolerance: u.stressTolerance,
        fatigueLoad: u.fatigueLoad,
        fatigueTolerance: u.fatigueTolerance,
      })),
    },
    roller,
  );
  if (!started.ok) throw new Error(started.reason);
  return started.state;
}

describe("a resumed fight starts from the turn order's state under way", () => {
  it(
    "ESC-04 escalation: the unit that acted does not act again this round; the one mid-turn goes on " +
      "without its spent AA",
    () => {
      const units = [...esc.a.members, ...esc.b.members];
      const started = rankedEngine.start(
        {
          combatants: units.map((u, i) => ({
            id: u.id,
            side: i < esc.a.members.length ? SIDES.a : SIDES.b,
            agility: u.agility,
          })),
        },
        seededRoller(1),
      );
      if (!started.ok) throw new Error(started.reason);
      const [first, second] = started.state.order as [string, string];
      const state: RankedState = played(rankedEngine, started.state, [
        { type: "act", combatant: first },
        { type: "spend", combatant: first, action: "attack", pay: "AA" },
        { type: "endTurn", combatant: first },
        { type: "act", combatant: second },
        { type: "spend", combatant: second, action: "attack", pay: "AA" },
      ] satisfies RankedCommand[]);
      for (let seed = 1; seed <= 20; seed++) {
        const log: Sent[] = [];
        const extras: FightExtras = { resume: { state, sides: SIDES } };
        const r = result(
          escalationFight(
            esc.a.members,
            esc.b.members,
            seededRoller(seed),
            DEFAULT_TACTICS,
            DEFAULT_ROUND_CAP,
            recording(rankedEngine, log),
            extras,
          ),
        );
        expect(log[0]?.state).toBe(state);
        const round = sameRound(log, 1);
        // The turn under way goes on: no new act for it, and its AA is not spent a second time.
        expect(round.filter((x) => x.command.type === "act").map((x) => x.command.combatant)).not.toContain(first);
        expect(round.filter((x) => x.command.type === "act").map((x) => x.command.combatant)).not.toContain(second);
        expect(round.some((x) => x.command.combatant === second && x.command.action === "attack")).toBe(false);
        // The rounds counted start with the round under way.
        expect(r.rounds).toBeGreaterThanOrEqual(1);
      }
    },
  );

  it(
    "TEAM-06 teams: the member that acted does not act again this round; the one mid-turn makes " +
      "only the attacks left",
    () => {
      const units = [...teamsA, ...teamsB];
      const started = teamsEngine.start(
        {
          initiative: [SIDES.a, SIDES.b],
          combatants: units.map((u, i) => ({
            id: u.id,
            team: i < teamsA.length ? SIDES.a : SIDES.b,
            stamina: u.stamina,
            focus: u.focus,
          })),
        },
        seededRoller(1),
      );
      if (!started.ok) throw new Error(started.reason);
      const first = teamsA[0]!.id;
      const second = teamsB[0]!.id;
      const state: TeamsState = played(teamsEngine, started.state, [
        { type: "act", combatant: first },
        { type: "spend", combatant: first, action: "Attack" },
        { type: "endTurn", combatant: first },
        { type: "act", combatant: second },
        { type: "spend", combatant: second, action: "Attack" },
      ] satisfies TeamsCommand[]);
      expect(state.members[second]?.turn?.actionsUsed).toBe(1);
      for (let seed = 1; seed <= 20; seed++) {
        const log: Sent[] = [];
        const extras: FightExtras = { resume: { state, sides: SIDES } };
        result(
          teamsFight(
            teamsA,
            teamsB,
            seededRoller(seed),
            DEFAULT_TACTICS,
            DEFAULT_ROUND_CAP,
            recording(teamsEngine, log),
            extras,
          ),
        );
        expect(log[0]?.state).toBe(state);
        const round = sameRound(log, 1);
        const acts = round.filter((x) => x.command.type === "act").map((x) => x.command.combatant);
        expect(acts).not.toContain(first);
        expect(acts).not.toContain(second);
        // Three attacks a turn (the default tactics), one already made: two more at most before its turn ends.
        const turnEnd = round.findIndex((x) => x.command.type === "endTurn" || x.command.type === "act");
        const own = round.slice(0, turnEnd < 0 ? round.length : turnEnd);
        expect(
          own.filter((x) => x.command.type === "spend" && x.command.combatant === second).length,
        ).toBeLessThanOrEqual(2);
      }
    },
  );

  it(
    "FAC-02 factions: the character that acted does not " + "act again this round; the one mid-turn makes its Attack",
    () => {
      const units = [...facA, ...facB];
      const started = factionsEngine.start(
        {
          factions: [SIDES.a, SIDES.b],
          initiative: SIDES.a,
          combatants: units.map((u, i) => ({
            id: u.id,
            faction: i < facA.length ? SIDES.a : SIDES.b,
            wit: u.wit,
            health: u.health,
          })),
        },
        seededRoller(1),
      );
      if (!started.ok) throw new Error(started.reason);
      const first = facA[0]!.id;
      const second = facB[0]!.id;
      const state: FactionsState = played(factionsEngine, started.state, [
        { type: "chooseFirst", side: SIDES.a },
        { type: "act", combatant: first },
        { type: "spend", combatant: first, action: "Attack" },
        { type: "endTurn", combatant: first },
        { type: "act", combatant: second },
      ] satisfies FactionsCommand[]);
      expect(state.acting).toBe(second);
      for (let seed = 1; seed <= 20; seed++) {
        const log: Sent[] = [];
        const extras: FightExtras = { resume: { state, sides: SIDES } };
        result(
          factionsFight(
            facA,
            facB,
            seededRoller(seed),
            DEFAULT_TACTICS,
            DEFAULT_ROUND_CAP,
            recording(factionsEngine, log),
            extras,
          ),
        );
        expect(log[0]?.state).toBe(state);
        // The turn under way goes on with its Attack, not with a new act.
        expect(log[0]?.command).toEqual({ type: "spend", combatant: second, action: "Attack" });
        const acts = sameRound(log, state.round)
          .filter((x) => x.command.type === "act")
          .map((x) => x.command.combatant);
        expect(acts).not.toContain(first);
        expect(acts).not.toContain(second);
      }
    },
  );

  it(
    "SEC-05 sections: the member that acted does not act again this round; the one mid-turn spends " +
      "its Action Phase once",
    () => {
      const started = sectionsEngine.start(
        {
          combatants: [...sec.a.members, ...sec.b.members].map((u, i) => ({
            id: u.id,
            side: i < sec.a.members.length ? SIDES.a : SIDES.b,
          })),
          sideOrder: [SIDES.a, SIDES.b],
        },
        seededRoller(1),
      );
      if (!started.ok) throw new Error(started.reason);
      const first = sec.a.members[0]!.id;
      const second = sec.a.members[1]!.id;
      const state: SectionsState = played(sectionsEngine, started.state, [
        { type: "act", combatant: first },
        { type: "draw", combatant: first },
        { type: "spend", combatant: first, phase: "action", action: "action", detail: "attack" },
        { type: "endTurn", combatant: first },
        { type: "act", combatant: second },
        { type: "draw", combatant: second },
      ] satisfies SectionsCommand[]);
      expect(state.turn?.step).toBe("strategy");
      for (let seed = 1; seed <= 20; seed++) {
        const log: Sent[] = [];
        const extras: FightExtras = { resume: { state, sides: SIDES } };
        const r = result(
          sectionsFight(
            sec.a.members,
            sec.b.members,
            seededRoller(seed),
            DEFAULT_TACTICS,
            DEFAULT_ROUND_CAP,
            recording(sectionsEngine, log),
            extras,
          ),
        );
        expect(log[0]?.state).toBe(state);
        // The turn under way goes on with its Action Phase: no new act, no second draw.
        expect(log[0]?.command).toEqual({
          type: "spend",
          combatant: second,
          phase: "action",
          action: "action",
          detail: "attack",
        });
        const round = sameRound(log, state.round);
        const acts = round.filter((x) => x.command.type === "act").map((x) => x.command.combatant);
        expect(acts).not.toContain(first);
        expect(acts).not.toContain(second);
        expect(round.filter((x) => x.command.combatant === second && x.command.phase === "action")).toHaveLength(1);
        expect(round.some((x) => x.command.type === "draw" && x.command.combatant === second)).toBe(false);
        expect(r.rounds).toBeGreaterThanOrEqual(1);
      }
    },
  );

  it(
    "STR-03 strain: the character that acted does not act again this round; the one mid-turn does not " +
      "take its Action again",
    () => {
      // Round Zero played through (everyone acts and ends), then one turn of round 1, and the next one's Action.
      let state = strainStart(seededRoller(1), SIDES);
      for (let k = 0; k < state.combatants.length; k++) {
        const id = upNow(state)!.id;
        state = played(rolledEngine, state, [
          { type: "act", combatant: id },
          { type: "endTurn", combatant: id },
        ] satisfies RolledCommand[]);
      }
      expect(state.round).toBe(1);
      const first = upNow(state)!.id;
      state = played(rolledEngine, state, [
        { type: "act", combatant: first },
        { type: "spend", combatant: first, action: "action", name: "Basic Attack" },
        { type: "endTurn", combatant: first },
      ] satisfies RolledCommand[]);
      const second = upNow(state)!.id;
      state = played(rolledEngine, state, [
        { type: "act", combatant: second },
        { type: "spend", combatant: second, action: "action", name: "Basic Attack" },
      ] satisfies RolledCommand[]);
      expect(state.turn?.tookAction).toBe(true);
      for (let seed = 1; seed <= 20; seed++) {
        const log: Sent[] = [];
        const extras: FightExtras = { resume: { state, sides: SIDES } };
        const r = result(
          strainFight(
            str.a.members,
            str.b.members,
            seededRoller(seed),
            DEFAULT_TACTICS,
            DEFAULT_ROUND_CAP,
            recording(rolledEngine, log),
            extras,
          ),
        );
        expect(log[0]?.state).toBe(state);
        // The turn under way only ends (its Action is taken): the first command is its endTurn.
        expect(log[0]?.command).toEqual({ type: "endTurn", combatant: second });
        const round = sameRound(log, 1);
        const acts = round.filter((x) => x.command.type === "act").map((x) => x.command.combatant);
        expect(acts).not.toContain(first);
        expect(acts).not.toContain(second);
        expect(round.some((x) => x.command.type === "spend" && x.command.combatant === second)).toBe(false);
        expect(r.rounds).toBeGreaterThanOrEqual(1);
      }
    },
  );

  it(
    "SEC-04 sections: resumed from the very state a fresh fight starts in (its sides renamed), the " +
      "report is a fresh run's",
    () => {
      const started = sectionsEngine.start(
        {
          combatants: [...sec.a.members, ...sec.b.members].map((u, i) => ({
            id: u.id,
            side: i < sec.a.members.length ? SIDES.a : SIDES.b,
          })),
          sideOrder: [SIDES.a, SIDES.b],
        },
        seededRoller(1),
      );
      if (!started.ok) throw new Error(started.reason);
      const input = { ruleset: "sections", seed: 4, fights: 300 } as const;
      const fresh = simulate(input);
      expect(simulate({ ...input, resume: { state: started.state, sides: SIDES } })).toEqual(fresh);
      // b's first member out of the engine's fight (the party still lists it): removed, not fought.
      const down = played(sectionsEngine, started.state, [{ type: "remove", combatant: sec.b.members[0]!.id }]);
      const resumed = simulate({ ...input, resume: { state: down, sides: SIDES } });
      if (!resumed.ok || !fresh.ok) throw new Error("refused");
      expect(resumed.winRate.a).toBeGreaterThan(fresh.winRate.a);
    },
  );

  it(
    "STR-02 strain: resumed from the state a fresh fight's start makes with the same dice, the fight " +
      "is that fresh fight",
    () => {
      // The initiative is rolled at the start (STR-02): resumed from that start's state, the fight goes on with the
      // dice the fresh fight has left, so both fights are the same fight, command for command.
      for (let seed = 1; seed <= 20; seed++) {
        const freshLog: Sent[] = [];
        const fresh = strainFight(
          str.a.members,
          str.b.members,
          seededRoller(seed),
          DEFAULT_TACTICS,
          DEFAULT_ROUND_CAP,
          recording(rolledEngine, freshLog),
        );
        const roller = seededRoller(seed);
        const state = strainStart(roller);
        const log: Sent[] = [];
        const resumed = strainFight(
          str.a.members,
          str.b.members,
          roller,
          DEFAULT_TACTICS,
          DEFAULT_ROUND_CAP,
          recording(rolledEngine, log),
          {
            resume: { state, sides: { a: "a", b: "b" } },
          },
        );
        expect(resumed).toEqual(fresh);
        expect(log.map((x) => x.command)).toEqual(freshLog.map((x) => x.command));
        expect(log[0]?.state).toBe(state);
      }
      // With the combat's own side ids the winner is still named a or b.
      const r = simulate({
        ruleset: "strain",
        seed: 3,
        fights: 200,
        resume: { state: strainStart(seededRoller(9), SIDES), sides: SIDES },
      });
      if (!r.ok) throw new Error(r.reason);
      expect(r.winRate.a + r.winRate.b).toBeGreaterThan(0);
    },
  );

  it("a resumed run differs from a fresh one, and a party member the state does not list is refused", () => {
    const started = rankedEngine.start(
      {
        combatants: [...esc.a.members, ...esc.b.members].map((u, i) => ({
          id: u.id,
          side: i < esc.a.members.length ? SIDES.a : SIDES.b,
          agility: u.agility,
        })),
      },
      seededRoller(1),
    );
    if (!started.ok) throw new Error(started.reason);
    const input = { ruleset: "escalation", seed: 4, fights: 300 } as const;
    const fresh = simulate(input);
    const fromStart = simulate({ ...input, resume: { state: started.state, sides: SIDES } });
    // From the very state a fresh fight starts in (its sides renamed), the fights are the same fights.
    expect(fromStart).toEqual(fresh);
    const down = played(rankedEngine, started.state, [{ type: "remove", combatant: esc.b.members[0]!.id }]);
    const resumed = simulate({ ...input, resume: { state: down, sides: SIDES } });
    if (!resumed.ok || !fresh.ok) throw new Error("refused");
    // b's first member is out of the engine's fight (the party still lists it: it is removed, not fought).
    expect(resumed.winRate.a).toBeGreaterThan(fresh.winRate.a);
    const stranger = simulate({
      ...input,
      parties: { a: { name: "A", members: [{ ...esc.a.members[0]!, id: "nobody" }] }, b: esc.b },
      resume: { state: started.state, sides: SIDES },
    });
    expect(stranger).toMatchObject({ ok: false, key: "FRAY.Refusal.SimCannotResume" });
  });

  it("every rule set resumes; a state its turn order does not accept is refused, not played afresh unsaid", () => {
    for (const ruleset of ["sections", "escalation", "teams", "strain", "factions"] as const) {
      expect(resumable(ruleset)).toBe(true);
      const r = simulate({ ruleset, seed: 1, fights: 10, resume: { state: {}, sides: SIDES } });
      expect(r).toMatchObject({ ok: false, key: "FRAY.Refusal.SimCannotResume" });
    }
    const stranger = simulate({
      ruleset: "strain",
      seed: 1,
      fights: 10,
      parties: { a: { name: "A", members: [{ ...str.a.members[0]!, id: "nobody" }] }, b: str.b },
      resume: { state: strainStart(seededRoller(1), SIDES), sides: SIDES },
    });
    expect(stranger).toMatchObject({ ok: false, key: "FRAY.Refusal.SimCannotResume" });
    const bad = simulate({
      ruleset: "teams",
      seed: 1,
      fights: 10,
      resume: { state: {}, sides: { a: "x", b: "x" } },
    });
    expect(bad).toMatchObject({ ok: false, key: "FRAY.Refusal.SimBadResume" });
    const damaged = simulate({
      ruleset: "teams",
      seed: 1,
      fights: 10,
      resume: { state: { kind: "teams" }, sides: SIDES },
    });
    expect(damaged).toMatchObject({ ok: false, key: "FRAY.Refusal.SimCannotResume" });
  });
});
