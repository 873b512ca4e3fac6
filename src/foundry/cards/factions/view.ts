import type { FactionsAttackState } from "../../../core/attack/factions/types.js";
import type { AttackEvent } from "../../../core/attack/pipeline.js";
import type { CardLine, CardView } from "../attack-ruleset.js";
import { eventLines } from "./event-lines.js";
import { ACTOR_KEYS, line, word } from "./keys.js";
import { previewLines } from "./preview.js";
import { blastRows, cardRecord, isBlast } from "./blast-rows.js";

/** The outcome an event decides, in the pipeline's words; later events overrule earlier ones. */
function decided(e: AttackEvent): string | null {
  switch (e.type) {
    case "autoHit":
      return "autoHit";
    case "toHitRolled":
    case "attackEnded":
      return typeof e.outcome === "string" ? e.outcome : null;
    case "reactionTaken":
      // FAC-18: a passed AGI save makes the attack miss; a failed one leaves it a hit.
      if (e.reaction === "dodge") return e.outcome === "dodged" ? "dodged" : "hit";
      return e.reaction === "counter" ? "counter" : null;
    case "stuntProposed":
      return "stuntProposed";
    case "stuntRefused":
      return "stuntRefused";
    default:
      return null;
  }
}

function outcomeOf(events: readonly AttackEvent[]): CardLine | null {
  let outcome: string | null = null;
  for (const e of events) outcome = decided(e) ?? outcome;
  return outcome === null ? null : line(`Outcome.${outcome}`);
}

/** The card: who attacks whom with what, every event's line, and before apply what applying will do; a blast's rows. */
export function factionsView(state: FactionsAttackState, events: readonly AttackEvent[]): CardView {
  const w = state.attackerData.weapon;
  const weapon = w.unarmed ? word("Unarmed") : w.name;
  const record = cardRecord(state);
  const zoneName = (zone: string) => record.zones[zone] ?? zone;
  const blast = isBlast(state);
  const title = !blast
    ? line("Title", { attacker: state.attacker, target: state.slots[0]?.attacked ?? state.target, weapon })
    : record.zone !== undefined
      ? line("TitleBlast", { attacker: state.attacker, zone: zoneName(record.zone), weapon })
      : line("TitleBlastTargets", { attacker: state.attacker, weapon });
  return {
    title,
    lines: [...eventLines(events, zoneName), ...previewLines(state)],
    outcome: outcomeOf(events),
    ...(blast ? { rows: blastRows(state, events) } : {}),
  };
}

/** The view with actor ids shown as names (`ACTOR_KEYS`): the card layer passes its own namer (hidden tokens...). */
export function withNames(view: CardView, nameOf: (actorId: string) => string): CardView {
  const named = (l: CardLine): CardLine => ({
    ...l,
    data: Object.fromEntries(
      Object.entries(l.data).map(([k, v]) => [k, ACTOR_KEYS.includes(k) && typeof v === "string" ? nameOf(v) : v]),
    ),
  });
  return { title: named(view.title), lines: view.lines.map(named), outcome: view.outcome && named(view.outcome) };
}
