import { isRoundStep, lifecycleSteps, type TurnState } from "./turn-lifecycle.js";

type Context = Combat.TurnEventContext;

/**
 * The Combat methods Foundry's turn events call: protected on Combat, so FrayCombat hands itself in as this.
 */
export interface TurnEventHost {
  readonly combatants: { get(id: string): Combatant.Implementation | undefined } & Iterable<Combatant.Implementation>;
  _onEndTurn(combatant: Combatant.Implementation, context: Context): Promise<void>;
  _onStartTurn(combatant: Combatant.Implementation, context: Context): Promise<void>;
  _onEndRound(context: Combat.RoundEventContext): Promise<void>;
  _onStartRound(context: Combat.RoundEventContext): Promise<void>;
  _clearMovementHistoryOnStartTurn(combatant: Combatant.Implementation, context: Context): Promise<void>;
}

/**
 * Foundry's turn events for one change of a Fray fight (turn-lifecycle.ts), run as Foundry's #onEndTurn,
 * #onEndRound, #onStartRound and #onStartTurn run them (client/documents/combat.mjs): each awaited in turn, a turn's
 * start clearing its token's movement history, and the region events of each, not awaited.
 */
export async function runTurnEvents(
  host: TurnEventHost,
  previous: TurnState,
  current: TurnState,
  direction: number,
): Promise<void> {
  const events = CONST.REGION_EVENTS;
  for (const step of lifecycleSteps(previous, current, direction)) {
    if (isRoundStep(step)) {
      const context = { round: step.round, skipped: false };
      const ends = step.kind === "endRound";
      await (ends ? host._onEndRound(context) : host._onStartRound(context));
      void regionEvents(host, ends ? events.TOKEN_ROUND_END : events.TOKEN_ROUND_START, context, host.combatants);
      continue;
    }
    const combatant = host.combatants.get(step.combatantId);
    if (!combatant) continue;
    const context = { round: step.round, turn: step.turn as number, skipped: false };
    if (step.kind === "endTurn") {
      await host._onEndTurn(combatant, context);
      void regionEvents(host, events.TOKEN_TURN_END, context, [combatant]);
    } else {
      await host._onStartTurn(combatant, context);
      if (combatant.token) await host._clearMovementHistoryOnStartTurn(combatant, context);
      void regionEvents(host, events.TOKEN_TURN_START, context, [combatant]);
    }
  }
}

/** A combat event for each region each combatant's token stands in (Foundry's #triggerRegionEvents). */
async function regionEvents(
  combat: TurnEventHost,
  name: string,
  data: object,
  combatants: Iterable<Combatant.Implementation>,
): Promise<void> {
  const all: Promise<void>[] = [];
  for (const combatant of combatants) {
    const token = combatant.token;
    for (const region of token?.regions ?? []) {
      const target = region as unknown as { _triggerEvent(n: string, d: object): Promise<void> };
      all.push(target._triggerEvent(name, { token, combatant, combat, ...data }));
    }
  }
  await Promise.allSettled(all);
}
