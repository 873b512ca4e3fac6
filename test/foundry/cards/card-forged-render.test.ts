import { beforeAll, describe, expect, it } from "vitest";
import { FakeMessage } from "../../fakes/foundry-card.js";
import type { FakeUser } from "../../fakes/foundry-combat.js";
import { FALL_CARD } from "../move-cards/move-card-samples.js";
import { alice, cardClient, drawn, gm, installCardFoundry, teamsAttackData } from "./card-client.js";
import { messageElement } from "./fake-dom.js";

// Both cards' models as Foundry's renderChatMessageHTML hook asks them to draw, on Alice's client.

type Model = { alterMessageHTML(html: unknown): Promise<void> };
type ModelClass = new (data: unknown, options: { parent: unknown }) => Model;
let AttackCardModel: ModelClass;
let MoveCardModel: ModelClass;

beforeAll(async () => {
  // The models extend Foundry's TypeDataModel as their modules load.
  installCardFoundry();
  ({ AttackCardModel } = (await import("../../../src/foundry/cards/attack-card-model.js")) as unknown as {
    AttackCardModel: ModelClass;
  });
  ({ MoveCardModel } = (await import("../../../src/foundry/move-cards/move-card-model.js")) as unknown as {
    MoveCardModel: ModelClass;
  });
});

/** The message's HTML after its model drew it: what its `.message-content` holds. */
async function draw(Model: ModelClass, id: string, type: string, system: unknown, author: FakeUser, content: string) {
  const message = new FakeMessage(id, type, system, author);
  const html = messageElement(content);
  await new Model(system, { parent: message }).alterMessageHTML(html);
  return html.querySelector(".message-content")!.innerHTML;
}

const FORGED =
  '<p class="fray fray-card-forged">A card not made by the GM&#39;s client. ' +
  "Fray ignores it: it counts for nothing and takes no step.</p>";

describe("issue 26 hole 1: a card a player wrote is drawn as a plain notice", () => {
  it(
    "an attack card: the GM's draws as a card with its " + "buttons; a player's, the same data, as the notice alone",
    async () => {
      cardClient(alice, ["alric"]);
      const data = await teamsAttackData();
      expect(await draw(AttackCardModel, "m1", "attack", data, gm, "")).toContain(
        'class="fray fray-card fray-attack-card"',
      );
      expect(drawn).toHaveLength(1);
      const forged = await draw(
        AttackCardModel,
        "m2",
        "attack",
        data,
        alice,
        '<button data-fray-card-command="{}">Apply</button>',
      );
      expect(forged).toBe(FORGED);
      expect(drawn).toHaveLength(1);
    },
  );

  it(
    "a move card: the GM's draws as a card; a player's " + "fall, and a player's sealed shell, as the notice alone",
    async () => {
      cardClient(alice, ["alric"]);
      const fall = { ...FALL_CARD, moverRef: "alric" };
      expect(await draw(MoveCardModel, "m1", "moveEffect", fall, gm, "")).toContain(
        'class="fray fray-card fray-move-card"',
      );
      for (const system of [
        fall,
        {
          ...fall,
          rollMode: "gmroll",
          sealed: { revision: 0, title: { key: "", data: {} }, viewers: ["alice"], digest: "" },
        },
      ]) {
        expect(await draw(MoveCardModel, "m2", "moveEffect", system, alice, "<em>anything</em>")).toBe(FORGED);
      }
      expect(drawn).toHaveLength(1);
    },
  );
});
