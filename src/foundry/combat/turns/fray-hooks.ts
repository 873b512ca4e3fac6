import type { TurnEvent } from "../../../core/turn-order/types.js";

/**
 * Fray's hooks for module authors, one per core event type (documented in docs/hooks.md).
 * Every client calls each once per recorded command, in the order the core emitted the events,
 * with (combat, event) as arguments.
 */
export const FRAY_HOOKS: Readonly<Record<string, string>> = {
  combatStarted: "fray.combatStart",
  roundStarted: "fray.roundStart",
  phaseStarted: "fray.phaseStart",
  sideUp: "fray.sideUp",
  turnStarted: "fray.turnStart",
  actionSpent: "fray.actionSpent",
  turnEnded: "fray.turnEnd",
  turnLost: "fray.turnLost",
  passed: "fray.factionPassed",
  delayed: "fray.delay",
  sideSkipped: "fray.sideSkipped",
  phaseEnded: "fray.phaseEnd",
  roundEnded: "fray.roundEnd",
  moraleDue: "fray.moraleDue",
  combatEnded: "fray.combatEnd",
  undone: "fray.undo",
};

interface HookCall {
  readonly hook: string;
  readonly event: TurnEvent;
}

/** The hook calls for a batch of events; engine-specific events go out as "fray.event" so nothing is dropped. */
function hookCalls(events: readonly TurnEvent[]): HookCall[] {
  return events.map((event) => ({ hook: FRAY_HOOKS[event.type] ?? "fray.event", event }));
}

export interface HookBus {
  callAll(hook: string, ...args: unknown[]): unknown;
}

/**
 * Called from every client's Combat#_onUpdate: fires the hooks of a Fray-recorded update once. The update writes its
 * events with Foundry's `==` replacement, so what changed names them `==events`.
 */
export function dispatchFrayHooks(bus: HookBus, combat: unknown, changed: unknown, options: unknown): number {
  const fray = (options as { fray?: { revision?: unknown } } | undefined)?.fray;
  const system = (changed as { system?: Record<string, unknown> } | undefined)?.system;
  const events = system?.["==events"] ?? system?.events;
  if (!fray || !Array.isArray(events)) return 0;
  const calls = hookCalls(events as TurnEvent[]);
  for (const c of calls) bus.callAll(c.hook, combat, c.event);
  return calls.length;
}
