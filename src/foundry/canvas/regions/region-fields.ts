import {
  borderRows,
  bordersHtml,
  regionOptions,
  storedIds,
  submittedMarks,
  type BorderLabels,
  type RegionChoice,
} from "./region-inputs.js";
import { theGame, type GamePort } from "../../game/game-port.js";

/** Where the behaviour form finds the regions to offer: those of the scene the GM is editing. */
export type SceneRegions = () => readonly RegionChoice[];

/** The viewed scene's regions: Foundry opens a region's sheet, and its behaviours', from the canvas's Regions layer. */
export const viewedSceneRegions: SceneRegions = () =>
  canvas?.scene?.regions.contents.map((r) => ({ id: r.id ?? "", name: r.name ?? "" })) ?? [];

/** The input config Foundry's `toInput` hands `_toInput`: the field's path as `name`, its stored value, and more. */
interface InputConfig {
  name: string;
  value?: unknown;
  options?: { value: string; label: string }[];
  [key: string]: unknown;
}

/** The parts of Foundry's field classes these two override (declared protected in fvtt-types). */
interface OverridableField {
  _toInput(config: InputConfig): HTMLElement | HTMLCollection;
  _cleanType(value: unknown, options?: object): unknown;
}
type FieldClass = new (element: unknown, options?: object) => OverridableField;

const borderLabels = ({ i18n }: Pick<GamePort, "i18n"> = theGame()): BorderLabels => {
  const t = (key: string) => i18n.localize(`FRAY.Region.${key}`);
  return {
    region: t("Section.Neighbour.Label"),
    kind: t("Section.Kind.Label"),
    none: t("Kind.none"),
    soft: t("Kind.soft"),
    hard: t("Kind.hard"),
    height: t("Section.BorderHeight.Label"),
    heightPlaceholder: t("Section.BorderHeight.Placeholder"),
    noRegions: t("Section.Borders.NoRegions"),
  };
};

/** Foundry's two field classes these extend, as their overridable parts (read from `foundry` when the module loads). */
const { SetField, ArrayField } = foundry.data.fields as unknown as { SetField: FieldClass; ArrayField: FieldClass };

/**
 * Where the behaviour form finds the regions to offer: the viewed scene's, unless registerRegionBehaviours is given
 * others (a test's scene).
 */
export const offered: { regions: SceneRegions } = { regions: viewedSceneRegions };

/**
 * FAC-06: a set of region ids, drawn as Foundry's own multi-select with the scene's regions by name. One of the two
 * field classes with which Fray's behaviours name other regions: v13's behaviour form draws only fields whose class
 * has its own `_toInput` (common/data/fields.mjs, `hasFormSupport`), and draws a set of strings as free tags.
 */
export class RegionSetField extends SetField {
  override _toInput(config: InputConfig): HTMLElement | HTMLCollection {
    config.options = regionOptions(offered.regions(), storedIds(config.value));
    return super._toInput(config);
  }
}

/**
 * SEC-01: the marked borders, drawn as a table of the scene's regions; a submitted row with no border is dropped. An
 * array of schema fields has no `_toInput` of its own, so v13's form would draw none.
 */
export class BorderMarksField extends ArrayField {
  override _toInput(config: InputConfig): HTMLElement | HTMLCollection {
    return foundry.utils.parseHTML(
      bordersHtml(config.name, borderRows(config.value, offered.regions()), borderLabels()),
    );
  }

  override _cleanType(value: unknown, options?: object): unknown {
    return super._cleanType(submittedMarks(value as unknown[]), options);
  }
}
