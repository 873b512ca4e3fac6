// Issue 28: a condition set on the token HUD or the sheet during a fight reaches the turn order as a step the GM can
// undo, and a step that changes one shows on the sheet and the token. Whole path: FrayActor over the fake of v13's
// Actor, the acting user's client's request channel (registerRequests) on the fake socket, the GM's turn-request
// handler, the fake Combat that prepares its data afresh after each update.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { RulesetId } from "../../../src/core/rulesets.js";
import { openJournal } from "../../../src/core/shared/journal.js";
import { rosterFrom } from "../../../src/foundry/combat/fight/combat-roster.js";
import { journalOf, type AnyJournal } from "../../../src/foundry/combat/fight/journal.js";
import type { TurnCommand } from "../../../src/foundry/combat/fight/turn-command.js";
import {
  handleTurnRequest,
  TURN_REQUEST,
  type TurnRequestContext,
} from "../../../src/foundry/combat/requests/turn-request.js";
import { initialData } from "../../../src/foundry/data/field-spec.js";
import { ACTOR_MODELS } from "../../../src/foundry/data/models.js";
import type { RequestAnswer } from "../../../src/foundry/requests/request-answer.js";
import { RequestChannel } from "../../../src/foundry/requests/request-channel.js";
import { combatModeOf, manifestOf } from "../../../src/foundry/rulesets/index.js";
import { conditionsFromFight } from "../../../src/foundry/statuses/fight-sync.js";
import { statusEffectsFor } from "../../../src/foundry/statuses/status-effects.js";
import { FakeFoundryActor } from "../../fakes/foundry-actor.js";
import { FakeCombat, FakeCombatant, FakeHooks, FakeUser } from "../../fakes/foundry-combat.js";
import { FakeSocketServer } from "../../fakes/foundry-socket.js";
import { EN } from "../../fakes/lang.js";
import { gmTurnHands } from "../combat/gm-turn-hands.js";
import { FakeGame } from "../../fakes/foundry-game.js";

type Actor = FakeFoundryActor & {
  toggleStatusEffect(id: string, o?: { active?: boolean | null; overlay?: boolean }): Promise<unknown>;
};
let FrayActor: new (type: string, system: Record<string, unknown>) => Actor;

const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const carol = new FakeUser("carol", "Carol");
const USERS = [gm, alice, bob, carol];
const warnings: string[] = [];

beforeAll(async () => {
  vi.stubGlobal("Actor", FakeFoundryActor);
  FrayActor = (await import("../../../src/foundry/documents/fray-actor.js")).FrayActor as unknown as typeof FrayActor;
  vi.unstubAllGlobals();
});
afterEach(() => vi.unstubAllGlobals());

/**
 * A started fight of `ruleset` between Alice's character and the GM's foe, on the client of `user`: its request
 * channel is the one `requestTurn` sends on; the GM's client handles turn requests (and writes what steps change).
 */
async function table(ruleset: RulesetId, user: FakeUser, system: Record<string, unknown> = {}) {
  const type = manifestOf(ruleset).actors[0]!.type;
  const initial = () => initialData(ACTOR_MODELS.find((m) => m.type === type)!.fields);
  const hero = new FrayActor(type, { ...initial(), ...system });
  const foe = new FrayActor(type, initial());
  const combatants = [new FakeCombatant("hero", "Hero", "a", ["alice"]), new FakeCombatant("foe", "Foe", "b")];
  [combatants[0]!.actor, combatants[1]!.actor] = [hero, foe];
  const combat = new FakeCombat("fight", manifestOf(ruleset).combat.id, combatants, new FakeHooks());
  const mode = combatModeOf(combat.type)!;
  const roster = rosterFrom(
    combatants.map((c) => ({
      id: c.id,
      name: c.name,
      hidden: false,
      groupId: c.side,
      disposition: null,
      defeated: false,
      playerOwned: c.owners.length > 0,
      actorSystem: (c.actor as Actor).system,
    })),
    mode.sides,
  );
  const opened = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["a", "b"], initiators: ["hero"] }), 3);
  if (!opened.ok) throw new Error(opened.reason);
  combat.system = { journal: opened.state, events: [], revision: opened.state.revision };
  combat.round = 1;

  const server = new FakeSocketServer();
  const ctx: TurnRequestContext = {
    combat: (id) => (id === combat.id ? combat : undefined),
    user: (id) => USERS.find((u) => u.id === id),
    mode: (id) => combatModeOf(id),
    ...gmTurnHands(),
    onRecorded: (c, before, after) => conditionsFromFight(c, before, after),
  };
  // The acting client, as Foundry's globals show it.
  let n = 0;
  vi.stubGlobal("foundry", { utils: { randomID: () => `r${++n}` } });
  vi.stubGlobal("ui", { notifications: { warn: (key: string) => void warnings.push(key) } });
  vi.stubGlobal("CONFIG", { statusEffects: statusEffectsFor(ruleset) });
  vi.stubGlobal(
    "game",
    new FakeGame({
      user,
      users: USERS,
      ready: true,
      socket: server.connect(user.id),
      settings: { "fray.ruleset": ruleset, "core.rollMode": "publicroll" },
      combats: [combat],
      i18n: { format: (key: string) => key, localize: (key: string) => EN[key] ?? key },
    }),
  );
  // This client's channel (requestTurn sends on it); the GM's client handles turn requests, its own on its channel.
  const { registerRequests } = await import("../../../src/foundry/requests/register-requests.js");
  const own = registerRequests();
  const gmChannel = user.isGM ? own : new RequestChannel(server.env("gm", () => "gm"));
  if (!user.isGM) gmChannel.listen();
  gmChannel.register(TURN_REQUEST, (p, s) => handleTurnRequest(ctx, p, s));
  warnings.length = 0;
  /** A turn request from `from`'s client straight to the GM's handler, as a tracker button or a macro sends one. */
  const ask = (from: FakeUser, command: TurnCommand): Promise<RequestAnswer> => {
    const revision = (journalOf(combat) as AnyJournal).revision;
    return handleTurnRequest(ctx, { combatId: combat.id, command, revision }, from.id);
  };
  const state = () => (journalOf(combat) as AnyJournal).state as Record<string, unknown>;
  return { hero, foe, combat, ask, state, gmChannel };
}

/** Let the requests an update started run out (the socket and the combat's database answer a few turns later). */
async function settle(): Promise<void> {
  for (let i = 0; i < 40; i++) await new Promise((r) => setTimeout(r, 0));
}

const icons = (a: FakeFoundryActor) => a.effects.contents.flatMap((e) => [...e.statuses]).sort();
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

  it(
    "the GM marks a character Unconscious on its token: the turn order makes it unable; Alice's own toggle is put " +
      "back with the reason",
    async () => {
      const gmTable = await table("teams", gm);
      await gmTable.foe.toggleStatusEffect("unconscious", { active: true });
      await settle();
      expect((gmTable.state().members as Record<string, { able: boolean }>).foe!.able).toBe(false);
      vi.unstubAllGlobals();

      const t = await table("teams", alice);
      await t.hero.toggleStatusEffect("unconscious", { active: true });
      await settle();
      // setAble is the GM's alone (combat/requests/authority.ts): refused, and the field and its icon put back.
      expect(warnings).toEqual(["FRAY.Refusal.GmOnly"]);
      expect(memberOf(t.state()).able).toBe(true);
      expect(t.hero.system.conditions).toMatchObject({ unconscious: false });
      expect(icons(t.hero)).toEqual([]);
      expect(t.combat.updates).toHaveLength(0);
    },
  );

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
        [alice, { type: "setAble", combatant: "hero", able: false }],
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
