import type { UserLike } from "./ports.js";
import type { TurnAnswer, TurnRequest } from "./turn-command.js";

/** The query every turn-order request travels by, from any client to the active GM. */
export const TURN_QUERY = "fray.turnCommand";

export interface TurnClientEnv {
  readonly user: UserLike;
  /** The active GM user, or null when none is connected. */
  readonly activeGM: (UserLike & { query(name: string, data: object, options?: { timeout?: number }): Promise<unknown> }) | null;
  /** Run the request here, when this client is the active GM. */
  readonly handleHere: (request: TurnRequest, userId: string) => Promise<TurnAnswer>;
}

/** Send a turn command to the active GM, who decides it; players never write the combat themselves. */
export async function sendTurnCommand(env: TurnClientEnv, request: TurnRequest): Promise<TurnAnswer> {
  const gm = env.activeGM;
  if (!gm) return { ok: false, key: "FRAY.Refusal.NoGm", reason: "no GM is connected to decide the request" };
  if (gm.id === env.user.id) return env.handleHere(request, env.user.id ?? "");
  try {
    const answer = await gm.query(TURN_QUERY, request, { timeout: 10_000 });
    return isAnswer(answer) ? answer : { ok: false, key: "FRAY.Refusal.BadAnswer", reason: "the GM's client sent no answer" };
  } catch (e) {
    return { ok: false, key: "FRAY.Refusal.GmUnreachable", reason: e instanceof Error ? e.message : String(e) };
  }
}

function isAnswer(a: unknown): a is TurnAnswer {
  return typeof a === "object" && a !== null && typeof (a as { ok?: unknown }).ok === "boolean";
}
