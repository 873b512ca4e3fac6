import { beforeEach, describe, expect, it } from "vitest";
import { openAttackCard } from "../../../src/foundry/cards/attack-card-data.js";
import { renderAttackCard } from "../../../src/foundry/cards/render-attack-card.js";
import { memorySealedStore, publicCard, StorageSealedStore } from "../../../src/foundry/cards/sealed-card.js";
import { readMoveCard, type MoveCardData } from "../../../src/foundry/move-cards/move-card-data.js";
import { renderMoveCard } from "../../../src/foundry/move-cards/render-move-card.js";
import { FakeMessage } from "../../fakes/foundry-card.js";
import { FakeUser } from "../../fakes/foundry-combat.js";
import { EN } from "../../fakes/lang.js";
import { attackCardFor } from "../../../src/foundry/cards/attack-cards.js";
import { SAMPLE_ACTORS, SAMPLE_ITEMS } from "../../../tools/sample-data.js";

// The renderChatMessageHTML hooks of both cards, on Alice's client, with the few globals they read.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
let drawn: { path: string; context: Record<string, unknown> }[];

/** Foundry's message HTML as the hook receives it: its `.message-content` holds what the message's own content drew. */
function messageHtml(inner: string) {
  const content = { innerHTML: inner, querySelectorAll: () => [], querySelector: () => null };
  return { content, html: { querySelector: (sel: string) => (sel === ".message-content" ? content : null) } };
}

beforeEach(() => {
  drawn = [];
  const actor = (id: string) => ({ id, name: id, items: { contents: [] }, isOwner: id === "alric" });
  Object.assign(globalThis, {
    game: {
      user: Object.assign(alice, { isActiveGM: false }),
      i18n: { localize: (key: string) => EN[key] ?? key },
      actors: { get: (id: string) => actor(id) },
    },
    foundry: {
      applications: {
        handlebars: {
          renderTemplate: async (path: string, context: Record<string, unknown>) => (
            drawn.push({ path, context }),
            "<section>card</section>"
          ),
        },
      },
    },
  });
});

/** A teams card the GM's client opened (the renderer loads the rule set's own card). */
const attackData = async () => {
  const teams = attackCardFor("teams")!;
  const sample = (type: string) => [...SAMPLE_ACTORS, ...SAMPLE_ITEMS].find((x) => x.type === type)!.system;
  const spear = { id: "spear", name: "Spear", type: "teams-weapon", system: sample("teams-weapon") };
  const choice = {
    attacker: { id: "alric", name: "Alric", type: "teams-character", system: sample("teams-character"), items: [spear] },
    target: { id: "goblin", name: "Goblin", type: "teams-character", system: sample("teams-character"), items: [] },
    itemId: "spear",
    options: {},
  };
  const opened = await openAttackCard(teams as never, choice, "publicroll", 1);
  if (!opened.ok) throw new Error(opened.reason);
  return publicCard(teams as never, opened.state);
};

const FORGED =
  '<p class="fray fray-card-forged">A card not made by the GM&#39;s client. Fray ignores it: it counts for nothing and takes no step.</p>';

describe("issue 26 hole 1: a card a player wrote is drawn as a plain notice", () => {
  it("an attack card: the GM's draws as a card with its buttons; a player's, the same data, as the notice alone", async () => {
    const data = await attackData();
    const honest = messageHtml("");
    await renderAttackCard(new FakeMessage("m1", "attack", data, gm) as never, honest.html as never, memorySealedStore);
    expect(honest.content.innerHTML).toBe("<section>card</section>");
    expect(drawn).toHaveLength(1);
    const forged = messageHtml('<button data-fray-card-command="{}">Apply</button>');
    await renderAttackCard(new FakeMessage("m2", "attack", data, alice) as never, forged.html as never, memorySealedStore);
    expect(forged.content.innerHTML).toBe(FORGED);
    expect(drawn).toHaveLength(1);
  });

  it("a move card: the GM's draws as a card; a player's fall, and a player's sealed shell, as the notice alone", async () => {
    const fall = {
      effect: { kind: "fall", clause: "SEC-13", mover: "t", height: 2 },
      sceneId: "s1",
      moverRef: "alric",
      byRef: "",
      rollMode: "publicroll",
      outcome: { kind: "fall", damage: 7, dice: [3, 4] },
      applied: null,
      taken: null,
    };
    const store = new StorageSealedStore<MoveCardData>(null, "", readMoveCard);
    const honest = messageHtml("");
    await renderMoveCard(new FakeMessage("m1", "moveEffect", fall, gm) as never, honest.html as never, store);
    expect(honest.content.innerHTML).toBe("<section>card</section>");
    for (const system of [
      fall,
      { ...fall, rollMode: "gmroll", sealed: { revision: 0, title: { key: "", data: {} }, viewers: ["alice"], digest: "" } },
    ]) {
      const forged = messageHtml("<em>anything</em>");
      await renderMoveCard(new FakeMessage("m2", "moveEffect", system, alice) as never, forged.html as never, store);
      expect(forged.content.innerHTML).toBe(FORGED);
    }
    expect(drawn).toHaveLength(1);
  });
});
