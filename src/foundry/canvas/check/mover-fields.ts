import type { RulesetId } from "../../../core/rulesets.js";

/**
 * Where a rule set's actor keeps what movement reads and what a move's cards write, as paths under its system data.
 * A path missing here is a number the rule set's text does not give its characters.
 */
interface MoverFields {
  /** Squares of movement a turn (STR-19 Speed, ESC-07 movement); none: no limit but the map's. */
  readonly speed?: string;
  /** SEC-04 the innate Move number (1 when absent). */
  readonly move?: string;
  /** SEC-70 Aquatic; SEC-44 Immobilized. */
  readonly aquatic?: string;
  readonly immobilized?: string;
  /** SEC-44 Defenseless (a Block held by a Defenseless entity stops nothing). */
  readonly defenseless?: string;
  /** STR-27/STR-28 the Slowed and Dazed counts; ESC-46 and TEAM-30 prone. */
  readonly slowed?: string;
  readonly dazed?: string;
  readonly prone?: string;
  /** What a fall's damage takes (SEC-13); at 0 the character is no longer alive (FAC-23). */
  readonly health?: string;
  /** FAC-23: an incapacitated character is not conscious, and its interrupted turn does not resume. */
  readonly incapacitated?: string;
  /** SEC-22: the Acrobatics die of the entity's Class card ("d8"), which a climb's checks roll (SEC-15). */
  readonly acrobatics?: string;
}

/**
 * One table, by rule set: the fields of each rule set's actor type (data/specs/) that movement reads. Teams' text
 * leaves movement and distances blank (TEAM-45 silent), so its characters have no speed and move as far as the map
 * lets.
 */
export const MOVER_FIELDS: Readonly<Record<RulesetId, MoverFields>> = {
  sections: {
    move: "move",
    aquatic: "aquatic",
    immobilized: "conditions.immobilized",
    defenseless: "conditions.defenseless",
    health: "health.value",
    acrobatics: "acrobatics",
  },
  escalation: { speed: "movement", prone: "conditions.prone" },
  teams: { prone: "conditions.prone" },
  strain: { speed: "speed", slowed: "statuses.slowed", dazed: "statuses.dazed" },
  factions: { health: "health.value", incapacitated: "conditions.incapacitated" },
};
