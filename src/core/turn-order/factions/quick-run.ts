import { refuse, type Refusal } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import { InPlaceRun, type InPlaceEngine } from "../shared/quick-run.js";
import { copyFactionsMember, FACTIONS_COPIES, setInPlace, type FactionsDraft } from "./copies.js";
import { applyTrusted, OWN_STATES, start, validFactionsState } from "./engine.js";
import type { FactionsCommand, FactionsSetup, FactionsMember, FactionsState } from "./types.js";

const IN_PLACE: InPlaceEngine<FactionsState, FactionsCommand> = {
  applyTrusted,
  setInPlace: (s) => setInPlace(s as FactionsDraft | null),
};

/**
 * The factions order driven for the simulator, its quick run on the engine's in-place mode (shared/quick-run.ts
 * InPlaceRun; test/core/turn-order/factions/quick-run.test.ts compares it with apply() command by command).
 */
export class FactionsQuickRun extends InPlaceRun<FactionsState, FactionsCommand> {
  /** A fight started as start() starts it, run in place: start's state is built fresh, so nothing is copied. */
  static start(setup: FactionsSetup, roller: Roller): FactionsQuickRun | Refusal {
    const o = start(setup, roller);
    return o.ok ? new FactionsQuickRun(o.state, IN_PLACE) : o;
  }

  /** A run on a working copy of a state the engine accepts (its members copied once), or the refusal apply() gives another. */
  static of(state: FactionsState): FactionsQuickRun | Refusal {
    if (!OWN_STATES.sound(state, validFactionsState)) return refuse("MalformedState", "the factions state is not one this engine made");
    const s = FACTIONS_COPIES.top(state) as FactionsDraft;
    for (const id of state.roster) s.members[id] = copyFactionsMember(state.members[id] as FactionsMember);
    return new FactionsQuickRun(s, IN_PLACE);
  }
}
