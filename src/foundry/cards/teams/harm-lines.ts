import type { AttackEvent } from "../../../core/attack/pipeline.js";
import type { CardLine } from "../attack-ruleset.js";
import { rollLines } from "./roll-lines.js";
import { asNumber, asText, K, line, type ViewContext } from "./view-context.js";

type Ev = Readonly<Record<string, unknown>>;

/** "Applied" says what applying did; "Preview" what it will do, before the GM clicks. */
type Tense = "Applied" | "Preview";

function numbers(v: unknown): Readonly<Record<string, unknown>> {
  return (v ?? {}) as Readonly<Record<string, unknown>>;
}

/** The durability an item has in the context's state (after the blow, in either tense). */
function durability(ctx: ViewContext, combatant: unknown, item: unknown): number {
  const c =
    typeof combatant === "string" && Object.hasOwn(ctx.state.combatants, combatant)
      ? ctx.state.combatants[combatant]
      : undefined;
  return c?.items.find((i) => i.id === item)?.durability ?? 0;
}

type HarmLine = (e: Ev, ctx: ViewContext, tense: Tense) => CardLine[];

/** TEAM-40..44, TEAM-64..73: how the blow lands, one event at a time. */
const HARM: Readonly<Record<string, HarmLine>> = {
  itemDamaged: (e, ctx, t) => [
    line(`${t}.itemDamaged`, {
      item: ctx.itemName(e.item),
      amount: asNumber(e.amount),
      durability: durability(ctx, e.combatant, e.item),
    }),
  ],
  itemBroken: (e, ctx, t) => [line(`${t}.itemBroken`, { item: ctx.itemName(e.item) })],
  damageApplied: (e, ctx, t) => {
    const before = numbers(e.before);
    const after = numbers(e.after);
    // TEAM-64: the line names only the pools the blow changed (endurance first, then health).
    const endurance = asNumber(before.endurance) !== asNumber(after.endurance);
    const health = asNumber(before.health) !== asNumber(after.health);
    const changed = endurance && health ? "both" : endurance ? "endurance" : health ? "health" : "none";
    return [
      line(`${t}.damageApplied.${changed}`, {
        name: ctx.name(e.combatant),
        amount: asNumber(e.amount),
        enduranceBefore: asNumber(before.endurance),
        enduranceAfter: asNumber(after.endurance),
        healthBefore: asNumber(before.health),
        healthAfter: asNumber(after.health),
      }),
    ];
  },
  harmed: (e, ctx, t) => [line(`${t}.harmed`, { name: ctx.name(e.combatant) })],
  bloodied: (e, ctx, t) => [line(`${t}.bloodied`, { name: ctx.name(e.combatant) })],
  unconscious: (e, ctx, t) => [line(`${t}.unconscious`, { name: ctx.name(e.combatant) })],
  combatantKilled: (e, ctx, t) => [line(`${t}.combatantKilled`, { name: ctx.name(e.combatant) })],
  deathRisked: (e, ctx, t) => {
    const name = ctx.name(e.combatant);
    const difficulty = asNumber(numbers(e.comparison).against);
    if (t === "Preview") return [line("Preview.deathRisked", { name, difficulty })];
    return rollLines("Applied.deathRisked", e.roll, { name, difficulty, result: `${K}Result.${asText(e.outcome)}` });
  },
  consciousnessAtRisk: (e, ctx, t) => [
    line(`${t}.consciousnessAtRisk`, { name: ctx.name(e.combatant), difficulty: asNumber(e.difficulty) }),
  ],
  consciousnessLost: (e, ctx, t) => [
    line(`${t}.consciousnessLost.${e.reason === "chose" ? "chose" : "cannotFortify"}`, { name: ctx.name(e.combatant) }),
  ],
  effectLanded: (e, ctx, t) => {
    const on =
      typeof e.on === "string" && Object.hasOwn(ctx.state.combatants, e.on) ? ctx.name(e.on) : ctx.itemName(e.on);
    return [line(`${t}.effectLanded`, { effect: asText(e.effect), on })];
  },
};

/** The lines of one harm event, or none when it is not one. */
export function harmLines(e: AttackEvent, ctx: ViewContext, tense: Tense): CardLine[] | null {
  const f = Object.hasOwn(HARM, e.type) ? HARM[e.type] : undefined;
  return f ? f(e, ctx, tense) : null;
}
