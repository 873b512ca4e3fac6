import { describe, expect, it } from "vitest";
import { createHandlebars } from "../../fakes/handlebars-env.js";

// The fake's helpers against Foundry v13's own: client/applications/handlebars.mjs (localize, selectOptions) and
// client/helpers/localization.mjs (Localization#format). A template test is only as honest as these.
const run = (source: string, context: unknown = {}): string => createHandlebars().compile(source)(context);

describe("the Handlebars fake behaves as Foundry v13's helpers", () => {
  it(
    "{{localize key name=value}} fills a placeholder the " + "hash lacks with 'undefined', as Localization#format does",
    () => {
      // "FRAY.Tracker.Round" is "Round {round}": with no round given, v13 prints "undefined" in its place.
      expect(run(`{{localize "FRAY.Tracker.Round" other=1}}`)).toBe("Round undefined");
      expect(run(`{{localize "FRAY.Tracker.Round" round=r}}`, { r: null })).toBe("Round null");
    },
  );

  it("{{localize key}} with no hash only localises: its placeholders stay as written", () => {
    expect(run(`{{localize "FRAY.Tracker.Round"}}`)).toBe("Round {round}");
  });

  it("{{frayFormat key data}} goes through game.i18n.format too: a missing value shows as 'undefined'", () => {
    expect(run(`{{frayFormat "FRAY.Tracker.Round" data}}`, { data: {} })).toBe("Round undefined");
  });

  it(
    "{{selectOptions}} localises its labels only when asked " + "(localize=true), and selects by the value as a string",
    () => {
      const choices = { 1: "FRAY.Tracker.Round", 2: "plain" };
      expect(run(`{{selectOptions choices selected=1}}`, { choices })).toBe(
        `<option value="1" selected>FRAY.Tracker.Round</option><option value="2">plain</option>`,
      );
      expect(run(`{{selectOptions choices selected="2" localize=true}}`, { choices })).toBe(
        `<option value="1">Round {round}</option><option value="2" selected>plain</option>`,
      );
    },
  );
});
