import { isRecord } from "../../shared/guards.js";
import { isAttackStep } from "../pipeline.js";

/**
 * Whether a stored state has the fields every attack state carries and the rule set's own records
 * (`records`, a constant list, so the check allocates nothing per command).
 */
export function isAttackState(state: unknown, records: readonly string[]): boolean {
  if (
    !isRecord(state) ||
    !isAttackStep(state.step) ||
    typeof state.attacker !== "string" ||
    typeof state.target !== "string"
  )
    return false;
  for (const field of records) if (!isRecord(state[field])) return false;
  return true;
}
