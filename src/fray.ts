// Fray's entry point. The init hook reads as a table of contents; each line lives in its own module.
import { exposeApi } from "./foundry/api.js";
import { registerCanvas } from "./foundry/canvas/register-canvas.js";
import { registerCards } from "./foundry/cards/register-cards.js";
import { registerCombat } from "./foundry/combat/register-combat.js";
import { registerCompendium } from "./foundry/compendium/register-compendium.js";
import { registerDocuments } from "./foundry/documents/register-documents.js";
import { registerMoveCards } from "./foundry/move-cards/register-move-cards.js";
import { registerRequests } from "./foundry/requests/register-requests.js";
import { registerHandlebarsHelpers } from "./foundry/handlebars-helpers.js";
import { registerQuenchBatches } from "./foundry/quench/index.js";
import { MANIFESTS } from "./foundry/rulesets/index.js";
import { registerRuleset } from "./foundry/rulesets/register-ruleset.js";
import { registerRuleOptions } from "./foundry/settings/register-rule-options.js";
import { registerRulesetSetting } from "./foundry/settings/ruleset.js";
import { registerTrustCircumstances } from "./foundry/settings/trust-circumstances.js";
import { registerSheets } from "./foundry/sheets/register-sheets.js";
import { registerStatusEffects } from "./foundry/statuses/register-status-effects.js";
import { preloadTemplates } from "./foundry/templates.js";
import { registerTracker } from "./foundry/tracker/register-tracker.js";

Hooks.once("init", () => {
  registerRulesetSetting();
  registerRuleOptions();
  registerTrustCircumstances();
  registerRequests();
  registerDocuments();
  // Each rule set's actor and item models and its combat type, from its manifest (foundry/rulesets/).
  for (const manifest of MANIFESTS) registerRuleset(manifest);
  registerSheets();
  registerStatusEffects();
  registerCombat();
  registerCards();
  registerMoveCards();
  registerCanvas();
  registerTracker();
  registerCompendium();
  registerHandlebarsHelpers();
  void preloadTemplates();
  exposeApi();
});

// In-Foundry tests, only when the Quench module is active.
registerQuenchBatches();
