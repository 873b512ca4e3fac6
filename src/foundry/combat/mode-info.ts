import type { RulesetId } from "../../core/rulesets.js";
import type { TurnOrderEngine } from "../../core/turn-order/types.js";
import { INITIATIVE_DICE } from "../../core/turn-order/rolled/initiative-dice.js";
import type { RollPurpose } from "../dice/step-rolls.js";
import { DISPOSITION_SIDES, flag, num, sidesInOrder, type DispositionSides, type RosterEntry } from "./roster.js";
import type { TurnCommand } from "./turn-command.js";

/** Options the GM sets before the start: initiative order of sides, who started the fight, surprise. */
export interface StartOptions {
  readonly sideOrder?: readonly string[];
  readonly surprise?: readonly string[];
  readonly initiators?: readonly string[];
  readonly ruleOptions?: Readonly<Record<string, unknown>>;
}

/**
 * A combat type as every client knows it from the start: how a Foundry roster becomes its engine's setup, its sides and
 * rounds. The engine itself is code a world may never run: it loads on demand (mode-registry.ts).
 */
export interface CombatModeInfo {
  readonly id: string;
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

/** The engine a turn order runs on, its command type widened to every turn order's. */
export type ModeEngine = TurnOrderEngine<unknown, unknown, TurnCommand>;

/** A combat type: the core engine that runs it and how a Foundry roster becomes that engine's setup. */
export interface CombatMode extends CombatModeInfo {
  readonly engine: ModeEngine;
}

// The engines' command types are narrower than TurnCommand; the request handler validates shape
// before the engine sees a command, and the engine refuses anything it does not know.
export const widenEngine = <S, St, C>(e: TurnOrderEngine<S, St, C>) => e as unknown as ModeEngine;

/** A combat type with its engine. */
export const withEngine = <S, St, C>(id: string, engine: TurnOrderEngine<S, St, C>): CombatMode => ({
  ...MODE_INFO[id]!,
  engine: widenEngine(engine),
});

// The core knows "pc" (the pcFirst tie-break, the pcsOnly Round Zero ruling of STR-09, downed PCs); the strain and sections
// sheets offer the same words, so a sheet's side and a token's disposition name one side, not two.
const PCS_AND_NPCS: DispositionSides = { friendly: "pc", hostile: "npc" };

const order = (roster: readonly RosterEntry[], start: StartOptions): string[] => {
  const all = sidesInOrder(roster);
  const given = (start.sideOrder ?? []).filter((s) => all.includes(s));
  return [...given, ...all.filter((s) => !given.includes(s))];
};

export const MODE_INFO: Readonly<Record<string, CombatModeInfo>> = {
  ranked: {
    id: "ranked",
    roundOffset: 0,
    grouped: false,
    // ESC-01: the order is by Agility.
    initiative: "@agility",
    sides: PCS_AND_NPCS,
    openingDice: "TieBreak",
    buildSetup: (roster, start) => ({
      combatants: roster.map((r) => ({
        id: r.id,
        name: r.name,
        side: r.side,
        agility: num(r, "agility"),
        initiator: start.initiators?.includes(r.id) ?? false,
        prone: flag(r, "prone"),
      })),
      options: start.ruleOptions ?? {},
    }),
  },
  rolled: {
    id: "rolled",
    roundOffset: 1,
    grouped: false,
    // STR-02: 2d6 + Initiative.
    initiative: `${INITIATIVE_DICE.count}d${INITIATIVE_DICE.sides} + @initiative`,
    sides: PCS_AND_NPCS,
    openingDice: "TieBreak",
    buildSetup: (roster, start) => ({
      combatants: roster.map((r) => ({
        id: r.id,
        name: r.name,
        side: r.side,
        initiative: num(r, "initiative"),
        speed: num(r, "speed", 6),
        stressLoad: num(r, "stressLoad"),
        stressTolerance: num(r, "stressTolerance", 5),
        fatigueLoad: num(r, "fatigueLoad"),
        fatigueTolerance: num(r, "fatigueTolerance", 5),
      })),
      options: start.ruleOptions ?? {},
    }),
  },
  teams: {
    id: "teams",
    roundOffset: 0,
    grouped: true,
    initiative: null,
    sides: DISPOSITION_SIDES,
    buildSetup: (roster, start) => ({
      initiative: order(roster, start),
      combatants: roster.map((r) => ({
        id: r.id,
        team: r.side,
        stamina: num(r, "stamina"),
        focus: num(r, "focus"),
        able: !flag(r, "unable"),
        cannotBeSurprised: flag(r, "cannotBeSurprised"),
      })),
      ...(start.surprise?.length ? { surprise: start.surprise } : {}),
      options: start.ruleOptions ?? {},
    }),
  },
  factions: {
    id: "factions",
    roundOffset: 0,
    grouped: true,
    initiative: null,
    sides: DISPOSITION_SIDES,
    buildSetup: (roster, start) => {
      const factions = order(roster, start);
      return {
        factions,
        combatants: roster.map((r) => ({
          id: r.id,
          faction: r.side,
          wit: num(r, "wit"),
          health: num(r, "health"),
          maxHealth: num(r, "healthMax", num(r, "health")),
          immuneToFear: flag(r, "immuneToFear"),
          concealed: start.surprise?.includes(r.side) ?? false,
          able: !flag(r, "unable"),
        })),
        // FAC-05: the first side in the GM's order started the fight and holds initiative.
        ...(factions[0] ? { initiative: factions[0] } : {}),
        players: factions.filter((f) => roster.some((r) => r.side === f && flag(r, "playerOwned"))),
        options: start.ruleOptions ?? {},
      };
    },
  },
  sections: {
    id: "sections",
    roundOffset: 0,
    grouped: true,
    initiative: null,
    // The sections sheet's words: player characters and adversaries.
    sides: { friendly: "pc", hostile: "adversary" },
    buildSetup: (roster, start) => ({
      combatants: roster.map((r) => ({ id: r.id, name: r.name, side: r.side, able: !flag(r, "unable") })),
      sideOrder: order(roster, start),
      options: start.ruleOptions ?? {},
    }),
  },
};

/** The combat type a new combat takes in a world of each rule set. */
export const MODE_FOR_RULESET: Readonly<Record<RulesetId, string>> = {
  sections: "sections",
  escalation: "ranked",
  teams: "teams",
  strain: "rolled",
  factions: "factions",
};

/** The world's initiative formula (CONFIG.Combat.initiative), as its turn order rolls it, or null where none is rolled. */
export function initiativeFormula(ruleset: RulesetId): string | null {
  return MODE_INFO[MODE_FOR_RULESET[ruleset]]?.initiative ?? null;
}
