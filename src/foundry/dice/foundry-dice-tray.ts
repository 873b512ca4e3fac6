import type { DealtDie } from "../../core/shared/dealing.js";
import type { DiceCup, DiceShowing, DiceTray } from "./dice-tray.js";
import { dice3d } from "./dice3d.js";

/** The chat's rolls of a step, loaded with the first dice shown (chat-rolls.ts), kept out of fray.mjs. */
const chatRollsModule = () => import("./chat-rolls.js");

/**
 * Dice as Foundry rolls them: each die the core asks for is a `Roll` of 1dN (Foundry's own generator, or whatever a
 * module such as Dice So Nice or a fulfilment method plugs in), feeding the core through the injected roller. A step's
 * rolls then go to chat in one message with the asking user's roll mode, one `Roll` per roll the core made of those
 * faces (the rule set's formula, its dropped dice, its total), so roll privacy and the 3D dice work as for any roll.
 */
class FoundryDiceCup implements DiceCup {
  readonly #rolls: Roll[] = [];
  readonly #drawn: DealtDie[] = [];

  async draw(sides: number): Promise<number> {
    const roll = await new Roll(`1d${sides}`).evaluate();
    const value = roll.total ?? Number.NaN;
    this.#rolls.push(roll);
    this.#drawn.push({ sides, value });
    return value;
  }

  async show({ flavor, rollMode, userId, unheld }: DiceShowing, made: readonly unknown[]): Promise<void> {
    if (this.#drawn.length === 0) return;
    const rolls = await chatRollsModule().then(
      (m) => m.chatRolls(made, this.#drawn, unheld),
      // Without the chat's rolls the dice are still shown: the 1dN rolls they were drawn with.
      (e: unknown) => (console.warn("Fray |", e), this.#rolls),
    );
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
    const api = dice3d();
    if (!api || this.#drawn.length === 0) return;
    const m = await chatRollsModule();
    await m.showRollsHere(api, game.users.get(userId) ?? game.user, made, this.#drawn);
  }
}

export const foundryDiceTray: DiceTray = { cup: () => new FoundryDiceCup() };
