import type { RulesetId } from "../../../core/rulesets.js";
import { formatData } from "../../i18n.js";
import { manifestOf } from "../../rulesets/index.js";
import type { SceneLike } from "./scene-ports.js";
import { sceneSpaceModel, type SceneSpace } from "./scene-space.js";
import { theGame } from "../../game/game-port.js";

/** What the GM is told about a scene's map: a lang key and its data. */
interface SceneNotice {
  readonly key: string;
  readonly data: Readonly<Record<string, string>>;
}

/**
 * What a GM viewing this scene should know about Fray's checks on it, or null when moves are checked as the rule
 * set says. A map the core refuses stops every move on the scene; a squares scene whose grid is not square (hex,
 * gridless) is not checked at all, since the grid rules count squares (STR-14). Both would otherwise be found out
 * by the first refused or unchecked move in a fight.
 */
export function sceneNotice(
  scene: Pick<SceneLike, "flags" | "grid"> & { readonly name?: string | null },
  space: SceneSpace,
  ruleset: RulesetId,
  localise: (key: string, data?: Record<string, string>) => string,
): SceneNotice | null {
  const name = scene.name ?? "";
  if (space.model === "broken") {
    const reason = localise(space.refusal.key, formatData(space.refusal.data));
    return { key: "FRAY.Movement.Notice.Broken", data: { scene: name, reason } };
  }
  if (space.model === "none" && sceneSpaceModel(scene, manifestOf(ruleset).space) === "grid" && !scene.grid.isSquare)
    return { key: "FRAY.Movement.Notice.NotSquare", data: { scene: name } };
  return null;
}

/**
 * Tell the GM once per compiled map (a change to the regions, walls or grid makes a new one, told again if still
 * wrong) when the viewed scene's moves are refused or unchecked.
 */
export function watchSceneNotices(space: (scene: SceneLike) => SceneSpace, ruleset: () => RulesetId): void {
  const told = new WeakSet<SceneSpace>();
  Hooks.on("canvasReady", (canvas) => {
    const scene = canvas.scene;
    const game = theGame();
    if (!game.user.isGM || !scene) return;
    const compiled = space(scene);
    if (told.has(compiled)) return;
    const localise = (key: string, data?: Record<string, string>) =>
      data ? game.i18n.format(key, data) : game.i18n.localize(key);
    const notice = sceneNotice(scene, compiled, ruleset(), localise);
    if (!notice) return;
    told.add(compiled);
    // The scene's name and the reason go as format data: v13 escapes them, and draws the notice as HTML.
    ui.notifications.warn(notice.key, { format: { ...notice.data } });
  });
}
