import { currentRollMode } from "../../combat/requests/turn-client.js";
import { formatData } from "../../i18n.js";
import { requests } from "../../requests/register-requests.js";
import { hudButton } from "../blocks/block-hud.js";
import { LET_GO_REQUEST } from "./let-go-request.js";
import { worldFight } from "../fight/world-fight.js";
import { theGame, type GamePort } from "../../game/game-port.js";

/**
 * SEC-21 on the token HUD of a climber its user owns (or the GM): a "let go" control, sent to the active GM as a
 * request naming only the token (the GM checks the climb, spends the Move and rolls the fall). A button, so the
 * keyboard reaches it; the GM's refusal is shown in the rule text's words.
 */
export function addClimbControls(
  hud: { readonly document: TokenDocument.Implementation; close(): unknown },
  html: HTMLElement,
  game: Pick<GamePort, "i18n"> = theGame(),
): void {
  const token = hud.document;
  const sceneId = token.parent?.id;
  const tokenId = token.id;
  const column = html.querySelector<HTMLElement>(".col.right");
  if (!sceneId || !tokenId || !column || !token.isOwner) return;
  const climb = worldFight(sceneId).climbs.find((c) => c.climber === tokenId);
  if (!climb) return;
  const label = game.i18n.format("FRAY.Hud.LetGo", { climbed: String(climb.climbed), height: String(climb.height) });
  const b = hudButton("fa-solid fa-person-falling", label, "fray-hud-let-go");
  const letGo = async (): Promise<void> => {
    const answer = await requests().send(LET_GO_REQUEST, { sceneId, tokenId, rollMode: currentRollMode() });
    if (!answer.ok) ui.notifications.warn(answer.key, { format: formatData(answer.data) });
    else await hud.close();
  };
  b.addEventListener("click", () => void letGo());
  column.append(b);
}
