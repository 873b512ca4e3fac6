import { combatModeOf } from "../rulesets/index.js";
import { gmContext as gmTurnContext } from "../combat/requests/turn-client.js";
import { handleTurnRequest } from "../combat/requests/turn-request.js";
import { leftClimbEndings, leftLowerings } from "./blocks/block-lowering.js";
import { addBlockControls } from "./blocks/block-hud.js";
import { addClimbControls } from "./climbs/climb-hud.js";
import { drawBlocks, refreshBlockVisibility } from "./blocks/block-layer.js";
import { sceneOf, tokenOf } from "./check/ports-check.js";
import { placeOfToken } from "./check/token-place.js";
import { spaces } from "./space/world-spaces.js";
import { theGame, type GamePort } from "../game/game-port.js";

/**
 * SEC-43: a blocker's token that ends up in another section by a path no Move recorded (a GM's drag or displace, a
 * macro's teleport, an update of x and y by a GM) lowers its Block: the active GM records the turn order's step (undo
 * puts it back). A recorded Move has lowered it already, so nothing is asked then. A player's move is the move
 * check's: recorded as a Move (which lowers it), or refused and undone (the Block stays); lowering it here as well
 * would race the GM's audit of an unchecked move for the fight's revision. A climber's climb ends the same way.
 */
async function lowerBlocksLeft(
  token: TokenDocument.Implementation,
  userId: string,
  game: Pick<GamePort, "user" | "users" | "combats"> = theGame(),
): Promise<void> {
  const scene = token.parent;
  if (!game.user.isActiveGM || !game.users.get(userId)?.isGM || !scene?.id || !token.id) return;
  const place = sceneOf(scene);
  const space = spaces().get(place);
  const section = space.model === "sections" ? placeOfToken(place, space, tokenOf(token)) : null;
  const at = { sceneId: scene.id, tokenId: token.id };
  for (const request of leftLowerings(game.combats, combatModeOf, at, section)) {
    const answer = await handleTurnRequest(gmTurnContext, request, game.user.id ?? "");
    if (!answer.ok) console.warn("Fray | a Block was not lowered", answer.reason);
  }
  // SEC-16: a climber put elsewhere climbs no more (asked after the Block, at the fight's new revision).
  for (const request of leftClimbEndings(game.combats, combatModeOf, at, section)) {
    const answer = await handleTurnRequest(gmTurnContext, request, game.user.id ?? "");
    if (!answer.ok) console.warn("Fray | a climb was not ended", answer.reason);
  }
}

/** A token changed: a GM's move of a blocker lowers its Block; a new disposition or hiding redraws the marks. */
async function tokenUpdated(token: TokenDocument.Implementation, changes: object, userId: string): Promise<void> {
  if ("x" in changes || "y" in changes) await lowerBlocksLeft(token, userId);
  if ("disposition" in changes || "hidden" in changes) drawBlocks();
}

/**
 * One of register-canvas.ts's BLOCK_HOOKS fired, with Foundry's arguments: a fight, the map or a token changed (the
 * marks are drawn again), vision changed (shown or hidden), a token HUD is drawn (its Block and let-go controls).
 */
export async function onBlockHook(hook: string, args: readonly unknown[]): Promise<void> {
  if (hook === "updateToken") {
    const [token, changes, , userId] = args as [TokenDocument.Implementation, object, unknown, string];
    await tokenUpdated(token, changes, userId);
  } else if (hook === "sightRefresh") refreshBlockVisibility();
  else if (hook === "renderTokenHUD") {
    const [hud, html] = args as [Parameters<typeof addBlockControls>[0], HTMLElement];
    addBlockControls(hud, html);
    addClimbControls(hud, html);
  } else drawBlocks();
}
