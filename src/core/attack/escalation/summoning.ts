import { refuse, type Refusal } from "../../shared/outcome.js";
import { hasFeat, type EscalationCombatant } from "./combatant.js";

/** ESC-52 summoning slots = level; ESC-57 Legion leader adds 2. */
export function summoningSlots(c: EscalationCombatant): number {
  return Math.max(0, c.level) + (hasFeat(c, "legionLeader") ? 2 : 0);
}

/** ESC-54: thrall cost is usually 6 x the unit's level; a spell's stated cost overrides it. */
export function thrallCost(level: number, stated: number | null = null): number {
  return stated ?? 6 * level;
}

/** ESC-52: refuse a summon beyond the summoner's slots. `controlled` counts its summons still on the field. */
export function checkSummoningSlot(summoner: EscalationCombatant, controlled: number): Refusal | null {
  const slots = summoningSlots(summoner);
  if (controlled < slots) return null;
  return refuse("NoSummoningSlots", `${summoner.name} already controls ${controlled} of ${slots} summons`, "ESC-52", {
    name: summoner.name,
    slots,
  });
}

/**
 * ESC-53: which summons vanish. Un-thralled summons made outside battle vanish as it begins ("battleStarts");
 * un-thralled summons made during it vanish when it ends ("battleEnds"). Thralled ones stay.
 */
export function vanishingSummons(all: readonly EscalationCombatant[], when: "battleStarts" | "battleEnds"): string[] {
  const out: string[] = [];
  for (const c of all) {
    if (c.summoner === null || c.thralled) continue;
    const madeInBattle = c.summonedRound !== null;
    if (when === "battleEnds" ? madeInBattle : !madeInBattle) out.push(c.id);
  }
  return out;
}
