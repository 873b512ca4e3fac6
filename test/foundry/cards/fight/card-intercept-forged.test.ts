import { describe, expect, it } from "vitest";
import type { RequestAnswer } from "../../../../src/foundry/requests/request-answer.js";
import { INTERCEPT, sectionsCardFight, shotAtTheWindow } from "./sections-card-fight.js";

// SEC-47: forged Intercepts and undos through the real handlers and the fake socket. Alice owns the attackers, Bob the
// Gate guard; "mallory" is no user of the world. None is accepted; the honest Intercept still is.

describe("SEC-47 forged Intercepts and undos are refused", () => {
  it("SEC-47 another player's Intercept, one with nothing left, forged fields, stale revisions: 0 of 50+", async () => {
    const t = sectionsCardFight();
    const first = await shotAtTheWindow(t, "ilsa");
    // Bob's guard spends its Interrupt on Ilsa's shot; Tam's shot then finds it spent.
    expect(await t.step("bob", first, INTERCEPT)).toMatchObject({ ok: true });
    expect(await t.turn("alice", { type: "endTurn", combatant: "ilsa" })).toMatchObject({ ok: true });
    const id = await shotAtTheWindow(t, "tam");
    const fightAt = t.f.journal.revision;
    const cardAt = t.card(id).journal.revision;
    const cardSteps = (user: string, command: Record<string, unknown>, revision?: number) => () =>
      t.step(user, id, command, revision);
    const tries: (() => Promise<RequestAnswer>)[] = [];
    for (const user of ["alice", "mallory", "bob", "gm"]) tries.push(cardSteps(user, INTERCEPT));
    for (const user of ["alice", "bob", "mallory"]) {
      tries.push(cardSteps(user, { ...INTERCEPT, by: "goblin" }));
      tries.push(cardSteps(user, { ...INTERCEPT, by: "tam" }));
      tries.push(cardSteps(user, { ...INTERCEPT, extra: 1 }));
      tries.push(cardSteps(user, { ...INTERCEPT, reaction: "__proto__" }));
      const proto = JSON.parse('{"type":"react","reaction":"intercept","by":"guard","__proto__":{"x":1}}') as object;
      tries.push(cardSteps(user, proto as Record<string, unknown>));
      tries.push(cardSteps(user, { ...INTERCEPT, by: "x".repeat(100_000) }));
      tries.push(cardSteps(user, { type: "react" }));
      for (const off of [-1, 1, 99]) tries.push(cardSteps(user, INTERCEPT, cardAt + off));
      // A forged undo of another's card: the card's undo is the GM's.
      tries.push(cardSteps(user, { type: "undo" }));
      tries.push(cardSteps(user, { type: "undo" }, cardAt - 1));
    }
    // The Interrupt asked of the fight directly: another's, one naming a card, a prototype key, a stale one.
    for (const user of ["alice", "bob", "mallory"]) {
      tries.push(() => t.turn(user, { type: "interrupt", combatant: "guard" }));
      tries.push(() => t.turn(user, { type: "interrupt", combatant: "guard", attackCard: id }));
      tries.push(() => t.turn(user, { type: "interrupt", combatant: "guard", attackCard: first, cardApply: true }));
      tries.push(() => t.turn(user, { type: "interrupt", combatant: "__proto__" }));
      tries.push(() => t.turn(user, { type: "interrupt", combatant: "goblin" }));
      tries.push(() => t.turn(user, { type: "interrupt", combatant: "guard" }, fightAt - 1));
    }
    expect(tries.length).toBeGreaterThanOrEqual(50);
    const accepted: number[] = [];
    for (const [n, attempt] of tries.entries()) if ((await attempt()).ok) accepted.push(n);
    expect(accepted).toEqual([]);
    expect(t.f.journal.revision).toBe(fightAt);
    expect(t.card(id).journal.revision).toBe(cardAt);
    expect(t.card(id).journal.state.step).toBe("reactionWindow");
    // The honest path: next round the guard has its Interrupt again, and Bob Intercepts Ilsa's shot.
    expect(await t.step("gm", id, { type: "skipReaction" })).toMatchObject({ ok: true });
    expect(await t.turn("alice", { type: "endTurn", combatant: "tam" })).toMatchObject({ ok: true });
    const next = await shotAtTheWindow(t, "ilsa");
    expect(t.f.view.round).toBe(2);
    expect(await t.step("bob", next, INTERCEPT)).toMatchObject({ ok: true });
    expect(t.f.lastStep).toMatchObject({ type: "interrupt", combatant: "guard", attackCard: next });
  });
});
