import { currentRuleset } from "../settings/ruleset.js";
import { foundryDiceTray } from "../dice/foundry-dice-tray.js";
import { gmContext as gmTurnContext, requestTurn } from "../combat/requests/turn-client.js";
import { sceneOf } from "../canvas/check/ports-check.js";
import { spaces } from "../canvas/space/world-spaces.js";
import { worldFight } from "../canvas/fight/world-fight.js";
import { AttackCardModel } from "./attack-card-model.js";
import { actorByRef } from "./data/card-actor-ref.js";
import { hiddenActor, NOBODY, speakerOf } from "./data/card-speaker.js";
import { attackCardFor } from "../rulesets/index.js";
import type { OpenCardContext } from "./requests/attack-open.js";
import { defeatStep } from "./requests/attack-turn.js";
import type { CardSpent } from "./data/attack-card-data.js";
import type { MapPort } from "./map/attack-map.js";
import type { ClimbWorld } from "./climbs/climb-port.js";
import { readSeal, StorageSealedStore, type Seal, type SealedStore } from "./sealed/sealed-card.js";
import { SEALED_QUERY, type DeliverSealed } from "./sealed/sealed-delivery.js";
import { theGame } from "../game/game-port.js";

// The active GM's hands for the cards' requests (register-cards.ts registers them): Foundry's documents, rolls, the
// scenes' map and the sealed cards' salts.

let seals: SealedStore<Seal> | null = null;
let climbs: ClimbWorld | undefined;

/**
 * SEC-20: what the GM's card reads and writes of a damaged climber (set by the move cards, which post its fall: no
 * import circle).
 */
export function useClimbWorld(world: ClimbWorld): void {
  climbs = world;
}

/** The GM's salt of each sealed card's last revision (attack and move cards), beside the cards in its storage. */
export function gmSeals(): SealedStore<Seal> {
  seals ??= new StorageSealedStore(globalThis.localStorage ?? null, `fray.seal.${theGame().world.id}.`, readSeal);
  return seals;
}

/** A deleted card's salt goes with it (a store not made yet holds none). */
export function forgetSeal(messageId: string): void {
  seals?.delete(messageId);
}

/** The active GM sends a sealed card's state to one user's client by query (not to itself: it holds the card). */
export const deliverByQuery: DeliverSealed = async (userId, delivery) => {
  const user = theGame().users.get(userId);
  if (!user || user.isSelf || !user.active) return;
  await user.query(SEALED_QUERY, delivery, { timeout: 5_000 });
};

/** The GM's scenes for an attack: each scene's tokens, and its space compiled by the canvas room's cache. */
const gmMap: MapPort = {
  scenes: () => theGame().scenes.contents.map((s) => sceneOf(s)),
  space: (scene) => spaces().get(scene),
  // A token's actor as a card names it: its UUID, a synthetic actor's for an unlinked token.
  actorRef: (token) => (token as unknown as TokenDocument.Implementation).actor?.uuid ?? null,
  // A linked attacker on several scenes is read on the one this GM's client views, else the active one (docs/cards.md).
  preferred: () =>
    [theGame().scenes.viewed?.id, theGame().scenes.active?.id].filter((id): id is string => typeof id === "string"),
  fight: worldFight,
};

/** The active GM's hands for card requests: Foundry's documents, rolls and the fight. */
export const gmCardContext: OpenCardContext = {
  message: (id) => theGame().messages.get(id) ?? undefined,
  actor: (ref) => actorByRef(ref) ?? undefined,
  user: (id) => theGame().users.get(id) ?? undefined,
  // A rule set Fray does not have reads as none, and the request is refused.
  card: (ruleset) => attackCardFor(ruleset),
  dice: foundryDiceTray,
  ruleset: () => currentRuleset(),
  map: gmMap,
  get sealed() {
    return AttackCardModel.sealed;
  },
  get seals() {
    return gmSeals();
  },
  // Given at init by the move cards (register-move-cards.ts), before any request is handled.
  get climbs(): ClimbWorld {
    if (!climbs) throw new Error("Fray | the climb world is given at init");
    return climbs;
  },
  deliver: deliverByQuery,
  speaker: (ref) => speakerOf(ref),
  // A message's flavour is HTML (v13's chat-message.hbs): the names go in as text.
  flavor: (attackerId, targetId) =>
    theGame().i18n.format("FRAY.Card.DiceFlavor", {
      attacker: foundry.utils.escapeHTML(actorByRef(attackerId)?.name ?? ""),
      target: foundry.utils.escapeHTML(actorByRef(targetId)?.name ?? ""),
    }),
  mayTarget: (user, target) => {
    const actor = target as unknown as Actor.Implementation;
    if (actor.testUserPermission(user as unknown as User.Implementation, "LIMITED")) return true;
    if (actor.token) return !actor.token.hidden;
    return theGame().scenes.contents.some((s) =>
      s.tokens.contents.some((t) => t.actorLink && t.actorId === actor.id && !t.hidden),
    );
  },
  hiddenFromTable: (actor) => hiddenActor(actor as unknown as Actor.Implementation),
  post: async (data, speaker, id, gmOnly) => {
    // Speaker data names the actor by id; the card's content is drawn on each client (attack-card-model.ts).
    const message = await ChatMessage.create(
      {
        ...(id ? { _id: id } : {}),
        type: "attack",
        system: data,
        speaker: speakerOf(speaker.actorId, speaker.alias) ?? NOBODY,
        content: "",
        ...(gmOnly
          ? {
              whisper: theGame()
                .users.filter((u) => u.isGM)
                .map((u) => u.id),
            }
          : {}),
      } as unknown as ChatMessage.CreateData,
      id ? { keepId: true } : {},
    );
    return { id: message?.id ?? null };
  },
  newId: () => foundry.utils.randomID(),
  // An attack in a started fight is a step of it: the combat the attacker's actor fights in, and the GM's turn path.
  fight: {
    of: (actorRef) => {
      for (const combat of theGame().combats.contents) {
        const combatant = combat.combatants.contents.find((c) => c.actor?.uuid === actorRef || c.actorId === actorRef);
        if (combat.started && combatant?.id) return { combat, combatant: combatant.id };
      }
      return undefined;
    },
    turns: gmTurnContext,
  },
  // Someone dropped: the fight in which the actor fights hears it as the GM's setAble or remove, naming the card.
  dropped: async (actorId, how, card) => {
    const steps: CardSpent[] = [];
    for (const combat of theGame().combats.contents) {
      const combatant = combat.combatants.contents.find((c) => c.actor?.uuid === actorId || c.actorId === actorId);
      if (!combat.started || !combatant?.id) continue;
      const answer = await requestTurn(combat, defeatStep(combatant.id, how, card));
      if (answer.ok && combat.id) steps.push({ combatId: combat.id, combatant: combatant.id });
    }
    return steps;
  },
};
