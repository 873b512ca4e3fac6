import type { MoveEffect } from "../../../core/space/move-effects.js";
import type { TokenLike } from "../../canvas/check/mover-data.js";
import type { SceneClimb } from "../../canvas/fight/scene-climbs.js";
import type { SceneFight } from "../../canvas/fight/scene-fight.js";
import { journalOf } from "../../combat/fight/journal.js";
import { handleTurnRequest, type TurnRequestContext } from "../../combat/requests/turn-request.js";
import type { RollMode } from "../../dice/dice-tray.js";
import type { RequestAnswer } from "../../requests/request-answer.js";
import type { MapPlace } from "../data/attack-card-data.js";

/** A climber on the card's scene: its token, and its climb as the fight keeps it (SEC-16). */
export interface ClimberAt {
  readonly sceneId: string;
  readonly tokenId: string;
  readonly climb: SceneClimb;
}

/**
 * How the active GM's client meets a climber a card damaged (SEC-20): finds its climb in the started fights on the
 * card's scene, records the fight's `endClimb` when it falls, and posts its fall's card.
 */
export interface ClimbPort {
  /**
   * The climb of the actor `ref`'s token on the scene the card was read on; none off a map or when it climbs no more.
   */
  climberOf(place: MapPlace, ref: string): ClimberAt | undefined;
  /** Record the fight's `endClimb` for the climber, through the turn request path with `senderId`'s authority. */
  endClimb(at: ClimberAt, senderId: string): Promise<RequestAnswer>;
  /** Post the fall's card (a move card of kind "fall", SEC-20), its dice rolled at once. */
  fall(at: ClimberAt, height: number, userId: string, rollMode: RollMode): Promise<void>;
}

/** What the port reads and writes on the GM's client (register-move-cards.ts gives Foundry's; tests give fakes). */
export interface ClimbWorld {
  readonly scene: (id: string) => { readonly tokens: { readonly contents: readonly TokenLike[] } } | undefined;
  /** A token's actor as a card names it (its UUID). */
  readonly actorRef: (token: TokenLike) => string | null;
  /** The fight on a scene (canvas/fight/scene-fight.ts): who stands in it, and its climbs in progress (SEC-16). */
  readonly fight: (sceneId: string) => SceneFight;
  readonly turns: TurnRequestContext;
  /** Post the cards of a move effect (move-cards/move-card-post.ts). */
  readonly effects: (
    sceneId: string,
    effects: readonly MoveEffect[],
    userId: string,
    rollMode: RollMode,
  ) => Promise<unknown>;
}

export function climbPort(world: ClimbWorld): ClimbPort {
  return {
    climberOf(place, ref) {
      const sceneId = place.sceneId;
      const scene = sceneId === undefined ? undefined : world.scene(sceneId);
      if (!scene || sceneId === undefined) return undefined;
      const tokens = new Set(scene.tokens.contents.filter((t) => t.id && world.actorRef(t) === ref).map((t) => t.id));
      const climb = world.fight(sceneId).climbs.find((c) => tokens.has(c.climber));
      return climb ? { sceneId, tokenId: climb.climber, climb } : undefined;
    },
    async endClimb(at, senderId) {
      const fight = world.fight(at.sceneId).fighters.get(at.tokenId)?.fight;
      if (!fight) return { ok: true };
      const revision = journalOf(fight.combat)?.revision ?? -1;
      const command = { type: "endClimb", combatant: fight.combatant };
      return handleTurnRequest(world.turns, { combatId: fight.combat.id ?? "", command, revision }, senderId);
    },
    async fall(at, height, userId, rollMode) {
      await world.effects(
        at.sceneId,
        [{ kind: "fall", clause: "SEC-20", mover: at.tokenId, height }],
        userId,
        rollMode,
      );
    },
  };
}
