import { describe, expect, it } from "vitest";
import { FakeActor } from "../../../fakes/foundry-card.js";
import { FakeScene, FakeSquareGrid } from "../../../fakes/foundry-scene.js";
import { place, S, sample, sections, table } from "../../move-cards/move-table.js";

// The rule texts' own worked movement examples, played as token moves: a scene of fake regions on a fake grid, the
// token's waypoints sent to the active GM's move request (as FrayTokenDocument#_preUpdateMovement sends them), and
// the text's numbers checked in the GM's answer and the cards it posts.

function grid(columns: number, rows: number): FakeScene {
  const s = new FakeScene("s1", new FakeSquareGrid(S), columns, rows);
  s.flags = { fray: { spaceModel: "grid" } };
  return s;
}

describe("the texts' movement examples as token moves", () => {
  it(
    "SEC-14 a drop down a Height 3 border deals 3d4 " + "falling damage (on the canvas a walk down it: SEC-13)",
    async () => {
      const s = sections([0, 3, 0]);
      const ilsa = new FakeActor("ilsa", "Ilsa", "sections-entity", { ...sample("sections-entity"), side: "pc" }, [
        "alice",
      ]);
      place(s, "t", [4, 1], ilsa, ["alice"]);
      const t = table(s, "sections", { t: ilsa }, [1, 2, 4]);
      expect(await t.walk("alice", "t", [[7, 1]])).toMatchObject({ ok: true, cost: 1, events: 1 });
      const card = t.cardData(t.moveCards()[0]!);
      expect(card.effect).toEqual({ kind: "fall", clause: "SEC-13", mover: "t", height: 3 });
      expect(card.outcome).toEqual({
        kind: "fall",
        damage: 7,
        dice: [1, 2, 4],
        roll: {
          formula: "3d4",
          dice: [
            { sides: 4, value: 1, kept: true },
            { sides: 4, value: 2, kept: true },
            { sides: 4, value: 4, kept: true },
          ],
          modifier: 0,
          total: 7,
        },
      });
      expect(t.tray.shown[0]!.dice.map((d) => d.sides)).toEqual([4, 4, 4]);
    },
  );

  it(
    "SEC-26 sections sharing a soft border are distance 1 (a Move 1); the ends of a hallway of " +
      "three are distance 2",
    async () => {
      const s = sections([0, 0, 0]);
      const one = new FakeActor("one", "Ilsa", "sections-entity", { ...sample("sections-entity"), move: 1 }, ["alice"]);
      const two = new FakeActor("two", "Bram", "sections-entity", { ...sample("sections-entity"), move: 2 }, ["bob"]);
      place(s, "t", [1, 1], one, ["alice"]);
      place(s, "u", [1, 2], two, ["bob"]);
      const t = table(s, "sections", { t: one, u: two });
      expect(await t.walk("alice", "t", [[4, 1]])).toMatchObject({ ok: true, cost: 1 });
      expect(await t.walk("alice", "t", [[7, 1]])).toMatchObject({ ok: false, key: "FRAY.Refusal.MoveTooShort" });
      expect(await t.walk("bob", "u", [[7, 2]])).toMatchObject({ ok: true, cost: 2 });
    },
  );

  it(
    "STR-17 a square 7 to the west and 4 to the north is " + "7 squares away: Speed 7 reaches it, Speed 6 does not",
    async () => {
      const s = grid(10, 6);
      const fast = new FakeActor(
        "fast",
        "Mira",
        "strain-character",
        { ...sample("strain-character"), side: "pc", speed: 7 },
        ["alice"],
      );
      const slow = new FakeActor(
        "slow",
        "Oda",
        "strain-character",
        { ...sample("strain-character"), side: "pc", speed: 6 },
        ["bob"],
      );
      place(s, "t", [8, 5], fast, ["alice"]);
      place(s, "u", [9, 5], slow, ["bob"]);
      const t = table(s, "strain", { t: fast, u: slow });
      expect(await t.walk("alice", "t", [[1, 1]])).toMatchObject({ ok: true, cost: 7 });
      expect(await t.walk("bob", "u", [[2, 1]])).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.OverSpeed",
        data: { cost: 7, budget: 6 },
      });
    },
  );

  it("TEAM-45 every second diagonal counts 2m: four diagonal spaces cost 1 + 2 + 1 + 2", async () => {
    const s = grid(8, 8);
    const boudica = new FakeActor("boudica", "Boudica", "teams-character", sample("teams-character"), ["alice"]);
    place(s, "t", [0, 0], boudica, ["alice"]);
    const t = table(s, "teams", { t: boudica });
    expect(await t.walk("alice", "t", [[3, 3]])).toMatchObject({ ok: true, cost: 1 + 2 + 1 });
    expect(await t.walk("alice", "t", [[4, 4]])).toMatchObject({ ok: true, cost: 1 + 2 + 1 + 2 });
  });

  it("ESC-39 moving 2 spaces within an enemy's melee zone is free; a third space gives it a free hit", async () => {
    const s = grid(10, 6);
    const orrin = new FakeActor(
      "orrin",
      "Captain Orrin",
      "escalation-unit",
      { ...sample("escalation-unit"), movement: 6 },
      ["alice"],
    );
    const gob = new FakeActor("gob", "Goblin", "escalation-unit", { ...sample("escalation-unit"), movement: 6 }, [
      "bob",
    ]);
    place(s, "t", [4, 1], orrin, ["alice"], 1);
    place(s, "e", [5, 2], gob, ["bob"], -1);
    const t = table(s, "escalation", { t: orrin, e: gob });
    expect(
      await t.walk("alice", "t", [
        [4, 2],
        [4, 3],
      ]),
    ).toMatchObject({ ok: true, cost: 2, events: 0 });
    expect(t.moveCards()).toEqual([]);
    expect(
      await t.walk("alice", "t", [
        [4, 2],
        [4, 3],
        [5, 3],
      ]),
    ).toMatchObject({ ok: true, cost: 3, events: 1 });
    expect(t.cardData(t.moveCards()[0]!).effect).toEqual({
      kind: "free-hit",
      clause: "ESC-39",
      mover: "t",
      by: "e",
      why: "moved-within",
    });
  });
});
