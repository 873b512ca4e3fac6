import { applied, refuse } from "../../../shared/outcome.js";
import type { Roller } from "../../../shared/roller.js";
import type { TurnEvent } from "../../types.js";
import { draftFactions } from "../copies.js";
import { inRound } from "../in-play.js";
import { unknownSide } from "../payload.js";
import { passOn } from "../phases.js";
import type { FactionsCommandOf, FactionsOutcome, FactionsState } from "../types.js";

/** FAC-03: the faction up passes instead of taking a turn. */
export function pass(state: FactionsState, c: FactionsCommandOf<"pass">, roller: Roller): FactionsOutcome {
  const side = c.side;
  if (!state.factions.includes(side)) return unknownSide(side);
  if (!inRound(state)) return refuse("MoralePhase", "nobody passes during the morale phase", "FAC-54");
  if (state.choosingFirst)
    return refuse("ChooseFirstFaction", `${state.holder} must first choose which faction acts first`, "FAC-04", {
      side: state.holder,
    });
  if (state.acting !== null)
    return refuse("TurnInProgress", `${state.acting} is still taking a turn`, "FAC-01", { name: state.acting });
  if (state.up !== side) return refuse("NotYourTurn", `faction ${side} is not up`, "FAC-01", { name: side, side });
  const s = draftFactions(state);
  const events: TurnEvent[] = [];
  passOn(s, side, false, events, roller);
  return applied(s as FactionsState, events);
}
