// The faction picker lists the sides of the actor's combat as its turn order names them (the combat's roster), not
// Foundry's disposition words: a strain combat says "pc"/"npc", and the picker must offer those.
import { afterEach, describe, expect, it, vi } from "vitest";
import { combatSidesFor } from "../../../../src/foundry/sheets/view/combat-sides.js";
import { FakeGame } from "../../../fakes/foundry-game.js";

const actor = { id: "a1" } as unknown as Actor.Implementation;

function combatOf(roster: { side: string }[], labels: Record<string, string>) {
  return {
    combatants: { some: (f: (c: { actor: unknown; actorId: string }) => boolean) => f({ actor, actorId: "a1" }) },
    roster: () => roster,
    sideLabels: () => labels,
  };
}

describe("the sheet's combat sides", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("are the combat roster's sides, in the turn order's words, with the tracker's labels", () => {
    const combat = combatOf([{ side: "pc" }, { side: "npc" }, { side: "pc" }], {
      pc: "Player characters",
      npc: "Adversaries",
    });
    expect(combatSidesFor(actor, new FakeGame({ combat, combats: [combat] }))).toEqual([
      { id: "pc", label: "Player characters" },
      { id: "npc", label: "Adversaries" },
    ]);
  });

  it("are none when the actor's combat is not a Fray combat", () => {
    const combat = { combatants: { some: () => true } };
    expect(combatSidesFor(actor, new FakeGame({ combat, combats: [combat] }))).toEqual([]);
  });
});
