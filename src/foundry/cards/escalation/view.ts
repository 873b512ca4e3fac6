import type { EscalationAttackState } from "../../../core/attack/escalation/types.js";
import type { AttackEvent } from "../../../core/attack/pipeline.js";
import type { CardLine, CardView } from "../attack-ruleset.js";
import { aimKey, K, line, nameOf, outcomeKey, signed, weaponName } from "./keys.js";
import { nextStepLines } from "./next-step.js";
import { applyPreview, resultLine } from "./result-lines.js";
import { damageLines, toHitLines } from "./roll-lines.js";

type Ev = Readonly<Record<string, unknown>>;

/** The card in escalation's words: the declaration, the d20 against the number to reach, free hits, damage, results. */
export function view(state: EscalationAttackState, events: readonly AttackEvent[]): CardView {
  const lines: CardLine[] = [];
  let title: CardLine | null = null;
  let outcome: CardLine | null = null;
  let attacker = state.attacker;
  let offeredTo = state.target;
  for (const raw of events) {
    const e = raw as Ev;
    if (e.type === "attackDeclared") {
      attacker = typeof e.attacker === "string" ? e.attacker : attacker;
      const said = declaredLine(state, e);
      if (title === null) title = said;
      else lines.push({ ...said, key: `${K}StrikesBack` });
      lines.push(...declarationLines(e));
    } else if (e.type === "toHitRolled") {
      lines.push(...toHitLines(state, e, attacker));
      outcome = outcomeLine(e.outcome);
    } else if (e.type === "freeHitOffered") {
      const critical = e.critical === true;
      offeredTo = typeof e.by === "string" ? e.by : offeredTo;
      lines.push(
        line(critical ? "FreeCriticalOffered" : "FreeHitOffered", {
          by: nameOf(state, e.by),
          against: nameOf(state, e.against),
        }),
      );
      outcome = line(critical ? "FreeCriticalOwed" : "FreeHitOwed", { by: nameOf(state, e.by) });
    } else if (e.type === "reactionTaken") {
      lines.push(line("ReactionTaken", { reactor: nameOf(state, e.reactor), reaction: outcomeKey(String(e.outcome)) }));
      outcome = outcomeLine(e.outcome);
    } else if (e.type === "reactionWindowClosed") {
      lines.push(line("FreeHitDeclined", { name: nameOf(state, offeredTo) }));
    } else if (e.type === "damageRolled") {
      lines.push(...damageLines(e));
    } else if (e.type === "attackEnded") {
      outcome = outcomeLine(e.outcome);
    } else {
      const r = resultLine(state, e, false);
      if (r) lines.push(r);
    }
  }
  lines.push(...nextStepLines(state));
  const preview = applyPreview(state);
  for (const e of preview.events) {
    const r = resultLine(preview.state, e, true);
    if (r) lines.push(r);
  }
  return { title: title ?? declaredLine(state, null), lines, outcome };
}

/** The outcome in the card's words: "Hit", "Critical", "Tragedy", "Free hit"... */
function outcomeLine(outcome: unknown): CardLine {
  return { key: outcomeKey(String(outcome)), data: {} };
}

/** "Captain Orrin attacks Goblin with Longsword"; from the state's declaration when no event says it. */
function declaredLine(state: EscalationAttackState, e: Ev | null): CardLine {
  const d = state.declaration;
  const attacker = e ? e.attacker : d?.attacker;
  const target = e ? e.target : d?.target;
  const detail = (e?.detail ?? null) as Ev | null;
  const weapon = detail ? detail.weapon : d?.weapon.name;
  if (attacker === undefined) return line("NoAttack");
  return line("Title", {
    attacker: nameOf(state, attacker),
    target: nameOf(state, target),
    weapon: weaponName(weapon),
  });
}

/**
 * The declaration's choices that change the attack: its kind, the aim (ESC-19), flanking (ESC-16), undetected (ESC-51),
 * boosts.
 */
function declarationLines(e: Ev): CardLine[] {
  const d = (e.detail ?? {}) as Ev;
  const out: CardLine[] = [];
  if (d.kind === "extraAttack" || d.kind === "freeHit" || d.kind === "freeCritical") out.push(line(`Kind.${d.kind}`));
  if (typeof d.aim === "string") out.push(line("Aimed", { aim: aimKey(d.aim) }));
  if (d.flanking === true) out.push(line("Flanking"));
  if (d.undetected === true) out.push(line("Undetected"));
  const toHit = typeof d.toHitBonus === "number" ? d.toHitBonus : 0;
  const damage = typeof d.damageBoost === "number" ? d.damageBoost : 0;
  if (toHit !== 0 || damage !== 0) out.push(line("Boosts", { toHit: signed(toHit), damage: signed(damage) }));
  return out;
}
