// Fray's entry point. The init hook reads as a table of contents; each line lives in its own module.
import { registerRulesetSetting } from "./foundry/settings/ruleset.js";
import { preloadTemplates } from "./foundry/templates.js";
import { registerCombat } from "./foundry/combat/register-combat.js";
import { exposeApi } from "./foundry/api.js";

Hooks.once("init", () => {
  registerRulesetSetting();
  registerCombat();
  void preloadTemplates();
  exposeApi();
});
