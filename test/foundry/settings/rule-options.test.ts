import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openJournal } from "../../../src/core/shared/journal.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import type { RosterEntry } from "../../../src/foundry/combat/fight/roster.js";
import { RULE_OPTIONS, ruleOptionsFor, settingKey } from "../../../src/foundry/settings/rule-options.js";

const en = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
const has = (key: string) =>
  typeof key
    .split(".")
    .reduce<unknown>((n, p) => (n && typeof n === "object" ? (n as Record<string, unknown>)[p] : undefined), en) ===
  "string";
const roster: RosterEntry[] = ["a1", "b1"].map((id, i) => ({
  id,
  name: id,
  side: id.slice(0, 1),
  hidden: false,
  stats: { agility: i, initiative: i, wit: 12, health: 6, healthMax: 6, stamina: 3, focus: 3 },
}));

describe("rule options as world settings", () => {
  it("every option has a localised name, hint and choice labels", () => {
    for (const o of RULE_OPTIONS) {
      expect(has(`FRAY.Option.${o.mode}.${o.key}.Name`), `${o.mode}.${o.key}`).toBe(true);
      expect(has(`FRAY.Option.${o.mode}.${o.key}.Hint`), `${o.mode}.${o.key}`).toBe(true);
      if (o.kind === "choice") for (const c of o.choices) expect(has(`FRAY.Option.Choice.${c}`), c).toBe(true);
    }
  });

  it(
    "every value a setting offers is one the engine accepts when the fight starts, and each changes " +
      "the setup it is given",
    () => {
      for (const o of RULE_OPTIONS) {
        const mode = COMBAT_MODES[o.mode]!;
        const values = o.kind === "boolean" ? [true, false] : o.kind === "choice" ? o.choices : [o.min, o.max];
        for (const value of values) {
          const options = ruleOptionsFor(o.mode, (key) => (key === settingKey(o) ? value : undefined));
          expect(options[o.key]).toBe(value);
          const opened = openJournal(
            mode.engine,
            mode.buildSetup(roster, { sideOrder: ["a", "b"], ruleOptions: options }),
            3,
          );
          expect(opened.ok, `${o.mode}.${o.key} = ${String(value)}: ${opened.ok ? "" : opened.reason}`).toBe(true);
          if (opened.ok)
            expect((opened.state.setup as { options: Record<string, unknown> }).options[o.key]).toBe(value);
        }
      }
    },
  );

  it("a setting holding something the option does not allow falls back to the core's default", () => {
    for (const o of RULE_OPTIONS) {
      const options = ruleOptionsFor(o.mode, () => "__proto__");
      expect(options[o.key]).toBe(o.initial);
    }
  });
});
