import { describe, expect, it } from "vitest";
import { FakeActor, FakeItem } from "../../../fakes/foundry-card.js";
import { sample } from "../../move-cards/move-table.js";
import { cardFight } from "./card-fight-table.js";

// In a started fight an attack card is a step of it: it opens on the attacker's turn and spends what its turn order
// says an attack costs (core/turn-order/attack-cost.ts). Alice plays Orrin, Bob the Goblin, the GM runs the table.

function escalation(faces: number | number[] = 7) {
  const orrin = new FakeActor(
    "orrin",
    "Captain Orrin",
    "escalation-unit",
    sample("escalation-unit"),
    ["alice"],
    [new FakeItem("sword", "Sword", "escalation-weapon", sample("escalation-weapon"))],
  );
  const gob = new FakeActor(
    "gob",
    "Goblin",
    "escalation-unit",
    sample("escalation-unit"),
    ["bob"],
    [new FakeItem("club", "Club", "escalation-weapon", sample("escalation-weapon"))],
  );
  return cardFight(
    "escalation",
    [
      { id: "t", actor: orrin, stats: { side: "pc", agility: 3 }, cell: [1, 1] },
      { id: "e", actor: gob, stats: { side: "npc", agility: 1 }, cell: [2, 1] },
    ],
    ["pc", "npc"],
    faces,
  );
}

describe("an attack card in a started fight is a step of the fight", () => {
  it("ESC-06 Alice's card opens on Orrin's turn and spends its Attack Action, named in the step", async () => {
    const t = escalation();
    await t.f.until("t");
    const opened = await t.attack("alice", "t", "e");
    expect(opened).toMatchObject({ ok: true });
    const id = (opened as unknown as { messageId: string }).messageId;
    expect(t.f.lastStep).toEqual({ type: "spend", combatant: "t", action: "attack", pay: "AA", attackCard: id });
    expect(t.card(id).spent).toEqual({ combatId: t.f.combat.id, combatant: "t" });
  });

  it(
    "ESC-06 a second card for the same Attack Action is " + "refused with the rule's reason, and no card is posted",
    async () => {
      const t = escalation();
      await t.f.until("t");
      expect(await t.attack("alice", "t", "e")).toMatchObject({ ok: true });
      expect(await t.attack("alice", "t", "e")).toMatchObject({ ok: false, key: "FRAY.Refusal.NoActionsLeft" });
      expect(t.messages).toHaveLength(1);
    },
  );

  it("ESC-05 out of its turn the Goblin's card is refused: it is not its turn", async () => {
    const t = escalation();
    await t.f.until("t");
    const steps = t.f.journal.length;
    expect(await t.attack("bob", "e", "t")).toMatchObject({ ok: false, key: "FRAY.Refusal.NotYourTurn" });
    expect(t.messages).toHaveLength(0);
    expect(t.f.journal.length).toBe(steps);
  });

  it("a card outside a begun fight stands alone, as before: nothing is spent", async () => {
    const t = escalation();
    (t.f.combat as { system: unknown }).system = {};
    expect(await t.attack("bob", "e", "t")).toMatchObject({ ok: true });
    expect(t.card(t.messages[0]!.id).spent).toBeUndefined();
  });

  it("a turn step naming a card is the GM's opening of it: a player's request naming one is refused", async () => {
    const t = escalation();
    await t.f.until("t");
    const forged = { type: "spend", combatant: "t", action: "attack", pay: "AA", attackCard: "m9" };
    expect(await t.turn("alice", forged)).toMatchObject({ ok: false, key: "FRAY.Refusal.MadeByAttackCard" });
  });
});

describe("what a card applies reaches the fight", () => {
  it("ESC-33 ESC-63 a battle won by a card's decisive blow ends without a tracker click", async () => {
    // A natural 20, then the chain: d4 4, d6 6 (ESC-33): the Goblin is defeated on the spot.
    const t = escalation([20, 4, 6]);
    await t.f.until("t");
    const opened = await t.attack("alice", "t", "e");
    const id = (opened as unknown as { messageId: string }).messageId;
    await t.playOut(id);
    expect(t.card(id).events.map((e) => e.type)).toContain("combatantDefeated");
    expect(t.f.lastStep).toMatchObject({ type: "remove", combatant: "e" });
    expect(t.f.view.ended).toBe(true);
  });
});
