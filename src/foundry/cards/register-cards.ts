import { currentRuleset } from "../settings/ruleset.js";
import { foundryDiceTray } from "../dice/foundry-dice-tray.js";
import { requests } from "../requests/register-requests.js";
import { requestTurn } from "../combat/turn-client.js";
import { attackCardModel } from "./attack-card-model.js";
import { actorByRef } from "./card-actor-ref.js";
import { registerHotbarAttacks } from "./hotbar-attacks.js";
import { loadedCardRuleset } from "./card-registry.js";
import { withCard } from "./with-card.js";
import type { OpenCardContext } from "./attack-open.js";
import { ATTACK_ANSWER_REQUEST, ATTACK_CIRCUMSTANCES_REQUEST, ATTACK_OPEN_REQUEST, ATTACK_STEP_REQUEST } from "./card-requests.js";
import { renderAttackCard } from "./render-attack-card.js";
import { sceneOf } from "../canvas/ports-check.js";
import { spaces } from "../canvas/world-spaces.js";
import type { MapPort } from "./map/attack-map.js";
import { worldBlocks, worldClimbs } from "../canvas/world-blocks.js";
import type { ClimbWorld } from "./climb-port.js";
import { readSeal, StorageSealedStore, type Seal, type SealedStore } from "./sealed-card.js";
import { readAttackCard, type AttackCardData } from "./attack-card-data.js";
import { SEALED_QUERY, SEALED_REQUEST, type DeliverSealed, type SealedKind, type SealedMessageLike } from "./sealed-delivery.js";
import { sealedChecks } from "./sealed-seal.js";
import type { SealedInbox } from "./sealed-inbox.js";

let store: SealedStore | null = null;
let seals: SealedStore<Seal> | null = null;
let inbox: SealedInbox | null = null;
let climbs: ClimbWorld | undefined;

/** SEC-20: what the GM's card reads and writes of a damaged climber (set by the move cards, which post its fall: no import circle). */
export function useClimbWorld(world: ClimbWorld): void {
  climbs = world;
}

/** This client's sealed (blind) cards: kept in this browser's storage for the world, made on first use. */
function sealedStore(): SealedStore {
  store ??= new StorageSealedStore(globalThis.localStorage ?? null, `fray.sealed.${game.world.id}.`);
  return store;
}

/** The GM's salt of each sealed card's last revision (attack and move cards), beside the cards in its storage. */
export function gmSeals(): SealedStore<Seal> {
  seals ??= new StorageSealedStore(globalThis.localStorage ?? null, `fray.seal.${game.world.id}.`, readSeal);
  return seals;
}

/** The kinds of sealed card this client keeps (the attack card here, the move card in move-cards/), by message type. */
export const SEALED_KINDS: Record<string, SealedKind> = {};

/** The active GM sends a sealed card's state to one user's client by query (not to itself: it holds the card). */
export const deliverByQuery: DeliverSealed = async (userId, delivery) => {
  const user = game.users.get(userId);
  if (!user || user.isSelf || !user.active) return;
  await user.query(SEALED_QUERY, delivery, { timeout: 5_000 });
};

/** Draw a chat message again (the chat log's own redraw; a message not in the log is left). */
function redraw(message: SealedMessageLike): void {
  const chat = ui.chat as unknown as { updateMessage?: (m: unknown) => Promise<unknown> } | undefined;
  void chat?.updateMessage?.(message)?.catch(() => undefined);
}

/** The GM's scenes for an attack: each scene's tokens, and its space compiled by the canvas room's cache. */
const gmMap: MapPort = {
  scenes: () => game.scenes.contents.map((s) => sceneOf(s)),
  space: (scene) => spaces().get(scene),
  // A token's actor as a card names it: its UUID, a synthetic actor's for an unlinked token.
  actorRef: (token) => (token as unknown as TokenDocument.Implementation).actor?.uuid ?? null,
  // A linked attacker on several scenes is read on the one this GM's client views, else the active one (docs/cards.md).
  preferred: () => [game.scenes.viewed?.id, game.scenes.active?.id].filter((id): id is string => typeof id === "string"),
  blocks: (sceneId) => worldBlocks(sceneId),
  climbs: (sceneId) => worldClimbs(sceneId),
};

/** The active GM's hands for card requests: Foundry's documents, rolls and the fight. */
export const gmCardContext: OpenCardContext = {
  message: (id) => game.messages.get(id) ?? undefined,
  actor: (ref) => actorByRef(ref) ?? undefined,
  user: (id) => game.users.get(id) ?? undefined,
  // Loaded before each request is handled (withCard); a rule set not loaded reads as none, and the request is refused.
  card: (ruleset) => loadedCardRuleset(ruleset) as ReturnType<OpenCardContext["card"]>,
  dice: foundryDiceTray,
  ruleset: () => currentRuleset(),
  map: gmMap,
  get sealed() {
    return sealedStore();
  },
  get seals() {
    return gmSeals();
  },
  get climbs() {
    return climbs;
  },
  deliver: deliverByQuery,
  flavor: (attackerId, targetId) =>
    game.i18n.format("FRAY.Card.DiceFlavor", { attacker: actorByRef(attackerId)?.name ?? "", target: actorByRef(targetId)?.name ?? "" }),
  mayTarget: (user, target) => {
    const actor = target as unknown as Actor.Implementation;
    if (actor.testUserPermission(user as unknown as User.Implementation, "LIMITED")) return true;
    if (actor.token) return !actor.token.hidden;
    return game.scenes.contents.some((s) => s.tokens.contents.some((t) => t.actorLink && t.actorId === actor.id && !t.hidden));
  },
  post: async (data, speaker, id) => {
    // Speaker data names the actor by id; the card's content is drawn on each client (render-attack-card.ts).
    const message = await ChatMessage.create(
      {
        ...(id ? { _id: id } : {}),
        type: "attack",
        system: data,
        speaker: speakerOf(speaker.actorId, speaker.alias),
        content: "",
      } as unknown as ChatMessage.CreateData,
      id ? { keepId: true } : {},
    );
    return { id: message?.id ?? null };
  },
  newId: () => foundry.utils.randomID(),
  // Someone dropped: the fight in which the actor fights hears it as the GM's setAble or remove.
  dropped: async (actorId, how) => {
    for (const combat of game.combats.contents) {
      const combatant = combat.combatants.contents.find((c) => c.actor?.uuid === actorId || c.actorId === actorId);
      if (!combat.started || !combatant?.id) continue;
      await requestTurn(
        combat,
        how === "out" ? { type: "remove", combatant: combatant.id } : { type: "setAble", combatant: combatant.id, able: false },
      );
    }
  },
};

/** The attack card: its ChatMessage subtype, the GM's two requests, and how each client draws it. */
export function registerCards(): void {
  CONFIG.ChatMessage.dataModels.attack = attackCardModel() as unknown as (typeof CONFIG.ChatMessage.dataModels)[string];
  // Only the active GM runs these: their code loads with the first request it handles.
  const gm = () => import("./gm-card-handlers.js");
  requests().register(ATTACK_OPEN_REQUEST, (payload, senderId) =>
    withCard(payload, async () => (await gm()).handleAttackOpen(gmCardContext, payload, senderId)),
  );
  requests().register(ATTACK_STEP_REQUEST, (payload, senderId) =>
    withCard(payload, async () => (await gm()).handleAttackStep(gmCardContext, payload, senderId)),
  );
  requests().register(ATTACK_CIRCUMSTANCES_REQUEST, (payload, senderId) =>
    withCard(payload, async () => (await gm()).handleAttackCircumstances(gmCardContext, payload, senderId)),
  );
  requests().register(ATTACK_ANSWER_REQUEST, (payload, senderId) =>
    withCard(payload, async () => (await gm()).handleAttackAnswer(gmCardContext, payload, senderId)),
  );
  // Private and self cards: kept by their roller's client, sent there by query, asked for again through the requests.
  SEALED_KINDS.attack = {
    // Made on first use: the world's id names its storage keys.
    get store() {
      return sealedStore() as SealedStore<unknown>;
    },
    read: readAttackCard,
    revisionOf: (data) => (data as AttackCardData).journal.revision,
    matches: (data, system) => {
      const shell = system as Partial<AttackCardData>;
      const card = data as AttackCardData;
      return card.attackerId === shell.attackerId && card.targetId === shell.targetId;
    },
  };
  // What a query brings is kept only when it matches its message's digest (sealed-inbox.ts); one that overtook the
  // message's update waits for it.
  CONFIG.queries[SEALED_QUERY] = async (delivery) => {
    const { SealedInbox } = await sealedChecks();
    inbox ??= new SealedInbox(SEALED_KINDS, (id) => game.messages.get(id), redraw);
    return inbox.receive(delivery);
  };
  Hooks.on("updateChatMessage", (message) => void inbox?.updated(message));
  requests().register(SEALED_REQUEST, async (payload, senderId) =>
    (await sealedChecks()).handleSealedRequest(
      {
        user: (id) => game.users.get(id) ?? undefined,
        message: (id) => game.messages.get(id),
        kinds: SEALED_KINDS,
        seals: gmSeals(),
        deliver: deliverByQuery,
      },
      payload,
      senderId,
    ),
  );
  // A deleted blind card's numbers go with it, and its salt.
  Hooks.on("deleteChatMessage", (message) => void (message.id && (store?.delete(message.id), seals?.delete(message.id))));
  Hooks.on("renderChatMessageHTML", (message, html) => void renderAttackCard(message, html, sealedStore()));
  registerHotbarAttacks();
}

/** Chat speaker data for the actor a card names: its token and scene too when it is a token's own actor. */
function speakerOf(ref: string, alias: string): Record<string, string | null> {
  const actor = actorByRef(ref);
  const token = actor?.token ?? null;
  return { actor: actor?.id ?? null, token: token?.id ?? null, scene: token?.parent?.id ?? null, alias };
}
