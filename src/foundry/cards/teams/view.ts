import type { AttackEvent } from "../../../core/attack/pipeline.js";
import type { TeamsAttackState } from "../../../core/attack/teams/types.js";
import type { CardLine, CardView } from "../attack-ruleset.js";
import { harmLines } from "./harm-lines.js";
import { previewLines } from "./preview.js";
import { damageLines, killingStrikeLines, reactionLines, toHitLines } from "./roll-lines.js";
import { line, viewContext, type ViewContext } from "./view-context.js";

type Ev = Readonly<Record<string, unknown>>;

/** The outcomes the teams pipeline names (steps/to-hit.ts, steps/reaction.ts, steps/declare.ts). */
const OUTCOMES = ["hit", "miss", "critical", "dodged", "killed"] as const;

/** TEAM-56/57: what the declaration brings to the test before it is rolled. */
function declaredLines(e: Ev): CardLine[] {
  const d = (e.detail ?? {}) as Readonly<Record<string, unknown>>;
  const out: CardLine[] = [];
  if (d.sneak === true) out.push(line("Sneak", {}));
  if (d.flanking === true) out.push(line("Flanking", {}));
  return out;
}

/** The card's lines for one event of the attack, in the order they happened. */
function eventLines(e: AttackEvent, ctx: ViewContext): CardLine[] {
  const ev = e as Ev;
  switch (e.type) {
    case "attackDeclared":
      return declaredLines(ev);
    case "toHitRolled":
      return toHitLines(ev);
    case "misfire":
      return [line("Misfire", { from: ctx.name(ev.from), to: ctx.name(ev.to) })];
    case "killingStrike":
      return killingStrikeLines(ev, ctx);
    case "reactionTaken":
      return reactionLines(ev, ctx);
    case "reactionWindowClosed":
      return [line("NoReaction", { name: ctx.name(ctx.state.target) })];
    case "damageRolled":
      return damageLines(ev, ctx);
    default:
      return harmLines(e, ctx, "Applied") ?? [];
  }
}

/** The last outcome the pipeline named: the to-hit roll's, then the attack's end (a dodge, a killing strike). */
function outcomeLine(events: readonly AttackEvent[]): CardLine | null {
  let outcome: string | null = null;
  for (const e of events) {
    const o = (e as Ev).outcome;
    if ((e.type === "toHitRolled" || e.type === "attackEnded" || e.type === "killingStrike") && typeof o === "string")
      outcome = o;
  }
  return outcome !== null && (OUTCOMES as readonly string[]).includes(outcome) ? line(`Outcome.${outcome}`, {}) : null;
}

/** What the card shows: who attacks whom with what, every roll and choice so far, and before apply what it will do. */
export function teamsView(state: TeamsAttackState, events: readonly AttackEvent[]): CardView {
  const ctx = viewContext(state);
  const strike = events.some((e) => e.type === "killingStrike");
  const title = line(strike ? "TitleKillingStrike" : "Title", {
    attacker: ctx.name(state.attacker),
    target: ctx.name(
      (events.find((e) => e.type === "attackDeclared" || e.type === "killingStrike") as Ev | undefined)?.target ??
        state.target,
    ),
    weapon: state.declaration?.weapon.name ?? state.combatants[state.attacker]?.weapon.name ?? "",
  });
  const lines = events.flatMap((e) => eventLines(e, ctx));
  lines.push(...previewLines(state));
  return { title, lines, outcome: outcomeLine(events) };
}
