import { describe, expect, it } from "vitest";
import { INTERCEPT, sectionsCardFight, shotAtTheWindow } from "./sections-card-fight.js";

// SEC-47: an Intercept taken on a card in a started sections fight spends the Interceptor's Interrupt of the round
// (ruling SEC-47), through the request path and the fake socket.

describe("SEC-47 an Intercept on a card spends the Interceptor's Interrupt", () => {
  it("SEC-47 the guard's owner Intercepts: the fight records the guard's Interrupt, named for the card", async () => {
    const t = sectionsCardFight();
    const id = await shotAtTheWindow(t, "ilsa");
    const steps = t.f.journal.length;
    expect(await t.step("bob", id, INTERCEPT)).toMatchObject({ ok: true });
    expect(t.card(id).journal.state.target).toBe("guard");
    expect(t.f.journal.length).toBe(steps + 1);
    expect(t.f.lastStep).toEqual({ type: "interrupt", combatant: "guard", detail: "Intercept", attackCard: id });
    expect(t.card(id).turnSteps).toEqual([
      { combatId: t.f.combat.id, combatant: "guard", at: t.card(id).journal.length },
    ]);
  });

  it("SEC-47 a second Intercept in the same round is refused with the rule's reason, and nothing moves", async () => {
    const t = sectionsCardFight();
    const first = await shotAtTheWindow(t, "ilsa");
    expect(await t.step("bob", first, INTERCEPT)).toMatchObject({ ok: true });
    expect(await t.turn("alice", { type: "endTurn", combatant: "ilsa" })).toMatchObject({ ok: true });
    const second = await shotAtTheWindow(t, "tam");
    const steps = t.f.journal.length;
    const revision = t.card(second).journal.revision;
    expect(await t.step("bob", second, INTERCEPT)).toMatchObject({
      ok: false,
      key: "FRAY.Refusal.InterruptSpent",
    });
    expect(t.f.journal.length).toBe(steps);
    expect(t.card(second).journal.revision).toBe(revision);
    expect(t.card(second).journal.state.step).toBe("reactionWindow");
    // The GM closes the window unused: the Goblin stays the target.
    expect(await t.step("gm", second, { type: "skipReaction" })).toMatchObject({ ok: true });
  });

  it("SEC-47 the card's undo of the Intercept gives the Interrupt back: the guard may Intercept again", async () => {
    const t = sectionsCardFight();
    const id = await shotAtTheWindow(t, "ilsa");
    const steps = t.f.journal.length;
    expect(await t.step("bob", id, INTERCEPT)).toMatchObject({ ok: true });
    expect(await t.step("gm", id, { type: "undo" })).toMatchObject({ ok: true });
    expect(t.f.journal.length).toBe(steps);
    expect(t.card(id).journal.state.step).toBe("reactionWindow");
    expect(t.card(id).voided).toBeUndefined();
    expect(await t.step("bob", id, INTERCEPT)).toMatchObject({ ok: true });
    expect(t.f.lastStep).toMatchObject({ type: "interrupt", combatant: "guard", attackCard: id });
  });

  it("SEC-47 the tracker's undo of the Interrupt voids the card", async () => {
    const t = sectionsCardFight();
    const id = await shotAtTheWindow(t, "ilsa");
    expect(await t.step("bob", id, INTERCEPT)).toMatchObject({ ok: true });
    expect(await t.turn("gm", { type: "undo" })).toMatchObject({ ok: true });
    // The Interrupt went back, and the attack's own Action Phase stays spent.
    expect(t.f.lastStep).toMatchObject({ type: "spend", combatant: "ilsa", phase: "action", attackCard: id });
    expect(t.card(id).voided).toBe(true);
  });
});
