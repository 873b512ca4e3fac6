import { isRecord, refuse, shown, type Refusal } from "../core/shared/index.js";
import { isRuleset, RULESETS } from "../core/index.js";
import { DEFAULT_ROUND_CAP, DEFAULT_TACTICS, type SimTactics } from "./types.js";

/** The seeded roller takes a 32-bit seed; larger or fractional seeds would collide, so they are refused. */
export const MAX_SEED = 4294967295;

export function checkBasics(input: unknown): Refusal | null {
  if (!isRecord(input)) return refuse("SimMalformedInput", "simulate needs { ruleset, seed, fights }");
  if (!isRuleset(input.ruleset)) {
    return refuse(
      "SimUnknownRuleset",
      `unknown rule set ${String(input.ruleset)}; use one of ${RULESETS.join(", ")}`,
      undefined,
      {
        ruleset: String(input.ruleset),
      },
    );
  }
  const seed = input.seed;
  if (typeof seed !== "number" || !Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
    return refuse(
      "SimBadSeed",
      `the seed must be a whole number from 0 to ${MAX_SEED}, got ${String(seed)}`,
      undefined,
      {
        value: String(seed),
      },
    );
  }
  const fights = input.fights;
  if (typeof fights !== "number" || !Number.isInteger(fights) || fights < 1) {
    return refuse(
      "SimBadFights",
      `the number of fights must be a whole number of 1 or more, got ${String(fights)}`,
      undefined,
      {
        value: String(fights),
      },
    );
  }
  const cap = input.roundCap;
  if (cap !== undefined && (typeof cap !== "number" || !Number.isInteger(cap) || cap < 1)) {
    return refuse("SimBadRoundCap", `the round cap must be a whole number of 1 or more, got ${shown(cap)}`, undefined, {
      value: shown(cap),
    });
  }
  if (input.ruleOptions !== undefined && !isRecord(input.ruleOptions))
    return refuse("SimBadRuleOptions", "the rule options must be an object of option names and values", undefined, {
      value: typeof input.ruleOptions,
    });
  if (input.detail !== undefined && typeof input.detail !== "boolean")
    return refuse("SimBadDetail", `detail must be true or false, got ${shown(input.detail)}`, undefined, {
      value: shown(input.detail),
    });
  const resume = input.resume;
  // The state itself is the engine's to check; here only its wrapping.
  if (resume !== undefined && !(isRecord(resume) && isRecord(resume.sides) && sidesOk(resume.sides.a, resume.sides.b)))
    return refuse("SimBadResume", "resume needs the turn order's state and its two sides { a, b }, two different ids");
  return null;
}

function sidesOk(a: unknown, b: unknown): boolean {
  return typeof a === "string" && typeof b === "string" && a !== "" && b !== "" && a !== b;
}

export function roundCapOf(input: { readonly roundCap?: number }): number {
  return input.roundCap ?? DEFAULT_ROUND_CAP;
}

/** The tactics with defaults filled in, or a refusal naming the first bad one. */
export function readTactics(raw: unknown): SimTactics | Refusal {
  if (raw === undefined) return DEFAULT_TACTICS;
  if (!isRecord(raw))
    return refuse("SimBadTactics", "tactics must be an object", undefined, { name: "tactics", value: typeof raw });
  const t = { ...DEFAULT_TACTICS, ...raw } as Record<string, unknown>;
  const bad = (name: string, allowed: string): Refusal =>
    refuse("SimBadTactics", `tactic ${name} must be ${allowed}, got ${String(t[name])}`, undefined, {
      name,
      value: String(t[name]),
    });
  if (t.target !== "weakest" && t.target !== "strongest" && t.target !== "first")
    return bad("target", "weakest, strongest or first");
  if (typeof t.extraAttack !== "boolean") return bad("extraAttack", "true or false");
  if (
    typeof t.attacksPerTurn !== "number" ||
    !Number.isInteger(t.attacksPerTurn) ||
    t.attacksPerTurn < 0 ||
    t.attacksPerTurn > 3
  )
    return bad("attacksPerTurn", "0, 1, 2 or 3");
  if (t.defence !== "best" && t.defence !== "resilience" && t.defence !== "evasion")
    return bad("defence", "best, resilience or evasion");
  if (typeof t.morale !== "boolean") return bad("morale", "true or false");
  return {
    target: t.target,
    extraAttack: t.extraAttack,
    attacksPerTurn: t.attacksPerTurn,
    defence: t.defence,
    morale: t.morale,
  };
}

/** Two named parties of at least one member each, every member an object with its own unique id. */
export function checkParties(raw: unknown): Refusal | null {
  if (!isRecord(raw) || !isRecord(raw.a) || !isRecord(raw.b))
    return refuse("SimBadParties", "parties must be { a: party, b: party }");
  const seen: Record<string, true> = {};
  for (const side of ["a", "b"] as const) {
    const p = raw[side] as Record<string, unknown>;
    if (typeof p.name !== "string" || p.name === "")
      return refuse("SimBadParties", `party ${side} needs a name`, undefined, { side });
    if (!Array.isArray(p.members) || p.members.length === 0)
      return refuse("SimEmptyParty", `party ${side} (${p.name}) has no members`, undefined, { side, name: p.name });
    for (const m of p.members as unknown[]) {
      if (!isRecord(m) || typeof m.id !== "string" || m.id === "")
        return refuse("SimBadParties", `a member of party ${side} has no id`, undefined, { side });
      if (seen[m.id])
        return refuse("SimDuplicateMember", `member ${m.id} appears twice in the parties`, undefined, { id: m.id });
      seen[m.id] = true;
    }
  }
  return null;
}

/** Whole numbers of zero or more where the attack modules expect them (escalation and teams have no checker). */
export function checkCounts(m: Record<string, unknown>, keys: readonly string[], role: string): Refusal | null {
  for (const k of keys) {
    const v = m[k];
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0) {
      return refuse(
        "NegativeValue",
        `${role} ${k} must be a whole number of zero or more, got ${String(v)}`,
        undefined,
        {
          name: `${role} ${k}`,
          value: String(v),
        },
      );
    }
  }
  return null;
}
