import type { RulesetId } from "../../../src/core/rulesets.js";
import { handleAttackOpen, type OpenCardContext } from "../../../src/foundry/cards/requests/attack-open.js";
import { attackCardFor } from "../../../src/foundry/rulesets/index.js";
import { handleMoveRequest, type MoveRequestContext } from "../../../src/foundry/canvas/moves/move-request.js";
import { compileScene } from "../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../src/foundry/canvas/space/space-cache.js";
import { MoveApprovals } from "../../../src/foundry/canvas/moves/move-audit.js";
import { MoveInterruptions } from "../../../src/foundry/canvas/moves/move-interruptions.js";
import {
  gmMoveCard,
  moveCardMatches,
  offerSettled,
  readMoveCard,
  type MoveCardData,
} from "../../../src/foundry/move-cards/move-card-data.js";
import { postMoveEffects } from "../../../src/foundry/move-cards/move-card-post.js";
import { handleMoveCard, type MoveCardRequestContext } from "../../../src/foundry/move-cards/move-card-request.js";
import { offeredAttackItem } from "../../../src/foundry/move-cards/offer-item.js";
import { SAMPLE_ACTORS, SAMPLE_ITEMS } from "../../../tools/sample-data.js";
import type { FakeActor } from "../../fakes/foundry-card.js";
import { FakeMessage } from "../../fakes/foundry-card.js";
import { FakeUser } from "../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../fakes/foundry-dice.js";
import type { FightScene } from "../canvas/fight-scene.js";
import { readSeal, StorageSealedStore, type SealedStore } from "../../../src/foundry/cards/sealed/sealed-card.js";
import { SEALED_QUERY } from "../../../src/foundry/cards/sealed/sealed-delivery.js";
import { SealedInbox } from "../../../src/foundry/cards/sealed/sealed-inbox.js";
import type { RollMode } from "../../../src/foundry/dice/dice-tray.js";
import { FakeQueryServer } from "../../fakes/foundry-query.js";
import { at, cellsRect, FakeRegion, FakeScene, FakeSquareGrid, FakeToken, section } from "../../fakes/foundry-scene.js";
import { manifestOf } from "../../../src/foundry/rulesets/index.js";
import { noFight } from "../../../src/foundry/canvas/fight/scene-fight.js";
import { gmMoveHands } from "../canvas/gm-move-hands.js";
import { gmCardHands } from "../cards/gm-card-hands.js";
import { defeatStep } from "../../../src/foundry/cards/requests/attack-turn.js";
import { handleTurnRequest } from "../../../src/foundry/combat/requests/turn-request.js";

export const S = 100;
// Alice moves her character; Bob plays the enemy; Olive only watches (she may observe, not own, the enemy).
export const USERS = [
  new FakeUser("gm", "GM", true),
  new FakeUser("alice", "Alice"),
  new FakeUser("bob", "Bob"),
  new FakeUser("olive", "Olive"),
];
export const user = (id: string) => USERS.find((u) => u.id === id);
export const sample = (type: string) => [...SAMPLE_ACTORS, ...SAMPLE_ITEMS].find((s) => s.type === type)!.system;

/** A token standing for a card actor (the actor's type and system data are what the move check reads). */
export function place(
  scene: FakeScene,
  id: string,
  cell: [number, number],
  actor: FakeActor,
  owners: string[],
  disposition = 1,
): void {
  const p = at(...cell);
  scene.tokens.contents.push(new FakeToken(id, p.x, p.y, actor, owners, disposition));
}

/**
 * The active GM's table for one scene: the move request with the card posting wired as register-canvas wires it,
 * the chat (move cards and attack cards in one list), the card requests, and the attack card's real open.
 */
export function table(
  scene: FakeScene,
  ruleset: RulesetId,
  actors: Record<string, FakeActor>,
  faces: number[] | number = 7,
  /** A started fight on the scene (its moves spend the turn, a taken offer its reaction). */
  fight?: FightScene,
) {
  const messages: FakeMessage[] = [];
  const tray = new FakeDiceTray(faces);
  const byRef = (ref: string) => Object.values(actors).find((a) => a.id === ref);
  // Who a message speaks for, as cards/data/card-speaker.ts says on the GM's client: the actor, unless the GM hides it.
  const speaker = (ref: string) => {
    const token = Object.entries(actors).find(([, a]) => a.id === ref)?.[0];
    const actor = byRef(ref);
    if (!actor || (token !== undefined && scene.tokens.get(token)?.hidden === true)) return undefined;
    return { scene: null, actor: ref, token: null, alias: actor.name };
  };
  // Messages whispered to the GMs (only their chat logs show them; every client gets their data), and each speaker.
  const gmOnly = new Set<string>();
  const speakers = new Map<string, unknown>();
  const postTo = (type: string) => (data: unknown, speaker?: unknown, id?: string, toGms?: boolean) => {
    const m = new FakeMessage(id ?? `m${messages.length + 1}`, type, data, USERS[0]!);
    messages.push(m);
    speakers.set(m.id, speaker);
    if (toGms) gmOnly.add(m.id);
    return Promise.resolve(m);
  };
  let attackIds = 0;
  const attackCtx: OpenCardContext = {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: byRef,
    user,
    card: (r) => attackCardFor(r),
    dice: tray,
    dropped: () => Promise.resolve(undefined),
    mayTarget: () => true,
    ruleset: () => ruleset,
    post: postTo("attack"),
    speaker,
    // The GM's client keeps a sealed attack card (a hidden token's offer opens one) as register-cards wires it.
    sealed: new StorageSealedStore(null, ""),
    get seals() {
      return seals;
    },
    get deliver() {
      return deliver;
    },
    newId: () => `attack${++attackIds}`,
  };
  // Sealed move cards: the GM's store, each player's client's, and the queries between them (as register-move-cards).
  const queries = new FakeQueryServer();
  const sealedMoves = () => new StorageSealedStore<MoveCardData>(null, "", readMoveCard);
  const gmMoves = sealedMoves();
  const seals = new StorageSealedStore(null, "", readSeal);
  const stores: Record<string, SealedStore<MoveCardData>> = {};
  const inboxes: Record<string, SealedInbox> = {};
  for (const u of USERS) {
    // The GM's client checks what a query brings as any client does: a forged card cannot replace its own.
    const store = u.isGM ? gmMoves : (stores[u.id] = sealedMoves());
    const kind = {
      store,
      read: readMoveCard,
      revisionOf: (d: MoveCardData) => d.revision ?? 0,
      matches: moveCardMatches,
    };
    const inbox = (inboxes[u.id] = new SealedInbox(
      { moveEffect: kind as never },
      (id) => messages.find((m) => m.id === id),
      () => undefined,
    ));
    queries.connect(u.id)[SEALED_QUERY] = (data) => inbox.receive(data);
  }
  const deliver = (userId: string, delivery: unknown) => queries.query("gm", userId, SEALED_QUERY, delivery);
  let ids = 0;
  const cards: MoveCardRequestContext = {
    sealed: gmMoves,
    seals,
    deliver,
    fight: fight ? fight.moves.fight : noFight,
    turns: fight ? fight.turns : gmMoveHands().turns,
    message: (id) => messages.find((m) => m.id === id),
    actor: byRef,
    user,
    // As gm-card-context.ts: in a started fight a defeat is the GM's setAble or remove of the actor's combatant,
    // naming the card; the steps recorded are returned.
    dropped: async (actorId, how, card) => {
      const combatant = Object.entries(actors).find(([, a]) => a.id === actorId)?.[0];
      if (!fight || !combatant || !fight.combat.combatants.get(combatant)) return [];
      const command = defeatStep(combatant, how, card);
      const request = { combatId: fight.combat.id, command, revision: fight.journal.revision };
      const answer = await handleTurnRequest(fight.turns, request, "gm");
      return answer.ok ? [{ combatId: fight.combat.id, combatant }] : [];
    },
    openAttack: (a, t, senderId, hidden) =>
      handleAttackOpen(
        attackCtx,
        {
          attackerId: a,
          targetId: t,
          itemId: offeredAttackItem(attackCardFor(ruleset), byRef(a)!.items.contents),
          options: {},
        },
        senderId,
        { hidden },
      ),
  };
  const post = {
    actorOf: (_scene: string, tokenId: string) =>
      Object.hasOwn(actors, tokenId) ? { ref: actors[tokenId]!.id, name: actors[tokenId]!.name } : undefined,
    dice: tray,
    post: postTo("moveEffect"),
    hidden: (sceneId: string, tokenId: string) => sceneId === scene.id && scene.tokens.get(tokenId)?.hidden === true,
    flavor: (e: { kind: string }, mover: string) => `${mover}: ${e.kind}`,
    speaker,
    sealed: gmMoves,
    seals,
    newId: () => `sealed${++ids}`,
    deliver,
  };
  // The GM's clock, moved on by the tests (the approvals' minute, an offer's wait).
  const clock = { now: 1_000 };
  // The GM's browser storage, which outlives a reload of its client.
  const gmStorage = new Map<string, string>();
  const storage = {
    getItem: (k: string) => gmStorage.get(k) ?? null,
    setItem: (k: string, v: string) => void gmStorage.set(k, v),
    removeItem: (k: string) => void gmStorage.delete(k),
  };
  const move: MoveRequestContext & { interruptions: MoveInterruptions } = {
    ...(fight ? fight.moves : gmMoveHands()),
    fight: fight ? fight.moves.fight : noFight,
    scene: (id) => (id === scene.id ? scene : undefined),
    user,
    ruleset: () => ruleset,
    spaces: new SpaceCache((x) => compileScene(x, manifestOf(ruleset).space)),
    effects: (sceneId, effects, senderId, rollMode, cup) =>
      postMoveEffects(post, sceneId, effects, senderId, cup, rollMode),
    // The GM's dice roll a descent while the move is checked, as register-canvas wires Foundry's.
    dice: tray,
    approvals: new MoveApprovals(),
    interruptions: new MoveInterruptions(storage, "fray.interrupted.w."),
    // As register-move-cards' moveCardSettled: a sealed or hidden card read from the GM's own copy.
    offerSettled: (id) => {
      const message = messages.find((m) => m.id === id);
      return !message || offerSettled(gmMoveCard(message, gmMoves));
    },
    now: () => clock.now,
  };
  /** A move request from `sender`; a roll mode, or any extra field (a forged one), rides along. */
  const walk = (
    sender: string,
    tokenId: string,
    cells: [number, number][],
    action = "walk",
    extra: RollMode | Record<string, unknown> = {},
  ) =>
    handleMoveRequest(
      move,
      {
        sceneId: scene.id,
        tokenId,
        waypoints: cells.map((c) => ({ ...at(...c), action })),
        ...(typeof extra === "string" ? { rollMode: extra } : extra),
      },
      sender,
    );
  const press = (sender: string, messageId: string, action: string, extra: Record<string, unknown> = {}) =>
    handleMoveCard(cards, { messageId, action, ...extra }, sender);
  const moveCards = () => messages.filter((m) => m.type === "moveEffect");
  const cardData = (m: FakeMessage): MoveCardData => readMoveCard(m.system)!;
  /** The GM's client reloads: what it held in memory is gone, its browser storage stays. */
  const reloadGm = () => {
    move.interruptions = new MoveInterruptions(storage, "fray.interrupted.w.");
  };
  return {
    messages,
    gmOnly,
    speakers,
    tray,
    attackCtx,
    cards,
    move,
    walk,
    press,
    moveCards,
    cardData,
    clock,
    queries,
    gmMoves,
    stores,
    inboxes,
    seals,
    gmStorage,
    reloadGm,
  };
}

/** Three 3x3 sections in a row with the given Heights. */
export function sections(heights: [number, number, number]): FakeScene {
  const s = new FakeScene("s1", new FakeSquareGrid(S), 9, 3);
  s.flags = { fray: { spaceModel: "sections" } };
  ["a", "b", "c"].forEach((id, k) =>
    s.regions.contents.push(new FakeRegion(id, [cellsRect(3 * k, 0, 3, 3)], [section({ height: heights[k] })])),
  );
  return s;
}
