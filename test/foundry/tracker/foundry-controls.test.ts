// Issue 25, divergences 5 and 7, in the tracker: Foundry's own frame listener and combatant menu
// (client/applications/sidebar/tabs/combat-tracker.mjs) never act on a Fray fight behind its rules.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { FrayCombat as FrayCombatClass } from "../../../src/foundry/combat/fray-combat.js";
import { journalOf } from "../../../src/foundry/combat/fight/journal.js";
import { handleTurnRequest } from "../../../src/foundry/combat/requests/turn-request.js";
import type { FrayCombatTracker as FrayCombatTrackerClass } from "../../../src/foundry/tracker/fray-combat-tracker.js";
import { setupContext } from "../../../src/foundry/tracker/setup-context.js";
import {
  FakeCombatTracker,
  parseHtml,
  shown,
  type ContextEntry,
  type FakeElement,
} from "../../fakes/foundry-combat-tracker.js";
import { render } from "../../fakes/handlebars-env.js";
import {
  alice,
  cast,
  frayFight,
  gm,
  gmContext,
  loadFrayCombat,
  openRequests,
  SETUP_SYSTEM,
  settle,
  startedSystem,
  table,
} from "../combat/fight-table.js";
import type { FakeCombatant, FakeUser } from "../../fakes/foundry-combat.js";

let FrayCombat: typeof FrayCombatClass;
let FrayCombatTracker: typeof FrayCombatTrackerClass;

/** Foundry's tracker classes, as the sidebar module has them, before Fray's tracker module is read. */
function stubTrackerGlobals(): void {
  vi.stubGlobal("foundry", {
    applications: {
      sidebar: { tabs: { CombatTracker: FakeCombatTracker } },
      api: { ApplicationV2: class {} },
      ux: { DragDrop: class {} },
    },
  });
}

beforeAll(async () => {
  FrayCombat = await loadFrayCombat();
  stubTrackerGlobals();
  ({ FrayCombatTracker } = await import("../../../src/foundry/tracker/fray-combat-tracker.js"));
});
afterEach(() => vi.unstubAllGlobals());

/** Fray's tracker as Foundry's sidebar holds it (the fake's view of it), showing `combat` in `html`. */
function trackerShowing(combat: FrayCombatClass, html: string) {
  const tracker = new FrayCombatTracker() as unknown as FakeCombatTracker;
  tracker.viewed = combat as never;
  tracker.element = parseHtml(html);
  tracker._attachFrameListeners();
  return tracker;
}

/** The GM's setup of `list` as the tracker renders it for ranked (a side list and an initiator box per combatant). */
function setupHtml(list: readonly FakeCombatant[]): string {
  const context = setupContext({
    mode: "ranked",
    modes: ["ranked", "teams"],
    grouped: true,
    initiators: true,
    combatants: list.map((c) => ({ id: c.id, name: c.name, img: c.img, side: c.side, hidden: false })),
    sideLabels: { a: "Side A", b: "Side B" },
    groups: ["a", "b"],
    start: { sideOrder: [], surprise: [], initiators: [] },
    isGM: true,
  });
  return render("templates/combat/tracker-part.hbs", context);
}

describe("Fray's setup inputs never reach Foundry's initiative handler (issue 25, divergence 5)", () => {
  it("a change of a combatant's side or initiator box is not read as an initiative", async () => {
    table(gm);
    stubTrackerGlobals();
    const list = cast();
    const { combat } = frayFight(FrayCombat, list, SETUP_SYSTEM, 0);
    const tracker = trackerShowing(combat, setupHtml(list));
    const side = tracker.element.querySelector('[data-fray-setup="side"][data-combatant-id="a1"]') as FakeElement;
    const initiator = tracker.element.querySelector(
      '[data-fray-setup="initiator"][data-combatant-id="b1"]',
    ) as FakeElement;
    expect(side.closest("[data-combatant-id]")?.dataset.combatantId).toBe("a1");
    side.value = "b";
    side.dispatch("change");
    initiator.checked = true;
    initiator.value = "on";
    initiator.dispatch("change");
    const settled = await Promise.allSettled(tracker.initiativeWrites);
    expect(settled.filter((s) => s.status === "rejected").map((s) => String(s.reason))).toEqual([]);
    expect(tracker.initiativeWrites).toHaveLength(0);
    expect(list.flatMap((c) => c.updates)).toEqual([]);
  });

  it("Foundry's own initiative input, outside Fray's parts, still sets an initiative", async () => {
    table(gm);
    const list = cast();
    const { combat } = frayFight(FrayCombat, list, SETUP_SYSTEM, 0);
    const tracker = trackerShowing(
      combat,
      '<ol><li class="combatant" data-combatant-id="a1"><input class="initiative-input" value="12"></li></ol>',
    );
    tracker.element.querySelector(".initiative-input")?.dispatch("change");
    await Promise.all(tracker.initiativeWrites);
    expect(list[0]?.initiative).toBe(12);
  });
});

/** The entries of the combatant menu this user sees on the row of `id`. */
function menu(tracker: FakeCombatTracker, id: string): { names: string[]; entries: ContextEntry[]; li: FakeElement } {
  const li = parseHtml(`<li class="combatant" data-combatant-id="${id}"></li>`).children[0] as FakeElement;
  const entries = (tracker as unknown as { _getEntryContextOptions(): ContextEntry[] })
    ._getEntryContextOptions()
    .filter((e) => shown(e, li));
  return { names: entries.map((e) => e.name), entries, li };
}

async function startedTable(user: FakeUser) {
  const t = table(user);
  stubTrackerGlobals();
  const list = cast();
  for (const c of list) c.token?.movementHistory.push({ x: 0, y: 0 });
  const made = frayFight(FrayCombat, list, startedSystem(list));
  t.combats.push(made.fake);
  await openRequests(gmContext(made.combat, t));
  return { t, list, ...made, tracker: trackerShowing(made.combat, "<section></section>") };
}

describe("Foundry's combatant menu in a Fray fight (issue 25, divergence 7)", () => {
  const FOUNDRY_ONLY = [
    "COMBAT.CombatantClear",
    "COMBAT.CombatantReroll",
    "COMBAT.CombatantClearMovementHistory",
    "COMBAT.CombatantRemove",
  ];

  it(
    "offers no Reroll, Clear Initiative, Clear Movement History nor Foundry's Remove; the GM's Remove goes " +
      "through the turn order",
    async () => {
      const { t, combat, tracker } = await startedTable(gm);
      const { names, entries, li } = menu(tracker, "a1");
      for (const name of FOUNDRY_ONLY) expect(names).not.toContain(name);
      expect(names).toContain("FRAY.Tracker.RemoveFromFight");
      const before = journalOf(combat)!.revision;
      await entries.find((e) => e.name === "FRAY.Tracker.RemoveFromFight")?.callback(li);
      await settle();
      expect(combat.combatants.get("a1")).toBeDefined();
      expect(combat.frayView?.status.a1).toBe("out");
      expect(journalOf(combat)!.revision).toBe(before + 1);
      // Out of the fight, the row offers no second removal.
      expect(menu(tracker, "a1").names).not.toContain("FRAY.Tracker.RemoveFromFight");
      // A removal the GM can undo: the combatant is back in the fight.
      const undo = await handleTurnRequest(
        gmContext(combat, t),
        {
          combatId: "fight",
          command: { type: "undo" },
          revision: before + 1,
        },
        gm.id,
      );
      expect(undo.ok).toBe(true);
      expect(combat.frayView?.status.a1).not.toBe("out");
      expect(menu(tracker, "a1").names).toContain("FRAY.Tracker.RemoveFromFight");
    },
  );

  it("a player is offered none of them", async () => {
    const { tracker } = await startedTable(alice);
    const { names } = menu(tracker, "a1");
    for (const name of [...FOUNDRY_ONLY, "FRAY.Tracker.RemoveFromFight"]) expect(names).not.toContain(name);
  });

  it(
    "before the fight starts, the GM removes a combatant with Foundry's own Remove (the setup is not a fight), and " +
      "no initiative entries",
    () => {
      table(gm);
      stubTrackerGlobals();
      const list = cast();
      const { combat } = frayFight(FrayCombat, list, SETUP_SYSTEM, 0);
      const { names } = menu(trackerShowing(combat, "<section></section>"), "a1");
      expect(names).toContain("COMBAT.CombatantRemove");
      expect(names).not.toContain("COMBAT.CombatantReroll");
      expect(names).not.toContain("FRAY.Tracker.RemoveFromFight");
    },
  );
});
