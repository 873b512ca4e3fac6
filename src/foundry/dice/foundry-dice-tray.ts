import type { DiceCup, DiceShowing, DiceTray } from "./dice-tray.js";

/**
 * Dice as Foundry rolls them: each die the core asks for is a `Roll` of 1dN (Foundry's own generator, or whatever a
 * module such as Dice So Nice or a fulfilment method plugs in), and a step's rolls go to chat in one message with the
 * asking user's roll mode, so roll privacy and the 3D dice work as for any roll.
 */
class FoundryDiceCup implements DiceCup {
  readonly #rolls: Roll[] = [];

  async draw(sides: number): Promise<number> {
    const roll = await new Roll(`1d${sides}`).evaluate();
    this.#rolls.push(roll);
    return roll.total ?? Number.NaN;
  }

  async show({ flavor, rollMode, userId }: DiceShowing): Promise<void> {
    if (this.#rolls.length === 0) return;
    const data: ChatMessage.CreateData = {
      flavor,
      rolls: this.#rolls.map((r) => r.toJSON()) as ChatMessage.CreateData["rolls"],
      sound: CONFIG.sounds.dice,
    };
    ChatMessage.applyRollMode(data, rollMode);
    // The GM's client writes the message for the user who asked: their own self roll is whispered to them.
    if (rollMode === "selfroll") data.whisper = [userId];
    await ChatMessage.create(data);
  }
}

export const foundryDiceTray: DiceTray = { cup: () => new FoundryDiceCup() };
