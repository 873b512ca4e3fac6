import type { RulesetId } from "../../core/rulesets.js";
import { preloadMoveCheck } from "../canvas/move-check-registry.js";
import { preloadCardRuleset } from "../cards/card-registry.js";
import { MODE_FOR_RULESET } from "../combat/mode-info.js";
import { preloadCombatMode } from "../combat/mode-registry.js";

/**
 * At init, the world's own rules start loading without anyone waiting: its turn order's engine, its attack cards and
 * the move check, so they are there before the tracker opens, anyone clicks Attack or drags a token. Another turn order (a GM may pick any per
 * combat) loads when a combat needs it. A failure is told once, on screen and in the console (report-load-failed.ts).
 */
export function preloadWorldRules(ruleset: RulesetId): void {
  preloadCombatMode(MODE_FOR_RULESET[ruleset]);
  preloadCardRuleset(ruleset);
  preloadMoveCheck();
}
