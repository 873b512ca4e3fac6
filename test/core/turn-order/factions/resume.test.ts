// FAC-57/58: a surrender held by the factions turn order, and the GM's word that it ends (resume), the step a
// sheet's cleared Surrendering mark becomes (src/foundry/statuses/fight-conditions.ts).
import { describe, expect, it } from "vitest";
import type { FactionsCommand, FactionsSetup } from "../../../../src/core/turn-order/factions/index.js";
import { factionsEngine } from "../../../../src/core/turn-order/factions/index.js";
import { begin, play, refused, turn } from "./helpers.js";

const setup: FactionsSetup = {
  factions: ["A", "B"],
  initiative: "A",
  combatants: [
    { id: "a1", faction: "A", health: 10 },
    { id: "a2", faction: "A", health: 10 },
    { id: "b1", faction: "B", health: 10 },
    { id: "b2", faction: "B", health: 10 },
  ],
};
const resume = (combatant: string) => ({ type: "resume", combatant }) as unknown as FactionsCommand;

describe("FAC-58 a surrender ends at the GM's word", () => {
  it("FAC-58 resume: the surrendering character fights again and takes its turns", () => {
    const run = begin(setup);
    play(run, { type: "chooseFirst", side: "A" }, { type: "surrender", combatant: "a1" }, ...turn("b1"));
    refused(run, { type: "act", combatant: "a1" }, "Surrendered");
    expect(factionsEngine.view(run.state).status.a1).toBe("acted");
    const ev = play(run, resume("a1"));
    expect(ev).toEqual([{ type: "resumedFighting", combatant: "a1" }]);
    expect(run.state.members.a1?.surrendered).toBe(false);
    play(run, { type: "pass", side: "A" }, ...turn("b2"), { type: "pass", side: "A" });
    play(run, { type: "chooseFirst", side: "A" }, ...turn("a1"));
  });

  it("FAC-58 resume is refused for one who has not surrendered, one not in the fight, or a forged id", () => {
    const run = begin(setup);
    play(run, { type: "chooseFirst", side: "A" });
    refused(run, resume("a1"), "NotSurrendered");
    refused(run, resume("__proto__"), "UnknownCombatant");
    refused(run, resume("zz"), "UnknownCombatant");
    play(run, { type: "surrender", combatant: "a1" }, { type: "remove", combatant: "a1" });
    refused(run, resume("a1"), "OutOfFight");
  });

  it("FAC-57 a character surrendering before the fight starts it surrendered, and takes no turn until resumed", () => {
    const marked = {
      ...setup,
      combatants: setup.combatants.map((c) => (c.id === "a1" ? { ...c, surrendered: true } : c)),
    };
    const run = begin(marked);
    expect(run.state.members.a1?.surrendered).toBe(true);
    expect(run.state.members.a2?.surrendered).toBe(false);
    play(run, { type: "chooseFirst", side: "A" });
    refused(run, { type: "act", combatant: "a1" }, "Surrendered");
  });
});
