import { FrayCombatModel } from "../combat/fight/combat-model.js";
import { actorModel, itemModel } from "../data/fray-model.js";
import { trackableAttributes } from "../data/token-attributes.js";
import type { RulesetManifest } from "./ruleset-manifest.js";

/**
 * What Foundry is told of one rule set at init, read from its manifest: a TypeDataModel for each actor and item type
 * and what a token may show of each actor (from the data specs), and its combat type. Every world registers all five:
 * a world's rule set only narrows what is offered (documents/, compendium/).
 */
export function registerRuleset(manifest: RulesetManifest): void {
  for (const meta of manifest.actors) {
    CONFIG.Actor.dataModels[meta.type] = actorModel(meta);
    CONFIG.Actor.trackableAttributes[meta.type] = trackableAttributes(meta);
  }
  for (const meta of manifest.items) CONFIG.Item.dataModels[meta.type] = itemModel(meta);
  CONFIG.Combat.dataModels[manifest.combat.id] = FrayCombatModel;
}
