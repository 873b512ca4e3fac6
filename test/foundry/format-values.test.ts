import { describe, expect, it } from "vitest";
import { stringValues } from "../../src/foundry/handlebars-helpers.js";
import { lookup } from "../fakes/handlebars-env.js";

describe("frayFormat's values", () => {
  it(
    "a value that is one of Fray's keys is localised (game.i18n.format would show the key); any " +
      "other value as it is",
    () => {
      const values = stringValues(
        { name: "FRAY.Tracker.Someone", reason: "FRAY.Banner.Reason.sideDefeated", count: 3, text: "FRAYED" },
        (k) => lookup(k) ?? k,
      );
      expect(values).toEqual({
        name: lookup("FRAY.Tracker.Someone"),
        reason: "one side is defeated",
        count: "3",
        text: "FRAYED",
      });
      expect(values.name).not.toMatch(/^FRAY\./);
    },
  );
});
