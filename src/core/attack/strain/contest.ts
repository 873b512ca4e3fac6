/**
 * How a strain attack roll and a defence roll compare. The text leaves it open (STR-41 silent);
 * these options record the reading a table uses.
 */
export interface StrainContestOptions {
  /** Who wins a tie between attack and defence totals. Default "defender". */
  readonly tiesFavour: "defender" | "attacker";
  /** An Evasion defence that beats the attack by at least this much is a Critical. Default 5. */
  readonly evasionCriticalMargin: number;
}

export const DEFAULT_STRAIN_CONTEST: StrainContestOptions = { tiesFavour: "defender", evasionCriticalMargin: 5 };

/** From the defender's side: "critical" (Evasion only), "success" or "failure". */
export type DefenceResult = "critical" | "success" | "failure";

export type Defence = "resilience" | "evasion" | "resolve";

/** STR-40/41: compare a defence total with the attack total. */
export function defenceResult(
  defence: Defence,
  defenceTotal: number,
  attackTotal: number,
  o: StrainContestOptions,
): DefenceResult {
  const margin = defenceTotal - attackTotal;
  const success = o.tiesFavour === "defender" ? margin >= 0 : margin > 0;
  if (!success) return "failure";
  if (defence === "evasion" && margin >= o.evasionCriticalMargin) return "critical";
  return "success";
}

/** What a defence result does: whether the effect lands, and the Vulnerable stacks that follow (STR-40/41). */
export interface DefenceEffect {
  readonly takesEffect: boolean;
  readonly vulnerable: number;
}

// The four effects there are, shared: they are only read.
const TAKEN: DefenceEffect = { takesEffect: true, vulnerable: 0 };
const AVOIDED: DefenceEffect = { takesEffect: false, vulnerable: 0 };
const TAKEN_VULNERABLE: DefenceEffect = { takesEffect: true, vulnerable: 1 };
const AVOIDED_VULNERABLE: DefenceEffect = { takesEffect: false, vulnerable: 1 };

/** What the defence result does: whether the effect lands and whether +1 Vulnerable follows (STR-40/41). */
export function defenceEffect(defence: Defence, result: DefenceResult): DefenceEffect {
  if (defence !== "evasion") return result === "failure" ? TAKEN : AVOIDED;
  if (result === "critical") return AVOIDED;
  return result === "failure" ? TAKEN_VULNERABLE : AVOIDED_VULNERABLE;
}
