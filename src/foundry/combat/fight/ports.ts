/**
 * The few Foundry shapes the turn-request handling touches, as structural types. The real v13
 * documents are passed in where the system runs (tsc checks they fit), and the vitest fake in
 * test/fakes implements exactly these, so the two cannot drift apart silently.
 */
export interface UserLike {
  readonly id: string | null;
  readonly name: string | null | undefined;
  readonly isGM: boolean;
}

export interface CombatantLike {
  readonly id: string | null;
  readonly name: string | null | undefined;
  readonly hidden: boolean;
  testUserPermission(user: UserLike, permission: "OWNER"): boolean;
}

export interface CombatLike {
  readonly id: string | null;
  readonly type: string;
  /** Foundry's round and turn index, before the update a request writes. */
  readonly round: number;
  readonly turn: number | null;
  readonly started: boolean;
  readonly system: unknown;
  readonly combatants: { get(id: string): CombatantLike | undefined; readonly contents: readonly CombatantLike[] };
  update(data: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
}
