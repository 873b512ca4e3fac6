import { describe, expect, it } from "vitest";
import { readAttackCard, type AttackCardData } from "../../../src/foundry/cards/data/attack-card-data.js";
import { attackCardFor } from "../../../src/foundry/rulesets/index.js";
import { handleAttackOpen } from "../../../src/foundry/cards/requests/attack-open.js";
import { handleAttackStep } from "../../../src/foundry/cards/requests/attack-request.js";
import { handleSealedRequest } from "../../../src/foundry/cards/sealed/sealed-request.js";
import { readSealed } from "../../../src/foundry/cards/sealed/sealed-card.js";
import { moveCardMatches } from "../../../src/foundry/move-cards/move-card-data.js";
import { moveCardContext } from "../../../src/foundry/move-cards/move-card-context.js";
import { FakeActor, FakeItem, type FakeMessage } from "../../fakes/foundry-card.js";
import { cellsRect, FakeRegion, FakeScene, FakeSquareGrid, zone } from "../../fakes/foundry-scene.js";
import { render } from "../../fakes/handlebars-env.js";
import { place, S, sample, sections, table, USERS } from "./move-table.js";

// Issue 26, hole 6: a move card about a token the GM hides. Foundry sends every message's data to every client, its
// whisper notwithstanding (docs/cards.md): the card's data and speaker must name no hidden token, actor or scene.
type Table = ReturnType<typeof table>;

/** Everything every client receives of a message: its system data and its speaker. */
const everyone = (t: Table, m: FakeMessage) => JSON.stringify([m.system, t.speakers.get(m.id)]);

/** The shell a hidden token's card shows every client: a GM-only blind card of nothing, with its digest. */
const HIDDEN_SHELL = {
  effect: null,
  sceneId: "",
  moverRef: "",
  byRef: "",
  rollMode: "blindroll",
  outcome: null,
  applied: null,
  taken: null,
  declined: false,
  hidden: true,
  sealed: {
    revision: 0,
    title: { key: "", data: {} },
    viewers: [],
    digest: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
  },
};

/** Alice's Captain Orrin leaves the melee zone of Bob's Goblin (ESC-39), which the GM hides or not. */
function escalation(hide: "goblin" | "orrin") {
  const s = new FakeScene("s1", new FakeSquareGrid(S), 10, 4);
  s.flags = { fray: { spaceModel: "grid" } };
  const unit = (id: string, name: string, owner: string, item: string) =>
    new FakeActor(
      id,
      name,
      "escalation-unit",
      { ...sample("escalation-unit"), movement: 6 },
      [owner],
      [new FakeItem(item, item, "escalation-weapon", sample("escalation-weapon"))],
    );
  const orrin = unit("orrin", "Captain Orrin", "alice", "sword");
  const gob = unit("gob", "Goblin", "bob", "club");
  place(s, "t", [1, 1], orrin, ["alice"], 1);
  place(s, "e", [2, 2], gob, ["bob"], -1);
  s.tokens.get(hide === "goblin" ? "e" : "t")!.hidden = true;
  return { s, orrin, gob, t: table(s, "escalation", { t: orrin, e: gob }) };
}

describe("issue 26 hole 6: a move card about a hidden token stays on the GM's client", () => {
  it(
    "ESC-39 a hidden Goblin's free hit: every client gets a " +
      "shell naming nobody; the GM takes it from its own copy",
    async () => {
      const { t } = escalation("goblin");
      const mover = (u: string) =>
        t.walk(u, "t", [
          [1, 0],
          [0, 0],
        ]);
      expect(await mover("alice")).toMatchObject({ ok: true, events: 1 });
      const offer = t.moveCards()[0]!;
      expect(t.gmOnly.has(offer.id)).toBe(true);
      expect(offer.system).toEqual(HIDDEN_SHELL);
      expect(everyone(t, offer)).not.toMatch(/gob|Goblin|orrin|Orrin|"e"|"t"|s1/);
      // The GM's client holds the whole offer; nobody else was sent it.
      expect(t.gmMoves.get(offer.id)).toMatchObject({
        effect: { kind: "free-hit", by: "e" },
        byRef: "gob",
        moverRef: "orrin",
        hidden: true,
      });
      expect(t.queries.log).toEqual([]);
      // Its owner may not see it, so it is the GM's to take: Bob's click is refused, the GM's opens the attack.
      expect(await t.press("bob", offer.id, "take")).toMatchObject({ ok: false, key: "FRAY.Refusal.SealedCard" });
      expect(await t.press("gm", offer.id, "take")).toMatchObject({ ok: true });
      expect(t.gmMoves.get(offer.id)).toMatchObject({ taken: expect.any(String) as unknown, revision: 1 });
      expect(offer.system).toEqual({ ...HIDDEN_SHELL, sealed: { ...HIDDEN_SHELL.sealed, revision: 1 } });
      expect(await t.press("gm", offer.id, "take")).toMatchObject({ ok: false, key: "FRAY.Refusal.OfferTaken" });
    },
  );

  it("ESC-39 a hidden mover's free hit against it is hidden too; the GM's view says so and offers Reveal", async () => {
    const { t } = escalation("orrin");
    expect(
      await t.walk("gm", "t", [
        [1, 0],
        [0, 0],
      ]),
    ).toMatchObject({ ok: true, events: 1 });
    const offer = t.moveCards()[0]!;
    expect(offer.system).toEqual(HIDDEN_SHELL);
    expect(everyone(t, offer)).not.toMatch(/gob|Goblin|orrin|Orrin/);
    const held = t.gmMoves.get(offer.id)!;
    const gms = render(
      "templates/chat/move-card.hbs",
      moveCardContext(held, {
        isGM: true,
        ownsBy: false,
        names: { orrin: "Captain Orrin", gob: "Goblin" },
        sealed: "gm",
      }),
    );
    expect(gms).toContain("Goblin");
    expect(gms).toContain("card: only the GMs see it. Reveal it to show it to the table.");
    expect(gms).toContain('data-fray-move-card="reveal"');
    // Revealed, it is an ordinary public card for the table, its whisper lifted.
    expect(await t.press("gm", offer.id, "reveal")).toEqual({ ok: true });
    expect(readSealed(offer.system)).toBeNull();
    expect(t.cardData(offer)).toMatchObject({ effect: { kind: "free-hit" }, byRef: "gob", moverRef: "orrin" });
    expect(offer.updates.at(-1)).toMatchObject({ whisper: [] });
    expect(await t.press("bob", offer.id, "take")).toMatchObject({ ok: true });
  });

  it("SEC-13 a hidden entity's fall: the shell names nobody; the GM applies and undoes from its own copy", async () => {
    const s = sections([0, 2, 0]);
    const ilsa = new FakeActor(
      "ilsa",
      "Ilsa",
      "sections-entity",
      { ...sample("sections-entity"), side: "npc", move: 1 },
      [],
    );
    place(s, "t", [4, 1], ilsa, []);
    s.tokens.get("t")!.hidden = true;
    const t = table(s, "sections", { t: ilsa }, [3, 4]);
    expect(await t.walk("gm", "t", [[7, 1]])).toMatchObject({ ok: true });
    const card = t.moveCards()[0]!;
    expect(card.system).toEqual(HIDDEN_SHELL);
    expect(everyone(t, card)).not.toMatch(/ilsa|Ilsa|"t"|damage|"dice"/);
    expect(t.tray.shown).toEqual([]);
    expect(await t.press("gm", card.id, "apply")).toEqual({ ok: true });
    expect((ilsa.system.health as { value: number }).value).toBe(14 - 7);
    expect(await t.press("gm", card.id, "undo")).toEqual({ ok: true });
    expect((ilsa.system.health as { value: number }).value).toBe(14);
    expect(everyone(t, card)).not.toMatch(/ilsa|Ilsa|health/);
    expect(card.updates.every((u) => Object.keys(u).every((k) => k.startsWith("system.sealed.")))).toBe(true);
  });

  it("FAC-23 a hidden thug's opportunity attack holds the mover until the GM takes it or lets it go", async () => {
    const s = new FakeScene("s1", new FakeSquareGrid(S), 9, 3);
    s.flags = { fray: { spaceModel: "zones" } };
    ["a", "b", "c"].forEach((id, k) =>
      s.regions.contents.push(new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [zone()])),
    );
    const bal = new FakeActor(
      "bal",
      "Balthasar",
      "factions-character",
      { ...sample("factions-character"), faction: "red" },
      ["alice"],
    );
    const thug = new FakeActor(
      "thug",
      "Thug",
      "factions-character",
      { ...sample("factions-character"), faction: "blue" },
      ["bob"],
    );
    place(s, "t", [1, 1], bal, ["alice"]);
    place(s, "e", [2, 2], thug, ["bob"], -1);
    s.tokens.get("e")!.hidden = true;
    const t = table(s, "factions", { t: bal, e: thug });
    expect(await t.walk("alice", "t", [[4, 1]])).toMatchObject({ ok: true, stop: { clause: "FAC-23" } });
    const offer = t.moveCards()[0]!;
    expect(offer.system).toEqual(HIDDEN_SHELL);
    expect(everyone(t, offer)).not.toMatch(/thug|Thug/);
    expect(t.move.offerSettled(offer.id)).toBe(false);
    expect(await t.press("bob", offer.id, "decline")).toMatchObject({ ok: false, key: "FRAY.Refusal.SealedCard" });
    expect(await t.press("gm", offer.id, "decline")).toEqual({ ok: true });
    expect(t.move.offerSettled(offer.id)).toBe(true);
    expect(everyone(t, offer)).not.toMatch(/thug|Thug|declined":true/);
  });

  it(
    "another GM's client keeps the hidden card the active " + "GM sends it: its shell names nobody to match against",
    () => {
      const held = {
        effect: { kind: "fall", clause: "SEC-13", mover: "t", height: 2 },
        sceneId: "s1",
        moverRef: "ilsa",
        byRef: "",
        hidden: true,
      };
      expect(moveCardMatches(held as never, HIDDEN_SHELL)).toBe(true);
      expect(moveCardMatches({ ...held, hidden: false } as never, HIDDEN_SHELL)).toBe(false);
      expect(moveCardMatches(held as never, { moverRef: "ilsa", sceneId: "s1" })).toBe(false);
      expect(moveCardMatches({ ...held, hidden: false } as never, { moverRef: "ilsa", sceneId: "s1" })).toBe(true);
    },
  );
});

/** The shell every client receives of the attack card a hidden token's offer opens: a GM-only card of nothing. */
const HIDDEN_ATTACK = {
  ruleset: "escalation",
  attackerId: "",
  targetId: "",
  itemId: null,
  rollMode: "blindroll",
  journal: null,
  events: [],
  applied: null,
  options: null,
  openingSteps: 0,
  hidden: true,
  sealed: {
    revision: expect.any(Number) as unknown,
    title: { key: "", data: {} },
    viewers: [],
    digest: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
  },
};

describe("the attack card a hidden token's offer opens stays on the GM's client", () => {
  const NAMES = /gob|Goblin|orrin|Orrin|club|sword|"e"|"t"|s1/;

  it(
    "ESC-39 a hidden Goblin's free hit: its attack card names nobody; the GM plays it from its own " +
      "copy and reveals it",
    async () => {
      const { t } = escalation("goblin");
      expect(
        await t.walk("alice", "t", [
          [1, 0],
          [0, 0],
        ]),
      ).toMatchObject({ ok: true, events: 1 });
      const offer = t.moveCards()[0]!;
      const taken = await t.press("gm", offer.id, "take");
      expect(taken).toMatchObject({ ok: true, messageId: expect.any(String) as unknown });
      const attack = t.messages.find((m) => m.type === "attack")!;
      // What every client receives: a shell whispered to the GMs, naming no actor, token, item or scene, with no
      // speaker.
      expect(t.gmOnly.has(attack.id)).toBe(true);
      expect(attack.system).toEqual(HIDDEN_ATTACK);
      expect(everyone(t, attack)).not.toMatch(NAMES);
      // No dice message: its data would reach every client.
      expect(t.tray.shown).toEqual([]);
      // The GM's client holds the whole card; nobody else was sent it, and no player may ask for it.
      const held = (): AttackCardData => t.attackCtx.sealed.get(attack.id)!;
      expect(held()).toMatchObject({ attackerId: "gob", targetId: "orrin", itemId: "club", hidden: true });
      expect(t.queries.log).toEqual([]);
      for (const u of ["alice", "bob", "olive"]) {
        const asked = await handleSealedRequest(
          {
            user: (id) => USERS.find((x) => x.id === id),
            message: (id) => t.messages.find((m) => m.id === id),
            kinds: {
              attack: {
                store: t.attackCtx.sealed,
                read: readAttackCard,
                revisionOf: (d) => (d as AttackCardData).journal.revision,
                matches: () => true,
              },
            },
            seals: t.seals,
            deliver: () => Promise.resolve(undefined),
          },
          { messageId: attack.id },
          u,
        );
        expect(asked).toMatchObject({ ok: false, key: "FRAY.Refusal.SealedCard" });
      }
      // The GM plays it: each step the pipeline offers, none by a player, and the message still names nobody.
      const card = attackCardFor("escalation")!;
      const step = (user: string, command: unknown) =>
        handleAttackStep(t.attackCtx, { messageId: attack.id, command, revision: held().journal.revision }, user);
      let steps = 0;
      while (held().journal.state.step !== "done" && steps < 12) {
        const command = card.engine.legal(held().journal.state)[0]!;
        for (const u of ["alice", "bob", "olive"])
          expect(await step(u, command)).toMatchObject({ ok: false, key: "FRAY.Refusal.SealedCard" });
        expect(await step("gm", command)).toMatchObject({ ok: true });
        expect(everyone(t, attack)).not.toMatch(NAMES);
        steps += 1;
      }
      expect(steps).toBeGreaterThan(0);
      expect(attack.system).toEqual(HIDDEN_ATTACK);
      expect(t.tray.shown).toEqual([]);
      expect(
        attack.updates.every((u) =>
          Object.keys(u).every((k) => k.startsWith("system.") && !NAMES.test(JSON.stringify(u))),
        ),
      ).toBe(true);
      // Only the GM reveals it; then it is the whole card, for the table (its speaker stays nobody, as a move card's).
      const reveal = (user: string) => step(user, { type: "reveal" });
      expect(await reveal("bob")).toMatchObject({ ok: false, key: "FRAY.Refusal.SealedCard" });
      expect(await reveal("gm")).toMatchObject({ ok: true });
      expect(readSealed(attack.system)).toBeNull();
      expect(readAttackCard(attack.system)).toMatchObject({
        attackerId: "gob",
        targetId: "orrin",
        itemId: "club",
        rollMode: "publicroll",
      });
      expect(attack.system.hidden).toBe(false);
      expect(attack.updates.at(-1)).toMatchObject({ whisper: [] });
    },
  );

  it("FAC-23 a hidden mover's opportunity attack against it: its attack card names neither", async () => {
    const s = new FakeScene("s1", new FakeSquareGrid(S), 9, 3);
    s.flags = { fray: { spaceModel: "zones" } };
    ["a", "b", "c"].forEach((id, k) =>
      s.regions.contents.push(new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [zone()])),
    );
    const bal = new FakeActor(
      "bal",
      "Balthasar",
      "factions-character",
      { ...sample("factions-character"), faction: "red" },
      ["alice"],
    );
    const thug = new FakeActor(
      "thug",
      "Thug",
      "factions-character",
      { ...sample("factions-character"), faction: "blue" },
      ["bob"],
    );
    place(s, "t", [1, 1], bal, ["alice"]);
    place(s, "e", [2, 2], thug, ["bob"], -1);
    s.tokens.get("t")!.hidden = true;
    const t = table(s, "factions", { t: bal, e: thug });
    expect(await t.walk("gm", "t", [[4, 1]])).toMatchObject({ ok: true, stop: { clause: "FAC-23" } });
    const offer = t.moveCards()[0]!;
    expect(await t.press("bob", offer.id, "take")).toMatchObject({ ok: false, key: "FRAY.Refusal.SealedCard" });
    expect(await t.press("gm", offer.id, "take")).toMatchObject({ ok: true });
    const attack = t.messages.find((m) => m.type === "attack")!;
    expect(t.gmOnly.has(attack.id)).toBe(true);
    expect(attack.system).toEqual({ ...HIDDEN_ATTACK, ruleset: "factions" });
    expect(everyone(t, attack)).not.toMatch(/bal|Balthasar|thug|Thug/);
    expect(t.attackCtx.sealed.get(attack.id)).toMatchObject({ attackerId: "thug", targetId: "bal", hidden: true });
  });

  it("a request cannot make a card hidden: a `hidden` field in a player's Attack request is not read", async () => {
    const { t } = escalation("goblin");
    const payload = { attackerId: "orrin", targetId: "gob", itemId: "sword", options: {}, hidden: true };
    expect(await handleAttackOpen(t.attackCtx, payload, "alice")).toMatchObject({ ok: true });
    const attack = t.messages.find((m) => m.type === "attack")!;
    expect(t.gmOnly.has(attack.id)).toBe(false);
    expect(readAttackCard(attack.system)).toMatchObject({
      attackerId: "orrin",
      targetId: "gob",
      rollMode: "publicroll",
    });
    expect(attack.system.hidden).toBeUndefined();
  });
});
