import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import type { RandomGenerator } from "pure-rand/types/RandomGenerator";

/**
 * The only way randomness enters the core. A seeded roller replays a fight exactly;
 * a scripted roller lets tests and the Foundry layer (which may roll with Foundry's dice)
 * feed known results.
 */
export interface Roller {
  /** One fair die: an integer in 1..sides. */
  die(sides: number): number;
  /** JSON-serialisable state from which `rollerFromState` continues the same sequence. */
  state(): RollerState;
}

export type RollerState =
  | { readonly kind: "seeded"; readonly seed: number; readonly rng: readonly number[] }
  | { readonly kind: "scripted"; readonly values: readonly number[]; readonly next: number };

class SeededRoller implements Roller {
  #rng: RandomGenerator;
  constructor(
    readonly seed: number,
    rng: RandomGenerator,
  ) {
    this.#rng = rng;
  }
  /**
   * uniformInt(rng, 1, sides) written out for dice of up to 2^32 sides: the same draws and the same values, in a
   * short body, as the simulator rolls hundreds a fight (bench/diary.md). Any other number of sides takes the
   * library's own path.
   */
  die(sides: number): number {
    if (!(sides >= 1 && sides <= 0x100000000 && Number.isInteger(sides))) return this.#anyDie(sides);
    const rng = this.#rng;
    // Draws at or above the largest multiple of `sides` are drawn again, so every face is equally likely.
    const limit = sides > 2 ? ~~(0x100000000 / sides) * sides : 0x100000000;
    let v = rng.next() + 0x80000000;
    while (v >= limit) v = rng.next() + 0x80000000;
    // v % sides, without the floating-point remainder that % is past the 32-bit signed range (bench/diary.md):
    // below 2^32 the quotient's rounding error is far under 1/sides, so its floor is the exact whole quotient.
    return v - Math.floor(v / sides) * sides + 1;
  }
  #anyDie(sides: number): number {
    if (!Number.isInteger(sides) || sides < 1)
      throw new RangeError(`a die needs a whole number of sides, got ${sides}`);
    return uniformInt(this.#rng, 1, sides);
  }
  state(): RollerState {
    return { kind: "seeded", seed: this.seed, rng: [...this.#rng.getState()] };
  }
}

/** A roller that returns the given values in order; throws when it runs out, so a test cannot silently reuse them. */
class ScriptedRoller implements Roller {
  #next: number;
  constructor(
    readonly values: readonly number[],
    next = 0,
  ) {
    this.#next = next;
  }
  die(sides: number): number {
    const v = this.values[this.#next];
    if (v === undefined) throw new RangeError(`scripted roller ran out after ${this.values.length} dice`);
    if (v < 1 || v > sides) throw new RangeError(`scripted value ${v} cannot come from a d${sides}`);
    this.#next += 1;
    return v;
  }
  state(): RollerState {
    return { kind: "scripted", values: [...this.values], next: this.#next };
  }
  /** How many scripted values have been used: lets a test check every value was consumed. */
  get used(): number {
    return this.#next;
  }
}

export function seededRoller(seed: number): Roller {
  return new SeededRoller(seed, xoroshiro128plus(seed | 0));
}

export function scriptedRoller(values: readonly number[]): Roller & { readonly used: number } {
  return new ScriptedRoller(values);
}

export function rollerFromState(s: RollerState): Roller {
  return s.kind === "seeded"
    ? new SeededRoller(s.seed, xoroshiro128plusFromState(s.rng))
    : new ScriptedRoller(s.values, s.next);
}

/**
 * A roller serving dice rolled outside the core (Foundry's Rolls), in order. When they run out it notes the die it
 * was asked for and throws: the caller rolls that die and tries again (`dealing.ts`).
 */
class DealtRoller implements Roller {
  #next = 0;
  /** The sides of the die asked for when the dealt dice had run out, or null. */
  wanted: number | null = null;
  /** Set when a dealt value cannot come from the die asked for (the dice were dealt for another step). */
  mismatch = false;
  constructor(readonly values: readonly number[]) {}
  die(sides: number): number {
    const v = this.values[this.#next];
    if (v === undefined) {
      this.wanted ??= sides;
      throw new RangeError(`needs a d${sides} beyond the ${this.values.length} dealt`);
    }
    if (!Number.isInteger(v) || v < 1 || v > sides) {
      this.mismatch = true;
      throw new RangeError(`dealt value ${v} cannot come from a d${sides}`);
    }
    this.#next += 1;
    return v;
  }
  state(): RollerState {
    return { kind: "scripted", values: [...this.values], next: this.#next };
  }
  get used(): number {
    return this.#next;
  }
}

export function dealtRoller(
  values: readonly number[],
): Roller & { readonly used: number; readonly wanted: number | null; readonly mismatch: boolean } {
  return new DealtRoller(values);
}
