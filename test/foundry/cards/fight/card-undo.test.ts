import { describe, expect, it } from "vitest";
import { attackCardContext } from "../../../../src/foundry/cards/attack-card-context.js";
import { attackCardFor } from "../../../../src/foundry/rulesets/index.js";
import { FakeActor, FakeItem } from "../../../fakes/foundry-card.js";
import { render } from "../../../fakes/handlebars-env.js";
import { USERS } from "../../canvas/fight-scene.js";
import { sample } from "../../move-cards/move-table.js";
import { cardFight } from "./card-fight-table.js";

// Undo both ways: the card's undo gives back the turn step it spent; the tracker's undo of that step voids the card.

function escalation(faces: number | number[] = 7, goblinHp = 30) {
  const unit = (id: string, name: string, owner: string) =>
    new FakeActor(
      id,
      name,
      "escalation-unit",
      { ...sample("escalation-unit"), hp: { value: id === "gob" ? goblinHp : 30, max: 30 } },
      [owner],
      [new FakeItem(`${id}-sword`, "Sword", "escalation-weapon", sample("escalation-weapon"))],
    );
  return cardFight(
    "escalation",
    [
      { id: "t", actor: unit("orrin", "Captain Orrin", "alice"), stats: { side: "pc", agility: 3 }, cell: [1, 1] },
      { id: "e", actor: unit("gob", "Goblin", "bob"), stats: { side: "npc", agility: 1 }, cell: [2, 1] },
    ],
    ["pc", "npc"],
    faces,
  );
}

const idOf = (answer: unknown) => (answer as { messageId: string }).messageId;
const undo = { type: "undo" };

describe("the card's undo gives back what it spent", () => {
  it("ESC-06 the GM's undo of a card as it opened gives the Attack Action back, and the card is void", async () => {
    const t = escalation();
    await t.f.until("t");
    const id = idOf(await t.attack("alice", "t", "e"));
    const steps = t.f.journal.length;
    expect(await t.step("gm", id, undo)).toMatchObject({ ok: true });
    expect(t.f.journal.length).toBe(steps - 1);
    expect(t.card(id).voided).toBe(true);
    // The Attack Action is back: Orrin may attack again, on a card of its own.
    expect(await t.attack("alice", "t", "e")).toMatchObject({ ok: true });
  });

  it("when steps followed the attack in the fight, the card's undo is refused, naming the tracker's undo", async () => {
    const t = escalation();
    await t.f.until("t");
    const id = idOf(await t.attack("alice", "t", "e"));
    expect(await t.turn("alice", { type: "spend", combatant: "t", action: "move", pay: "MA" })).toMatchObject({
      ok: true,
    });
    expect(await t.step("gm", id, undo)).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.StepsFollowedAttack",
      data: { steps: 1 },
    });
    expect(t.card(id).voided).toBeUndefined();
    // Undone in the tracker, the move goes first; then the card's undo gives the attack back.
    expect(await t.turn("gm", undo)).toMatchObject({ ok: true });
    expect(await t.step("gm", id, undo)).toMatchObject({ ok: true });
    expect(t.card(id).voided).toBe(true);
  });

  it("only the GM undoes a card: its attacker's owner is refused", async () => {
    const t = escalation();
    await t.f.until("t");
    const id = idOf(await t.attack("alice", "t", "e"));
    expect(await t.step("alice", id, undo)).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
    expect(t.card(id).voided).toBeUndefined();
  });
});

describe("the card's undo gives back the defeat it sent the fight", () => {
  it("ESC-63 a decisive blow on a card ends the battle; the card's undo brings the Goblin back", async () => {
    const t = escalation(15, 1);
    await t.f.until("t");
    const id = idOf(await t.attack("alice", "t", "e"));
    await t.playOut(id, (c) => c.find((x) => x.type !== "freeHit") ?? c[0]!);
    const hp = () => (t.ctx.actor("gob")!.system as { hp: { value: number } }).hp.value;
    expect(hp()).toBe(0);
    expect(t.f.view.ended).toBe(true);
    expect(t.f.lastStep).toMatchObject({ type: "remove", combatant: "e", attackCard: id, cardApply: true });
    expect(await t.step("gm", id, undo)).toMatchObject({ ok: true });
    expect(t.f.view.ended).toBe(false);
    expect(t.f.view.status.e).not.toBe("out");
    expect(hp()).toBe(1);
    expect(t.f.lastStep).toMatchObject({ type: "spend", combatant: "t", attackCard: id });
  });
});

describe("the tracker's undo of the attack's step voids the card", () => {
  it(
    "ESC-06 the GM undoes the Attack Action in the tracker: " + "the card is void, and what it applied is taken back",
    async () => {
      const t = escalation(15);
      await t.f.until("t");
      const id = idOf(await t.attack("alice", "t", "e"));
      const before = JSON.stringify(t.ctx.actor("gob")!.system);
      await t.playOut(id);
      expect(t.card(id).applied).not.toBeNull();
      expect(t.f.lastStep).toMatchObject({ attackCard: id });
      expect(await t.turn("gm", undo)).toMatchObject({ ok: true });
      expect(t.card(id).voided).toBe(true);
      expect(JSON.stringify(t.ctx.actor("gob")!.system)).toBe(before);
      // A void card takes no step, not even the GM's.
      expect(await t.step("gm", id, undo)).toMatchObject({ ok: false, key: "FRAY.Refusal.CardVoided" });
    },
  );

  it("a void card says so and offers nothing: no step, no undo, no circumstances", async () => {
    const t = escalation();
    await t.f.until("t");
    const id = idOf(await t.attack("alice", "t", "e"));
    const card = attackCardFor("escalation")!;
    const viewer = { user: USERS[0]!, ownsAttacker: true, ownsTarget: true, names: {}, messageId: id };
    const open = attackCardContext(card, t.card(id), viewer);
    expect(open.buttons.length).toBeGreaterThan(0);
    expect(open.canUndo).toBe(true);
    expect(await t.turn("gm", undo)).toMatchObject({ ok: true });
    const voided = attackCardContext(card, t.card(id), viewer);
    expect(voided).toMatchObject({ voided: true, buttons: [], canUndo: false, circumstances: [] });
    const html = render("templates/chat/attack-card.hbs", { ...voided });
    expect(html).toContain("fray-card-voided");
    expect(html).not.toContain("data-fray-card-command");
  });
});
