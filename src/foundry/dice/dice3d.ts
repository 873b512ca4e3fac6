/** Dice So Nice's API, as far as Fray uses it (`game.dice3d` when the module is active). */
export interface Dice3dLike {
  showForRoll(roll: unknown, user?: User | null, synchronize?: boolean): Promise<boolean>;
}

/** Dice So Nice's API on this client, if the module is active; nothing outside Foundry (no `game`). */
export const dice3d = (): Dice3dLike | undefined => (globalThis as { game?: { dice3d?: Dice3dLike } }).game?.dice3d;
