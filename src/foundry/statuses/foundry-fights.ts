import { requestTurn, whenStepRecorded } from "../combat/requests/turn-client.js";
import { conditionsFromFight, type FightPort } from "./fight-sync.js";
import { theGame } from "../game/game-port.js";

/** This client's fights and its turn request (which shows a refusal with its reason). */
export const foundryFights: FightPort = {
  combats: () => theGame().combats.contents,
  send: (combat, command) => requestTurn(combat, command),
};

/** On the active GM's client, every step written puts the conditions it changed on the combatants' actors. */
export function registerFightConditions(): void {
  whenStepRecorded((combat, before, after) => conditionsFromFight(combat, before, after));
}
