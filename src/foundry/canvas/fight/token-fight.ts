import type { MoveFight } from "./move-turn.js";

/** The started combat a token stands in on its scene (Foundry's combatants name their token and scene). */
export function fightOfToken(sceneId: string, tokenId: string): MoveFight | undefined {
  for (const combat of game.combats) {
    if (!combat.started) continue;
    const c = combat.combatants.find((x) => x.tokenId === tokenId && x.sceneId === sceneId);
    if (c?.id) return { combat, combatant: c.id };
  }
  return undefined;
}
