/** Foundry's roll modes, as a request may carry the sender's choice (CONST.DICE_ROLL_MODES). */
export const ROLL_MODES = ["publicroll", "gmroll", "blindroll", "selfroll"] as const;
export type RollMode = (typeof ROLL_MODES)[number];

export const isRollMode = (v: unknown): v is RollMode => typeof v === "string" && (ROLL_MODES as readonly string[]).includes(v);

/** How a step's dice are shown: what they were for, for whom (the user who asked), and with which roll mode. */
export interface DiceShowing {
  readonly flavor: string;
  readonly rollMode: RollMode;
  /** The user the roll is made for: a self roll is whispered to them. */
  readonly userId: string;
}

/** The dice of one step: rolled one at a time as the core asks for them, then shown together, once. */
export interface DiceCup {
  draw(sides: number): Promise<number>;
  /** Post the rolls made in this cup to chat (nothing when none were made). */
  show(showing: DiceShowing): Promise<void>;
}

/** Where steps take their dice from: Foundry's Rolls in a world, a seeded fake in tests. */
export interface DiceTray {
  cup(): DiceCup;
}
