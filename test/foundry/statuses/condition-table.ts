// The table the condition-sync tests play on: a started fight between Alice's character and the GM's foe, with the
// acting user's request channel on the fake socket and the GM's turn-request handler (fight-conditions.test.ts).
import { vi } from "vitest";
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

export type Actor = FakeFoundryActor & {
  toggleStatusEffect(id: string, o?: { active?: boolean | null; overlay?: boolean }): Promise<unknown>;
};
let FrayActor: new (type: string, system: Record<string, unknown>) => Actor;

export const gm = new FakeUser("gm", "GM", true);
export const alice = new FakeUser("alice", "Alice");
export const bob = new FakeUser("bob", "Bob");
export const carol = new FakeUser("carol", "Carol");
const USERS = [gm, alice, bob, carol];
export const warnings: string[] = [];

/** Load FrayActor over the fake of v13's Actor (call in beforeAll; unstub the globals after each test). */
export async function loadActor(): Promise<void> {
  vi.stubGlobal("Actor", FakeFoundryActor);
  FrayActor = (await import("../../../src/foundry/documents/fray-actor.js")).FrayActor as unknown as typeof FrayActor;
  vi.unstubAllGlobals();
}

/**
 * A started fight of `ruleset` between Alice's character and the GM's foe, on the client of `user`: its request
 * channel is the one `requestTurn` sends on; the GM's client handles turn requests (and writes what steps change).
 */
export async function table(ruleset: RulesetId, user: FakeUser, system: Record<string, unknown> = {}) {
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
  const ask = (from: FakeUser, command: TurnCommand, stale = 0): Promise<RequestAnswer> => {
    const revision = (journalOf(combat) as AnyJournal).revision - stale;
    return handleTurnRequest(ctx, { combatId: combat.id, command, revision }, from.id);
  };
  const state = () => (journalOf(combat) as AnyJournal).state as Record<string, unknown>;
  return { hero, foe, combat, ask, state, gmChannel, server };
}

/** Let the requests an update started run out (the socket and the combat's database answer a few turns later). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 40; i++) await new Promise((r) => setTimeout(r, 0));
}

export const icons = (a: FakeFoundryActor) => a.effects.contents.flatMap((e) => [...e.statuses]).sort();
