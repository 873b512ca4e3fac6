// Issue 28: strain's Stunned (STR-57) and a factions surrender (FAC-57, FAC-58) held by their turn orders both ways,
// and an owner who takes their own character out of the fight (docs/security.md, "Conditions in a fight"). Whole
// path: FrayActor over the fake of v13's Actor, the acting client's request channel on the fake socket, the GM's
// turn-request handler, the fake Combat (condition-table.ts).
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { upNow, type RolledState } from "../../../src/core/turn-order/rolled/index.js";
import { journalOf, type AnyJournal } from "../../../src/foundry/combat/fight/journal.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import { TURN_REQUEST } from "../../../src/foundry/combat/requests/turn-request.js";
import type { RequestAnswer } from "../../../src/foundry/requests/request-answer.js";
import { RequestChannel } from "../../../src/foundry/requests/request-channel.js";
import type { FakeUser } from "../../fakes/foundry-combat.js";
import { EN } from "../../fakes/lang.js";
import { alice, bob, carol, gm, icons, loadActor, settle, table, warnings } from "./condition-table.js";

beforeAll(loadActor);
afterEach(() => vi.unstubAllGlobals());

type Table = Awaited<ReturnType<typeof table>>;
const rolled = (t: Table, id: string) =>
  (t.state().combatants as { id: string; stunned: number; able: boolean }[]).find((c) => c.id === id)!;
const member = (t: Table, id: string) =>
  (t.state().members as Record<string, { able: boolean; surrendered: boolean; acted: boolean }>)[id]!;
const steps = (t: Table) => (journalOf(t.combat) as AnyJournal).length;

describe("STR-57 Stunned is held by the rolled turn order", () => {
  it("STR-57 Alice marks her character Stunned on the sheet: setStunned holds it; the GM's undo clears", async () => {
    const t = await table("strain", alice);
    await t.hero.update({ "system.statuses.stunned": 1 });
    await settle();
    expect(warnings).toEqual([]);
    expect(rolled(t, "hero").stunned).toBe(1);
    expect(steps(t)).toBe(1);
    expect(await t.ask(gm, { type: "undo" })).toMatchObject({ ok: true });
    await settle();
    expect(rolled(t, "hero").stunned).toBe(0);
    expect(t.hero.system.statuses).toMatchObject({ stunned: 0 });
    expect(icons(t.hero)).toEqual([]);
  });

  it("STR-57 a character Stunned on the sheet before the fight starts it Stunned", async () => {
    const statuses = { vulnerable: 0, slowed: 0, dazed: 0, stunned: 2, incapacitated: false };
    const t = await table("strain", gm, { statuses });
    expect(rolled(t, "hero").stunned).toBe(2);
    expect(rolled(t, "foe").stunned).toBe(0);
  });

  it("STR-57 the GM's setStunned shows on the sheet and token; the bearer's turn end takes a stack off", async () => {
    const t = await table("strain", gm);
    expect(await t.ask(gm, { type: "setStunned", combatant: "foe", stunned: 2 })).toMatchObject({ ok: true });
    await settle();
    expect(t.foe.system.statuses).toMatchObject({ stunned: 2 });
    expect(icons(t.foe)).toEqual(["stunned"]);
    // Play turns until the foe's own has ended: Round Zero's counts too (STR-10 End of Turn b).
    for (let i = 0; i < 4 && rolled(t, "foe").stunned === 2; i++) {
      const up = upNow(t.state() as unknown as RolledState)!.id;
      expect(await t.ask(gm, { type: "act", combatant: up })).toMatchObject({ ok: true });
      expect(await t.ask(gm, { type: "endTurn", combatant: up })).toMatchObject({ ok: true });
      await settle();
    }
    expect(rolled(t, "foe").stunned).toBe(1);
    expect(t.foe.system.statuses).toMatchObject({ stunned: 1 });
    expect(warnings).toEqual([]);
  });
});

describe("FAC-57 FAC-58 a surrender is held by the factions turn order", () => {
  it("FAC-57 Alice marks Surrendering on the sheet: her surrender spends her turn; the GM's undo clears", async () => {
    const t = await table("factions", alice);
    expect(await t.ask(gm, { type: "chooseFirst", side: "a" })).toMatchObject({ ok: true });
    await t.hero.update({ "system.conditions.surrendering": true });
    await settle();
    expect(warnings).toEqual([]);
    expect(member(t, "hero")).toMatchObject({ surrendered: true, acted: true });
    expect(await t.ask(gm, { type: "undo" })).toMatchObject({ ok: true });
    await settle();
    expect(member(t, "hero")).toMatchObject({ surrendered: false, acted: false });
    expect(t.hero.system.conditions).toMatchObject({ surrendering: false });
    expect(icons(t.hero)).toEqual([]);
  });

  it("FAC-58 Alice may not take her surrender back: refused and the mark put back; the GM clears it", async () => {
    const t = await table("factions", alice);
    expect(await t.ask(gm, { type: "chooseFirst", side: "a" })).toMatchObject({ ok: true });
    await t.hero.update({ "system.conditions.surrendering": true });
    await settle();
    await t.hero.update({ "system.conditions.surrendering": false });
    await settle();
    expect(warnings).toEqual(["FRAY.Refusal.GmOnly"]);
    expect(member(t, "hero").surrendered).toBe(true);
    expect(t.hero.system.conditions).toMatchObject({ surrendering: true });
    vi.unstubAllGlobals();

    const g = await table("factions", gm);
    expect(await g.ask(gm, { type: "chooseFirst", side: "b" })).toMatchObject({ ok: true });
    expect(await g.ask(gm, { type: "surrender", combatant: "foe" })).toMatchObject({ ok: true });
    await settle();
    expect(g.foe.system.conditions).toMatchObject({ surrendering: true });
    await g.foe.update({ "system.conditions.surrendering": false });
    await settle();
    expect(warnings).toEqual([]);
    expect(member(g, "foe").surrendered).toBe(false);
  });

  it("FAC-58 harm by the enemy ends a surrender: the sheet's mark goes with it", async () => {
    const t = await table("factions", gm);
    expect(await t.ask(gm, { type: "chooseFirst", side: "b" })).toMatchObject({ ok: true });
    expect(await t.ask(gm, { type: "surrender", combatant: "foe" })).toMatchObject({ ok: true });
    await settle();
    const health = (t.state().members as Record<string, { health: number }>).foe!.health;
    expect(await t.ask(gm, { type: "setHealth", combatant: "foe", health: health - 1 })).toMatchObject({ ok: true });
    await settle();
    expect(t.foe.system.conditions).toMatchObject({ surrendering: false });
    expect(icons(t.foe)).toEqual([]);
  });
});

describe("an owner takes their own character out of the fight; bringing it back is the GM's", () => {
  it("TEAM-12 Alice marks her character Unconscious: it is unable to act; her clearing it is refused", async () => {
    const t = await table("teams", alice);
    await t.hero.toggleStatusEffect("unconscious", { active: true });
    await settle();
    expect(warnings).toEqual([]);
    expect(member(t, "hero").able).toBe(false);
    expect(icons(t.hero)).toEqual(["unconscious"]);
    await t.hero.toggleStatusEffect("unconscious", { active: false });
    await settle();
    expect(warnings).toEqual(["FRAY.Refusal.GmOnly"]);
    expect(member(t, "hero").able).toBe(false);
    expect(t.hero.system.conditions).toMatchObject({ unconscious: true });
    expect(icons(t.hero)).toEqual(["unconscious"]);
    // The GM's undo brings her back, on the sheet too.
    expect(await t.ask(gm, { type: "undo" })).toMatchObject({ ok: true });
    await settle();
    expect(t.hero.system.conditions).toMatchObject({ unconscious: false });
  });

  it(
    "STR-61 50 forged tries through the fake socket (another's character, an observer, a stale revision, a forged " +
      "field, a __proto__ key): none accepted; Alice's own still is",
    async () => {
      const t = await table("strain", alice);
      const channels = new Map<string, RequestChannel>();
      const channelOf = (u: FakeUser) => {
        let ch = channels.get(u.id);
        if (!ch) {
          ch = new RequestChannel(t.server.env(u.id, () => "gm"));
          ch.listen();
          channels.set(u.id, ch);
        }
        return ch;
      };
      const send = (u: FakeUser, command: unknown, stale = 0, extra: Record<string, unknown> = {}) =>
        channelOf(u).send(TURN_REQUEST, {
          combatId: t.combat.id,
          command,
          revision: (journalOf(t.combat) as AnyJournal).revision - stale,
          ...extra,
        });
      const out = (combatant: string): TurnCommand => ({ type: "setAble", combatant, able: false });
      const forged: [FakeUser, unknown, number?][] = [
        [bob, out("hero")],
        [carol, out("hero")],
        [alice, out("foe")],
        [bob, out("foe")],
        [alice, out("hero"), 1],
        [alice, { type: "setAble", combatant: "hero", able: "false" }],
        [alice, { type: "setAble", combatant: "hero", able: 0 }],
        [alice, { type: "setAble", combatant: "hero" }],
        [alice, { type: "setAble", combatant: "hero", able: true }],
        [alice, { ...out("hero"), move: { x: 0, y: 0 } }],
        [alice, JSON.parse('{"type":"setAble","combatant":"hero","__proto__":{"able":false}}')],
        [alice, out("__proto__")],
        [bob, JSON.parse('{"type":"setAble","combatant":"hero","able":false,"__proto__":{"isGM":true}}')],
      ];
      const answers: RequestAnswer[] = [];
      for (let i = 0; i < 52; i++) {
        const [user, command, stale] = forged[i % forged.length]!;
        answers.push(await send(user, command, stale));
      }
      expect(answers.filter((a) => a.ok)).toEqual([]);
      for (const a of answers)
        expect(EN[(a as { key: string }).key], (a as { key: string }).key).toEqual(expect.any(String));
      expect(steps(t)).toBe(0);
      expect(rolled(t, "hero").able).toBe(true);
      // The honest path: Alice's own client takes her own character out.
      expect(await send(alice, out("hero"))).toMatchObject({ ok: true });
      expect(rolled(t, "hero").able).toBe(false);
      // And back in is the GM's alone.
      expect(await send(alice, { type: "setAble", combatant: "hero", able: true })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.GmOnly",
      });
    },
  );
});
