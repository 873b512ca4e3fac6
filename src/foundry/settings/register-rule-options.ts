import { MODE_FOR_RULESET } from "../rulesets/index.js";
import { RULE_OPTIONS, settingKey } from "./rule-options.js";
import { currentRuleset, SYSTEM_ID } from "./ruleset.js";
import { theGame, type GamePort } from "../game/game-port.js";

/**
 * One world setting per rule option. The world rule set's turn order shows its options in Configure Settings; the
 * others keep theirs (a GM may still pick another turn order for one combat). A fight takes the options in force when
 * it starts and keeps them (docs/rulings.md, "Rule options").
 */
export function registerRuleOptions(game: Pick<GamePort, "settings"> = theGame()): void {
  const shown = MODE_FOR_RULESET[currentRuleset(game)];
  const settings = game.settings;
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
