import type { DealtDie } from "../../core/shared/dealing.js";
import type { DiceCup, DiceShowing, DiceTray } from "./dice-tray.js";
import { chatRolls, showRollsHere } from "./chat-rolls.js";
import { dice3d } from "./dice3d.js";
import { theGame, type GamePort } from "../game/game-port.js";

/**
 * Dice as Foundry rolls them: each die the core asks for is a `Roll` of 1dN (Foundry's own generator, or whatever a
 * module such as Dice So Nice or a fulfilment method plugs in), feeding the core through the injected roller. A step's
 * rolls then go to chat in one message with the asking user's roll mode, one `Roll` per roll the core made of those
 * faces (the rule set's formula, its dropped dice, its total), so roll privacy and the 3D dice work as for any roll.
 */
class FoundryDiceCup implements DiceCup {
  readonly #drawn: DealtDie[] = [];
  constructor(readonly game: Pick<GamePort, "user" | "users" | "dice3d">) {}

  async draw(sides: number): Promise<number> {
    const roll = await new Roll(`1d${sides}`).evaluate();
    const value = roll.total ?? Number.NaN;
    this.#drawn.push({ sides, value });
    return value;
  }

  async show({ flavor, rollMode, userId, unheld, speaker }: DiceShowing, made: readonly unknown[]): Promise<void> {
    if (this.#drawn.length === 0) return;
    const rolls = chatRolls(made, this.#drawn, unheld);
    const data: ChatMessage.CreateData = {
      flavor,
      rolls: rolls.map((r) => r.toJSON()) as ChatMessage.CreateData["rolls"],
      sound: CONFIG.sounds.dice,
      speaker: speaker ?? { scene: null, actor: null, token: null, alias: this.game.users.get(userId)?.name ?? "" },
    };
    ChatMessage.applyRollMode(data, rollMode);
    data.whisper = whisperFor(rollMode, userId, data.whisper as string[]);
    await ChatMessage.create(data);
  }

  async showHere(userId: string, made: readonly unknown[]): Promise<void> {
    const api = dice3d(this.game);
    if (!api || this.#drawn.length === 0) return;
    await showRollsHere(api, this.game.users.get(userId) ?? this.game.user, made, this.#drawn);
  }
}

/**
 * Who a message the GM's client writes for `userId` is whispered to. Its author is that GM, and v13 shows a whispered
 * roll's numbers to the whispered users and, unless blind, to its author (chat-message.mjs, isContentVisible): so
 * the roller joins a private roll's GMs, is alone in a self roll's, and stays out of a blind one's.
 */
function whisperFor(rollMode: DiceShowing["rollMode"], userId: string, applied: readonly string[]): string[] {
  if (rollMode === "selfroll") return [userId];
  if (rollMode === "gmroll" && !applied.includes(userId)) return [...applied, userId];
  return [...applied];
}

export const foundryDiceTray: DiceTray = { cup: () => new FoundryDiceCup(theGame()) };
