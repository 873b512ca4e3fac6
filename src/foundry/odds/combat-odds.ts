import type { RulesetId } from "../../core/rulesets.js";
import type { CardActor } from "../cards/attack-ruleset.js";
import { rosterFrom, type CombatantSource } from "../combat/fight/combat-roster.js";
import { sideOrderOf, sidesOfSetup, type AnyJournal } from "../combat/fight/journal.js";
import type { CombatMode, StartOptions } from "../combat/fight/combat-mode.js";
import type { OddsAsk } from "./odds-job.js";

/** A combat as the odds read it, from the Foundry documents (odds-controller.ts) or the tests' fakes. */
export interface CombatReading {
  readonly ruleset: RulesetId;
  readonly mode: CombatMode;
  /** The fight's journal once it has started, else null. */
  readonly journal: AnyJournal | null;
  /** The GM's start options (side order, surprise, initiators) before the start. */
  readonly start: StartOptions;
  /** The world's rule options for this turn order (settings/rule-options.ts). */
  readonly worldOptions: Readonly<Record<string, unknown>>;
  readonly sideLabels: Readonly<Record<string, string>>;
  /** Each combatant: what the roster reads of it, and its actor's data now (its id the combatant's), or null. */
  readonly combatants: readonly { readonly source: CombatantSource; readonly actor: CardActor | null }[];
}

/**
 * The odds to ask for this combat now. Before the start: the sides as Begin would set them up (the GM's side order,
 * the world's rule options). Once started: the sides and options the fight began with, who is out as its turn
 * order sees it, and the turn order's state itself (the round, the turn under way, who has acted), which the
 * fights play on from where the simulator can. Either way each combatant fights from its actor's current data.
 */
export function oddsAskFor(c: CombatReading, seed: number, fights: number): OddsAsk {
  const started = c.journal;
  // Before the start, the defeated too get their side (Begin would leave them out): they are listed as out. Sides
  // from dispositions take the turn order's names, as the combat's own roster does (fray-combat.ts).
  const roster = (): ReturnType<typeof rosterFrom> =>
    rosterFrom(
      c.combatants.map((x) => ({ ...x.source, defeated: false })),
      c.mode.sides,
    );
  const setup = started ? started.setup : c.mode.buildSetup(roster(), { ...c.start, ruleOptions: c.worldOptions });
  const view = started ? c.mode.engine.view(started.state) : null;
  const sides = sidesOfSetup(setup);
  const options = (setup as { options?: unknown }).options;
  const combatants = c.combatants.flatMap(({ source, actor }) => {
    const side = source.id === null ? undefined : sides.get(source.id);
    // Not in the fight's setup (added after it began, or no id): not in this fight.
    if (source.id === null || side === undefined) return [];
    const out = source.defeated || view?.status[source.id] === "out";
    return [{ id: source.id, name: source.name ?? "", side, out, playerOwned: source.playerOwned, actor }];
  });
  return {
    ruleset: c.ruleset,
    mode: c.mode.id,
    combatants,
    sideOrder: sideOrderOf(setup),
    sideLabels: c.sideLabels,
    ruleOptions: options && typeof options === "object" ? (options as Record<string, unknown>) : {},
    seed,
    fights,
    round: view?.round ?? 0,
    state: started ? started.state : null,
  };
}
