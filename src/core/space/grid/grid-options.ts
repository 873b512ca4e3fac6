/** Which rule set's grid movement applies: strain (elevation), escalation (melee zones), teams (2 m diagonals). */
export type GridRuleset = "strain" | "escalation" | "teams";

export type Rounding = "down" | "up" | "nearest";

/** Table options for the silent grid clauses; each default is recorded in docs/rulings.md. */
export interface GridOptions {
  readonly ruleset: GridRuleset;
  /** STR-23: extra squares of movement to leave Difficult Terrain. */
  readonly difficultTerrainExtra: number;
  /** STR-26: when a walk drops 2+ levels, make the descent roll ("roll") or pay the climbing-down cost ("pay"). */
  readonly descentChoice: "roll" | "pay";
  /** STR-28 ruling: how much Speed one stack of Slowed takes away. */
  readonly slowedSpeedLoss: number;
  /** STR-45 ruling: a character gives cover as terrain this many levels above its own square. */
  readonly characterCoverHeight: number;
  /** STR-46 ruling: does an attacker standing exactly on the dividing line face cover? */
  readonly coverOnDividingLine: boolean;
  /** TEAM-45 ruling: the 1 m / 2 m diagonal count restarts with every move, or runs on through the turn. */
  readonly diagonalCountResets: "each-move" | "each-turn";
  /** ESC-12 / ESC-46 ruling: rounding of halved and one-third movement. */
  readonly movementRounding: Rounding;
  /** ESC-12 ruling: do several halving conditions (sneak, swim, climb, max capacity) halve again? */
  readonly halvingStacks: boolean;
  /** ESC-43 ruling: does disengaging also cover moving 3+ spaces within a melee zone? */
  readonly disengageCoversWithin: boolean;
  /** ESC-16 ruling: "behind" is the square opposite an ally of the attacker, or flanking is never automatic. */
  readonly flanking: "opposite-ally" | "off";
}

export const DEFAULT_GRID_OPTIONS: GridOptions = {
  ruleset: "strain",
  difficultTerrainExtra: 1,
  descentChoice: "roll",
  slowedSpeedLoss: 1,
  characterCoverHeight: 2,
  coverOnDividingLine: false,
  diagonalCountResets: "each-move",
  movementRounding: "down",
  halvingStacks: false,
  disengageCoversWithin: false,
  flanking: "opposite-ally",
};

export function gridOptions(ruleset: GridRuleset, overrides: Partial<GridOptions> = {}): GridOptions {
  return { ...DEFAULT_GRID_OPTIONS, ...overrides, ruleset };
}

export function roundMovement(value: number, rounding: Rounding): number {
  // Guard against 6 * (1/3) style float noise before rounding.
  const v = Math.round(value * 1e9) / 1e9;
  return rounding === "up" ? Math.ceil(v) : rounding === "nearest" ? Math.round(v) : Math.floor(v);
}
