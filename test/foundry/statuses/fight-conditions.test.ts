// Issue 28: a condition set on the token HUD or the sheet during a fight reaches the turn order as a step the GM can
// undo, and a step that changes one shows on the sheet and the token. Whole path: FrayActor over the fake of v13's
// Actor, the acting user's client's request channel (registerRequests) on the fake socket, the GM's turn-request
// handler, the fake Combat that prepares its data afresh after each update.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { journalOf, type AnyJournal } from "../../../src/foundry/combat/fight/journal.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import type { RequestAnswer } from "../../../src/foundry/requests/request-answer.js";
import type { FakeUser } from "../../fakes/foundry-combat.js";
import { EN } from "../../fakes/lang.js";
import { alice, bob, carol, gm, icons, loadActor, settle, table, warnings } from "./condition-table.js";

beforeAll(loadActor);
afterEach(() => vi.unstubAllGlobals());

const heroOf = (state: Record<string, unknown>) =>
  (state.combatants as { id: string; prone: boolean; fatigueLoad: number }[]).find((c) => c.id === "hero")!;
const memberOf = (state: Record<string, unknown>) => (state.members as Record<string, { able: boolean }>).hero!;

describe("a condition set on the sheet or the token during a fight reaches the turn order", () => {
  it(
    "ESC-46 Alice sets Prone on her unit's token: the fight records setProne; the GM's undo takes it off the " +
      "sheet and the token",
    async () => {
      const t = await table("escalation", alice);
      expect(heroOf(t.state()).prone).toBe(false);
      await t.hero.toggleStatusEffect("prone", { active: true });
      await settle();
      expect(heroOf(t.state()).prone).toBe(true);
      expect(t.combat.updates).toHaveLength(1);
      expect(warnings).toEqual([]);

      expect(await t.ask(gm, { type: "undo" })).toMatchObject({ ok: true });
      await settle();
      expect(heroOf(t.state()).prone).toBe(false);
      expect(t.hero.system.conditions).toMatchObject({ prone: false });
      expect(icons(t.hero)).toEqual([]);
    },
  );

  it(
    "ESC-46 the GM's setProne in the tracker shows on " + "the sheet and the token; its undo takes it off again",
    async () => {
      const t = await table("escalation", gm);
      expect(await t.ask(gm, { type: "setProne", combatant: "foe", prone: true })).toMatchObject({ ok: true });
      await settle();
      expect(t.foe.system.conditions).toMatchObject({ prone: true });
      expect(icons(t.foe)).toEqual(["prone"]);
      // The field written back is the fight's own: no second step was asked for.
      expect(t.combat.updates).toHaveLength(1);
      expect(await t.ask(gm, { type: "undo" })).toMatchObject({ ok: true });
      await settle();
      expect(t.foe.system.conditions).toMatchObject({ prone: false });
      expect(icons(t.foe)).toEqual([]);
      expect(t.combat.updates).toHaveLength(2);
    },
  );

  it(
    "STR-55 Alice writes her Fatigue Load on the sheet: the fight's setLoads holds it; the GM's undo " +
      "puts the sheet back",
    async () => {
      const t = await table("strain", alice);
      await t.hero.update({ "system.fatigue.load": 2, "system.stress.load": 1 });
      await settle();
      expect(heroOf(t.state()).fatigueLoad).toBe(2);
      expect(t.combat.updates).toHaveLength(1);
      expect(await t.ask(gm, { type: "undo" })).toMatchObject({ ok: true });
      await settle();
      expect(t.hero.system.fatigue).toMatchObject({ load: 0 });
      expect(t.hero.system.stress).toMatchObject({ load: 0 });
    },
  );

  it(
    "STR-55 two writes in a row, before the first step " + "is back: both steps are recorded, neither is stale",
    async () => {
      const t = await table("strain", alice);
      await t.hero.update({ "system.fatigue.load": 2 });
      await t.hero.update({ "system.stress.load": 1 });
      await settle();
      expect(warnings).toEqual([]);
      expect([
        heroOf(t.state()).fatigueLoad,
        (heroOf(t.state()) as unknown as { stressLoad: number }).stressLoad,
      ]).toEqual([2, 1]);
      expect(t.hero.system.stress).toMatchObject({ load: 1 });
      expect(t.combat.updates).toHaveLength(2);
    },
  );

  it("TEAM-12 the GM marks a character Unconscious on its token: the turn order makes it unable", async () => {
    const gmTable = await table("teams", gm);
    await gmTable.foe.toggleStatusEffect("unconscious", { active: true });
    await settle();
    expect(warnings).toEqual([]);
    expect((gmTable.state().members as Record<string, { able: boolean }>).foe!.able).toBe(false);
    // An owner's own mark, and its clearing: held-both-ways.test.ts.
  });

  it("a field already as the fight holds it, or a field no turn order holds, sends no step", async () => {
    const t = await table("escalation", alice);
    await t.hero.toggleStatusEffect("flatFooted", { active: true });
    await t.hero.update({ "system.conditions.prone": false });
    await settle();
    expect(t.combat.updates).toHaveLength(0);
    expect(t.hero.system.conditions).toMatchObject({ flatFooted: true });
  });
});

describe("a card's apply and the condition sync tell the fight once", () => {
  it("TEAM-12 a card knocks a character out: one setAble step, no warning, the sheet stays unconscious", async () => {
    const t = await table("teams", gm);
    const { carryOut } = await import("../../../src/foundry/cards/requests/apply-plan.js");
    const { requestTurn } = await import("../../../src/foundry/combat/requests/turn-client.js");
    const plan = {
      actors: [{ actorId: "hero", changes: { "conditions.unconscious": true } }],
      statuses: [],
      dropped: [{ actorId: "hero", how: "unable" as const }],
    };
    // As gm-card-context.ts's dropped: the GM's setAble of the actor's combatant.
    const dropped = async () => void (await requestTurn(t.combat, { type: "setAble", combatant: "hero", able: false }));
    await carryOut(plan, () => t.hero as never, dropped);
    await settle();
    expect(warnings).toEqual([]);
    expect(memberOf(t.state()).able).toBe(false);
    expect(t.hero.system.conditions).toMatchObject({ unconscious: true });
    expect((journalOf(t.combat) as AnyJournal).length).toBe(1);
  });
});

describe("attacks: only the combatant's owner, or the GM, changes its conditions in the fight", () => {
  it(
    "another player, an observer, forged fields and a forged status id: 60 tries, none accepted; " +
      "Alice's own still is",
    async () => {
      const t = await table("escalation", alice);
      const forged: [FakeUser, TurnCommand][] = [
        [bob, { type: "setProne", combatant: "hero", prone: true }],
        [carol, { type: "setProne", combatant: "hero", prone: true }],
        [bob, { type: "setProne", combatant: "foe", prone: true }],
        [alice, { type: "setProne", combatant: "hero", prone: "yes" }],
        [alice, { type: "setProne", combatant: "hero" }],
        [alice, { type: "setProne", combatant: "__proto__", prone: true }],
        [alice, { type: "setProne", combatant: "foe", prone: true }],
        // Taking her own character out is Alice's (held-both-ways.test.ts); bringing it back is the GM's.
        [alice, { type: "setAble", combatant: "hero", able: true }],
        [carol, { type: "setAble", combatant: "foe", able: false }],
        [bob, { type: "setProne", combatant: "hero", prone: true, revision: 0 }],
      ];
      const answers: RequestAnswer[] = [];
      for (let i = 0; i < 60; i++) {
        const [user, command] = forged[i % forged.length]!;
        answers.push(await t.ask(user, command));
      }
      expect(answers.filter((a) => a.ok)).toEqual([]);
      for (const a of answers)
        expect(EN[(a as { key: string }).key], (a as { key: string }).key).toEqual(expect.any(String));
      // A status id no rule set offers: Foundry's own toggle throws (client/documents/actor.mjs), and nothing is sent.
      await expect(t.hero.toggleStatusEffect("invisible-forged", { active: true })).rejects.toThrow(
        /Invalid status ID/,
      );
      await settle();
      expect(t.combat.updates).toHaveLength(0);
      expect(heroOf(t.state()).prone).toBe(false);
      // The honest path still goes through.
      await t.hero.toggleStatusEffect("prone", { active: true });
      await settle();
      expect(heroOf(t.state()).prone).toBe(true);
    },
  );
});
