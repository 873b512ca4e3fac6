import type { MoveMode } from "../../../core/space/movement.js";

/**
 * One movement action a token may take, in the rule text's word: its id in `CONFIG.Token.movement.actions` (Foundry's
 * own id where the two agree), the core's MoveMode it is checked as, and how Foundry draws and measures it.
 */
export interface FrayMovementAction {
  readonly id: string;
  readonly mode: MoveMode;
  readonly icon: string;
  /** Straight to the destination, no squares in between (SEC-09, STR-22). */
  readonly teleport?: boolean;
  /** Crosses walls: Phase crosses hard borders (SEC-07). */
  readonly ignoresWalls?: boolean;
}

/**
 * Every action some rule set's text names, by id. Each rule set's actor type (data/specs/) picks its own from these,
 * so this file imports nothing of the specs.
 */
export const ACTION_BY_ID = {
  walk: { id: "walk", mode: "walk", icon: "fa-solid fa-person-walking" },
  climb: { id: "climb", mode: "climb", icon: "fa-solid fa-person-through-window" },
  swim: { id: "swim", mode: "swim", icon: "fa-solid fa-person-swimming" },
  fly: { id: "fly", mode: "fly", icon: "fa-solid fa-person-fairy" },
  phase: { id: "phase", mode: "phase", icon: "fa-solid fa-ghost", ignoresWalls: true },
  teleport: {
    id: "teleport",
    mode: "teleport",
    icon: "fa-solid fa-person-from-portal",
    teleport: true,
    ignoresWalls: true,
  },
  sneak: { id: "sneak", mode: "sneak", icon: "fa-solid fa-user-ninja" },
  crawl: { id: "crawl", mode: "crawl", icon: "fa-solid fa-person-praying" },
} as const satisfies Readonly<Record<string, FrayMovementAction>>;

/** The id of one of Fray's movement actions: what an actor type's spec names. */
export type MovementActionId = keyof typeof ACTION_BY_ID;
