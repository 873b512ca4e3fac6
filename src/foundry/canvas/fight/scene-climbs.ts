import type { SectionsEntity } from "../../../core/space/sections/types.js";
import type { BlockFight } from "./scene-blocks.js";

/** A climb in progress as the move check and the attack map read it: its climber named by token (SEC-16). */
export interface SceneClimb {
  readonly climber: string;
  readonly border: string;
  readonly from: string;
  readonly to: string;
  readonly height: number;
  readonly climbed: number;
}

/**
 * SEC-16: the climbs in progress on one scene, from every started fight's public view (the turn order keeps them, so
 * the GM's undo of a climbing Move takes its progress back), each climber named by its token there.
 */
export function climbsOnScene(fights: readonly BlockFight[], sceneId: string): SceneClimb[] {
  const out: SceneClimb[] = [];
  for (const f of fights)
    for (const c of f.view.climbs ?? []) {
      const at = f.tokenOf(c.climber);
      if (at?.sceneId === sceneId && at.tokenId) out.push({ ...c, climber: at.tokenId });
    }
  return out;
}

/**
 * SEC-16: a token's climb as the space core reads it on an entity (it holds on in the lower section, where it stands).
 */
export function climbingOfToken(climbs: readonly SceneClimb[], tokenId: string): Pick<SectionsEntity, "climbing"> {
  const c = climbs.find((x) => x.climber === tokenId);
  return c ? { climbing: { border: c.border, from: c.from, to: c.to, height: c.height, climbed: c.climbed } } : {};
}
