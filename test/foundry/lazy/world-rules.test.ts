import { afterEach, describe, expect, it, vi } from "vitest";
import { moveCheckLoaded } from "../../../src/foundry/canvas/move-check-registry.js";
import { strainAttackCard } from "../../../src/foundry/cards/strain/index.js";
import { loadCardRuleset, loadedCardRuleset } from "../../../src/foundry/cards/card-registry.js";
import { COMBAT_MODES } from "../../../src/foundry/combat/modes.js";
import { loadCombatMode, loadedCombatMode } from "../../../src/foundry/combat/mode-registry.js";
import { preloadWorldRules } from "../../../src/foundry/lazy/preload-world-rules.js";
import { reportLoadFailed } from "../../../src/foundry/lazy/report-load-failed.js";
import { EN } from "../../fakes/lang.js";
import { FakeNotifications } from "../../fakes/foundry-notifications.js";

describe("the world's rules, loaded on demand", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("at init a strain world starts loading its own turn order (rolled), attack cards and the move check, and nothing else", async () => {
    expect(loadedCombatMode("rolled")).toBeUndefined();
    expect(loadedCardRuleset("strain")).toBeUndefined();
    expect(moveCheckLoaded()).toBe(false);
    preloadWorldRules("strain");
    await vi.waitFor(() => {
      expect(loadedCombatMode("rolled")).toBeDefined();
      expect(loadedCardRuleset("strain")).toBeDefined();
      expect(moveCheckLoaded()).toBe(true);
    });
    // The same engine and card the tests run everywhere else (one copy of the rules, whoever loads them).
    expect(loadedCombatMode("rolled")).toMatchObject({ id: "rolled", engine: COMBAT_MODES.rolled!.engine, roundOffset: 1 });
    expect(loadedCardRuleset("strain")).toBe(strainAttackCard);
    // Other rule sets wait until something asks for them.
    expect(loadedCombatMode("teams")).toBeUndefined();
    expect(loadedCardRuleset("teams")).toBeUndefined();
  });

  it("a turn order any combat may pick loads when asked, once, with its setup and sides", async () => {
    const first = loadCombatMode("factions");
    expect(loadCombatMode("factions")).toBe(first);
    const mode = await first;
    expect(mode.engine).toBe(COMBAT_MODES.factions!.engine);
    expect(mode.sides).toEqual(COMBAT_MODES.factions!.sides);
    expect(mode.grouped).toBe(true);
    expect(await loadCardRuleset("teams")).toBe(loadedCardRuleset("teams"));
  });

  it("a turn order Fray does not have is refused, not loaded", async () => {
    await expect(loadCombatMode("popcorn")).rejects.toThrow();
    expect(loadedCombatMode("popcorn")).toBeUndefined();
  });

  it("a failed load is shown once in the user's words and logged with its error", () => {
    // As Foundry v13's Localization: a missing key comes back as itself, {names} filled from the data.
    const i18n = {
      localize: (k: string) => EN[k] ?? k,
      format: (k: string, d: Record<string, string>) => (EN[k] ?? k).replace(/\{(\w+)\}/g, (m, n: string) => d[n] ?? m),
    };
    // v13's Notifications#notify (foundry-notifications.ts): the message as the HTML it draws.
    const notifications = new FakeNotifications(i18n);
    vi.stubGlobal("ui", { notifications });
    vi.stubGlobal("game", { i18n });
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const cause = new Error("404");
    reportLoadFailed("attackCards", "strain", cause);
    expect(notifications.shown).toEqual([
      {
        type: "error",
        html: 'Fray could not load the attack cards "strain". Nothing that needs it will run until the page is reloaded (F5).',
      },
    ]);
    expect(log).toHaveBeenCalledWith('Fray | could not load the attackCards "strain"', cause);
    log.mockRestore();
  });
});
