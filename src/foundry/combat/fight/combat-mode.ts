import type { TurnOrderEngine } from "../../../core/turn-order/types.js";
import type { RollPurpose } from "../../dice/step-rolls.js";
import { sidesInOrder, type DispositionSides, type RosterEntry } from "./roster.js";
import type { TurnCommand } from "./turn-command.js";

/** Options the GM sets before the start: initiative order of sides, who started the fight, surprise. */
export interface StartOptions {
  readonly sideOrder?: readonly string[];
  readonly surprise?: readonly string[];
  readonly initiators?: readonly string[];
  readonly ruleOptions?: Readonly<Record<string, unknown>>;
}

/** The engine a turn order runs on, its command type widened to every turn order's. */
type ModeEngine = TurnOrderEngine<unknown, unknown, TurnCommand>;

/**
 * A combat type: the core engine that runs its turn order, and how a Foundry roster becomes that engine's setup, its
 * sides and rounds. Each rule set's manifest (rulesets/) holds the one its worlds start with.
 */
export interface CombatMode {
  readonly id: string;
  readonly engine: ModeEngine;
  readonly buildSetup: (roster: readonly RosterEntry[], start: StartOptions) => unknown;
  /** Foundry's round is 1 when the fight starts; engines with a Round Zero count from 0. */
  readonly roundOffset: number;
  /** Whether sides come from CombatantGroups (teams, factions) rather than one list. */
  readonly grouped: boolean;
  /**
   * Foundry's initiative formula for this turn order (CONFIG.Combat.initiative), from the core's own numbers, for
   * modules that read it; null where the order has no per-combatant initiative (sides alternate, cards decide).
   */
  readonly initiative: string | null;
  /** The side a friendly or hostile token is on when neither the GM nor the actor's sheet chose one. */
  readonly sides: DispositionSides;
  /**
   * What the opening's dice that no roll of the core holds are for, as the chat names them: the tie roll-off's d6s
   * where the order ranks (ESC-01, STR-02 rulings: `rankDescending` rolls them bare). Absent: the opening has none.
   */
  readonly openingDice?: RollPurpose;
}

// The engines' command types are narrower than TurnCommand; the request handler validates shape
// before the engine sees a command, and the engine refuses anything it does not know.
export const widenEngine = <S, St, C>(e: TurnOrderEngine<S, St, C>) => e as unknown as ModeEngine;

// The core knows "pc" (the pcFirst tie-break, the pcsOnly Round Zero ruling of STR-09, downed PCs); the strain and
// sections sheets offer the same words, so a sheet's side and a token's disposition name one side, not two.
export const PCS_AND_NPCS: DispositionSides = { friendly: "pc", hostile: "npc" };

/** The sides in the GM's chosen order, then any the GM did not place, as the roster has them. */
export function sideOrder(roster: readonly RosterEntry[], start: StartOptions): string[] {
  const all = sidesInOrder(roster);
  const given = (start.sideOrder ?? []).filter((s) => all.includes(s));
  return [...given, ...all.filter((s) => !given.includes(s))];
}
