import { valueAt } from "../../../core/shared/guards.js";
import { DISPOSITION_SIDES, sideOfDisposition, type DispositionSides, type RosterEntry } from "./roster.js";

/** Statistics turn order reads, by name, with the actor data paths they come from (first one present wins). */
const STAT_PATHS: Readonly<Record<string, readonly string[]>> = {
  agility: ["agility", "modifiers.agility", "abilities.agility"],
  initiative: ["initiative", "modifiers.initiative"],
  speed: ["speed"],
  stressLoad: ["stress.load", "stressLoad"],
  stressTolerance: ["stress.tolerance", "stressTolerance"],
  fatigueLoad: ["fatigue.load", "fatigueLoad"],
  fatigueTolerance: ["fatigue.tolerance", "fatigueTolerance"],
  stamina: ["stamina.value", "stamina"],
  focus: ["focus.value", "focus"],
  wit: ["wit", "attributes.wit"],
  health: ["health.value", "health"],
  healthMax: ["health.max"],
  // TEAM-15/16: the prepared data's derived value counts a talent such as danger sense; the stored flag alone does not.
  cannotBeSurprised: ["cannotBeSurprisedWithTalents", "cannotBeSurprised"],
  immuneToFear: ["immuneToFear"],
  prone: ["conditions.prone", "prone"],
  // FAC-57: a factions character already surrendering.
  surrendering: ["conditions.surrendering"],
  // STR-57: Stunned stacks (strain).
  stunned: ["statuses.stunned"],
  // Unconscious (teams) or Incapacitated (strain, factions): cannot take turns until able again.
  unable: ["conditions.unconscious", "statuses.incapacitated", "conditions.incapacitated"],
};

/** Read the turn-order statistics from an actor's system data. Pure. */
export function statsFrom(system: unknown): RosterEntry["stats"] {
  const out: Record<string, number | boolean | string> = {};
  for (const [name, paths] of Object.entries(STAT_PATHS)) {
    for (const p of paths) {
      const v = valueAt(system, p);
      if (typeof v === "number" || typeof v === "boolean" || typeof v === "string") {
        out[name] = v;
        break;
      }
    }
  }
  return out;
}

export interface CombatantSource {
  readonly id: string | null;
  readonly name: string | null | undefined;
  readonly hidden: boolean;
  readonly groupId: string | null;
  readonly disposition: number | null;
  readonly defeated: boolean;
  /** A player owns it: its side is a Players' side (FAC-71's declaration timer). */
  readonly playerOwned: boolean;
  readonly actorSystem: unknown;
}

/**
 * The roster a combat starts from: everyone not defeated, with their side: the GM's CombatantGroup, else the side the
 * actor's sheet sets, else its token's disposition in the turn order's words (`sides`). Pure.
 */
export function rosterFrom(
  combatants: readonly CombatantSource[],
  sides: DispositionSides = DISPOSITION_SIDES,
): RosterEntry[] {
  return combatants
    .filter((c) => c.id !== null && !c.defeated)
    .map((c) => ({
      id: c.id as string,
      name: c.name ?? "",
      side: c.groupId ?? sideFrom(c.actorSystem, c.disposition, sides),
      hidden: c.hidden,
      stats: { ...statsFrom(c.actorSystem), playerOwned: c.playerOwned },
    }));
}

/**
 * An actor's side outside any group: the one it names for itself, else its token's disposition in the order's words.
 */
export function sideFrom(
  system: unknown,
  disposition: number | null,
  sides: DispositionSides = DISPOSITION_SIDES,
): string {
  return declaredSide(system) ?? sideOfDisposition(disposition, sides);
}

/**
 * The side an actor names for itself (factions' faction, strain's and sections' side); blank leaves it to the token.
 */
function declaredSide(system: unknown): string | null {
  for (const path of ["faction", "side"]) {
    const v = valueAt(system, path);
    if (typeof v === "string" && v.trim() !== "") return v.trim();
  }
  return null;
}
