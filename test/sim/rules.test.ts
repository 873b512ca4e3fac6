// The simulator plays through the engines: these tests record the engines' events and check the rules they show.
import { describe, expect, it } from "vitest";
import { seededRoller, type Refusal, type Roller } from "../../src/core/shared/index.js";
import type { TurnEvent, TurnOrderEngine } from "../../src/core/index.js";
import { rankedEngine } from "../../src/core/turn-order/ranked/index.js";
import { rolledEngine } from "../../src/core/turn-order/rolled/index.js";
import { teamsEngine } from "../../src/core/turn-order/teams/index.js";
import { factionsEngine } from "../../src/core/turn-order/factions/index.js";
import { sectionsEngine } from "../../src/core/turn-order/sections/index.js";
import {
  DEFAULT_ROUND_CAP,
  DEFAULT_TACTICS,
  SAMPLE_PARTIES,
  escalationFight,
  factionsFight,
  sectionsFight,
  strainFight,
  teamsFight,
  type FightResult,
  type SimTactics,
} from "../../src/sim/index.js";

type Ev = TurnEvent & Record<string, unknown>;

function recording<Setup, State, Command>(
  e: TurnOrderEngine<Setup, State, Command>,
  log: Ev[],
): TurnOrderEngine<Setup, State, Command> {
  return {
    ...e,
    start(setup: Setup, roller: Roller) {
      const o = e.start(setup, roller);
      if (o.ok) log.push(...(o.events as Ev[]));
      return o;
    },
    apply(state: State, command: Command, roller: Roller) {
      const o = e.apply(state, command, roller);
      if (o.ok) log.push(...(o.events as Ev[]));
      return o;
    },
  };
}

/** Play `n` fights, each with its own event log. */
function fights(
  n: number,
  play: (roller: Roller, log: Ev[]) => FightResult | Refusal,
): { result: FightResult; log: Ev[] }[] {
  const roller = seededRoller(21);
  const out: { result: FightResult; log: Ev[] }[] = [];
  for (let i = 0; i < n; i++) {
    const log: Ev[] = [];
    const r = play(roller, log);
    if ("ok" in r) throw new Error(r.reason);
    out.push({ result: r, log });
  }
  return out;
}

/** Turns of one round, in order, with the events inside each. */
function turns(log: readonly Ev[], round?: number): { combatant: string; round: number; inside: Ev[] }[] {
  const out: { combatant: string; round: number; inside: Ev[] }[] = [];
  let cur: { combatant: string; round: number; inside: Ev[] } | null = null;
  for (const e of log) {
    if (e.type === "turnStarted") {
      cur = { combatant: e.combatant as string, round: e.round as number, inside: [] };
      if (round === undefined || cur.round === round) out.push(cur);
    } else if (e.type === "turnEnded") cur = null;
    else if (cur) cur.inside.push(e);
  }
  return out;
}

const side = (id: string, a: readonly { id: string }[]): "a" | "b" => (a.some((m) => m.id === id) ? "a" : "b");
const T: SimTactics = DEFAULT_TACTICS;
const CAP = DEFAULT_ROUND_CAP;

describe("escalation through the ranked engine", () => {
  const p = SAMPLE_PARTIES.escalation;
  const all = [...p.a.members, ...p.b.members];
  const played = fights(40, (r, log) =>
    escalationFight(p.a.members, p.b.members, r, T, CAP, recording(rankedEngine, log)),
  );

  it("ESC-01 units act in descending order of Agility modifier", () => {
    for (const { log } of played) {
      const agility = turns(log, 1).map((t) => all.find((m) => m.id === t.combatant)?.agility ?? NaN);
      expect(agility.length).toBeGreaterThan(0);
      expect([...agility].sort((x, y) => y - x)).toEqual(agility);
    }
  });

  it("ESC-13 ESC-10 a turn attacks with the AA, then with MA + 2 BA, and nothing else", () => {
    let extra = 0;
    for (const { log } of played) {
      for (const t of turns(log)) {
        const spent = t.inside
          .filter((e) => e.type === "actionSpent")
          .map((e) => `${e.action as string}/${e.detail as string}`);
        expect(spent.length).toBeLessThanOrEqual(2);
        if (spent.length > 0) expect(spent[0]).toBe("attack/AA");
        if (spent.length === 2) {
          expect(spent[1]).toBe("extraAttack/MA+2BA");
          extra++;
        }
      }
    }
    expect(extra).toBeGreaterThan(0);
  });

  it("ESC-10 without the extra-attack tactic a turn makes one attack", () => {
    const quiet = fights(10, (r, log) =>
      escalationFight(p.a.members, p.b.members, r, { ...T, extraAttack: false }, CAP, recording(rankedEngine, log)),
    );
    for (const { log } of quiet)
      for (const t of turns(log))
        expect(t.inside.filter((e) => e.type === "actionSpent").length).toBeLessThanOrEqual(1);
  });

  it("ESC-63 the battle ends when every unit of one team is defeated, and that team loses", () => {
    for (const { result, log } of played) {
      expect(result.winner).not.toBeNull();
      const end = log.find((e) => e.type === "combatEnded");
      expect(end?.reason).toBe("sideDefeated");
      expect(end?.victors).toEqual([result.winner]);
      const loser = result.winner === "a" ? p.b.members : p.a.members;
      const removed = new Set(log.filter((e) => e.type === "removed").map((e) => e.combatant as string));
      for (const m of loser) expect(removed.has(m.id)).toBe(true);
    }
  });

  it("ESC-42 free hits spend slots in the engine, never more than Agility + 1 a round", () => {
    for (const { log } of played) {
      const used = new Map<string, number>();
      for (const e of log) {
        if (e.type === "roundStarted") used.clear();
        if (e.type !== "freeHit") continue;
        const id = e.combatant as string;
        used.set(id, (used.get(id) ?? 0) + 1);
        expect(used.get(id)).toBeLessThanOrEqual((all.find((m) => m.id === id)?.agility ?? 0) + 1);
      }
    }
  });
});

describe("teams through the teams engine", () => {
  const p = SAMPLE_PARTIES.teams;
  const played = fights(40, (r, log) => teamsFight(p.a.members, p.b.members, r, T, CAP, recording(teamsEngine, log)));

  it("TEAM-03 TEAM-07 the starting team takes the first turn, then the teams alternate", () => {
    for (const { log } of played) {
      const sides = turns(log, 1).map((t) => side(t.combatant, p.a.members));
      expect(sides[0]).toBe("a");
      expect(sides[1]).toBe("b");
    }
  });

  it("TEAM-17 TEAM-18 a turn spends at most three actions, all on Attack", () => {
    let three = 0;
    for (const { log } of played) {
      for (const t of turns(log)) {
        const spent = t.inside.filter((e) => e.type === "actionSpent");
        expect(spent.length).toBeLessThanOrEqual(3);
        for (const e of spent) expect(e.action).toBe("Attack");
        if (spent.length === 3) three++;
      }
    }
    expect(three).toBeGreaterThan(0);
  });

  it("TEAM-01 combat ends when only one team remains", () => {
    for (const { result, log } of played) {
      const end = log.find((e) => e.type === "combatEnded");
      expect(end?.reason).toBe("lastTeam");
      expect(end?.victors).toEqual([result.winner]);
    }
  });
});

describe("strain through the rolled engine", () => {
  const p = SAMPLE_PARTIES.strain;
  const played = fights(25, (r, log) => strainFight(p.a.members, p.b.members, r, T, CAP, recording(rolledEngine, log)));

  it("STR-09 in Round Zero every character takes a turn and no actions", () => {
    for (const { log } of played) {
      const zero = turns(log, 0);
      expect(zero.map((t) => t.combatant).sort()).toEqual([...p.a.members, ...p.b.members].map((m) => m.id).sort());
      for (const t of zero) expect(t.inside.filter((e) => e.type === "actionSpent")).toEqual([]);
    }
  });

  it("STR-03 turns go in descending order of initiative", () => {
    for (const { log } of played) {
      const total = new Map(
        log.filter((e) => e.type === "initiativeRolled").map((e) => [e.combatant as string, e.total as number]),
      );
      const order = turns(log, 1).map((t) => total.get(t.combatant) ?? NaN);
      expect([...order].sort((x, y) => y - x)).toEqual(order);
    }
  });

  it("STR-04 the combat ends when every character of one side is incapacitated or out", () => {
    for (const { result, log } of played) {
      expect(result.winner).not.toBeNull();
      const end = log.find((e) => e.type === "combatEnded");
      expect(end?.reason).toBe("sideDown");
      expect(end?.victors).toEqual([result.winner]);
      // the loser's members each became unable (STR-61) or were removed (STR-64) at some point
      const loser = result.winner === "a" ? p.b.members : p.a.members;
      const downed = new Set(
        log
          .filter((e) => (e.type === "ableChanged" && e.able === false) || e.type === "removed")
          .map((e) => e.combatant as string),
      );
      for (const m of loser) expect(downed.has(m.id)).toBe(true);
    }
  });

  it("STR-61 an incapacitated character's turn has no Action", () => {
    for (const { log } of played) {
      const able = new Map<string, boolean>();
      let acting: string | null = null;
      for (const e of log) {
        if (e.type === "turnStarted") acting = e.combatant as string;
        if (e.type === "turnEnded") acting = null;
        if (e.type === "ableChanged") able.set(e.combatant as string, e.able as boolean);
        if (e.type === "actionSpent") expect(able.get(acting ?? "") ?? true).toBe(true);
      }
    }
  });
});

describe("factions through the factions engine", () => {
  const p = SAMPLE_PARTIES.factions;
  const a = p.a.members.map((m) => ({ ...m, faction: "a" }));
  const b = p.b.members.map((m) => ({ ...m, faction: "b" }));
  const played = fights(40, (r, log) => factionsFight(a, b, r, T, CAP, recording(factionsEngine, log)));

  it("FAC-04 FAC-05 the faction that started the fight holds the initiative and goes first", () => {
    for (const { log } of played) {
      expect(log.find((e) => e.type === "initiativeAssigned")?.side).toBe("a");
      expect(turns(log, 1)[0] && side(turns(log, 1)[0]!.combatant, a)).toBe("a");
    }
  });

  it("FAC-01 FAC-02 the factions alternate turns and each character takes one turn a round", () => {
    for (const { log } of played) {
      for (let round = 1; round <= 3; round++) {
        const ts = turns(log, round);
        const ids = ts.map((t) => t.combatant);
        expect(new Set(ids).size).toBe(ids.length);
        if (ts.length >= 2) expect(side(ts[1]!.combatant, a)).not.toBe(side(ts[0]!.combatant, a));
      }
    }
  });

  it("FAC-03 a round ends only after every faction passes in a row", () => {
    for (const { log } of played) {
      let passes = 0;
      for (const e of log) {
        if (e.type === "passed") passes++;
        if (e.type === "turnStarted") passes = 0;
        if (e.type === "roundEnded") expect(passes).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it("FAC-54 FAC-55 every morale check due is answered in the morale phase", () => {
    let due = 0;
    for (const { log } of played) {
      const answered = new Set(
        log.filter((e) => e.type === "moraleResult").map((e) => `${e.round as number}:${e.combatant as string}`),
      );
      for (const e of log.filter((x) => x.type === "moraleDue")) {
        for (const id of e.combatants as string[]) {
          due++;
          const ended = log.some((x) => x.type === "combatEnded" && log.indexOf(x) > log.indexOf(e));
          expect(answered.has(`${e.round as number}:${id}`) || ended).toBe(true);
        }
      }
    }
    expect(due).toBeGreaterThan(0);
  });
});

describe("sections through the sections turn order", () => {
  const p = SAMPLE_PARTIES.sections;
  const played = fights(40, (r, log) =>
    sectionsFight(p.a.members, p.b.members, r, T, CAP, recording(sectionsEngine, log)),
  );

  it("SEC-05 a turn draws, spends the Action Phase on the attack and discards", () => {
    for (const { log } of played) {
      for (const t of turns(log)) {
        const kinds = t.inside
          .map((e) => e.type)
          .filter((k) => k === "cardDrawn" || k === "actionSpent" || k === "cardDiscarded");
        if (kinds.length === 3) expect(kinds).toEqual(["cardDrawn", "actionSpent", "cardDiscarded"]);
      }
    }
  });

  it("SEC-04 (ruling) sides take their turns in turn: all of the first side's, then the second's", () => {
    for (const { log } of played) {
      const sides = turns(log, 1).map((t) => side(t.combatant, p.a.members));
      const firstB = sides.indexOf("b");
      expect(sides.slice(0, firstB).every((s) => s === "a")).toBe(true);
      expect(sides.slice(firstB).every((s) => s === "b")).toBe(true);
    }
  });

  it("SEC-04 (ruling) the fight ends when one side has nobody left", () => {
    for (const { result, log } of played) {
      const end = log.find((e) => e.type === "combatEnded");
      expect(end?.reason).toBe("oneSideLeft");
      expect(end?.victors).toEqual([result.winner]);
    }
  });
});

describe("teams reactions through the engine", () => {
  // Deep health over a low constitution: many hits reach health without dropping anyone, so fortifies repeat.
  const tough = (m: (typeof SAMPLE_PARTIES.teams.a.members)[number]) => ({
    ...m,
    endurance: 2,
    maxEndurance: 2,
    health: 40,
    maxHealth: 40,
    constitution: 2,
    stamina: 6,
  });
  const p = SAMPLE_PARTIES.teams;
  const a = p.a.members.map(tough);
  const b = p.b.members.map(tough);
  const played = fights(30, (r, log) => teamsFight(a, b, r, T, CAP, recording(teamsEngine, log)));

  it(
    "TEAM-35 TEAM-67 a fortify to stay conscious is a reaction: " +
      "one between a character's turns, and it comes back",
    () => {
      let again = 0;
      for (const { log } of played) {
        const since = new Map<string, number>();
        const total = new Map<string, number>();
        for (const e of log) {
          if (e.type === "turnStarted") since.set(e.combatant as string, 0);
          if (e.type !== "reacted") continue;
          const id = e.combatant as string;
          expect(e.reaction).toBe("Fortify");
          since.set(id, (since.get(id) ?? 0) + 1);
          total.set(id, (total.get(id) ?? 0) + 1);
          expect(since.get(id)).toBeLessThanOrEqual(1);
        }
        for (const n of total.values()) if (n > 1) again++;
      }
      expect(again).toBeGreaterThan(0);
    },
  );
});

describe("escalation: prone units", () => {
  const p = SAMPLE_PARTIES.escalation;
  const prone = p.a.members.map((m) => ({ ...m, prone: true }));
  const played = fights(20, (r, log) => escalationFight(prone, p.b.members, r, T, CAP, recording(rankedEngine, log)));

  it("ESC-47 a prone unit stands up with a Bonus Action first, and then has no extra attack that turn", () => {
    for (const { log } of played) {
      const first = new Map<string, string[]>();
      for (const t of turns(log)) {
        if (!prone.some((m) => m.id === t.combatant) || first.has(t.combatant)) continue;
        first.set(
          t.combatant,
          t.inside.filter((e) => e.type === "actionSpent").map((e) => `${e.action as string}/${e.detail as string}`),
        );
      }
      for (const [, spent] of first) {
        expect(spent[0]).toBe("standUp/BA");
        expect(spent).not.toContain("extraAttack/MA+2BA");
      }
      expect(first.size).toBeGreaterThan(0);
    }
  });
});

describe("members already down when the fight starts", () => {
  const neverActs = (log: readonly Ev[], id: string): void => {
    expect(log.some((e) => e.type === "turnStarted" && e.combatant === id)).toBe(false);
  };

  it("SEC-04 (ruling) a sections combatant at 0 HP is out from the start", () => {
    const p = SAMPLE_PARTIES.sections;
    const a = [{ ...p.a.members[0]!, hp: 0 }, ...p.a.members.slice(1)];
    for (const { log } of fights(10, (r, log) =>
      sectionsFight(a, p.b.members, r, T, CAP, recording(sectionsEngine, log)),
    ))
      neverActs(log, a[0]!.id);
  });

  it("ESC-63 a defeated escalation unit is out from the start", () => {
    const p = SAMPLE_PARTIES.escalation;
    const a = [{ ...p.a.members[0]!, condition: "defeated" as const }, ...p.a.members.slice(1)];
    for (const { log } of fights(10, (r, log) =>
      escalationFight(a, p.b.members, r, T, CAP, recording(rankedEngine, log)),
    ))
      neverActs(log, a[0]!.id);
  });

  it("TEAM-12 an unconscious teams character never takes a turn", () => {
    const p = SAMPLE_PARTIES.teams;
    const a = [{ ...p.a.members[0]!, condition: "unconscious" as const }, ...p.a.members.slice(1)];
    for (const { log } of fights(10, (r, log) => teamsFight(a, p.b.members, r, T, CAP, recording(teamsEngine, log))))
      neverActs(log, a[0]!.id);
  });

  it("FAC-28 an incapacitated factions character is out from the start", () => {
    const p = SAMPLE_PARTIES.factions;
    const a = [
      { ...p.a.members[0]!, incapacitated: true, faction: "a" },
      ...p.a.members.slice(1).map((m) => ({ ...m, faction: "a" })),
    ];
    const b = p.b.members.map((m) => ({ ...m, faction: "b" }));
    for (const { log } of fights(10, (r, log) => factionsFight(a, b, r, T, CAP, recording(factionsEngine, log))))
      neverActs(log, a[0]!.id);
  });

  it(
    "STR-61 an Incapacitated strain character keeps its turns but takes no Action, and a whole side of them " +
      "loses at once (STR-04)",
    () => {
      const p = SAMPLE_PARTIES.strain;
      const down = p.b.members.map((m) => ({ ...m, incapacitated: true, fatigueLoad: 5 }));
      for (const { result, log } of fights(5, (r, log) =>
        strainFight(p.a.members, down, r, T, CAP, recording(rolledEngine, log)),
      )) {
        expect(result.winner).toBe("a");
        expect(log.filter((e) => e.type === "actionSpent")).toEqual([]);
      }
    },
  );
});
