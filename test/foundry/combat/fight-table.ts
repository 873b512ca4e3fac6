import { vi } from "vitest";
import type { FrayCombat } from "../../../src/foundry/combat/fray-combat.js";
import { openJournal } from "../../../src/core/shared/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../src/foundry/combat/fight/roster.js";
import type { TurnRequestContext } from "../../../src/foundry/combat/requests/turn-request.js";
import { FoundryCombat } from "../../fakes/foundry-combat-document.js";
import { FakeSocketServer } from "../../fakes/foundry-socket.js";
import { FakeCombatant, FakeHooks, FakeRegion, FakeToken, FakeUser } from "../../fakes/foundry-combat.js";
import { gmTurnHands } from "./gm-turn-hands.js";
import { FakeGame, type FakeCombats } from "../../fakes/foundry-game.js";
import { registerRulesetSetting } from "../../../src/foundry/settings/ruleset.js";
import { registerRuleOptions } from "../../../src/foundry/settings/register-rule-options.js";

/**
 * A table for FrayCombat on Foundry's own Combat (the fake in foundry-combat-document.ts): Foundry's globals as a
 * client has them, and a teams fight between Alice's side a (a1, a2) and the GM's side b (b1, b2), each combatant on a
 * token standing in a region of its own.
 */
export const gm = new FakeUser("gm", "GM", true);
export const alice = new FakeUser("alice", "Alice");
export const USERS = [gm, alice];

export interface Table {
  readonly hooks: FakeHooks;
  /** Sounds Foundry's audio helper was asked to play. */
  readonly sounds: string[];
  readonly time: { roundTime: number; turnTime: number };
  readonly combats: FakeCombats;
}

/**
 * Foundry's globals for a client of `user`: Hooks, game (user, settings, audio, combats), CONFIG, CONST, canvas, ui.
 */
export function table(user: FakeUser, time = { roundTime: 6, turnTime: 1 }): Table {
  const hooks = new FakeHooks();
  const sounds: string[] = [];

  vi.stubGlobal("Hooks", hooks);
  const game = new FakeGame({
    user,
    users: USERS,
    settings: { "core.combatTheme": "test-theme" },
    extra: { audio: { play: (src: string) => void sounds.push(src) } },
  });
  // Fray's world settings, as its init registers them.
  registerRulesetSetting(game);
  registerRuleOptions(game);
  const combats = game.combats;
  vi.stubGlobal("game", game);
  vi.stubGlobal("CONFIG", {
    time,
    Combat: {
      sounds: { "test-theme": { startEncounter: ["start.ogg"], nextUp: ["next.ogg"], yourTurn: ["turn.ogg"] } },
    },
  });
  vi.stubGlobal("CONST", {
    COMBAT_ANNOUNCEMENTS: ["startEncounter", "nextUp", "yourTurn"],
    REGION_EVENTS: {
      TOKEN_TURN_START: "tokenTurnStart",
      TOKEN_TURN_END: "tokenTurnEnd",
      TOKEN_ROUND_START: "tokenRoundStart",
      TOKEN_ROUND_END: "tokenRoundEnd",
    },
  });
  vi.stubGlobal("canvas", { ready: true, tokens: { turnMarkers: new Set() } });
  vi.stubGlobal("ui", { notifications: { warn: vi.fn(), info: vi.fn(), error: vi.fn() }, combat: { viewed: null } });
  return { hooks, sounds, time, combats };
}

/** The four combatants, each on its own token in its own region; side a's are Alice's. */
export function cast(): FakeCombatant[] {
  return ["a1", "a2", "b1", "b2"].map((id) => {
    const c = new FakeCombatant(id, id.toUpperCase(), id[0] as string, id.startsWith("a") ? ["alice"] : []);
    c.token = new FakeToken(`t-${id}`, [new FakeRegion(`r-${id}`)], id.startsWith("a") ? 1 : -1);
    c.tokenId = c.token.id;
    c.sceneId = "scene";
    return c;
  });
}

/** A started teams fight as the world stores it: the journal opened from the cast, round 1. */
export function startedSystem(list: readonly FakeCombatant[], seed = 7): Record<string, unknown> {
  const mode = COMBAT_MODES.teams!;
  const roster: RosterEntry[] = list.map((c) => ({
    id: c.id,
    name: c.name,
    side: c.side,
    hidden: false,
    stats: { stamina: 3, focus: 3 },
  }));
  const opened = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["a", "b"] }), seed);
  if (!opened.ok) throw new Error(opened.reason);
  return {
    journal: opened.state,
    events: opened.events,
    revision: 0,
    start: { mode: "", sideOrder: [], surprise: [], initiators: [] },
  };
}

/** The GM's request context for a combat, with Foundry's Hooks and world time settings. */
export function gmContext(combat: unknown, t: Table): TurnRequestContext {
  return {
    combat: () => combat as never,
    user: (id) => USERS.find((u) => u.id === id),
    mode: (id) => COMBAT_MODES[id],
    ...gmTurnHands(),
    hooks: t.hooks,
    time: () => t.time,
  };
}

/** Fray's FrayCombat on Foundry's Combat (the fake): `Combat` set as the global before the module is read. */
export async function loadFrayCombat(): Promise<typeof FrayCombat> {
  vi.stubGlobal("Combat", FoundryCombat);
  return (await import("../../../src/foundry/combat/fray-combat.js")).FrayCombat;
}

/** A FrayCombat as a client holds it: `fake` is the same object, seen as Foundry's Combat. */
export function frayFight(cls: typeof FrayCombat, list: FakeCombatant[], system: Record<string, unknown>, round = 1) {
  const combat = new cls({ id: "fight", type: "teams", combatants: list, system, round, turn: null } as never);
  return { combat, fake: combat as unknown as FoundryCombat };
}

/** An unstarted combat's system data: no journal, the GM's setup still open. */
export const SETUP_SYSTEM = {
  journal: null,
  events: [],
  revision: 0,
  start: { mode: "", sideOrder: [], surprise: [], initiators: [] },
};

/**
 * This client's request channel (game.socket on a fake server, the GM active), as registerRequests opens it at init:
 * the GM's own requests are handled here, by the turn-request handler registered with `ctx`.
 */
export async function openRequests(ctx: TurnRequestContext): Promise<FakeSocketServer> {
  const server = new FakeSocketServer();
  const game = (globalThis as unknown as { game: FakeGame }).game;
  const user = game.user as unknown as FakeUser;
  let n = 0;
  vi.stubGlobal("foundry", {
    ...((globalThis as { foundry?: object }).foundry ?? {}),
    utils: { randomID: () => `r${++n}` },
  });
  const { registerRequests } = await import("../../../src/foundry/requests/register-requests.js");
  const { registerTurnRequests } = await import("../../../src/foundry/combat/requests/turn-client.js");
  const channel = registerRequests({
    socket: server.connect(user.id),
    user: game.user,
    users: game.users,
    ready: true,
  });
  if (user.isGM) registerTurnRequests(channel, ctx);
  return server;
}

/** Let the requests a synchronous hook started run to their end (each is a few promise turns). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 50; i++) await new Promise((r) => setTimeout(r, 0));
}
