import { requestTurn, whenStepRecorded } from "../combat/requests/turn-client.js";
import { conditionsFromFight, type FightPort, type SyncCombat } from "./fight-sync.js";

/** This client's fights and its turn request (which shows a refusal with its reason). */
export const foundryFights: FightPort = {
  combats: () => ((game.combats as { contents?: unknown } | undefined)?.contents ?? []) as SyncCombat[],
  send: (combat, command) => requestTurn(combat, command),
};

/** On the active GM's client, every step written puts the conditions it changed on the combatants' actors. */
export function registerFightConditions(): void {
  whenStepRecorded((combat, before, after) => conditionsFromFight(combat, before, after));
}
