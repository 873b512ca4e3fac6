// SEC-06: "Extra Moves granted by cards (played by the mover or by any other entity)": a card Ann plays may grant its
// Move to Bo, who takes it in Ann's turn; nobody else can, and it lapses with her turn.
import { describe, expect, it } from "vitest";
import type { MoveGrant } from "../../../../src/core/economy/sections.js";
import type { SectionsCommand } from "../../../../src/core/turn-order/sections/index.js";
import { engine, fight, refused, run } from "./fixtures.js";

const act = (combatant: string): SectionsCommand => ({ type: "act", combatant });
const draw = (combatant: string): SectionsCommand => ({ type: "draw", combatant });
const granted = (combatant: string, source: string, movement: MoveGrant["kind"]): SectionsCommand => ({
  type: "move",
  combatant,
  kind: "granted",
  source,
  movement,
});
/** Rally: an Action card that grants Bo a Move 2. */
const rally: MoveGrant = { source: "rally", kind: "move", n: 2, height: 0, to: "bo" };
const played = () =>
  run(fight(), act("ann"), draw("ann"), {
    type: "spend",
    combatant: "ann",
    phase: "action",
    action: "action",
    grant: rally,
  }).state;

describe("sections: a card granting its Move to another entity (SEC-06)", () => {
  it("SEC-06 the entity the card names takes the Move in the player's turn; the grant is used up", () => {
    const s = played();
    expect(engine.legal(s).filter((c) => c.type === "move" && c.kind === "granted")).toEqual([
      { type: "move", combatant: "bo", kind: "granted", source: "rally", movement: "move" },
    ]);
    const after = run(s, granted("bo", "rally", "move"));
    expect(after.events[0]).toMatchObject({ type: "moveTaken", combatant: "bo", kind: "granted", source: "rally" });
    expect(after.state.turn?.grants).toEqual([]);
    expect(refused(after.state, granted("bo", "rally", "move")).key).toBe("FRAY.Refusal.NoPendingGrant");
  });

  it("SEC-06 neither the player nor a third entity can take a Move granted to another", () => {
    const s = played();
    expect(refused(s, granted("ann", "rally", "move")).key).toBe("FRAY.Refusal.NoPendingGrant");
    expect(refused(s, granted("orc", "rally", "move")).key).toBe("FRAY.Refusal.NoPendingGrant");
  });

  it("SEC-06 a grant to someone not in the fight is refused and nothing is spent", () => {
    const s = run(fight(), act("ann"), draw("ann")).state;
    const r = refused(s, {
      type: "spend",
      combatant: "ann",
      phase: "action",
      action: "action",
      grant: { ...rally, to: "ghost" },
    });
    expect(r).toMatchObject({ key: "FRAY.Refusal.UnknownCombatant", clause: "SEC-06" });
  });

  it("SEC-06 ruling: the grant lapses with the player's turn", () => {
    const s = run(played(), { type: "endTurn", combatant: "ann" }).state;
    expect(refused(s, granted("bo", "rally", "move")).clause).toBe("SEC-06");
  });
});
