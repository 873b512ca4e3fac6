/**
 * What the active GM answers to any request: accepted (with what the handler reports) or refused with a localised
 * reason.
 */
export type RequestAnswer =
  | { readonly ok: true; readonly revision?: number; readonly [key: string]: unknown }
  | {
      readonly ok: false;
      readonly key: string;
      readonly reason: string;
      readonly data?: Readonly<Record<string, string | number>>;
    };

/** A refusal: `FRAY.Refusal.<name>` is its localised text; `reason` is for logs and tests. */
export function deny(name: string, reason: string, data?: Record<string, string | number>): RequestAnswer {
  return { ok: false, key: `FRAY.Refusal.${name}`, reason, ...(data ? { data } : {}) };
}

export function isAnswer(a: unknown): a is RequestAnswer {
  if (typeof a !== "object" || a === null) return false;
  const v = a as { ok?: unknown; key?: unknown };
  return v.ok === true || (v.ok === false && typeof v.key === "string");
}
