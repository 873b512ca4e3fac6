import { applied, refuse } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import type { TurnEvent } from "../../types.js";
import { draftFactions } from "../copies.js";
import { factionInPlay } from "../in-play.js";
import { unknownSide } from "../payload.js";
import { bringUp } from "../phases.js";
import type { FactionsCommandOf, FactionsOutcome, FactionsState } from "../types.js";

/** FAC-04: the faction holding the initiative chooses which faction acts first in the round or phase. */
export function chooseFirst(
  state: FactionsState,
  c: FactionsCommandOf<"chooseFirst">,
  roller: Roller,
): FactionsOutcome {
  const side = c.side;
  if (!state.factions.includes(side)) return unknownSide(side);
  if (!state.choosingFirst)
    return refuse("FirstAlreadyChosen", "the first faction of this round has been chosen", "FAC-04");
  if (!factionInPlay(state, side))
    return refuse("OutOfFight", `faction ${side} has nobody left in the fight`, "FAC-04", { name: side, side });
  const s = draftFactions(state);
  s.choosingFirst = false;
  const events: TurnEvent[] = [{ type: "firstChosen", round: s.round, side, by: s.holder }];
  bringUp(s, side, events, roller);
  return applied(s as FactionsState, events);
}
