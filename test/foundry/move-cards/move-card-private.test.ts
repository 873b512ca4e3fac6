import { describe, expect, it } from "vitest";
import { readSealed } from "../../../src/foundry/cards/sealed/sealed-card.js";
import { SEALED_QUERY, type SealedDelivery } from "../../../src/foundry/cards/sealed/sealed-delivery.js";
import { moveCardContext } from "../../../src/foundry/move-cards/move-card-context.js";
import type { RollMode } from "../../../src/foundry/dice/dice-tray.js";
import { FakeActor } from "../../fakes/foundry-card.js";
import { render } from "../../fakes/handlebars-env.js";
import { place, sample, sections, table } from "./move-table.js";

/** Alice walks Ilsa down a Height 2 border (a SEC-13 fall, 2d4 of 3 and 4) with her roll mode; Bob and Olive watch. */
async function fall(rollMode?: RollMode) {
  const s = sections([0, 2, 0]);
  const ilsa = new FakeActor("ilsa", "Ilsa", "sections-entity", { ...sample("sections-entity"), side: "pc", move: 1 }, [
    "alice",
  ]);
  place(s, "t", [4, 1], ilsa, ["alice"]);
  const t = table(s, "sections", { t: ilsa }, [3, 4]);
  expect(await t.walk("alice", "t", [[7, 1]], "walk", rollMode)).toMatchObject({ ok: true });
  const card = t.moveCards()[0]!;
  // The digest's and salt's hex aside: random digits are no dice.
  const reached = (who: string) =>
    JSON.stringify([card.system, t.queries.received(who)]).replace(/"(digest|salt)":"[0-9a-f]+"/g, '"$1":"…"');
  return { t, card, ilsa, reached };
}

describe.each(["gmroll", "selfroll"] as const)(
  "SEC-13 a fall rolled with %s is sealed, and seen by its mover",
  (mode) => {
    it(
      "the message holds no outcome and no dice message is " + "posted; the mover's client alone receives the outcome",
      async () => {
        const { t, card, reached } = await fall(mode);
        expect(card.system).toMatchObject({
          outcome: null,
          applied: null,
          rollMode: mode,
          sealed: { viewers: ["alice"] },
        });
        expect(t.tray.shown).toEqual([]);
        expect(t.stores.alice!.get(card.id)?.outcome).toEqual({
          kind: "fall",
          damage: 7,
          dice: [3, 4],
          roll: {
            formula: "2d4",
            dice: [
              { sides: 4, value: 3, kept: true },
              { sides: 4, value: 4, kept: true },
            ],
            modifier: 0,
            total: 7,
          },
        });
        // The 3D dice roll on the GM's client alone, for the mover's dice.
        expect(t.tray.here).toEqual([
          { userId: "alice", rolls: [{ purpose: "Fall", formula: "2d4", total: 7, dropped: [] }] },
        ]);
        expect(reached("alice")).toContain('"damage":7');
        for (const other of ["bob", "olive"]) {
          expect(reached(other)).not.toMatch(/damage|"dice"|\b7\b/);
          expect(t.stores[other]!.get(card.id)).toBeUndefined();
        }
      },
    );

    it(
      "the GM applies from its own sealed copy; the message gains only a revision; the mover is " +
        "sent the applied card",
      async () => {
        const { t, card, ilsa, reached } = await fall(mode);
        expect(await t.press("alice", card.id, "apply")).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
        expect(await t.press("bob", card.id, "reveal")).toMatchObject({ ok: false, key: "FRAY.Refusal.GmOnly" });
        expect(await t.press("gm", card.id, "apply")).toEqual({ ok: true });
        expect((ilsa.system.health as { value: number }).value).toBe(14 - 7);
        expect(readSealed(card.system)?.revision).toBe(1);
        expect(card.system).toMatchObject({ outcome: null, applied: null });
        expect(t.stores.alice!.get(card.id)).toMatchObject({ revision: 1, applied: { actors: [{ actorId: "ilsa" }] } });
        expect(reached("olive")).not.toMatch(/damage|health/);
        expect(await t.press("gm", card.id, "undo")).toEqual({ ok: true });
        expect((ilsa.system.health as { value: number }).value).toBe(14);
        expect(t.stores.alice!.get(card.id)).toMatchObject({ revision: 2, applied: null });
      },
    );

    it(
      "the mover's HTML shows the fall's damage; another " + "player's the fall alone; the GM's has Apply and Reveal",
      async () => {
        const { t, card } = await fall(mode);
        const names = { ilsa: "Ilsa" };
        const shell = t.cardData(card);
        const mine = render(
          "templates/chat/move-card.hbs",
          moveCardContext(t.stores.alice!.get(card.id)!, { isGM: false, ownsBy: false, names, sealed: "roller" }),
        );
        expect(mine).toContain("7 falling damage");
        expect(mine).toContain("Private roll: only you and the GM see these dice.");
        const theirs = render(
          "templates/chat/move-card.hbs",
          moveCardContext(shell, { isGM: false, ownsBy: false, names, sealed: "shell" }),
        );
        expect(theirs).toContain("Ilsa falls down a Height 2 border");
        expect(theirs).toContain("A private roll: only its roller and the GM see its dice.");
        expect(theirs).not.toMatch(/falling damage|data-fray-move-card/);
        const gms = render(
          "templates/chat/move-card.hbs",
          moveCardContext(t.gmMoves.get(card.id)!, { isGM: true, ownsBy: false, names, sealed: "gm" }),
        );
        expect(gms).toContain('data-fray-move-card="apply"');
        expect(gms).toContain('data-fray-move-card="reveal"');
      },
    );

    it(
      "the GM reveals it: the outcome goes into the " + "message for everyone, and the card is an ordinary one",
      async () => {
        const { t, card } = await fall(mode);
        expect(await t.press("gm", card.id, "reveal")).toEqual({ ok: true });
        expect(readSealed(card.system)).toBeNull();
        expect(t.cardData(card)).toMatchObject({ rollMode: "publicroll", outcome: { kind: "fall", damage: 7 } });
        expect(t.gmMoves.get(card.id)).toBeUndefined();
        expect(await t.press("gm", card.id, "reveal")).toMatchObject({ ok: false, key: "FRAY.Refusal.NotSealed" });
        expect(await t.press("gm", card.id, "apply")).toEqual({ ok: true });
      },
    );
  },
);

describe("SEC-13 a fall's roll modes: blind, public, and a GM's client without the card", () => {
  it(
    "a blind fall is sent to nobody, the mover included; " + "a public one is an ordinary card with its dice in chat",
    async () => {
      const blind = await fall("blindroll");
      expect(blind.card.system).toMatchObject({ outcome: null, sealed: { viewers: [] } });
      expect(blind.t.queries.log).toEqual([]);
      const open = await fall();
      expect(open.card.system).toMatchObject({ outcome: { damage: 7 } });
      expect(open.t.tray.shown).toHaveLength(1);
    },
  );

  it("a GM's client that does not hold a sealed card refuses its buttons", async () => {
    const { t, card } = await fall("gmroll");
    t.gmMoves.delete(card.id);
    expect(await t.press("gm", card.id, "apply")).toMatchObject({ ok: false, key: "FRAY.Refusal.SealedElsewhere" });
  });

  it("a forged fall from another player's macro is kept by no client: the mover's, nor the GM's own", async () => {
    const { t, card } = await fall("gmroll");
    const real = t.queries.log.filter((q) => q.to === "alice").at(-1)!.data as SealedDelivery;
    const data = real.data as Record<string, unknown>;
    const lighter = { ...real, data: { ...data, outcome: { kind: "fall", damage: 1, dice: [1, 0] } } };
    // Bob's macro: `game.users.get("alice").query("fray.sealedCard", …)`, with the genuine salt or one of its own.
    expect(await t.queries.query("bob", "alice", SEALED_QUERY, lighter)).toBe(false);
    expect(await t.queries.query("bob", "alice", SEALED_QUERY, { ...lighter, salt: "00".repeat(16) })).toBe(false);
    expect(
      await t.queries.query("bob", "gm", SEALED_QUERY, {
        ...lighter,
        revision: 1,
        data: { ...lighter.data, revision: 1 },
      }),
    ).toBe(false);
    expect(t.stores.alice!.get(card.id)?.outcome).toMatchObject({ damage: 7 });
    // The GM applies (revision 1): the revision 0 card and salt, replayed as revision 1, are not kept either.
    expect(await t.press("gm", card.id, "apply")).toEqual({ ok: true });
    // Foundry's updateChatMessage hook on each client: what waited for revision 1 is checked.
    for (const who of ["gm", "alice"]) t.inboxes[who]!.updated(card);
    const replay = { ...real, revision: 1, data: { ...data, revision: 1 } };
    expect(await t.queries.query("bob", "alice", SEALED_QUERY, replay)).toBe(false);
    expect(t.stores.alice!.get(card.id)).toMatchObject({ revision: 1, applied: { actors: [{ actorId: "ilsa" }] } });
    expect(t.gmMoves.get(card.id)).toMatchObject({ revision: 1, outcome: { damage: 7 } });
    expect(t.inboxes.alice!.waiting + t.inboxes.gm!.waiting).toBe(0);
  });
});
