import type { MoveBudget } from "../../../../src/foundry/canvas/fight/move-budget.js";
import type { SceneBlock } from "../../../../src/foundry/canvas/fight/scene-blocks.js";
import type { SceneClimb } from "../../../../src/foundry/canvas/fight/scene-climbs.js";
import { noFight, type SceneFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";

// Fights on a scene as `sceneFight` builds them, for tests that need only a part of one. Each is a value the
// production function returns for some world: a fight whose turn order keeps these Blocks, climbs or budget.

/** The scene with only these Blocks and climbs up (the fight's combatants are not read where this is used). */
export function fightWith(
  sceneId: string,
  parts: { readonly blocks?: readonly SceneBlock[]; readonly climbs?: readonly SceneClimb[] },
): SceneFight {
  return { ...noFight(sceneId), blocks: parts.blocks ?? [], climbs: parts.climbs ?? [] };
}

/**
 * The scene's fight as a begun one shows it to `tokenId`: its turn (acting, revision 0) has spent `budget`, in a
 * combat the check never reads.
 */
export function inTurn(fight: SceneFight, tokenId: string, budget: MoveBudget, mode = "sections"): SceneFight {
  const seat = { combat: { id: "fight" } as never, combatant: tokenId };
  const turn = { fight: seat, mode, revision: 0, budget, acting: true };
  return { ...fight, fighters: new Map([...fight.fighters, [tokenId, { fight: seat, turn }]]) };
}
