import { reactionBar } from "../../../core/attack/factions/reactions.js";
import type { FactionsAttackState, TargetSlot } from "../../../core/attack/factions/types.js";
import type { AttackEvent } from "../../../core/attack/pipeline.js";
import { isRecord } from "../../../core/shared/guards.js";
import type { CardLine, CardRow } from "../attack-ruleset.js";
import { line } from "./keys.js";

/** A blast's zone and the zones' names, as the card kept them with the setup (open.ts); none for another attack. */
export function cardRecord(state: FactionsAttackState): {
  readonly zone?: string;
  readonly zones: Readonly<Record<string, string>>;
} {
  const card = (state.circumstances as { readonly card?: unknown }).card;
  const zone = isRecord(card) && typeof card.zone === "string" ? card.zone : undefined;
  const zones: Record<string, string> = {};
  if (isRecord(card) && isRecord(card.zones))
    for (const [k, v] of Object.entries(card.zones)) if (typeof v === "string") zones[k] = v;
  return { ...(zone !== undefined ? { zone } : {}), zones };
}

export const isBlast = (state: FactionsAttackState) =>
  state.circumstances.mode === "meleeBlast" || state.circumstances.mode === "rangedBlast";

/**
 * What the slot's target did: still deciding in the reaction window, no reaction, a dodge (its save is dice), a
 * counter.
 */
function reactionCell(state: FactionsAttackState, s: TargetSlot): CardLine | null {
  if (s.reaction === "dodge") return line(s.avoided ? "Row.dodged" : "Row.dodgeFailed", {}, true);
  if (s.reaction === "counter") return line("Row.counter");
  if (state.hit !== true) return null;
  const open = state.step === "reactionWindow" && !s.reacted && reactionBar(state, s.target, true) === null;
  return line(open ? "Row.deciding" : "Row.noReaction");
}

/** What the slot's target takes: the damage rolled (dice), then its health as applying left it. */
function harmCells(s: TargetSlot, events: readonly AttackEvent[]): CardLine[] {
  const out: CardLine[] = [];
  if (s.damage !== null) out.push(line("Row.damage", { amount: s.damage, raw: s.raw ?? 0 }, true));
  const mine = (events as readonly Readonly<Record<string, unknown>>[]).filter(
    (e) => e.type === "damageApplied" && e.combatant === s.target.id,
  );
  const first = mine[0]?.before as { health?: unknown } | undefined;
  const last = mine.at(-1)?.after as { health?: unknown } | undefined;
  if (typeof first?.health === "number" && typeof last?.health === "number")
    out.push(line("Row.health", { before: first.health, after: last.health }, true));
  if (events.some((e) => e.type === "incapacitated" && e.combatant === s.target.id))
    out.push(line("Row.incapacitated", {}, true));
  return out;
}

/** FAC-36: one row per target of the blast (after a deviation, FAC-39, the zone it landed in): reaction and damage. */
export function blastRows(state: FactionsAttackState, events: readonly AttackEvent[]): CardRow[] {
  return state.slots.map((s) => {
    const reaction = reactionCell(state, s);
    return { actor: s.target.id, cells: [...(reaction ? [reaction] : []), ...harmCells(s, events)] };
  });
}
