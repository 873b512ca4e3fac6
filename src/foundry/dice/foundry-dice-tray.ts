import type { DealtDie } from "../../core/shared/dealing.js";
import type { DiceCup, DiceShowing, DiceTray } from "./dice-tray.js";
import { dice3d, foundryRoll } from "./foundry-rolls.js";
import { stepRolls } from "./step-rolls.js";

/**
 * Dice as Foundry rolls them: each die the core asks for is a `Roll` of 1dN (Foundry's own generator, or whatever a
 * module such as Dice So Nice or a fulfilment method plugs in), feeding the core through the injected roller. A step's
 * rolls then go to chat in one message with the asking user's roll mode, one `Roll` per roll the core made of those
 * faces (the rule set's formula, its dropped dice, its total), so roll privacy and the 3D dice work as for any roll.
 */
class FoundryDiceCup implements DiceCup {
  readonly #drawn: DealtDie[] = [];

  async draw(sides: number): Promise<number> {
    const roll = await new Roll(`1d${sides}`).evaluate();
    const value = roll.total ?? Number.NaN;
    this.#drawn.push({ sides, value });
    return value;
  }

  async show({ flavor, rollMode, userId }: DiceShowing, made: readonly unknown[]): Promise<void> {
    if (this.#drawn.length === 0) return;
    const rolls = stepRolls(made, this.#drawn).map(foundryRoll);
    const data: ChatMessage.CreateData = {
      flavor,
      rolls: rolls.map((r) => r.toJSON()) as ChatMessage.CreateData["rolls"],
      sound: CONFIG.sounds.dice,
    };
    ChatMessage.applyRollMode(data, rollMode);
    // The GM's client writes the message for the user who asked: their own self roll is whispered to them.
    if (rollMode === "selfroll") data.whisper = [userId];
    await ChatMessage.create(data);
  }

  async showHere(userId: string, made: readonly unknown[]): Promise<void> {
    if (this.#drawn.length === 0) return;
    await showRollsHere(userId, stepRolls(made, this.#drawn));
  }
}

/** Animate rolls on this client only: `synchronize` false, so Dice So Nice sends them to no other client. */
export async function showRollsHere(userId: string, shown: Parameters<typeof foundryRoll>[0][]): Promise<void> {
  const api = dice3d();
  if (!api || shown.length === 0) return;
  const user = game.users.get(userId) ?? game.user;
  for (const s of shown) await api.showForRoll(foundryRoll(s), user, false);
}

export const foundryDiceTray: DiceTray = { cup: () => new FoundryDiceCup() };
