import { isRecord } from "../../core/shared/guards.js";
import { openJournal, record, type Journal } from "../../core/shared/journal.js";
import type { TurnEvent } from "../../core/turn-order/types.js";
import type { AnyJournal } from "./journal.js";
import type { CombatMode } from "./modes.js";
import type { TurnCommand } from "./turn-command.js";

export type RepairHow = "rebuild" | "restart";

export type Repair =
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
  if (!isRecord(j.setup)) return { ok: false, key: "FRAY.Tracker.Damaged.NoSetup", reason: "the stored fight has no setup" };
  const seed = Number.isInteger(j.seed) && (j.seed as number) >= 0 ? (j.seed as number) : freshSeed;
  const opened = openJournal(mode.engine, j.setup, seed);
  if (!opened.ok) return { ok: false, key: opened.key, reason: opened.reason };
  const log = how === "rebuild" ? storedCommands(j.log) : [];
  let journal: Journal<unknown, unknown, TurnCommand> = opened.state;
  const events: TurnEvent[] = [{ type: "combatStarted" }, ...(opened.events as TurnEvent[])];
  let kept = 0;
  for (const command of log) {
    if (!isRecord(command) || typeof command.type !== "string") break;
    const next = record(mode.engine, journal, command as TurnCommand);
    if (!next.ok) break;
    journal = next.state;
    events.push(...(next.events as TurnEvent[]));
    kept++;
  }
  const revision = Math.max(Number.isInteger(j.revision) ? (j.revision as number) : 0, kept) + 1;
  return { ok: true, journal: { ...journal, revision }, events, kept, dropped: log.length - kept };
}

/** The stored log's commands in order, whether it is one list or chunks keyed "0", "1", ... (what is unreadable is left out). */
function storedCommands(log: unknown): unknown[] {
  if (Array.isArray(log)) return log;
  if (!isRecord(log)) return [];
  const keys = Object.keys(log)
    .filter((k) => /^\d+$/.test(k))
    .sort((a, b) => Number(a) - Number(b));
  return keys.flatMap((k) => (Array.isArray(log[k]) ? (log[k] as unknown[]) : []));
}
