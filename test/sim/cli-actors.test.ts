// `npm run sim` on actors: a compendium source folder and Foundry's actor export JSON, read through the attack
// cards' readers, written out as JSON or CSV.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runSim } from "../../tools/sim-cli.js";
import type { CardActor } from "../../src/foundry/cards/attack-ruleset.js";
import { MEMBER_READERS } from "../../src/foundry/odds/members/index.js";
import { CSV_COLUMNS, reportCsv, simulate, type SimInput, type SimReport } from "../../src/sim/index.js";
import { CAST } from "../foundry/odds/odds-cast.js";

/** The command's run in this process (cli.test.ts runs the entry point itself as a process). */
function sim(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  let stdout = "";
  let stderr = "";
  const status = runSim(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  return { status, stdout, stderr };
}

/** An actor as Foundry's "Export Data" writes it: its source without its own _id, items with theirs. */
const exported = (a: CardActor, name: string) => ({
  name,
  type: a.type,
  img: "icons/svg/mystery-man.svg",
  system: a.system,
  items: a.items.map((i, n) => ({
    _id: `Item${String(n).padStart(12, "0")}`,
    name: i.name,
    type: i.type,
    system: i.system,
    effects: [],
    flags: {},
  })),
  effects: [],
  flags: {},
  _stats: {
    exportSource: {
      worldId: "test",
      uuid: "Actor.abc",
      coreVersion: "13.345",
      systemId: "fray",
      systemVersion: "0.1.0",
    },
  },
});

/** An actor as a compendium source file: _id and _key on it and on each embedded item (the official CLI's shape). */
const source = (a: CardActor, id: string, name: string) => ({
  _id: id,
  _key: `!actors!${id}`,
  name,
  type: a.type,
  system: a.system,
  items: a.items.map((i, n) => {
    const itemId = `It${id.slice(2, 6)}${String(n).padStart(10, "0")}`;
    return {
      _id: itemId,
      _key: `!actors.items!${id}.${itemId}`,
      name: i.name,
      type: i.type,
      system: i.system,
      effects: [],
      flags: {},
    };
  }),
  effects: [],
  flags: {},
});

function world(): { dir: string; heroes: string; pack: string } {
  const dir = mkdtempSync(join(tmpdir(), "fray-sim-actors-"));
  const heroes = join(dir, "heroes.json");
  writeFileSync(
    heroes,
    JSON.stringify([exported(CAST.teams("x", "strong"), "Boudica"), exported(CAST.teams("y", "even"), "Roland")]),
  );
  const pack = join(dir, "bandits");
  mkdirSync(pack);
  writeFileSync(
    join(pack, "chief.json"),
    JSON.stringify(source(CAST.teams("c", "even"), "Chief00000000001", "Bandit Chief")),
  );
  writeFileSync(
    join(pack, "cutter.json"),
    JSON.stringify(source(CAST.teams("d", "weak"), "Cutter0000000001", 'Cutter, "the Knife"')),
  );
  return { dir, heroes, pack };
}

describe("npm run sim on actors", { timeout: 120_000 }, () => {
  it(
    "reads an export JSON and a compendium source folder through the cards' readers and prints " +
      "simulate()'s report as JSON",
    () => {
      const w = world();
      const r = sim("--a", w.heroes, "--b", w.pack, "--seed", "4", "--fights", "300", "--json");
      expect(r.stderr.replace(/npm warn.*\n/g, "")).toBe("");
      expect(r.status).toBe(0);
      const report = JSON.parse(r.stdout) as SimReport;
      expect(report.ruleset).toBe("teams");
      expect(report.parties).toEqual({
        a: { name: "heroes", members: ["boudica", "roland"] },
        b: { name: "bandits", members: ["bandit-chief", "cutter-the-knife"] },
      });
      // The same fights as simulate() on the members the teams card reads from the same actors.
      const member = (a: CardActor, id: string, name: string) => MEMBER_READERS.teams({ ...a, id, name });
      const parties = {
        a: {
          name: "heroes",
          members: [
            member(CAST.teams("x", "strong"), "boudica", "Boudica"),
            member(CAST.teams("y", "even"), "roland", "Roland"),
          ],
        },
        b: {
          name: "bandits",
          members: [
            member(CAST.teams("c", "even"), "bandit-chief", "Bandit Chief"),
            member(CAST.teams("d", "weak"), "cutter-the-knife", "Cutter"),
          ],
        },
      };
      const expected = simulate({
        ruleset: "teams",
        seed: 4,
        fights: 300,
        parties,
        detail: true,
      } as SimInput) as SimReport;
      expect(report.wins).toEqual(expected.wins);
      expect(report.rounds).toEqual(expected.rounds);
      expect(Object.keys(report.detail!.drops)).toEqual(["boudica", "roland", "bandit-chief", "cutter-the-knife"]);
    },
  );

  it(
    "writes CSV: one measure a row under a header, the same numbers as the JSON; a file given " +
      "twice is two combatants",
    () => {
      const w = world();
      const r = sim(
        "--a",
        w.heroes,
        "--b",
        w.pack,
        "--b",
        join(w.pack, "cutter.json"),
        "--seed",
        "4",
        "--fights",
        "200",
        "--csv",
      );
      expect(r.status).toBe(0);
      const lines = r.stdout.trim().split("\n");
      expect(lines[0]).toBe(CSV_COLUMNS.join(","));
      const rows = lines.slice(1).map((l) => l.split(","));
      const win = (side: string) => rows.find((c) => c[3] === "win" && c[4] === side)!;
      expect(Number(win("a")[8]) + Number(win("b")[8]) + Number(rows.find((c) => c[3] === "draw")![8])).toBeCloseTo(
        1,
        10,
      );
      expect(rows.filter((c) => c[3] === "drop").map((c) => c[5])).toEqual([
        "boudica",
        "roland",
        "bandit-chief",
        "cutter-the-knife",
        "cutter-the-knife-2",
      ]);
      const ended = rows.filter((c) => c[3] === "ended").reduce((n, c) => n + Number(c[8]), 0);
      expect(ended).toBe(200);
    },
  );

  it("refuses what is not an actor, actors of two rule sets, and half a pair of sides", () => {
    const w = world();
    const junk = join(w.dir, "junk.json");
    writeFileSync(junk, JSON.stringify({ hello: "world" }));
    const notActor = sim("--a", junk, "--b", w.pack);
    expect(notActor.status).toBe(1);
    expect(notActor.stderr).toContain(`${junk} is not an actor document`);
    const strain = join(w.dir, "strain.json");
    writeFileSync(strain, JSON.stringify(exported(CAST.strain("s", "even"), "Alice")));
    const mixed = sim("--a", strain, "--b", w.pack);
    expect(mixed.status).toBe(1);
    expect(mixed.stderr).toContain("one rule set's types, got strain-character, teams-character");
    const half = sim("--a", w.heroes);
    expect(half.status).toBe(2);
    expect(half.stderr).toContain("usage: npm run sim");
  });
});

describe("the report as CSV", () => {
  it("quotes fields with commas or quotes, and gives the detail's rows only when the report has it", () => {
    const plain = simulate({ ruleset: "factions", seed: 2, fights: 30 }) as SimReport;
    expect(reportCsv(plain).trim().split("\n")).toHaveLength(1 + 2 + 1 + 4);
    const odd = {
      ...plain,
      parties: { ...plain.parties, a: { ...plain.parties.a, members: ['x,"y"'] } },
      detail: { drops: { 'x,"y"': 3 }, roundsEnded: { a: [], b: [], draws: [] }, survivors: { a: [], b: [] } },
    };
    expect(reportCsv(odd as SimReport)).toContain(`factions,2,30,drop,a,"x,""y""",,,0.1,`);
  });
});
