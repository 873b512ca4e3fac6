import { MODE_FOR_RULESET } from "../rulesets/index.js";
import { RULE_OPTIONS, settingKey } from "./rule-options.js";
import { currentRuleset, SYSTEM_ID } from "./ruleset.js";

/**
 * One world setting per rule option. The world rule set's turn order shows its options in Configure Settings; the
 * others keep theirs (a GM may still pick another turn order for one combat). A fight takes the options in force when
 * it starts and keeps them (docs/rulings.md, "Rule options").
 */
export function registerRuleOptions(): void {
  const shown = MODE_FOR_RULESET[currentRuleset()];
  const settings = game.settings as unknown as {
    register(ns: string, key: string, data: Record<string, unknown>): void;
  };
  for (const o of RULE_OPTIONS) {
    const base = `FRAY.Option.${o.mode}.${o.key}`;
    settings.register(SYSTEM_ID, settingKey(o), {
      name: `${base}.Name`,
      hint: `${base}.Hint`,
      scope: "world",
      config: o.mode === shown,
      type: o.kind === "boolean" ? Boolean : o.kind === "number" ? Number : String,
      default: o.initial,
      ...(o.kind === "choice"
        ? { choices: Object.fromEntries(o.choices.map((c) => [c, `FRAY.Option.Choice.${c}`])) }
        : {}),
      ...(o.kind === "number" ? { range: { min: o.min, max: o.max, step: 1 } } : {}),
    });
  }
}
