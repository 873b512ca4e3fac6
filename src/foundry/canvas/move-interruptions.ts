/** How long an opportunity attack offered holds up the mover's next move before the table goes on without it. */
export const OFFER_WAIT_MS = 120_000;

/** A move FAC-23 interrupted: the enemies it provoked and the move cards offering their attacks. */
export interface Interruption {
  readonly by: readonly string[];
  readonly offers: readonly string[];
  readonly at: number;
}

/**
 * The moves the active GM has interrupted (FAC-23), by token: the mover waits where it was stopped until each offer is
 * taken or declined (or the wait runs out, so the table is never stuck), then its next move resumes the interrupted one
 * and does not provoke those enemies again (ruling FAC-23 in docs/rulings.md).
 */
export class MoveInterruptions {
  readonly #byToken = new Map<string, Interruption>();

  record(sceneId: string, tokenId: string, interruption: Interruption): void {
    this.#byToken.set(`${sceneId}.${tokenId}`, interruption);
  }

  get(sceneId: string, tokenId: string): Interruption | undefined {
    return this.#byToken.get(`${sceneId}.${tokenId}`);
  }

  clear(sceneId: string, tokenId: string): void {
    this.#byToken.delete(`${sceneId}.${tokenId}`);
  }
}
