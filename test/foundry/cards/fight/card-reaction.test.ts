import { describe, expect, it } from "vitest";
import { FakeActor, FakeItem } from "../../../fakes/foundry-card.js";
import { sample } from "../../move-cards/move-table.js";
import { cardFight } from "./card-fight-table.js";

// A reaction taken on a card in a started fight spends what its turn order counts: FAC-14 the reactor's turn, ESC-42
// a Free Hit Slot. Alice plays the first character, Bob the enemy.

function factions() {
  const character = (id: string, faction: string, owner: string) =>
    new FakeActor(
      id,
      id,
      "factions-character",
      { ...sample("factions-character"), faction, wit: 10 },
      [owner],
      [
        new FakeItem(`${id}-sword`, "Sword", "factions-weapon", {
          ...sample("factions-weapon"),
          attack: "melee",
          blast: false,
        }),
      ],
    );
  return cardFight(
    "factions",
    [
      {
        id: "a",
        actor: character("bal", "Players", "alice"),
        stats: { side: "Players", wit: 12, health: 10 },
        cell: [1, 1],
      },
      {
        id: "b",
        actor: character("thug", "Bandits", "bob"),
        stats: { side: "Bandits", wit: 8, health: 10 },
        cell: [2, 1],
      },
    ],
    ["Players", "Bandits"],
  );
}

const idOf = (answer: unknown) => (answer as { messageId: string }).messageId;
const reactionOf = (commands: readonly Record<string, unknown>[]) =>
  commands.find((c) => c.type === "react" && c.reaction === "dodge");

describe("a reaction on a card reaches the fight", () => {
  it("FAC-14 the target's dodge on the card uses its turn in the fight, named for the card", async () => {
    const t = factions();
    await t.f.until("a");
    const id = idOf(await t.attack("alice", "a", "b"));
    await t.playOut(id, (c) => reactionOf(c) ?? c.find((x) => x.type !== "skipReaction") ?? c[0]!);
    expect(t.f.journal.log).toBeDefined();
    const steps = Object.values(t.f.journal.log as unknown as Record<string, Record<string, unknown>[]>).flat();
    expect(steps.filter((s) => s.type === "react")).toEqual([
      { type: "react", combatant: "b", trigger: "dodge", attackCard: id },
    ]);
    expect(t.f.view.status.b).toBe("acted");
  });

  it("FAC-14 a character that has used its turn is refused a dodge on the card, with the rule's reason", async () => {
    const t = factions();
    // The Bandit takes its turn first and ends it; then Ann attacks it.
    await t.f.until("b");
    await t.turn("bob", { type: "endTurn", combatant: "b" });
    await t.f.until("a");
    const id = idOf(await t.attack("alice", "a", "b"));
    await toReactionWindow(t, id);
    const steps = t.f.journal.length;
    expect(await t.step("bob", id, { type: "react", reaction: "dodge", by: "thug" })).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.AlreadyActed",
    });
    expect(t.f.journal.length).toBe(steps);
    expect(t.card(id).journal.state.step).toBe("reactionWindow");
  });

  it("FAC-14 the GM's undo of the dodge on the card gives the turn back; the card goes on", async () => {
    const t = factions();
    await t.f.until("a");
    const id = idOf(await t.attack("alice", "a", "b"));
    await toReactionWindow(t, id);
    expect(await t.step("bob", id, { type: "react", reaction: "dodge", by: "thug" })).toMatchObject({ ok: true });
    expect(t.f.lastStep).toMatchObject({ type: "react", combatant: "b", attackCard: id });
    expect(t.card(id).turnSteps).toHaveLength(1);
    expect(await t.step("gm", id, { type: "undo" })).toMatchObject({ ok: true });
    expect(t.f.lastStep).not.toMatchObject({ type: "react" });
    expect(t.f.view.status.b).not.toBe("acted");
    expect(t.card(id).voided).toBeUndefined();
    expect(t.card(id).turnSteps).toEqual([]);
    expect(t.card(id).journal.state.step).toBe("reactionWindow");
  });
});

describe("a free hit on a card reaches the fight", () => {
  it(
    "ESC-34 ESC-42 the Goblin's free hit after Orrin's " + "natural 1 takes one of its Free Hit Slots in the fight",
    async () => {
      const unit = (id: string, owner: string) =>
        new FakeActor(
          id,
          id,
          "escalation-unit",
          sample("escalation-unit"),
          [owner],
          [new FakeItem(`${id}-sword`, "Sword", "escalation-weapon", sample("escalation-weapon"))],
        );
      let rolls = 0;
      const t = cardFight(
        "escalation",
        [
          { id: "t", actor: unit("orrin", "alice"), stats: { side: "pc", agility: 3 }, cell: [1, 1] },
          { id: "e", actor: unit("gob", "bob"), stats: { side: "npc", agility: 1 }, cell: [2, 1] },
        ],
        ["pc", "npc"],
        (sides) => (rolls++ === 0 ? 1 : Math.min(sides, 3)),
      );
      await t.f.until("t");
      const id = idOf(await t.attack("alice", "t", "e"));
      // Orrin stands in the Goblin's melee zone: the GM says so on the card (no map here).
      expect(await t.circumstances("gm", id, { inMeleeZone: true })).toMatchObject({ ok: true });
      expect(await t.step("alice", id, { type: "roll" })).toMatchObject({ ok: true });
      const offered = t.card(id).journal.state.step;
      expect(offered).toBe("reactionWindow");
      const slots = (t.f.journal.state as { combatants: { id: string; freeHitsLeft: number }[] }).combatants.find(
        (c) => c.id === "e",
      )!.freeHitsLeft;
      expect(await t.step("bob", id, { type: "react", reaction: "freeHit" })).toMatchObject({ ok: true });
      expect(t.f.lastStep).toEqual({ type: "freeHit", combatant: "e", attackCard: id });
      const after = (t.f.journal.state as { combatants: { id: string; freeHitsLeft: number }[] }).combatants.find(
        (c) => c.id === "e",
      )!.freeHitsLeft;
      expect(after).toBe(slots - 1);
    },
  );
});

describe("a teams reaction on a card reaches the fight", () => {
  function teams() {
    const character = (id: string, owner: string) =>
      new FakeActor(
        id,
        id,
        "teams-character",
        { ...sample("teams-character"), stamina: { value: 3, max: 3 } },
        [owner],
        [new FakeItem(`${id}-spear`, "Spear", "teams-weapon", sample("teams-weapon"))],
      );
    return cardFight(
      "teams",
      [
        { id: "a", actor: character("ann", "alice"), stats: { side: "friendly", stamina: 3, focus: 3 }, cell: [1, 1] },
        { id: "b", actor: character("orc", "bob"), stats: { side: "hostile", stamina: 3, focus: 3 }, cell: [2, 1] },
      ],
      ["friendly", "hostile"],
      (sides) => Math.min(sides, 4),
    );
  }

  it(
    "TEAM-35 the Orc's dodge on a card takes its reaction for the round; on the next card the " +
      "turn order refuses it",
    async () => {
      const t = teams();
      await t.f.until("a");
      const first = idOf(await t.attack("alice", "a", "b"));
      await toReactionWindow(t, first);
      expect(await t.step("bob", first, { type: "react", reaction: "dodge" })).toMatchObject({ ok: true });
      expect(t.f.lastStep).toEqual({ type: "react", combatant: "b", reaction: "Dodge", attackCard: first });
      const second = idOf(await t.attack("alice", "a", "b"));
      await toReactionWindow(t, second);
      expect(await t.step("bob", second, { type: "react", reaction: "dodge" })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NoReactionsLeft",
      });
    },
  );
});

/** The card's steps, as their owners click them, up to the target's reaction window. */
async function toReactionWindow(t: ReturnType<typeof cardFight>, id: string): Promise<void> {
  for (let n = 0; n < 6 && t.card(id).journal.state.step !== "reactionWindow"; n++) {
    const state = t.card(id).journal.state;
    const step = state.step === "declare" || state.step === "rollToHit" ? { type: "roll" } : null;
    if (!step) break;
    expect(await t.step("alice", id, step)).toMatchObject({ ok: true });
  }
  expect(t.card(id).journal.state.step).toBe("reactionWindow");
}
