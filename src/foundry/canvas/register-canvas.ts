import {
  currentRollMode,
  gmContext as gmTurnContext,
  reviewTurnCommands,
  whenStepUndone,
} from "../combat/requests/turn-client.js";
import { blockLowerings, loweringCondition } from "./blocks/block-lowering.js";
import { reviewBlock } from "./blocks/block-review.js";
import { onBlockHook } from "./block-watch.js";
import type { BlockReviewPort } from "./blocks/block-review.js";
import type { TurnCommand } from "../combat/fight/turn-command.js";
import { foundryDiceTray } from "../dice/foundry-dice-tray.js";
import { moveCardSettled, postMoveCards } from "../move-cards/register-move-cards.js";
import { MoveInterruptions } from "./moves/move-interruptions.js";
import { requests } from "../requests/register-requests.js";
import { currentRuleset } from "../settings/ruleset.js";
import { FrayTokenDocument } from "./token/fray-token-document.js";
import { FrayTokenRuler, type RulerContext } from "./ruler/fray-token-ruler.js";
import { approvals, gmAudit } from "./token/gm-audit.js";
import type { MoveClientContext } from "./moves/move-client.js";
import { originOf } from "./fight/move-budget.js";
import { budgetOfToken } from "./fight/scene-fight.js";
import { worldFight } from "./fight/world-fight.js";
import { combatModeOf } from "../rulesets/index.js";
import { handleTurnRequest } from "../combat/requests/turn-request.js";
import { handleLetGoRequest, LET_GO_REQUEST } from "./climbs/let-go-request.js";
import { handleMoveRequest, MOVE_REQUEST, type MoveRequestContext } from "./moves/move-request.js";
import { sceneOf, tokenOf } from "./check/ports-check.js";
import { registerRegionBehaviours } from "./regions/region-behaviour-models.js";
import { watchSceneNotices } from "./space/scene-notice.js";
import { movementActionsFor } from "./actions/register-movement-actions.js";
import { addSpaceModelField } from "./space/space-model-field.js";
import { makeSpaces, spaces } from "./space/world-spaces.js";
import { theGame, type GamePort } from "../game/game-port.js";

let interruptions: MoveInterruptions | undefined;
/** The GM's interrupted moves, in its browser storage under the world's id (read once the game is ready). */
const gmInterruptions = (): MoveInterruptions =>
  (interruptions ??= new MoveInterruptions(globalThis.localStorage ?? null, `fray.interrupted.${theGame().world.id}.`));

/** The hooks block-watch.ts handles (SEC-42/SEC-43). */
const BLOCK_HOOKS = [
  "canvasReady",
  "updateCombat",
  "deleteCombat",
  "createRegion",
  "updateRegion",
  "deleteRegion",
  "updateToken",
  "sightRefresh",
  "renderTokenHUD",
];

/** The active GM's hands for move requests: the world's scenes and users, and the GM's own compiled scenes. */
const gmMoveContext: MoveRequestContext = {
  scene: (id) => {
    const scene = theGame().scenes.get(id);
    return scene ? sceneOf(scene) : undefined;
  },
  user: (id) => theGame().users.get(id) ?? undefined,
  ruleset: () => currentRuleset(),
  get spaces() {
    return spaces();
  },
  approvals,
  now: () => Date.now(),
  fight: worldFight,
  turns: gmTurnContext,
  effects: (sceneId, effects, senderId, rollMode, cup) => postMoveCards(sceneId, effects, senderId, rollMode, cup),
  dice: foundryDiceTray,
  get interruptions() {
    return gmInterruptions();
  },
  offerSettled: moveCardSettled,
};

const audit = gmAudit(() => spaces(), gmMoveContext);

/** The GM undid a move's turn step: the token goes back where the move began (a GM's displace, checked by nothing). */
async function putTokenBack(command: TurnCommand, game: Pick<GamePort, "scenes"> = theGame()): Promise<void> {
  const origin = originOf(command);
  const token = origin ? game.scenes.get(origin.sceneId)?.tokens.get(origin.tokenId) : undefined;
  if (!origin || !token) return;
  await token.move(
    { x: origin.x, y: origin.y, action: "displace" },
    { method: "api", autoRotate: false, showRuler: false },
  );
}

const clientMoveContext = (game: Pick<GamePort, "user"> = theGame()): MoveClientContext => ({
  spaces: spaces(),
  ruleset: () => currentRuleset(),
  send: (name, payload) => requests().send(name, payload),
  rollMode: currentRollMode,
  isGM: game.user.isGM,
  fight: worldFight,
});

/**
 * SEC-06: in a started fight, the Moves the token's turn still grants it, for canSelect; undefined outside a fight
 * (a PrototypeToken's parent is its actor: it stands in none).
 */
function pendingGrants(token: unknown): readonly { readonly kind: string }[] | undefined {
  const t = token as
    { id?: string | null; parent?: { id?: string | null; documentName?: string } | null } | null | undefined;
  if (t?.parent?.documentName !== "Scene" || !t.id) return undefined;
  const fight = worldFight(t.parent.id ?? "");
  const budget = budgetOfToken(fight, t.id);
  return budget ? (budget.grants ?? []) : undefined;
}

/** The GM's hands for reviewing a Block: the combatant's token on its scene, and the GM's own compiled scenes. */
const blockReviewPort: BlockReviewPort = {
  placeOf: (combat, id) => {
    const c = theGame()
      .combats.get(combat.id ?? "")
      ?.combatants.get(id);
    const scene = c?.sceneId ? theGame().scenes.get(c.sceneId) : undefined;
    const token = c?.tokenId ? scene?.tokens.get(c.tokenId) : undefined;
    return scene && token ? { scene: sceneOf(scene), token: tokenOf(token) } : undefined;
  },
  space: (scene) => spaces().get(scene),
  ruleset: () => currentRuleset(),
  itemOf: (combat, id, itemId) =>
    theGame()
      .combats.get(combat.id ?? "")
      ?.combatants.get(id)
      ?.actor?.items.get(itemId) ?? undefined,
};

/**
 * SEC-44: an actor made Immobilized or Defenseless (its sheet or its token's status) lowers its Block: the active GM
 * records the turn order's step, so the GM's undo of it puts the Block back.
 */
async function lowerBlocksOf(
  actor: Actor.Implementation,
  changes: unknown,
  game: Pick<GamePort, "user" | "combats"> = theGame(),
): Promise<void> {
  if (!game.user.isActiveGM) return;
  const reason = loweringCondition(changes);
  if (!reason) return;
  const requests = blockLowerings(
    game.combats,
    combatModeOf,
    (c: Combatant.Implementation) => c.actor?.uuid === actor.uuid,
    reason,
  );
  for (const request of requests) {
    const answer = await handleTurnRequest(gmTurnContext, request, game.user.id ?? "");
    if (!answer.ok) console.warn("Fray | a Block was not lowered", answer.reason);
  }
}

const rulerContext = (game: Pick<GamePort, "user" | "i18n"> = theGame()): RulerContext => ({
  spaces: spaces(),
  ruleset: () => currentRuleset(),
  fight: worldFight,
  isGM: game.user.isGM,
  format: (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key)),
});

/**
 * Token movement on the canvas: the Region behaviours, the scene setting, the per-scene space cache, the rule set's
 * movement actions and their costs, the ruler showing the core's answer while a move is dragged, and every move checked
 * on the mover's client and then on the active GM's.
 */
export function registerCanvas(): void {
  registerRegionBehaviours();
  const cache = makeSpaces();
  cache.watch(Hooks);
  watchSceneNotices((scene) => cache.get(scene), currentRuleset);
  // The rule set's movement actions replace Foundry's (jump, burrow, blink are no rule set's words); displace stays.
  const actions = movementActionsFor(currentRuleset(), cache, CONFIG.Token.movement.actions.displace, pendingGrants);
  CONFIG.Token.movement.actions = actions;
  FrayTokenDocument.hands = { context: clientMoveContext, onMoved: () => audit };
  CONFIG.Token.documentClass = FrayTokenDocument;
  whenStepUndone(putTokenBack);
  // SEC-42: a Block's border is checked against the blocker's section on the GM's own map before it is recorded.
  reviewTurnCommands((combat, command) => reviewBlock(blockReviewPort, combat, command));
  Hooks.on("updateActor", (actor, changes) => void lowerBlocksOf(actor, changes));
  // SEC-42/SEC-43: the Blocks drawn on the canvas and on the token HUD, and lowered when a GM puts a blocker elsewhere:
  // sections worlds only, each hook handled in block-watch.ts.
  if (currentRuleset() === "sections")
    for (const hook of BLOCK_HOOKS)
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs the hooks as names
      (Hooks.on as (name: string, fn: (...args: unknown[]) => void) => number)(
        hook,
        (...args) => void onBlockHook(hook, args),
      );
  // The ruler asks the same check while a move is dragged: its labels and refused segments are the core's answer.
  // fvtt-types declare rulerClass as an instance, though Foundry constructs it (`new CONFIG.Token.rulerClass(token)`).
  FrayTokenRuler.context = rulerContext;
  CONFIG.Token.rulerClass = FrayTokenRuler as unknown as typeof CONFIG.Token.rulerClass;
  requests().register(MOVE_REQUEST, (payload, senderId) => handleMoveRequest(gmMoveContext, payload, senderId));
  // SEC-21: a climber lets go (the token HUD's control), checked and rolled by the active GM.
  requests().register(LET_GO_REQUEST, (payload, senderId) => handleLetGoRequest(gmMoveContext, payload, senderId));
  Hooks.on("renderSceneConfig", (app, html) =>
    addSpaceModelField(app.document, html, currentRuleset(), (key, data) =>
      data ? theGame().i18n.format(key, data) : theGame().i18n.localize(key),
    ),
  );
}
