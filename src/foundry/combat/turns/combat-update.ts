import { commandsOf, journalChanges, record } from "../../../core/shared/journal.js";
import type { TurnEvent } from "../../../core/turn-order/types.js";
import type { HookBus } from "./fray-hooks.js";
import type { CombatLike } from "../fight/ports.js";
import type { CombatMode } from "../fight/combat-mode.js";
import type { AnyJournal } from "../fight/journal.js";

/**
 * The one update that records a command: the new journal, the events it caused (every client
 * turns them into Fray hooks once), and Foundry's own round and turn kept consistent with the
 * acting combatant so turn markers, region turn events and other modules keep working.
 */
export function updateForJournal(
  mode: CombatMode,
  journal: AnyJournal,
  events: readonly TurnEvent[],
  combat: CombatLike,
  /** The journal as stored before, when this update records on it: then only what changed is written. */
  before?: AnyJournal,
): Record<string, unknown> {
  const view = mode.engine.view(journal.state);
  const order = turnOrder(
    view.order,
    combat.combatants.contents.map((c) => c.id ?? ""),
  );
  const turn = view.acting === null ? null : order.indexOf(view.acting);
  return {
    // Foundry counts a started combat from round 1; strain's Round Zero is Foundry's round 1.
    round: Math.max(view.round, 0) + mode.roundOffset,
    turn: turn === null || turn < 0 ? null : turn,
    ...journalWrite(journal, before),
    // Replaced whole (`==`) so the update always carries them: Foundry sends only what changed, and events equal to the
    // last command's (a second boost paid alike) would otherwise reach no client's hooks.
    "system.==events": events,
    "system.revision": journal.revision,
  };
}

/**
 * The journal's part of the update. Recording on a stored journal writes only the chunks, checkpoints, state and dice
 * that changed (`journalChanges`); a removed chunk is Foundry's `-=` deletion. A new fight, a repaired one, or one
 * stored before the log came in chunks is written whole, with Foundry's `==` replacement: an object written plainly
 * would be merged into the one stored, and the old fight's chunks and checkpoints would stay.
 */
function journalWrite(journal: AnyJournal, before: AnyJournal | undefined): Record<string, unknown> {
  if (!before || Array.isArray(before.log) || before.setup !== journal.setup) return { "system.==journal": journal };
  const out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(journalChanges(before, journal))) {
    const dot = path.lastIndexOf(".");
    if (value === null && dot > 0) out[`system.journal.${path.slice(0, dot)}.-=${path.slice(dot + 1)}`] = null;
    else out[`system.journal.${path}`] = value;
  }
  return out;
}

/** Foundry's `turns` in Fray: the engine's display order first, then anyone it does not list, in roster order. */
export function turnOrder(engineOrder: readonly string[], roster: readonly string[]): string[] {
  const inRoster = new Set(roster);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of [...engineOrder.filter((id) => inRoster.has(id)), ...roster]) {
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}

/** Foundry's options of a turn or round update (client/documents/combat.mjs, nextTurn and nextRound). */
interface TurnUpdateOptions {
  /** 1 forward, -1 back (the GM's undo). */
  direction: 1 | -1;
  /** The seconds the world's clock moves; the server advances it by this much when it writes the update. */
  worldTime: { delta: number };
}

/** The world's time settings Foundry's Combat reads (CONFIG.time: seconds at the end of each round and turn). */
export interface TimeSettings {
  readonly roundTime: number;
  readonly turnTime: number;
}

/**
 * The seconds a step moves the world's clock, as Foundry's getTimeDelta counts them for its own turns: each round that
 * ends adds `roundTime`, each turn that ends adds `turnTime`. An undo takes back what its step added.
 */
function worldTimeDelta(events: readonly TurnEvent[], time: TimeSettings, direction: 1 | -1): number {
  const count = (type: string) => events.filter((e) => e.type === type).length;
  const seconds =
    count("roundEnded") * (Number(time.roundTime) || 0) + count("turnEnded") * (Number(time.turnTime) || 0);
  return seconds === 0 ? 0 : direction * seconds;
}

/** The options of the update that records a step: its direction, and the time it moves the world's clock. */
export function turnUpdateOptions(
  mode: CombatMode,
  before: AnyJournal,
  after: AnyJournal,
  events: readonly TurnEvent[],
  undo: boolean,
  time: TimeSettings,
): TurnUpdateOptions {
  const direction = undo ? -1 : 1;
  const stepEvents = undo ? lastStepEvents(mode, before, after) : events;
  return { direction, worldTime: { delta: worldTimeDelta(stepEvents, time, direction) } };
}

/** What the last step of `before` did, played again on `after` (the journal without it): what its undo takes back. */
function lastStepEvents(mode: CombatMode, before: AnyJournal, after: AnyJournal): readonly TurnEvent[] {
  const last = commandsOf(before).at(-1);
  const dealt: unknown = before.dealt?.[String(before.length - 1)];
  const again = last
    ? record(mode.engine, after, last, undefined, Array.isArray(dealt) ? (dealt as number[]) : undefined)
    : null;
  return again?.ok ? again.events : [];
}

/**
 * Foundry's own combatRound or combatTurn hook for an update Fray writes, as Foundry fires them from nextRound and
 * nextTurn: on the initiating client (here the GM's, which writes every update), before the update, once; a new round
 * fires only combatRound. The options are the update's own: a module may change `worldTime.delta` in the hook, and
 * the update then carries the change, as with Foundry's own turns.
 */
export function callFoundryTurnHooks(
  hooks: HookBus,
  combat: CombatLike,
  update: Record<string, unknown>,
  options: TurnUpdateOptions,
): void {
  const round = update.round as number;
  const turn = update.turn as number | null;
  const data = { round, turn };
  if (round !== combat.round) hooks.callAll("combatRound", combat, data, options);
  else if (turn !== combat.turn && turn !== null) hooks.callAll("combatTurn", combat, data, options);
}
