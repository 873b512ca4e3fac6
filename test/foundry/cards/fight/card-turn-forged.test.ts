import { describe, expect, it } from "vitest";
import { FakeActor, FakeItem } from "../../../fakes/foundry-card.js";
import type { RequestAnswer } from "../../../../src/foundry/requests/request-answer.js";
import { sample } from "../../move-cards/move-table.js";
import { cardFight } from "./card-fight-table.js";

// An attacker's audit of the card's turn step, through the real handlers and the fake socket: Alice plays Orrin, Bob
// the Goblin, Olive only watches. Orrin is acting, with one Attack Action.

function table() {
  const unit = (id: string, name: string, owners: string[]) =>
    new FakeActor(id, name, "escalation-unit", sample("escalation-unit"), owners, [
      new FakeItem(`${id}-sword`, "Sword", "escalation-weapon", sample("escalation-weapon")),
    ]);
  return cardFight(
    "escalation",
    [
      { id: "t", actor: unit("orrin", "Captain Orrin", ["alice"]), stats: { side: "pc", agility: 3 }, cell: [1, 1] },
      { id: "e", actor: unit("gob", "Goblin", ["bob"]), stats: { side: "npc", agility: 1 }, cell: [2, 1] },
      { id: "w", actor: unit("wolf", "Wolf", []), stats: { side: "npc", agility: 0 }, cell: [3, 1] },
    ],
    ["pc", "npc"],
  );
}

const FORGED_FIELDS: readonly Record<string, unknown>[] = [
  {},
  { reacted: true },
  { hidden: true },
  { way: "free-hit" },
  { reaction: "free-hit" },
  { reaction: "opportunity-attack" },
  { spent: { combatId: "fight", combatant: "t" } },
  { options: { reacted: true, attacksThisRound: 0 } },
  JSON.parse('{"__proto__": {"reacted": true}}') as Record<string, unknown>,
  { rollMode: "blindroll", reacted: true },
];

describe("an attacker cannot open or step a card outside what the turn allows", () => {
  it(
    "out of turn, for another's character, twice for one Action, a forged reaction, a stale " +
      "revision: 0 of 50+ accepted",
    async () => {
      const t = table();
      await t.f.until("t");
      const tries: { what: string; answer: RequestAnswer }[] = [];
      const tried = async (what: string, answer: Promise<RequestAnswer>) => tries.push({ what, answer: await answer });
      // Out of turn: the Goblin's owner, and the GM for the Wolf, each with every forged field (a reaction claimed).
      for (const extra of FORGED_FIELDS) {
        await tried("Goblin out of turn", t.attack("bob", "e", "t", extra));
        await tried("Wolf out of turn (GM)", t.attack("gm", "w", "t", extra));
      }
      // For another's character: Bob and Olive open Orrin's attack, with and without forged fields.
      for (const extra of FORGED_FIELDS) {
        await tried("Bob for Orrin", t.attack("bob", "t", "e", extra));
        await tried("Olive for Orrin", t.attack("olive", "t", "e", extra));
      }
      // A player's turn step naming a card (the GM's undo of it would void that card) or another's free hit.
      for (const sender of ["alice", "bob", "olive"]) {
        await tried(
          "a step naming a card",
          t.turn(sender, { type: "spend", combatant: "t", action: "attack", pay: "AA", attackCard: "m1" }),
        );
        await tried(
          "a free hit for Orrin",
          t.turn(sender, { type: "freeHit", combatant: sender === "alice" ? "e" : "t", attackCard: "m1" }),
        );
      }
      // A stale fight revision: a step recorded in between.
      await tried(
        "stale turn step",
        t.turn("alice", { type: "spend", combatant: "t", action: "attack", pay: "AA" }, t.f.journal.revision - 1),
      );
      // Missing and huge values.
      await tried("no attacker", t.attack("alice", "t", "e", { attackerId: undefined }));
      await tried("huge attacker", t.attack("alice", "t", "e", { attackerId: "x".repeat(100_000) }));
      await tried("an item that is a number", t.attack("alice", "t", "e", { itemId: 7 }));
      const steps = t.f.journal.length;
      expect(tries.length).toBeGreaterThanOrEqual(50);
      expect(tries.filter((x) => x.answer.ok).map((x) => x.what)).toEqual([]);
      expect(t.messages).toHaveLength(0);
      expect(t.f.journal.length).toBe(steps);

      // The honest path: Alice opens Orrin's card on its turn, once.
      const honest = await t.attack("alice", "t", "e");
      expect(honest).toMatchObject({ ok: true });
      const id = (honest as unknown as { messageId: string }).messageId;
      // Twice for one Action, with every forged field: refused with the rule's reason.
      const again: RequestAnswer[] = [];
      for (const extra of FORGED_FIELDS) again.push(await t.attack("alice", "t", "e", extra));
      expect(again.filter((a) => a.ok)).toEqual([]);
      expect(again.every((a) => !a.ok && a.key === "FRAY.Refusal.NoActionsLeft")).toBe(true);
      // The card's undo: a player's, and the GM's at a stale revision, are refused; the card stays whole.
      const revision = t.card(id).journal.revision;
      expect(await t.step("alice", id, { type: "undo" })).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
      expect(await t.step("bob", id, { type: "undo" })).toMatchObject({ ok: false });
      expect(await t.step("gm", id, { type: "undo" }, revision - 1)).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.StaleRevision",
      });
      expect(t.card(id).voided).toBeUndefined();
      expect(t.messages).toHaveLength(1);
    },
  );
});
