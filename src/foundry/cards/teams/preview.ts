import { teamsAttack } from "../../../core/attack/teams/engine.js";
import type { TeamsAttackState } from "../../../core/attack/teams/types.js";
import type { Roller } from "../../../core/shared/roller.js";
import type { CardLine } from "../attack-ruleset.js";
import { harmLines } from "./harm-lines.js";
import { viewContext } from "./view-context.js";

/** Dice for the dry run; nothing they decide is shown (the preview stops where a die would speak). */
const PROBE: Roller = {
  die: () => 1,
  state: () => ({ kind: "scripted", values: [], next: 0 }),
};

/**
 * Before apply, what applying will do: the pipeline's own apply run on a copy of the state, read up to the first
 * roll it makes (TEAM-70's luck test: only that it is due and its difficulty is known beforehand).
 */
export function previewLines(state: TeamsAttackState): CardLine[] {
  if (state.step !== "apply" || state.pending !== "none") return [];
  const dry = teamsAttack.apply(state, { type: "apply" }, PROBE);
  if (!dry.ok) return [];
  const ctx = viewContext(dry.state);
  const out: CardLine[] = [];
  for (const e of dry.events) {
    out.push(...(harmLines(e, ctx, "Preview") ?? []));
    if (e.type === "deathRisked") break;
  }
  return out;
}
