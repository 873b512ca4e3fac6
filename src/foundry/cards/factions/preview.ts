import { factionsAttack } from "../../../core/attack/factions/engine.js";
import type { FactionsAttackState } from "../../../core/attack/factions/types.js";
import type { AttackEvent } from "../../../core/attack/pipeline.js";
import type { Roller } from "../../../core/shared/roller.js";
import type { CardLine } from "../attack-ruleset.js";
import { eventLines } from "./event-lines.js";
import { line, word } from "./keys.js";

/**
 * A roller for the preview: the only die apply rolls is the STR save of a disarm or grapple (FAC-43/44), which the
 * preview names as still to come instead of showing its face.
 */
const previewRoller: Roller = {
  die: (sides) => sides,
  state: () => ({ kind: "scripted", values: [], next: 0 }),
};

/** What the save decides, shown as a save still to roll; what follows from it is left out. */
const SAVE_DECIDES = new Set(["saveRolled", "disarmed", "grabbed"]);

/**
 * What applying will do, before the GM applies: the core's own apply, run on the state as it is (no rule restated
 * here), each line under `Will.` instead of the past tense; a save still to roll is named with its stake.
 */
export function previewLines(state: FactionsAttackState): CardLine[] {
  if (state.step !== "apply") return [];
  const result = factionsAttack.apply(state, { type: "apply" }, previewRoller);
  if (!result.ok) return [];
  const out: CardLine[] = [];
  const shown: AttackEvent[] = [];
  for (const e of result.events) {
    if (e.type !== "saveRolled") {
      if (!SAVE_DECIDES.has(e.type)) shown.push(e);
      continue;
    }
    const stake = word(`Effect.${state.circumstances.effect}`);
    const against = (e.comparison as { against: number }).against;
    out.push(...eventLines(shown).map(will), line("Will.StrSave", { combatant: String(e.combatant), against, stake }));
    shown.length = 0;
  }
  return [...out, ...eventLines(shown).map(will)];
}

function will(l: CardLine): CardLine {
  return { ...l, key: l.key.replace(/^FRAY\.Card\.Factions\./, "FRAY.Card.Factions.Will.") };
}
