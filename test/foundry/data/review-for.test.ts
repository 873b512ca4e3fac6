import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { initialData } from "../../../src/foundry/data/field-spec.js";
import { teamsCharacter } from "../../../src/foundry/data/specs/index.js";
import { reviewFor } from "../../../src/foundry/documents/review-for.js";
import { EN as LANG } from "../../fakes/lang.js";
import { FakeNotifications } from "../../fakes/foundry-notifications.js";
import { FakeGame } from "../../fakes/foundry-game.js";

// Foundry's notification and i18n globals, as far as warnProblems uses them: v13's Notifications#notify and
// Localization#format (a missing value prints "undefined").
const i18n = {
  localize: (key: string) => LANG[key] ?? key,
  format: (key: string, data: Record<string, string>) =>
    (LANG[key] ?? key).replace(/{[^}]+}/g, (k) => String(data[k.slice(1, -1)])),
};
let notifications: FakeNotifications;
const warned = () => notifications.shown.filter((n) => n.type === "warning").map((n) => n.html);
const g = globalThis as Record<string, unknown>;
beforeEach(() => {
  notifications = new FakeNotifications(i18n);
  g.ui = { notifications };
  g.game = new FakeGame({ i18n });
});
afterEach(() => {
  delete g.ui;
  delete g.game;
});

const boudica = {
  type: "teams-character",
  _source: { system: { ...initialData(teamsCharacter.fields), health: { value: 7, max: 12 } } },
};

describe("reviewFor: what actor.update / item.update / a sheet submit send on", () => {
  it("shows one localised warning per problem and sends the corrected update", () => {
    const out = reviewFor("Actor", boudica, {
      name: "Boudica",
      "system.health.value": 20,
      "system.evasion": "high",
      "system.mana": 3,
    });
    expect(out).toEqual({ name: "Boudica", system: { health: { value: 12 } } });
    expect(warned()).toEqual([
      "system.health.value: 20 is above the maximum; set to 12.",
      'system.evasion: "high" is not a number; the change was not saved.',
      "system.mana is not part of this sheet's data; the change was not saved.",
    ]);
  });

  it("a clean update goes through unchanged and warns about nothing", () => {
    expect(reviewFor("Actor", boudica, { system: { health: { value: 3 } } })).toEqual({
      system: { health: { value: 3 } },
    });
    expect(warned()).toEqual([]);
  });

  it(
    "reviewing the reviewed update again changes nothing " + "and warns about nothing (sheet, then update, then bulk)",
    () => {
      const once = reviewFor("Actor", boudica, { "system.health": { value: -4, max: 12 }, "system.size": 0 });
      notifications.shown.length = 0;
      expect(reviewFor("Actor", boudica, once)).toEqual(once);
      expect(warned()).toEqual([]);
    },
  );

  it("documents of types Fray does not know, or no document, pass through for Foundry to validate", () => {
    const data = { "system.anything": 1 };
    expect(reviewFor("Actor", { type: "base", _source: { system: {} } }, data)).toBe(data);
    expect(reviewFor("Item", undefined, data)).toBe(data);
    expect(warned()).toEqual([]);
  });

  it(
    "a typed value is shown as text in the warning, never " +
      "as markup (v13 escapes only the format data it is given)",
    () => {
      reviewFor("Actor", boudica, { "system.evasion": "<img src=x onerror=alert(1)>" });
      expect(warned()).toEqual([
        'system.evasion: "&lt;img src=x onerror=alert(1)&gt;" is not a number; the change was not saved.',
      ]);
    },
  );
});
