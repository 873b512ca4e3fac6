// STR-57 in the rolled turn order: a Stunned character loses its Action, one stack going at the end of each of its
// turns (docs/rulings.md, "STR-57 Stunned loses the Action"). The step that sets it is setStunned.
import { describe, expect, it } from "vitest";
import type { RolledCommand } from "../../../../src/core/turn-order/rolled/index.js";
import { rolledEngine } from "../../../../src/core/turn-order/rolled/index.js";
import { begin, member, pastRoundZero, refused, run, trio } from "./rolled-helpers.js";

const stun = (combatant: string, stunned: unknown): RolledCommand =>
  ({ type: "setStunned", combatant, stunned }) as RolledCommand;
const action = (combatant: string): RolledCommand => ({ type: "spend", combatant, action: "action", name: "Strike" });
const act = (combatant: string): RolledCommand => ({ type: "act", combatant });
const endTurn = (combatant: string): RolledCommand => ({ type: "endTurn", combatant });

describe("STR-57 Stunned in the rolled turn order", () => {
  it("STR-57 a fight starts with nobody Stunned, or with the stacks the setup gives", () => {
    expect(member(begin().state, "bob")?.stunned).toBe(0);
    const setup = { combatants: trio.combatants.map((c) => (c.id === "gob" ? { ...c, stunned: 2 } : c)) };
    expect(member(begin(setup).state, "gob")?.stunned).toBe(2);
  });

  it("STR-57 setStunned sets the stacks; a Stunned character's Action is refused on its turn", () => {
    const s = run(pastRoundZero(begin().state), stun("bob", 1));
    expect(member(s.state, "bob")?.stunned).toBe(1);
    expect(s.events).toEqual([{ type: "stunnedChanged", combatant: "bob", stunned: 1 }]);
    const bobs = run(s.state, act("bob")).state;
    refused(bobs, action("bob"), "Stunned", "STR-57");
    // A Move is still his (the ruling takes the Action only).
    run(bobs, { type: "spend", combatant: "bob", action: "move", squares: 1 });
  });

  it("STR-57 one stack goes at the end of the bearer's turn; then the Action comes back", () => {
    const s = run(pastRoundZero(begin().state), stun("bob", 2), act("bob"));
    const ended = run(s.state, endTurn("bob"));
    expect(member(ended.state, "bob")?.stunned).toBe(1);
    expect(ended.events).toContainEqual({ type: "stunnedChanged", combatant: "bob", stunned: 1 });
    // Someone else's turn takes nothing off him.
    const others = run(ended.state, act("alice"), endTurn("alice"), act("gob"), endTurn("gob"));
    expect(member(others.state, "bob")?.stunned).toBe(1);
    const next = run(others.state, act("bob"), endTurn("bob"), act("alice"), endTurn("alice"));
    expect(member(next.state, "bob")?.stunned).toBe(0);
    run(next.state, act("gob"), endTurn("gob"), act("bob"), action("bob"));
  });

  it("STR-57 setStunned is refused for a count that is not whole, negative or unchanged; nothing changes", () => {
    const s = pastRoundZero(begin().state);
    refused(s, stun("bob", -1), "BadStunned", "STR-57");
    refused(s, stun("bob", 1.5), "BadStunned", "STR-57");
    refused(s, stun("bob", "1"), "BadStunned", "STR-57");
    refused(s, stun("bob", undefined), "BadStunned", "STR-57");
    refused(s, stun("bob", 0), "NoChange");
    refused(s, stun("__proto__", 1), "UnknownCombatant");
    const out = run(s, { type: "remove", combatant: "alice" }).state;
    refused(out, stun("alice", 1), "CombatantOut");
  });

  it("STR-57 the tracker's budget shows a Stunned character's Action as lost, not open", () => {
    const bobs = run(pastRoundZero(begin().state), stun("bob", 1), act("bob")).state;
    const budget = rolledEngine.view(bobs).budget ?? [];
    expect(budget).toContainEqual({ key: "FRAY.Budget.ActionStunned", used: true });
    expect(budget.map((b) => b.key)).not.toContain("FRAY.Budget.Action");
  });
});
