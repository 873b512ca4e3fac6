import { actionRange, isMeleeAction } from "../../../../core/space/sections/action-range.js";
import { field } from "../../field-spec.js";
import type { ModelMetadata } from "../../model-metadata.js";

/**
 * An Action or Strategy card of the sections rule set: Range, Thrown or Reach (SEC-28), Incantation N (SEC-60),
 * Area Attack and its targets (SEC-40, SEC-41), a granted Move or special movement with its number and Height
 * (SEC-06..SEC-12), whether it makes an attack, and the Hit and Damage dice it plays with.
 */
export const sectionsCard: ModelMetadata<"Item"> = {
  documentName: "Item",
  type: "sections-card",
  ruleset: "sections",
  schemaVersion: 1,
  fields: {
    phase: field.text("FRAY.Sections.Phase", "action", ["action", "strategy"]),
    source: field.text("FRAY.Sections.CardSource", "class", ["class", "weapon", "armour", "focus"]),
    reachKind: field.text("FRAY.Sections.ReachKind", "melee", ["melee", "range", "thrown", "reach"]),
    range: field.count("FRAY.Field.Range"),
    incantation: field.count("FRAY.Sections.Incantation"),
    areaAttack: field.flag("FRAY.Sections.AreaAttack"),
    areaTargets: field.text("FRAY.Sections.AreaTargets", "all", ["all", "enemies", "allies"]),
    excludesSelf: field.flag("FRAY.Sections.ExcludesSelf"),
    // SEC-46: playing this ability Blocks a border at a distance (picked from the map's borders in the tracker).
    blockAtDistance: field.flag("FRAY.Sections.BlockAtDistance"),
    movement: field.group("FRAY.Sections.Movement", {
      kind: field.text("FRAY.Sections.MovementKind", "none", ["none", "move", "phase", "fly", "teleport"]),
      distance: field.count("FRAY.Sections.MoveDistance"),
      height: field.count("FRAY.Sections.Height"),
    }),
    // A card that only grants movement (or does something else) makes no attack: no Attack button, no attack card.
    attack: field.flag("FRAY.Sections.CardAttack", true),
    hitDie: field.die("FRAY.Sections.HitDie", "d6", true),
    damageDie: field.die("FRAY.Sections.DamageDie", "d6", true),
    description: field.html("FRAY.Field.Description"),
  },
  migrations: [],
  derive(system) {
    const entry = system.reachKind as string;
    // The card names one entry (or none, "melee") and its number: the core reads range and kind from it.
    const { range, kind } = actionRange(
      entry === "melee" ? {} : { [entry === "range" ? "range" : entry]: system.range as number },
    );
    // SEC-06..SEC-08: what the card grants when played, for the row (its Play button takes it).
    const movement = (system.movement ?? {}) as { kind?: unknown; distance?: unknown };
    const grants = typeof movement.kind === "string" && movement.kind !== "none" ? movement.kind : "";
    return {
      effectiveRange: range,
      melee: isMeleeAction(kind),
      grants,
      grantNumber: grants && typeof movement.distance === "number" ? movement.distance : 0,
    };
  },
  summary: [
    "phase",
    "grants",
    "grantNumber",
    "reachKind",
    "effectiveRange",
    "incantation",
    "areaAttack",
    "hitDie",
    "damageDie",
  ],
  badges: { melee: { tone: "info" } },
};
