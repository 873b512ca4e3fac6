/**
 * Every core reducer answers with an Outcome: the next state and the events it caused,
 * or a Refusal that says why, with a localisation key the Foundry layer can show.
 */
export interface Applied<S, E> {
  readonly ok: true;
  readonly state: S;
  readonly events: readonly E[];
}

export interface Refusal {
  readonly ok: false;
  /** Localisation key under FRAY.Refusal, e.g. "FRAY.Refusal.NotYourTurn". */
  readonly key: string;
  /** Plain English reason for logs, tests and developers. */
  readonly reason: string;
  /** The clause of ../shared/rules/CLAUSES.md that refuses, when one does. */
  readonly clause?: string;
  /** Values for the localisation template. */
  readonly data?: Readonly<Record<string, string | number>>;
}

export type Outcome<S, E> = Applied<S, E> | Refusal;

export function applied<S, E>(state: S, events: readonly E[] = []): Applied<S, E> {
  return { ok: true, state, events };
}

export function refuse(key: string, reason: string, clause?: string, data?: Refusal["data"]): Refusal {
  const r: { ok: false; key: string; reason: string; clause?: string; data?: Refusal["data"] } = {
    ok: false,
    key: key.startsWith("FRAY.") ? key : `FRAY.Refusal.${key}`,
    reason,
  };
  if (clause !== undefined) r.clause = clause;
  if (data !== undefined) r.data = data;
  return r;
}

export function isRefusal<S, E>(o: Outcome<S, E>): o is Refusal {
  return !o.ok;
}
