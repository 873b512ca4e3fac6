import { ZONE_SIGHTS } from "../../../core/space/zones/zone-map.js";
import { BORDER_KINDS, LIGHTINGS, SECTION_BEHAVIOUR, TERRAINS, ZONE_BEHAVIOUR } from "./region-data.js";
import { BorderMarksField, offered, RegionSetField, viewedSceneRegions, type SceneRegions } from "./region-fields.js";

import fields = foundry.data.fields;

/** A choice's label key is FRAY.Region.<List>.<choice>. */
const labelled = (choices: readonly string[], list: string): Record<string, string> =>
  Object.fromEntries(choices.map((c) => [c, `FRAY.Region.${list}.${c}`]));

/** A field's label and hint keys: FRAY.Region.<Type>.<Field>.Label / .Hint. */
const text = (type: string, name: string) => ({
  label: `FRAY.Region.${type}.${name}.Label`,
  hint: `FRAY.Region.${type}.${name}.Hint`,
});

/** One border a GM marks on a gridless scene: the region beyond, hard or soft, and its Height going there. */
function borderMark() {
  return new fields.SchemaField({
    neighbour: new fields.StringField({ required: true, blank: false, ...text("Section", "Neighbour") }),
    kind: new fields.StringField({
      required: true,
      blank: false,
      initial: "soft",
      choices: labelled(BORDER_KINDS, "Kind"),
      ...text("Section", "Kind"),
    }),
    height: new fields.NumberField({
      required: false,
      nullable: true,
      integer: true,
      initial: null,
      ...text("Section", "BorderHeight"),
    }),
  });
}

/** The schema of `fray.section`, built when Foundry first asks the model for it. */
function sectionSchema() {
  return {
    height: new fields.NumberField({
      required: true,
      nullable: false,
      integer: true,
      initial: 0,
      ...text("Section", "Height"),
    }),
    lighting: new fields.StringField({
      required: true,
      blank: false,
      initial: "lit",
      choices: labelled(LIGHTINGS, "Lighting"),
      ...text("Section", "Lighting"),
    }),
    water: new fields.BooleanField({ initial: false, ...text("Section", "Water") }),
    terrain: new fields.StringField({
      required: true,
      blank: false,
      initial: "normal",
      choices: labelled(TERRAINS, "Terrain"),
      ...text("Section", "Terrain"),
    }),
    // Drawn by region name in Foundry's behaviour form (region-fields.ts); stored as an array of marks as before.
    borders: new BorderMarksField(borderMark(), text("Section", "Borders")) as unknown as fields.ArrayField<
      ReturnType<typeof borderMark>
    >,
  };
}

function zoneSchema() {
  return {
    // Picked by region name in Foundry's behaviour form (region-fields.ts); stored as an array of region ids as before.
    neighbours: new RegionSetField(
      new fields.StringField({ required: true, blank: false }),
      text("Zone", "Neighbours"),
    ) as unknown as fields.SetField<fields.StringField>,
    // FAC-29, FAC-31, FAC-33: what can be seen of the zone's occupants from elsewhere (ruling in docs/rulings.md).
    sight: new fields.StringField({
      required: true,
      blank: false,
      initial: "clear",
      choices: labelled(ZONE_SIGHTS, "Sight"),
      ...text("Zone", "Sight"),
    }),
  };
}

/** `fray.section`: a section's Height, lighting, water and terrain, and on a gridless scene its borders (SEC-01). */
class SectionBehaviour extends foundry.data.regionBehaviors.RegionBehaviorType<ReturnType<typeof sectionSchema>> {
  static override defineSchema() {
    return sectionSchema();
  }
}

/** `fray.zone`: a zone's sight (FAC-29, FAC-33), and on a gridless scene its neighbours (FAC-06). */
class ZoneBehaviour extends foundry.data.regionBehaviors.RegionBehaviorType<ReturnType<typeof zoneSchema>> {
  static override defineSchema() {
    return zoneSchema();
  }
}

/**
 * Fray's two Region behaviour types. They hold data only and answer no region event: the space cache reads them
 * (scene-space.ts) and the movement check asks the core. The type id is the same key in system.json and CONFIG:
 * Foundry prefixes a module's sub-types with the module id, but takes a system's keys as written.
 */
export function registerRegionBehaviours(regions: SceneRegions = viewedSceneRegions): void {
  offered.regions = regions;
  const models = CONFIG.RegionBehavior.dataModels as Record<string, unknown>;
  models[SECTION_BEHAVIOUR] = SectionBehaviour;
  models[ZONE_BEHAVIOUR] = ZoneBehaviour;
  CONFIG.RegionBehavior.typeIcons[SECTION_BEHAVIOUR] = "fa-solid fa-vector-square";
  CONFIG.RegionBehavior.typeIcons[ZONE_BEHAVIOUR] = "fa-solid fa-draw-polygon";
}
