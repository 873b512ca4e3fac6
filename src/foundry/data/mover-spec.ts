import type { MovementActionId } from "../canvas/actions/movement-action.js";

/**
 * Where a rule set's actor keeps what movement reads and what a move's cards write, as paths under its system data.
 * A path missing here is a number the rule set's text does not give its characters.
 */
export interface MoverFields {
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
 * How a rule set's characters move, declared by its actor type: the movement actions its text names, in the order a
 * player is offered them, and the fields movement reads. The canvas reads it from the specs (canvas/check/).
 */
export interface MoverSpec {
  readonly actions: readonly MovementActionId[];
  readonly fields: MoverFields;
}
