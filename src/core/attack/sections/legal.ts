import { stepCommands } from "../pipeline.js";
import { mayIntercept } from "./interceptors.js";
import type { SectionsAttackCommand, SectionsAttackState } from "./types.js";

/**
 * The card's buttons: an Intercept for each third entity that still has an Interrupt (SEC-47), else the step's one
 * button.
 */
export function legal(state: SectionsAttackState): SectionsAttackCommand[] {
  if (state.step !== "reactionWindow") return stepCommands(state.step);
  const out: SectionsAttackCommand[] = [];
  for (const i of state.interceptors)
    if (mayIntercept(state, i)) out.push({ type: "react", reaction: "intercept", by: i.id });
  out.push({ type: "skipReaction" });
  return out;
}
