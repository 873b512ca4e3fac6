import type { CombatMode } from "../../combat/fight/combat-mode.js";
import type { CombatantLike, CombatLike } from "../../combat/fight/ports.js";
import type { RequestAnswer } from "../../requests/request-answer.js";
import type { MoveBudget } from "./move-budget.js";
import { combatTurns, fightKey, type MoveFight, type MoveTurn } from "./move-turn.js";
import { blockFights, blocksOnScene, type SceneBlock } from "./scene-blocks.js";
import { climbsOnScene, type SceneClimb } from "./scene-climbs.js";

/** A token in a started fight on the scene: the combatant it stands for, and the turn its moves are made in. */
export interface Fighter {
  readonly fight: MoveFight;
  /**
   * Whose turn it is, what this turn has spent, the revision: null before Begin; a refusal when the journal is damaged.
   */
  readonly turn: MoveTurn | null | RequestAnswer;
}

/**
 * What the turn orders say of the fights on one scene, as the canvas and the cards read it. One value, built by
 * `sceneFight`, passed whole: each reader takes the part it needs. Outside a fight it is a value too: nobody in it.
 */
export interface SceneFight {
  readonly sceneId: string;
  /** The tokens that stand in a started fight, by token id (the first started fight that holds the token). */
  readonly fighters: ReadonlyMap<string, Fighter>;
  /** SEC-42, SEC-46: the Blocks up on the scene, each blocker named by its token. */
  readonly blocks: readonly SceneBlock[];
  /** SEC-16: the climbs in progress on the scene, each climber named by its token. */
  readonly climbs: readonly SceneClimb[];
}

/** A combatant as the scene's fight reads it: Foundry's combatants name their token and its scene. */
interface SeatedCombatant extends CombatantLike {
  readonly sceneId?: string | null;
  readonly tokenId?: string | null;
}

/** A combat whose combatants name their tokens (Foundry's Combat fits). */
interface CombatOnScene extends CombatLike {
  readonly combatants: { get(id: string): SeatedCombatant | undefined; readonly contents: readonly SeatedCombatant[] };
}

/** The scene with no fight on it: nobody fights, no Block is up, nobody climbs. */
export function noFight(sceneId: string): SceneFight {
  return { sceneId, fighters: new Map(), blocks: [], climbs: [] };
}

/**
 * The fight on `sceneId`, read from every started combat of the world: each combat's stored journal is read once
 * (untrusted), its turn order found by `mode`. A combat not begun seats its tokens with no turn.
 */
export function sceneFight(
  combats: Iterable<CombatOnScene>,
  mode: (id: string) => CombatMode | undefined,
  sceneId: string,
): SceneFight {
  const fighters = new Map<string, Fighter>();
  const started: CombatOnScene[] = [];
  for (const combat of combats) {
    if (!combat.started) continue;
    started.push(combat);
    const turnOf = combatTurns(mode, combat);
    for (const c of combat.combatants.contents) {
      if (c.sceneId !== sceneId || !c.tokenId || !c.id || fighters.has(c.tokenId)) continue;
      fighters.set(c.tokenId, { fight: { combat, combatant: c.id }, turn: turnOf(c.id) });
    }
  }
  const fights = blockFights(started, mode);
  return { sceneId, fighters, blocks: blocksOnScene(fights, sceneId), climbs: climbsOnScene(fights, sceneId) };
}

/** The turn a token's moves are made in: null outside a begun fight, a refusal when its journal is damaged. */
export function turnOfToken(fight: SceneFight, tokenId: string | null): MoveTurn | null | RequestAnswer {
  return (tokenId ? fight.fighters.get(tokenId)?.turn : undefined) ?? null;
}

/** In a begun fight, what the token's turn has spent (SEC-05, SEC-06, STR-19, FAC-06); undefined outside one. */
export function budgetOfToken(fight: SceneFight, tokenId: string | null): MoveBudget | undefined {
  const turn = turnOfToken(fight, tokenId);
  return turn && !("ok" in turn) ? turn.budget : undefined;
}

/** The fight a token's move is made in (`fightKey`): its combat and the journal's revision. */
export function fightKeyOf(fight: SceneFight, tokenId: string | null): string {
  return fightKey(turnOfToken(fight, tokenId));
}
