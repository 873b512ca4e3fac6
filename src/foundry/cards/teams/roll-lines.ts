import type { CardLine } from "../attack-ruleset.js";
import { asNumber, asRoll, asText, K, line, rollData, type ViewContext } from "./view-context.js";

type Ev = Readonly<Record<string, unknown>>;

/** A roll's line (marked as dice) and, when advantage or disadvantage rolled it again, the dropped faces. */
export function rollLines(key: string, roll: unknown, data: CardLine["data"]): CardLine[] {
  const r = asRoll(roll);
  if (!r) return [];
  const { dropped, ...shown } = rollData(r);
  const out = [line(key, { ...shown, ...data }, true)];
  if (dropped !== "") out.push(line("Dropped", { dice: dropped }, true));
  return out;
}

/** TEAM-58 ruling: the net edge, capped at double. */
const EDGE: Readonly<Record<string, string>> = {
  "2": "DoubleAdvantage",
  "1": "Advantage",
  "-1": "Disadvantage",
  "-2": "DoubleDisadvantage",
};

/**
 * TEAM-46..58: the attack test against evasion, its penalty and edge, and the luck die against the critical threshold.
 */
export function toHitLines(e: Ev): CardLine[] {
  const cmp = e.comparison as { total?: unknown; against?: unknown } | undefined;
  const out = rollLines("ToHit", e.roll, { evasion: asNumber(cmp?.against) });
  const edge = EDGE[String(asNumber(e.edge))];
  if (edge) out.push(line(`Edge.${edge}`, {}));
  const penalty = asNumber(e.penalty);
  if (penalty !== 0) out.push(line("Penalty", { penalty }));
  out.push(...rollLines("Luck", e.luck, { threshold: asNumber(e.criticalThreshold) }));
  return out;
}

/** TEAM-72: the killing strike's test with advantage against constitution. */
export function killingStrikeLines(e: Ev, ctx: ViewContext): CardLine[] {
  const cmp = e.comparison as { against?: unknown } | undefined;
  return [
    ...rollLines("KillingStrike", e.roll, { name: ctx.name(e.target), constitution: asNumber(cmp?.against) }),
    line(`KillingStrikeResult.${e.outcome === "killed" ? "killed" : "failed"}`, { name: ctx.name(e.target) }),
  ];
}

/** What each reaction did (TEAM-36..43), and TEAM-67's fortify to stay conscious. */
export function reactionLines(e: Ev, ctx: ViewContext): CardLine[] {
  const name = ctx.name(e.reactor);
  const reaction = asText(e.reaction);
  const outcome = asText(e.outcome);
  const against = asNumber((e.comparison as { against?: unknown } | undefined)?.against);
  if (reaction === "fortify" && (outcome === "conscious" || outcome === "unconscious"))
    return rollLines("StayConscious", e.roll, { name, against, result: `${K}Result.${outcome}` });
  switch (reaction) {
    case "dodge":
    case "fortify":
    case "resist":
      return rollLines("ReactionTest", e.roll, {
        name,
        reaction: `${K}Reaction.${reaction}`,
        against,
        result: `${K}Result.${outcome}`,
      });
    case "parry":
      return [line("Parry", { name, item: ctx.itemName(e.item), bonus: asNumber(e.bonus) })];
    case "block":
      return [line("Block", { name, item: ctx.itemName(e.item) })];
    case "intercept":
      return [line("Intercept", { name, ally: ctx.name(e.displaced) })];
    default:
      return [];
  }
}

/**
 * TEAM-48..51: the test plus the weapon's (critical) damage less the matching reduction; TEAM-40..42 a block's share.
 */
export function damageLines(e: Ev, ctx: ViewContext): CardLine[] {
  const parts = (e.parts ?? {}) as Readonly<Record<string, unknown>>;
  const test = asNumber(parts.test);
  const weapon = asNumber(parts.weapon);
  const critical = ctx.state.toHit?.critical === true;
  const type = ctx.state.declaration?.weapon.damageType ?? "typeless";
  const base = {
    test,
    weapon,
    base: ctx.state.damage?.base ?? test + weapon,
    type: `${K}DamageType.${type}`,
    amount: asNumber(e.amount),
  };
  const blockItem = ctx.state.defence.blockItem;
  const first = line(critical ? "CriticalDamage" : "Damage", base, true);
  if (blockItem !== null)
    return [
      first,
      line("BlockedDamage", {
        item: ctx.itemName(blockItem),
        block: asNumber(parts.reduction),
        toItem: asNumber(parts.toItem),
        excess: asNumber(parts.excess),
      }),
    ];
  const kind = `${K}Kind.${asText(e.damageKind) || "typeless"}`;
  return [first, line("Reduced", { kind, reduction: asNumber(parts.reduction), amount: asNumber(e.amount) }, true)];
}
