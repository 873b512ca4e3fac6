import { isRecord } from "../../../core/shared/guards.js";
import { replayAsFarAsItGoes } from "../../../core/shared/journal.js";
import type { TurnEvent } from "../../../core/turn-order/types.js";
import type { AnyJournal } from "./journal.js";
import type { CombatMode } from "./combat-mode.js";
import type { TurnCommand } from "./turn-command.js";

export type RepairHow = "rebuild" | "restart";

type Repair =
  | {
      readonly ok: true;
      readonly journal: AnyJournal;
      readonly events: readonly TurnEvent[];
      readonly kept: number;
      readonly dropped: number;
    }
  | { readonly ok: false; readonly key: string; readonly reason: string };

/**
 * A damaged stored fight made playable again, keeping all that can be kept:
 * - `rebuild` replays the log from the setup and seed, as far as the commands still apply (the rest is dropped and
 *   counted, and the damaged journal stays stored beside the new one: combat-model.ts `damaged`);
 * - `restart` opens the fight again from its setup (with its seed when it still has one).
 * The revision goes past the stored one, so a request made against the damaged fight is refused as stale.
 */
export function repairFight(mode: CombatMode, stored: unknown, how: RepairHow, freshSeed: number): Repair {
  const j = isRecord(stored) ? stored : {};
  if (!isRecord(j.setup))
    return { ok: false, key: "FRAY.Tracker.Damaged.NoSetup", reason: "the stored fight has no setup" };
  const seed = Number.isInteger(j.seed) && (j.seed as number) >= 0 ? (j.seed as number) : freshSeed;
  const log = how === "rebuild" ? storedCommands(j.log) : [];
  // Only commands that look like commands are offered; the replay stops at the first one that no longer applies.
  const readable = log.findIndex((c) => !isRecord(c) || typeof c.type !== "string");
  const commands = (readable < 0 ? log : log.slice(0, readable)) as TurnCommand[];
  // Dice rolled with Foundry for the steps kept are their dice still (replay reads only arrays from what is stored).
  const dealt =
    how === "rebuild" && isRecord(j.dealt) ? (j.dealt as Readonly<Record<string, readonly number[]>>) : undefined;
  const again = replayAsFarAsItGoes(mode.engine, j.setup, seed, commands, dealt);
  if (!again.ok) return { ok: false, key: again.key, reason: again.reason };
  const events: TurnEvent[] = [{ type: "combatStarted" }, ...again.events];
  const revision = Math.max(Number.isInteger(j.revision) ? (j.revision as number) : 0, again.kept) + 1;
  return {
    ok: true,
    journal: { ...again.state, revision },
    events,
    kept: again.kept,
    dropped: log.length - again.kept,
  };
}

/**
 * The stored log's commands in order, whether it is one list or chunks keyed "0", "1", ... (what is unreadable is left
 * out).
 */
function storedCommands(log: unknown): unknown[] {
  if (Array.isArray(log)) return log;
  if (!isRecord(log)) return [];
  const keys = Object.keys(log)
    .filter((k) => /^\d+$/.test(k))
    .sort((a, b) => Number(a) - Number(b));
  return keys.flatMap((k) => (Array.isArray(log[k]) ? (log[k] as unknown[]) : []));
}

/** The update part that keeps a damaged record beside the repaired fight, replacing any record kept before. */
export function damagedRecord(stored: unknown): Record<string, unknown> {
  return { "system.==damaged": stored };
}
