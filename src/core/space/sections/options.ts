import type { GrantedMoveWindow } from "../../economy/sections.js";
/** Table options for the silent sections clauses; every default is recorded in docs/rulings.md. */
export interface SectionsOptions {
  /**
   * SEC-09: what limits a Teleport's destination: borders of any kind on the shortest route, soft borders only, or
   * nothing.
   */
  readonly teleportMeasure: "anyBorders" | "softBorders" | "unlimited";
  /** SEC-10: whether Phase/Teleport also need range >= |Height| when going down. */
  readonly heightCheckDownward: boolean;
  /** SEC-13: whether a Move whose Height value covers a downward border avoids falling. */
  readonly heightMoveAvoidsFall: boolean;
  /** SEC-15: climb checks one Move allows: its Move number, or just one. */
  readonly climbChecksPerMove: "moveNumber" | "one";
  /** SEC-15: whether a failed climb check (outside SEC-20) makes the climber fall. */
  readonly failedClimbFalls: boolean;
  /** SEC-15: Height traversed per successful climb check. */
  readonly heightPerClimbSuccess: number;
  /** SEC-30: "gm" leaves the straight line to the table; "geometry" checks it where sections carry geometry. */
  readonly straightLine: "gm" | "geometry";
  /** SEC-33: whether a Reach Action crossing Height borders must also meet the ranged Height rule (SEC-34). */
  readonly reachUsesRangedHeightRule: boolean;
  /**
   * SEC-35: "ridge" blocks a shot when a section in between is higher than both ends; "line" when it rises above the
   * straight sight line.
   */
  readonly terrainBlocks: "ridge" | "line";
  /** SEC-46: whether Blocks at a distance stop Phase, Fly and Teleport. */
  readonly distanceBlocksStopSpecialMovement: boolean;
  /** SEC-47: whether Thrown attacks count as ranged for Intercept (and SEC-48). */
  readonly thrownCountsAsRanged: boolean;
  /** SEC-48: whether a distance Block spares attacks by the blocker's own side. */
  readonly distanceBlockSparesAllies: boolean;
  /**
   * SEC-06: when Moves granted by cards may be taken; the same option, by the same name, as the sections turn order's.
   */
  readonly grantedMoveWindow: GrantedMoveWindow;
  /**
   * SEC-69: whether the swimming reduction also applies to Phase (Fly and Teleport never enter the water on the way).
   */
  readonly swimmingReducesPhase: boolean;
  /** SEC-72: whether every swimming entity counts as underwater. */
  readonly swimmingIsUnderwater: boolean;
  /** SEC-22 ruling: the sides of the DM's die against a climber's Acrobatics (the text gives none; default d6). */
  readonly climbDmDie: number;
}

export const defaultSectionsOptions: SectionsOptions = {
  teleportMeasure: "anyBorders",
  heightCheckDownward: true,
  heightMoveAvoidsFall: true,
  climbChecksPerMove: "moveNumber",
  failedClimbFalls: false,
  heightPerClimbSuccess: 1,
  straightLine: "gm",
  reachUsesRangedHeightRule: true,
  terrainBlocks: "ridge",
  distanceBlocksStopSpecialMovement: false,
  thrownCountsAsRanged: true,
  distanceBlockSparesAllies: false,
  grantedMoveWindow: "anytime",
  swimmingReducesPhase: false,
  swimmingIsUnderwater: false,
  climbDmDie: 6,
};

export function sectionsOptions(partial: Partial<SectionsOptions> = {}): SectionsOptions {
  return { ...defaultSectionsOptions, ...partial };
}
