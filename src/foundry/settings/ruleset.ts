import { RULESETS, type RulesetId } from "../../core/rulesets.js";
import { theGame, type GamePort } from "../game/game-port.js";

export const SYSTEM_ID = "fray";

/** The world's rule set: everything else (actor types, tracker mode, movement) reads it through `currentRuleset()`. */
export function registerRulesetSetting(game: Pick<GamePort, "settings"> = theGame()): void {
  game.settings.register(SYSTEM_ID, "ruleset", {
    name: "FRAY.Setting.Ruleset.Name",
    hint: "FRAY.Setting.Ruleset.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: Object.fromEntries(RULESETS.map((id) => [id, `FRAY.Ruleset.${id}.Name`])),
    default: "teams",
    requiresReload: true,
  });
}

export function currentRuleset(game: Pick<GamePort, "settings"> = theGame()): RulesetId {
  return game.settings.get(SYSTEM_ID, "ruleset") as RulesetId;
}
