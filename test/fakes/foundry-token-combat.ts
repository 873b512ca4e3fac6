import type { FoundryCombat } from "./foundry-combat-document.js";
import { g, type FakeCombatant } from "./foundry-combat.js";

/*
 * Foundry's ways of adding and deleting the combatants of tokens: the token HUD's combat toggle
 * (client/applications/hud/token-hud.mjs `#onToggleCombat`), which calls TokenDocument.createCombatants or
 * TokenDocument.deleteCombatants (client/documents/token.mjs), on a FoundryCombat.
 */

/**
 * Combat._onDeleteTokens (client/documents/combat.mjs), which the deleting user's client runs once the tokens are
 * gone: each combat of their scene deletes their combatants.
 */
export function onDeleteTokens(tokens: readonly { id: string }[], operation: { parent: { id: string } }): void {
  const sceneId = operation.parent.id;
  for (const combat of g().game.combats ?? []) {
    if (combat.scene !== null && combat.scene !== sceneId) continue;
    const ids = combat.combatants.contents.filter(
      (c) => c.sceneId === sceneId && tokens.some((t) => t.id === c.tokenId),
    );
    if (ids.length)
      void combat.deleteEmbeddedDocuments(
        "Combatant",
        ids.map((c) => c.id),
      );
  }
}

/** What a combatant is created from (TokenDocument.createCombatants gives the token's, scene's ids and hidden flag). */
export interface CombatantData {
  readonly _id?: string;
  readonly name?: string;
  readonly side?: string;
  readonly owners?: readonly string[];
  readonly tokenId?: string;
  readonly sceneId?: string;
  readonly hidden?: boolean;
}

/** A token as the toggle reads it: its id, its scene's, its name and hidden flag, and whose it is. */
export interface ToggledToken {
  readonly id: string;
  readonly sceneId: string;
  readonly name: string;
  readonly hidden?: boolean;
  readonly owners?: readonly string[];
}

/** TokenDocument.createCombatants: a combatant for each token not already in the combat, in one creation. */
export function createCombatants(tokens: readonly ToggledToken[], combat: FoundryCombat): Promise<FakeCombatant[]> {
  const data: CombatantData[] = tokens
    .filter((t) => !combat.combatants.contents.some((c) => c.tokenId === t.id))
    .map((t) => ({
      tokenId: t.id,
      sceneId: t.sceneId,
      hidden: t.hidden ?? false,
      name: t.name,
      owners: t.owners ?? [],
    }));
  return combat.createEmbeddedDocuments("Combatant", data);
}

/** TokenDocument.deleteCombatants: the combatants of these tokens, deleted from the combat. */
export async function deleteCombatants(
  tokens: readonly { id: string }[],
  combat: FoundryCombat,
): Promise<FakeCombatant[]> {
  const tokenIds = new Set(tokens.map((t) => t.id));
  const ids = combat.combatants.contents.filter((c) => tokenIds.has(c.tokenId ?? "")).map((c) => c.id);
  return combat.deleteEmbeddedDocuments("Combatant", ids);
}
