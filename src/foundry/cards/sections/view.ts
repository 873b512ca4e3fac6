import type { AttackEvent } from "../../../core/attack/pipeline.js";
import { sectionsAttack, type SectionsAttackState } from "../../../core/attack/sections/index.js";
import { scriptedRoller } from "../../../core/shared/roller.js";
import type { CardLine, CardView } from "../attack-ruleset.js";
import { labelsOf, nameOf, type CardLabels } from "./labels.js";
import { K, climbingLines, declaredLines, effectLines, otherLines, rollLines } from "./lines.js";

const OUTCOMES = ["hit", "miss"];

function field(e: AttackEvent, key: string): unknown {
  return (e as Readonly<Record<string, unknown>>)[key];
}

function title(state: SectionsAttackState, events: readonly AttackEvent[], labels: CardLabels): CardLine {
  const declared = events.find((e) => e.type === "attackDeclared");
  const target =
    declared && typeof field(declared, "target") === "string" ? String(field(declared, "target")) : state.target;
  const data = { attacker: nameOf(labels, state.attacker), target: nameOf(labels, target) };
  return labels.item === ""
    ? { key: `${K}TitleBare`, data }
    : { key: `${K}Title`, data: { ...data, item: labels.item } };
}

/** The last decision: the Hit roll's, an Interceptor's Miss roll's, or the automatic miss (SEC-48); null before. */
function outcome(events: readonly AttackEvent[], labels: CardLabels, state: SectionsAttackState): CardLine | null {
  let line: CardLine | null = null;
  for (const e of events) {
    if (e.type === "autoMiss") line = { key: `${K}Outcome.autoMiss`, data: {} };
    if (e.type !== "toHitRolled" && e.type !== "reactionTaken") continue;
    const said = String(field(e, "outcome"));
    const target = e.type === "reactionTaken" ? String(field(e, "reactor")) : state.target;
    line = OUTCOMES.includes(said)
      ? { key: `${K}Outcome.${said}`, data: { target: nameOf(labels, target) } }
      : { key: `${K}Outcome.other`, data: { outcome: said } };
  }
  return line;
}

/** At the apply step: what the pipeline's apply would do, found by running it (nothing is restated here). */
function preview(state: SectionsAttackState, labels: CardLabels): CardLine[] {
  const will = sectionsAttack.apply(state, { type: "apply" }, scriptedRoller([]));
  return will.ok ? will.events.flatMap((e) => effectLines(e, labels, "Will")) : [];
}

/** Who may still Intercept, while the window is open (SEC-47). */
function waiting(state: SectionsAttackState, labels: CardLabels): CardLine[] {
  const names = sectionsAttack
    .legal(state)
    .flatMap((c) => (c.type === "react" ? [nameOf(labels, c.by)] : []))
    .join(", ");
  return names === "" ? [] : [{ key: `${K}MayIntercept`, data: { names } }];
}

/**
 * The card: the dice declared, each roll with its faces against the number to reach, the Intercept, the damage and its
 * effect.
 */
export function view(state: SectionsAttackState, events: readonly AttackEvent[]): CardView {
  const labels = labelsOf(state);
  const lines: CardLine[] = [];
  for (const e of events) {
    if (e.type === "attackDeclared") lines.push(...declaredLines(e, labels), ...climbingLines(labels));
    lines.push(...rollLines(e, labels, state.attacker), ...otherLines(e), ...effectLines(e, labels, "Effect"));
  }
  if (state.step === "reactionWindow") lines.push(...waiting(state, labels));
  if (state.step === "apply") lines.push(...preview(state, labels));
  return { title: title(state, events, labels), lines, outcome: outcome(events, labels, state) };
}
