// Names in Fray's own chat lines are text: v13 draws a message's content as HTML (templates/sidebar/chat-message.hbs,
// {{{message.content}}}; common/documents/chat-message.mjs: an HTMLField, only sanitised), so a combatant, actor or
// item named with markup must go in escaped.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { FrayCombat as FrayCombatClass } from "../../../src/foundry/combat/fray-combat.js";
import { journalOf } from "../../../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import { TURN_REQUEST } from "../../../src/foundry/combat/requests/turn-request.js";
import type { FrayCombatTracker as FrayCombatTrackerClass } from "../../../src/foundry/tracker/fray-combat-tracker.js";
import { FakeCombatTracker, parseHtml } from "../../fakes/foundry-combat-tracker.js";
import { escapeHTML } from "../../fakes/foundry-notifications.js";
import { FakeSocketServer } from "../../fakes/foundry-socket.js";
import { format, lookup } from "../../fakes/handlebars-env.js";
import {
  cast,
  frayFight,
  gm,
  gmContext,
  loadFrayCombat,
  openRequests,
  settle,
  startedSystem,
  table,
} from "../combat/fight-table.js";
import type { FakeGame } from "../../fakes/foundry-game.js";

const EVIL = "<img src=x onerror=alert(1)>";
let FrayCombat: typeof FrayCombatClass;
let FrayCombatTracker: typeof FrayCombatTrackerClass;
let posted: { content: string }[];

/** Foundry's globals these lines read, beyond the table's: escapeHTML, the language, and ChatMessage.create. */
function stubChat(): void {
  posted = [];
  const foundry = (globalThis as { foundry?: Record<string, unknown> }).foundry ?? {};
  vi.stubGlobal("foundry", {
    ...foundry,
    utils: { ...(foundry.utils as object), escapeHTML, randomID: () => "tab0000000000001" },
  });
  const game = (globalThis as unknown as { game: Record<string, unknown> }).game;
  game.i18n = { localize: (k: string) => lookup(k) ?? k, format };
  vi.stubGlobal("ChatMessage", {
    create: (data: { content: string }) => Promise.resolve(void posted.push(data)),
    getSpeaker: () => ({ alias: "" }),
  });
}

beforeAll(async () => {
  FrayCombat = await loadFrayCombat();
  vi.stubGlobal("foundry", {
    applications: {
      sidebar: { tabs: { CombatTracker: FakeCombatTracker } },
      api: { ApplicationV2: class {} },
      ux: { DragDrop: class {} },
    },
  });
  ({ FrayCombatTracker } = await import("../../../src/foundry/tracker/fray-combat-tracker.js"));
});
afterEach(() => vi.unstubAllGlobals());

describe("a name in Fray's chat lines is text", () => {
  it("the GM's override line (shift-click in the tracker) names a combatant as text", async () => {
    const t = table(gm);
    vi.stubGlobal("foundry", {
      applications: {
        sidebar: { tabs: { CombatTracker: FakeCombatTracker } },
        api: { ApplicationV2: class {} },
        ux: { DragDrop: class {} },
      },
    });
    const list = cast();
    (list[0] as { name: string }).name = EVIL;
    const { combat, fake } = frayFight(FrayCombat, list, startedSystem(list));
    t.combats.push(fake);
    await openRequests(gmContext(combat, t));
    stubChat();
    const command = COMBAT_MODES.teams!.engine.legal(journalOf(combat)!.state as never).find(
      (c) => c.combatant === "a1",
    );
    expect(command).toBeDefined();
    const tracker = new FrayCombatTracker() as unknown as FakeCombatTracker;
    tracker.viewed = combat as never;
    tracker.element = parseHtml("<section></section>");
    const actions = (
      FrayCombatTracker.DEFAULT_OPTIONS as unknown as { actions: Record<string, (...a: unknown[]) => Promise<void>> }
    ).actions;
    const action = actions.frayCommand!;
    await action.call(
      tracker,
      { shiftKey: true },
      { dataset: { command: JSON.stringify(command) }, textContent: "Act" },
    );
    await settle();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.content).toContain(escapeHTML(EVIL));
    expect(posted[0]!.content).not.toContain("<img");
  });

  it("a played card's line names its player and card as text", async () => {
    table(gm);
    stubChat();
    const server = new FakeSocketServer();
    const game = (globalThis as unknown as { game: FakeGame }).game;
    const { registerRequests } = await import("../../../src/foundry/requests/register-requests.js");
    const socket = server.connect("gm");
    registerRequests({ socket, user: game.user, users: game.users, ready: true }).register(TURN_REQUEST, () =>
      Promise.resolve({ ok: true }),
    );
    const card = {
      id: "wings",
      name: EVIL,
      type: "sections-card",
      system: { phase: "action", movement: { kind: "fly", distance: 2 } },
    };
    const actor = {
      uuid: "Actor.ilsa",
      name: EVIL,
      items: { get: (id: string) => (id === "wings" ? card : undefined) },
    };
    const combatant = { id: "c1", name: EVIL, hidden: false, actor };
    const combat = { id: "f", started: true, system: {}, frayView: { acting: "c1" }, combatants: [combatant] };
    Object.assign(combat.combatants, { contents: [combatant] });
    game.combats.push(combat);
    const { playCard } = await import("../../../src/foundry/combat/requests/play-card-client.js");
    expect(await playCard(actor as never, "wings", "c1")).toMatchObject({ ok: true });
    expect(posted).toHaveLength(1);
    expect(posted[0]!.content).toContain(escapeHTML(EVIL));
    expect(posted[0]!.content).not.toContain("<img");
  });
});
