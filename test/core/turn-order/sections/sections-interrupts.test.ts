import { describe, expect, it } from "vitest";
import { openJournal, record, undo } from "../../../../src/core/shared/journal.js";
import type { SectionsCommand } from "../../../../src/core/turn-order/sections/index.js";
import { engine, fight, quickTurn, refused, run } from "./fixtures.js";

// SEC-47: an Intercept is taken "as an Interrupt". The text is silent on what an Interrupt costs: one a round (ruling
// SEC-47 in docs/rulings.md), renewed when the round starts.

const SETUP = {
  combatants: [
    { id: "ann", side: "players", name: "Ann" },
    { id: "orc", side: "enemies", name: "Orc" },
  ],
};

const interrupt = (combatant: string): SectionsCommand => ({ type: "interrupt", combatant, detail: "Intercept" });

describe("sections turns: the Interrupt (SEC-47)", () => {
  it("SEC-47 an entity spends its one Interrupt of the round out of its turn", () => {
    const { state, events } = run(fight(), { type: "act", combatant: "ann" }, interrupt("orc"));
    expect(state.interrupted).toEqual(["orc"]);
    expect(events.at(-1)).toEqual({ type: "interruptSpent", round: 1, combatant: "orc", detail: "Intercept" });
    // Ann's turn goes on as it was.
    expect(state.acting).toBe("ann");
  });

  it("SEC-47 a second Interrupt in the same round is refused with the rule's reason", () => {
    const { state } = run(fight(), interrupt("orc"));
    const r = refused(state, interrupt("orc"));
    expect(r.key).toBe("FRAY.Refusal.InterruptSpent");
    expect(r.clause).toBe("SEC-47");
    expect(r.data).toEqual({ name: "Orc" });
    // Another entity still has its own.
    expect(run(state, interrupt("imp")).state.interrupted).toEqual(["orc", "imp"]);
  });

  it("SEC-47 the Interrupt comes back when the next round starts", () => {
    const spent = run(fight(), interrupt("orc")).state;
    const next = run(spent, ...quickTurn("ann"), ...quickTurn("bo"), ...quickTurn("orc"), ...quickTurn("imp")).state;
    expect(next.round).toBe(2);
    expect(next.interrupted).toEqual([]);
    expect(run(next, interrupt("orc")).state.interrupted).toEqual(["orc"]);
  });

  it("SEC-47 an entity out of the fight, unable or unknown cannot Interrupt", () => {
    const out = run(fight(), { type: "remove", combatant: "orc" }).state;
    expect(refused(out, interrupt("orc")).key).toBe("FRAY.Refusal.CombatantOut");
    const unable = run(fight(), { type: "setAble", combatant: "orc", able: false }).state;
    expect(refused(unable, interrupt("orc")).key).toBe("FRAY.Refusal.CombatantUnable");
    expect(refused(fight(), interrupt("ghost")).key).toBe("FRAY.Refusal.UnknownCombatant");
    expect(refused(fight(), { type: "interrupt", combatant: "__proto__" }).key).toBe("FRAY.Refusal.UnknownCombatant");
    const ended = run(fight(), { type: "endCombat" }).state;
    expect(refused(ended, interrupt("orc")).ok).toBe(false);
  });

  it("SEC-47 the journal's undo gives the Interrupt back", () => {
    const opened = openJournal(engine, SETUP, 1);
    if (!opened.ok) throw new Error(opened.reason);
    const j = record(engine, opened.state, interrupt("orc"));
    if (!j.ok) throw new Error(j.reason);
    expect(j.state.state.interrupted).toEqual(["orc"]);
    const back = undo(engine, j.state);
    if (!back.ok) throw new Error(back.reason);
    expect(back.state.state.interrupted ?? []).toEqual([]);
    expect(record(engine, back.state, interrupt("orc")).ok).toBe(true);
  });
});
