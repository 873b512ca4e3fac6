import type { TurnOrderView } from "../../core/turn-order/types.js";
import type { TurnCommand } from "../combat/fight/turn-command.js";
import type { TrackedResource } from "./tracked-resources.js";
import type { SideMark } from "./side-marks.js";
import type { BudgetChip } from "./turn-budget.js";

// What the tracker's template draws, as trackerContext (tracker-context.ts) builds it for one user.
/** A combatant as the tracker may show it to this user. */
export interface TrackerCombatant {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly side: string;
  readonly hidden: boolean;
  /** The viewing user owns it (players) or is a GM. */
  readonly owned: boolean;
  readonly defeated: boolean;
  /** What the row shows of the actor (tracked-resources.ts): given only to its owners and the GM. */
  readonly resources?: readonly TrackedResource[];
}

export interface TrackerButton {
  readonly action: "frayAct" | "frayPass" | "frayDelay" | "frayEndTurn" | "frayChooseFirst" | "frayGm" | "frayCommand";
  /** A localisation key, formatted with `data`. */
  readonly label: string;
  readonly data: Readonly<Record<string, string | number>>;
  /** JSON of the core command the button sends. */
  readonly command: string;
}

export interface TrackerRow extends TrackerCombatant {
  readonly status: string;
  readonly statusLabel: string;
  readonly acting: boolean;
  /** What the acting combatant's turn has left to spend, as the core counts it; empty on every other row. */
  readonly budget: readonly BudgetChip[];
  readonly buttons: readonly TrackerButton[];
  /** Every place the core accepts a delay to, when there is more than one (strain: after whom). */
  readonly delayTargets: readonly TrackerButton[];
  /** Every other command for this combatant this user may send (spend, react, free hit, draw, Make able to act...). */
  readonly more: readonly TrackerButton[];
  /** What takes it out of the action (Make unable to act, Remove from the fight, Surrender): the menu's last group. */
  readonly drastic: readonly TrackerButton[];
  /** The row has a ⋯ menu: routine steps, drastic ones, or both. */
  readonly hasMenu: boolean;
  /** SEC-42: the section across the border this combatant Blocks, by name; null when it Blocks none. */
  readonly blocking: string | null;
  /** SEC-16: the section this combatant climbs to, by name, and how far up it is; null when it climbs none. */
  readonly climbing: { readonly section: string; readonly climbed: number; readonly height: number } | null;
  /** Which side the row is on: its name (the text) and a tone the row and its badge are tinted with (side-marks.ts). */
  readonly sideMark: SideMark;
  /**
   * The number the order ranks it by (STR-02 initiative total, ESC-01 Agility), for its owners and the GM; else null.
   */
  readonly rank: { readonly label: string; readonly value: number } | null;
}

/** A morale check the GM records at the end of a round (FAC-53..55). */
export interface MoralePrompt {
  readonly id: string;
  readonly name: string;
  /** The character's tracked numbers, WIT among them: the morale check is a WIT save (FAC-54). */
  readonly resources: readonly TrackedResource[];
  /** Roll the WIT save (a d20 as a Foundry roll), while it has not been rolled. */
  readonly roll: TrackerButton | null;
  /** The save failed: the d20 and the WIT it had to reach; only surrender and retreat are left. */
  readonly failed: { readonly roll: number; readonly wit: number } | null;
  readonly results: readonly TrackerButton[];
}

export interface TrackerGroup {
  readonly side: string;
  readonly label: string;
  /** The side's tone, as its rows carry it (side-marks.ts); empty for a side with no row. */
  readonly tone: string;
  /** Members still to act, or null when nobody acts in this phase (morale). */
  readonly remaining: number | null;
  readonly passed: boolean;
  readonly choosing: boolean;
  readonly rows: readonly TrackerRow[];
  readonly pass: TrackerButton | null;
  /** FAC-04: the initiative holder picks this faction to go first. */
  readonly chooseFirst: TrackerButton | null;
  /** Other commands for this side (setObjective...). */
  readonly more: readonly TrackerButton[];
}

export interface FrayTrackerContext {
  readonly fray: true;
  readonly round: number;
  /** The phase beside the round, where the round has more than one (the banner then names whose turn it is). */
  readonly phaseLabel: { readonly key: string; readonly data: Readonly<Record<string, string | number>> } | null;
  readonly phase: string;
  readonly banner: { readonly key: string; readonly data: Readonly<Record<string, string | number>> };
  readonly groups: readonly TrackerGroup[];
  readonly grouped: boolean;
  readonly isGM: boolean;
  readonly canUndo: boolean;
  readonly ended: boolean;
  readonly revision: number;
  readonly morale: readonly MoralePrompt[];
  /** Commands about the whole fight this user may send (the GM's declareEnd, endCombat). */
  readonly fight: readonly TrackerButton[];
  /** Whether the footer has anything for this user: undo or a fight command. */
  readonly gmTools: boolean;
}

export interface TrackerInput {
  readonly view: TurnOrderView;
  readonly legal: readonly TurnCommand[];
  readonly combatants: readonly TrackerCombatant[];
  readonly sideLabels: Readonly<Record<string, string>>;
  readonly isGM: boolean;
  readonly grouped: boolean;
  readonly revision: number;
  readonly canUndo: boolean;
  /** Whether this user may send this command: the GM's own authority check (turn-request.ts authorise). */
  readonly mayIssue: (command: TurnCommand) => boolean;
  /**
   * SEC-42: the section across a border, by its region's name (the canvas reads the scene); absent: the border's id.
   */
  readonly across?: (border: string, from: string) => string;
  /** SEC-46: a border by the names of the sections it lies between; absent: the border's id. */
  readonly between?: (border: string) => string;
}
