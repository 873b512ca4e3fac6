import type { RollPurpose } from "./step-rolls.js";

/** Foundry's roll modes, as a request may carry the sender's choice (CONST.DICE_ROLL_MODES). */
export const ROLL_MODES = ["publicroll", "gmroll", "blindroll", "selfroll"] as const;
export type RollMode = (typeof ROLL_MODES)[number];

export const isRollMode = (v: unknown): v is RollMode =>
  typeof v === "string" && (ROLL_MODES as readonly string[]).includes(v);

/** Who a dice message speaks for: Foundry's chat speaker data (an actor, its token and their scene, a name). */
export interface DiceSpeaker {
  readonly scene: string | null;
  readonly actor: string | null;
  readonly token: string | null;
  readonly alias: string;
}

/** How a step's dice are shown: what they were for, for whom (the user who asked), and with which roll mode. */
export interface DiceShowing {
  readonly flavor: string;
  readonly rollMode: RollMode;
  /** The user the roll is made for: they see their own private or self roll, not their blind one. */
  readonly userId: string;
  /** The actor the dice were rolled for; without one the message speaks as the user who asked. */
  readonly speaker?: DiceSpeaker;
  /** What the step's dice that no roll of the core holds were for, when the caller knows (a turn order's opening). */
  readonly unheld?: RollPurpose;
}

/**
 * The dice of one step: rolled one at a time as the core asks for them, then shown together, once, as the rolls the
 * core made of them. `made` is what the step gave back (its events, a move effect and its outcome): the core's
 * DiceRolls are read from it (step-rolls.ts), never rolled again.
 */
export interface DiceCup {
  draw(sides: number): Promise<number>;
  /** Post the step's rolls to chat, one Foundry roll per roll the core made (nothing when no die was drawn). */
  show(showing: DiceShowing, made: readonly unknown[]): Promise<void>;
  /**
   * A sealed card's step: its rolls go to no chat message (its data would reach every client) and are animated by
   * Dice So Nice on this client alone, for `userId`'s dice.
   */
  showHere(userId: string, made: readonly unknown[]): Promise<void>;
}

/** Where steps take their dice from: Foundry's Rolls in a world, a seeded fake in tests. */
export interface DiceTray {
  cup(): DiceCup;
}
