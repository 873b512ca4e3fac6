import { describe, expect, it } from "vitest";
import { FakeActor, FakeMessage } from "../../fakes/foundry-card.js";

// v13 expands every update first (client/data/client-backend.mjs, #preUpdateDocumentArray): a nested change and a
// dotted one are the same change, and the card fakes must apply both.
describe("the card fakes apply an update as Foundry v13 does", () => {
  it("a nested system change is applied like its dotted form", async () => {
    const actor = new FakeActor("a1", "Boudica", "character", { hp: { value: 5, max: 9 } });
    await actor.update({ system: { hp: { value: 3 } } });
    expect(actor.system).toEqual({ hp: { value: 3, max: 9 } });
    const message = new FakeMessage("m1", "attack", { step: "open" }, null);
    await message.update({ system: { step: "done" } });
    expect(message.system).toEqual({ step: "done" });
  });
});
