import { seededRoller } from "../../src/core/shared/roller.js";
import type { DiceCup, DiceShowing, DiceTray } from "../../src/foundry/dice/dice-tray.js";

/** A shown roll message: what it said and the dice in it, as `ChatMessage.create` would receive them. */
export interface ShownDice extends DiceShowing {
  readonly dice: readonly { readonly sides: number; readonly value: number }[];
}

/**
 * Fray's dice port with Foundry's Roll swapped for a seeded generator, or for the faces a test names (one a draw, in
 * order; a draw with none left, or a face the die does not have, throws): each cup rolls a die at a time and shows
 * its dice once. The real tray (src/foundry/dice/foundry-dice-tray.ts) differs only in rolling `new Roll("1dN")`.
 */
export class FakeDiceTray implements DiceTray {
  readonly shown: ShownDice[] = [];
  readonly #rng: { die(sides: number): number };
  constructor(seedOrFaces: number | readonly number[]) {
    if (typeof seedOrFaces === "number") this.#rng = seededRoller(seedOrFaces);
    else {
      const faces = [...seedOrFaces];
      this.#rng = {
        die: (sides) => {
          const v = faces.shift();
          if (v === undefined || v < 1 || v > sides) throw new Error(`no scripted d${sides}`);
          return v;
        },
      };
    }
  }
  cup(): DiceCup {
    const dice: { sides: number; value: number }[] = [];
    return {
      draw: async (sides) => {
        const value = this.#rng.die(sides);
        dice.push({ sides, value });
        return value;
      },
      show: async (showing) => {
        if (dice.length > 0) this.shown.push({ ...showing, dice: [...dice] });
      },
    };
  }
}
