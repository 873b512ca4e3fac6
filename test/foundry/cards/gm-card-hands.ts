import { noFight } from "../../../src/foundry/canvas/fight/scene-fight.js";
import type { MapPort } from "../../../src/foundry/cards/map/attack-map.js";
import type { OpenCardContext } from "../../../src/foundry/cards/requests/attack-open.js";
import { readMoveCard, type MoveCardData } from "../../../src/foundry/move-cards/move-card-data.js";
import type { MoveCardPostContext } from "../../../src/foundry/move-cards/move-card-post.js";
import { readSeal, StorageSealedStore, type Seal } from "../../../src/foundry/cards/sealed/sealed-card.js";
import { COMBAT_MODES } from "../../../src/foundry/rulesets/index.js";
import { FakeDiceTray } from "../../fakes/foundry-dice.js";
import { gmTurnHands } from "../combat/gm-turn-hands.js";

type Hands = Pick<
  OpenCardContext,
  | "dice"
  | "flavor"
  | "speaker"
  | "sealed"
  | "deliver"
  | "seals"
  | "climbs"
  | "newId"
  | "map"
  | "fight"
  | "hiddenFromTable"
>;

/** The GM's map in a world whose attackers stand on no scene (gm-card-context.ts reads game.scenes). */
export const NO_MAP: MapPort = {
  scenes: () => [],
  space: () => ({ model: "none" }),
  actorRef: () => null,
  preferred: () => [],
  fight: noFight,
};

/**
 * What gm-card-context.ts gives the active GM's card context beside the documents, the card, the rule set and the
 * post, in a world with no scene and no fight: seeded dice, a flavour, speakers by actor, empty stores for sealed
 * cards and their salts (the GM's browser storage), no client to deliver to, fresh ids, no map, no climber, no fight
 * and no token hidden. A test overrides the part it is about.
 */
export function gmCardHands(parts: Partial<Hands> = {}): Hands {
  let ids = 0;
  return {
    dice: new FakeDiceTray(7),
    flavor: () => "",
    hiddenFromTable: () => false,
    speaker: () => undefined,
    sealed: new StorageSealedStore(null, ""),
    deliver: () => Promise.resolve(undefined),
    seals: new StorageSealedStore<Seal>(null, "", readSeal),
    climbs: {
      scene: () => undefined,
      actorRef: () => null,
      fight: noFight,
      turns: { combat: () => undefined, user: () => undefined, mode: (id) => COMBAT_MODES[id], ...gmTurnHands() },
      effects: () => Promise.resolve(undefined),
    },
    newId: () => `card${++ids}`,
    map: NO_MAP,
    // No actor fights in a begun fight: every card stands alone.
    fight: {
      of: () => undefined,
      turns: { combat: () => undefined, user: () => undefined, mode: (id) => COMBAT_MODES[id], ...gmTurnHands() },
    },
    ...parts,
  };
}

type PostHands = Pick<MoveCardPostContext, "hidden" | "speaker" | "sealed" | "newId" | "deliver" | "seals">;

/**
 * What register-move-cards.ts gives the GM's move card posting beside the actors, dice, chat and flavour: no hidden
 * token, speakers by actor, empty stores for sealed cards and salts, fresh ids, no client to deliver to.
 */
export function gmMovePostHands(parts: Partial<PostHands> = {}): PostHands {
  let ids = 0;
  return {
    hidden: () => false,
    speaker: () => undefined,
    sealed: new StorageSealedStore<MoveCardData>(null, "", readMoveCard),
    newId: () => `move${++ids}`,
    deliver: () => Promise.resolve(undefined),
    seals: new StorageSealedStore<Seal>(null, "", readSeal),
    ...parts,
  };
}
