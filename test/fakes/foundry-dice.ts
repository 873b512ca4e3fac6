/**
 * A dice tray for tests, standing where foundry-dice-tray.ts stands on Foundry: each die drawn as v13's
 * client/dice/roll.mjs would evaluate `1dN` (here from a seeded roller or a script), and each showing kept as the
 * data client/documents/chat-message.mjs `create` would get (its rolls, flavour and roll mode), not drawn.
 */
import { seededRoller } from "../../src/core/shared/roller.js";
import type { DiceCup, DiceShowing, DiceTray } from "../../src/foundry/dice/dice-tray.js";
import { termsFormula } from "../../src/foundry/dice/roll-shapes.js";
import { stepRolls, type ShownRoll } from "../../src/foundry/dice/step-rolls.js";

/** A roll as the chat would show it: what it was for, its formula and total, and each die (dropped ones marked). */
export interface ShownRollView {
  readonly purpose: ShownRoll["purpose"];
  readonly formula: string;
  readonly total: number;
  readonly against?: ShownRoll["against"];
  readonly dropped: readonly number[];
}

/**
 * A shown roll message: what it said, the dice drawn for it, and the rolls made of them, as `ChatMessage.create` gets
 * them.
 */
export interface ShownDice extends DiceShowing {
  readonly dice: readonly { readonly sides: number; readonly value: number }[];
  readonly rolls: readonly ShownRollView[];
}

export const viewOf = (r: ShownRoll): ShownRollView => ({
  purpose: r.purpose,
  formula: termsFormula(r.terms),
  total: r.total,
  ...(r.against ? { against: r.against } : {}),
  dropped: r.terms.flatMap((t) =>
    t.class === "Die" || t.class === "PoolTerm" ? t.results.filter((x) => x.discarded).map((x) => x.result) : [],
  ),
});

/**
 * Fray's dice port with Foundry's Roll swapped for a seeded generator, or for the faces a test names (one a draw, in
 * order; a draw with none left, or a face the die does not have, throws): each cup rolls a die at a time and shows
 * its dice once, as the rolls the core made of them (the real tray's own step-rolls.ts). The real tray
 * (src/foundry/dice/foundry-dice-tray.ts) differs in rolling `new Roll("1dN")` and making Foundry Rolls of them
 * (test/foundry/dice/foundry-dice-tray.test.ts tries it against a fake of v13's Roll).
 */
export class FakeDiceTray implements DiceTray {
  readonly shown: ShownDice[] = [];
  /** A sealed step's rolls, animated on the client that stepped it only. */
  readonly here: { readonly userId: string; readonly rolls: readonly ShownRollView[] }[] = [];
  readonly #rng: { die(sides: number): number };
  /** A seed, the faces in order, or a script giving each die's face from its sides (it must be one of the die's). */
  constructor(seedOrFaces: number | readonly number[] | ((sides: number) => number)) {
    if (typeof seedOrFaces === "number") this.#rng = seededRoller(seedOrFaces);
    else if (typeof seedOrFaces === "function") {
      const script = seedOrFaces;
      this.#rng = {
        die: (sides) => {
          const v = script(sides);
          if (!Number.isInteger(v) || v < 1 || v > sides) throw new Error(`a d${sides} cannot show ${v}`);
          return v;
        },
      };
    } else {
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
      draw: (sides) => {
        const value = this.#rng.die(sides);
        dice.push({ sides, value });
        return Promise.resolve(value);
      },
      show: (showing, made) => {
        if (dice.length > 0)
          this.shown.push({ ...showing, dice: [...dice], rolls: stepRolls(made, dice, showing.unheld).map(viewOf) });
        return Promise.resolve();
      },
      showHere: (userId, made) => {
        if (dice.length > 0) this.here.push({ userId, rolls: stepRolls(made, dice).map(viewOf) });
        return Promise.resolve();
      },
    };
  }
}
