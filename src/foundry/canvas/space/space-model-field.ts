import type { RulesetId } from "../../../core/rulesets.js";
import { sceneSpaceModel } from "./scene-space.js";
import { manifestOf } from "../../rulesets/index.js";
import { SPACE_MODEL_FLAG, SPACE_MODELS, type SpaceModel } from "./space-model.js";

/** The form field's name: Foundry's scene sheet submits it with the rest of the form, into the scene's flags. */
export const SPACE_MODEL_FIELD = `flags.fray.${SPACE_MODEL_FLAG}`;

/** game.i18n.format, or localize when there is nothing to fill in. */
export type Localize = (key: string, data?: Record<string, string>) => string;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The scene setting's HTML, a `form-group` as v13's sheets draw them: a select of the four models with the scene's
 * own model chosen (its flag, else the world rule set's), and a hint naming the rule set's default.
 */
export function spaceModelFieldHtml(current: SpaceModel, ruleset: RulesetId, localize: Localize): string {
  const fallback = localize(`FRAY.Space.Model.${manifestOf(ruleset).space}`);
  const options = SPACE_MODELS.map(
    (m) =>
      `<option value="${m}"${m === current ? " selected" : ""}>${escape(localize(`FRAY.Space.Model.${m}`))}</option>`,
  ).join("");
  const hint = localize("FRAY.Space.Setting.Hint", { default: fallback });
  return (
    `<div class="form-group fray-space-model">` +
    `<label for="fray-space-model">${escape(localize("FRAY.Space.Setting.Name"))}</label>` +
    `<div class="form-fields"><select id="fray-space-model" name="${SPACE_MODEL_FIELD}">${options}</select></div>` +
    `<p class="hint">${escape(hint)}</p></div>`
  );
}

/**
 * The `renderSceneConfig` hook: v13's scene sheet is an ApplicationV2 whose parts re-render, so the field is added to
 * the Grid tab each time it is missing (never twice).
 */
export function addSpaceModelField(
  scene: { readonly flags: unknown },
  root: HTMLElement,
  ruleset: RulesetId,
  localize: Localize,
): void {
  if (root.querySelector(`[name="${SPACE_MODEL_FIELD}"]`)) return;
  const tab =
    root.querySelector('.tab[data-tab="grid"]') ?? root.querySelector(".tab[data-tab]") ?? root.querySelector("form");
  tab?.insertAdjacentHTML(
    "beforeend",
    spaceModelFieldHtml(sceneSpaceModel(scene, manifestOf(ruleset).space), ruleset, localize),
  );
}
