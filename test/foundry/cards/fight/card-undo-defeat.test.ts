import { describe, expect, it } from "vitest";
import { FakeActor, FakeItem } from "../../../fakes/foundry-card.js";
import { sample } from "../../move-cards/move-table.js";
import { cardFight } from "./card-fight-table.js";
import { sectionsCardFight, type SectionsTable } from "./sections-card-fight.js";

// What a card applies reaches the fight, and the card's undo gives it back: a defeat the card sent the fight (SEC-68:
// out at 0 HP) goes back with the sheet, when its steps are still the fight's last (ruling "Undo both ways" in
// docs/cards.md). Alice plays Ilsa; the GM the Goblin, at 1 HP, so Ilsa's hit takes it out.

const idOf = (answer: unknown) => (answer as { messageId: string }).messageId;
const health = (t: SectionsTable) => (t.ctx.actor("goblin")!.system as { health: { value: number } }).health.value;

/** Ilsa acts, draws and attacks the Goblin on a card played out to its apply. */
async function defeated(t: SectionsTable): Promise<string> {
  await t.f.until("ilsa");
  expect(await t.turn("alice", { type: "draw", combatant: "ilsa" })).toMatchObject({ ok: true });
  const id = idOf(await t.attack("alice", "ilsa", "goblin"));
  await t.playOut(id, (c) => c.find((x) => x.type !== "react") ?? c[0]!);
  expect(health(t)).toBe(0);
  return id;
}

describe("the card's undo gives back the defeat its apply sent the fight", () => {
  it("SEC-68 the card's undo brings the Goblin back into the fight, with its HP", async () => {
    const t = sectionsCardFight(1);
    const id = await defeated(t);
    const steps = t.f.journal.length;
    expect(t.f.view.status.goblin).toBe("out");
    expect(t.f.lastStep).toEqual({ type: "remove", combatant: "goblin", attackCard: id, cardApply: true });
    expect(t.card(id).applied?.fight).toEqual([{ combatId: t.f.combat.id, combatant: "goblin" }]);
    expect(await t.step("gm", id, { type: "undo" })).toMatchObject({ ok: true });
    expect(health(t)).toBe(1);
    expect(t.f.view.status.goblin).not.toBe("out");
    // Only the defeat went back: Ilsa's draw and her Action Phase spent on the card stay.
    expect(t.f.journal.length).toBe(steps - 1);
    expect(t.f.lastStep).toMatchObject({ type: "spend", combatant: "ilsa", attackCard: id });
    expect(t.card(id).applied).toBeNull();
    expect(t.card(id).voided).toBeUndefined();
  });

  it("SEC-04 a battle the card ended by itself goes on again after the card's undo", async () => {
    const t = sectionsCardFight(1, false);
    const id = await defeated(t);
    expect(t.f.view.ended).toBe(true);
    expect(await t.step("gm", id, { type: "undo" })).toMatchObject({ ok: true });
    expect(t.f.view.ended).toBe(false);
    expect(t.f.view.acting).toBe("ilsa");
    expect(health(t)).toBe(1);
  });

  it("steps after the defeat: the card's undo is refused, naming the tracker's undo, and changes nothing", async () => {
    const t = sectionsCardFight(1);
    const id = await defeated(t);
    expect(await t.turn("alice", { type: "endTurn", combatant: "ilsa" })).toMatchObject({ ok: true });
    const revision = t.f.journal.revision;
    expect(await t.step("gm", id, { type: "undo" })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.StepsFollowedAttack",
      data: { steps: 1 },
    });
    expect(health(t)).toBe(0);
    expect(t.f.journal.revision).toBe(revision);
    expect(t.card(id).applied).not.toBeNull();
    // Undone in the tracker, the turn's end goes first; then the card's undo gives the defeat back.
    expect(await t.turn("gm", { type: "undo" })).toMatchObject({ ok: true });
    expect(await t.step("gm", id, { type: "undo" })).toMatchObject({ ok: true });
    expect(t.f.view.status.goblin).not.toBe("out");
    expect(health(t)).toBe(1);
  });

  it("the tracker's undo of the defeat brings the Goblin back, its undo gives the HP back", async () => {
    const t = sectionsCardFight(1);
    const id = await defeated(t);
    expect(await t.turn("gm", { type: "undo" })).toMatchObject({ ok: true });
    expect(t.f.view.status.goblin).not.toBe("out");
    expect(t.card(id).voided).toBeUndefined();
    expect(health(t)).toBe(0);
    const steps = t.f.journal.length;
    expect(await t.step("gm", id, { type: "undo" })).toMatchObject({ ok: true });
    expect(t.f.journal.length).toBe(steps);
    expect(health(t)).toBe(1);
  });

  it("a player's undo of the card, forged or stale, is refused and the Goblin stays out", async () => {
    const t = sectionsCardFight(1);
    const id = await defeated(t);
    const at = t.card(id).journal.revision;
    for (const [user, revision] of [
      ["alice", at],
      ["bob", at],
      ["mallory", at],
      ["gm", at - 1],
      ["gm", at + 1],
    ] as const)
      expect(await t.step(user, id, { type: "undo" }, revision)).toMatchObject({ ok: false });
    // A player may not name the card on a fight step of theirs, so no step of theirs is given back for it.
    expect(
      await t.turn("alice", { type: "endTurn", combatant: "ilsa", attackCard: id, cardApply: true }),
    ).toMatchObject({ ok: false, key: "FRAY.Refusal.MadeByAttackCard" });
    expect(t.f.view.status.goblin).toBe("out");
    expect(health(t)).toBe(0);
  });
});

describe("a card that makes a character unable gives it back with its undo", () => {
  it("FAC-28 the Bandit at 0 health is incapacitated, unable to act; the card's undo makes it able again", async () => {
    const character = (id: string, faction: string, owner: string, health: number) =>
      new FakeActor(
        id,
        id,
        "factions-character",
        { ...sample("factions-character"), faction, wit: 10, health: { value: health, max: 12 } },
        [owner],
        [
          new FakeItem(`${id}-sword`, "Sword", "factions-weapon", {
            ...sample("factions-weapon"),
            attack: "melee",
            blast: false,
          }),
        ],
      );
    const t = cardFight(
      "factions",
      [
        {
          id: "a",
          actor: character("bal", "Players", "alice", 8),
          stats: { side: "Players", wit: 12, health: 8 },
          cell: [1, 1],
        },
        {
          id: "b",
          actor: character("thug", "Bandits", "bob", 1),
          stats: { side: "Bandits", wit: 8, health: 1 },
          cell: [2, 1],
        },
        {
          id: "c",
          actor: character("cut", "Bandits", "bob", 8),
          stats: { side: "Bandits", wit: 8, health: 8 },
          cell: [2, 2],
        },
      ],
      ["Players", "Bandits"],
      (sides) => (sides === 20 ? 1 : sides),
    );
    await t.f.until("a");
    const id = idOf(await t.attack("alice", "a", "b"));
    await t.playOut(id, (c) => c.find((x) => x.type !== "react") ?? c[0]!);
    const thug = () => t.ctx.actor("thug")!.system as { health: { value: number } };
    expect(thug().health.value).toBe(0);
    expect(t.f.lastStep).toEqual({ type: "setAble", combatant: "b", able: false, attackCard: id, cardApply: true });
    expect(t.f.view.status.b).toBe("unable");
    expect(await t.step("gm", id, { type: "undo" })).toMatchObject({ ok: true });
    expect(t.f.view.status.b).not.toBe("unable");
    expect(thug().health.value).toBe(1);
  });
});
