import type { RulesetId } from "../../core/rulesets.js";
import { refuse, type Refusal } from "../../core/shared/outcome.js";
import { resumable, type SimInput, type SimMembers } from "../../sim/index.js";
import type { CardActor } from "../cards/attack-ruleset.js";
import { MODE_FOR_RULESET } from "../rulesets/index.js";
import { MEMBER_READERS } from "./members/index.js";

/** A combatant as the odds read it: its side, whether it is still in the fight, and its actor as plain data. */
interface OddsCombatant {
  /** The combatant's id, which is also its member id in the simulator (two tokens of one actor are two members). */
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** Out of the fight: defeated in Foundry, or out in the turn order's own view. Out combatants do not fight. */
  readonly out: boolean;
  /** A player owns it: its chance to drop is shown. */
  readonly playerOwned: boolean;
  /** The actor's data now (an unlinked token's own actor), its id the combatant's; null when it has none. */
  readonly actor: CardActor | null;
}

/** What the GM asks the odds of: the combat as it is now, and the world's rule set and options. */
export interface OddsAsk {
  readonly ruleset: RulesetId;
  /** The combat's turn order: the simulator plays only the rule set's own. */
  readonly mode: string;
  readonly combatants: readonly OddsCombatant[];
  /** The sides in the turn order's order: the first is the simulator's side a (it starts, holds the initiative). */
  readonly sideOrder: readonly string[];
  readonly sideLabels: Readonly<Record<string, string>>;
  /** The turn order's rule options: the fight's own once it has started, else the world's settings. */
  readonly ruleOptions: Readonly<Record<string, unknown>>;
  readonly seed: number;
  readonly fights: number;
  /** The fight's round now (0 before it starts). */
  readonly round: number;
  /**
   * The turn order's state now, once the fight has started (null before): the fights play on from it where they can.
   */
  readonly state: unknown;
}

/** A side of the job: the combat's side id and its label. */
interface OddsJobSide {
  readonly id: string;
  readonly label: string;
}

/** The simulator's input for an ask, and what the result needs to name things. */
export interface OddsJob {
  readonly input: SimInput;
  readonly sides: { readonly a: OddsJobSide; readonly b: OddsJobSide };
  /** Member id → combatant name. */
  readonly names: Readonly<Record<string, string>>;
  /** The player characters in the fight (member ids), whose chance to drop is shown. */
  readonly pcs: readonly string[];
  /** Combatants left out because they are out of the fight already (names). */
  readonly out: readonly string[];
  readonly round: number;
  /** The fights play on from the turn order's state under way (turn, who acted, what is spent), not afresh. */
  readonly resumed: boolean;
}

/**
 * The simulator's input from the combat as it is: each combatant still in the fight read from its actor's current
 * data by the rule set's attack card readers (a wounded one starts wounded), the two sides in the turn order's
 * order, the rule options. Refused when the combat cannot be played by the simulator (another turn order, not two
 * sides, an actor its card cannot read).
 */
export function oddsJob(ask: OddsAsk): OddsJob | Refusal {
  const own = MODE_FOR_RULESET[ask.ruleset];
  if (ask.mode !== own)
    return refuse(
      "FRAY.Odds.Refusal.OtherTurnOrder",
      `the simulator plays ${ask.ruleset} with its own turn order ${own}, not ${ask.mode}`,
      undefined,
      {
        mode: `FRAY.Combat.Mode.${ask.mode}`,
        own: `FRAY.Combat.Mode.${own}`,
      },
    );
  const fighting = ask.combatants.filter((c) => !c.out);
  const standing = [...new Set(fighting.map((c) => c.side))];
  if (standing.length !== 2)
    return refuse(
      "FRAY.Odds.Refusal.TwoSides",
      `the odds need two sides with someone in the fight, not ${standing.length}`,
      undefined,
      {
        count: standing.length,
      },
    );
  const order = [
    ...ask.sideOrder.filter((s) => standing.includes(s)),
    ...standing.filter((s) => !ask.sideOrder.includes(s)),
  ];
  const [a, b] = order as [string, string];
  const read = MEMBER_READERS[ask.ruleset] as (actor: CardActor) => SimMembers[RulesetId] | Refusal;
  const members: Record<string, SimMembers[RulesetId][]> = { [a]: [], [b]: [] };
  for (const c of fighting) {
    if (!c.actor) return refuse("FRAY.Odds.Refusal.NoActor", `${c.name} has no actor`, undefined, { name: c.name });
    const m = read({ ...c.actor, id: c.id, name: c.name });
    if ("ok" in m) return m;
    members[c.side]?.push(m);
  }
  // Mid-fight, the fights play on from the turn order's own state where the simulator can (sim/resumes.ts).
  const resumed = ask.state !== null && ask.round > 0 && resumable(ask.ruleset);
  const label = (side: string): string =>
    Object.hasOwn(ask.sideLabels, side) ? (ask.sideLabels[side] as string) : side;
  const input = {
    ruleset: ask.ruleset,
    seed: ask.seed,
    fights: ask.fights,
    parties: { a: { name: label(a), members: members[a] }, b: { name: label(b), members: members[b] } },
    ruleOptions: ask.ruleOptions,
    detail: true,
    ...(resumed ? { resume: { state: ask.state, sides: { a, b } } } : {}),
  } as SimInput;
  return {
    input,
    sides: { a: { id: a, label: label(a) }, b: { id: b, label: label(b) } },
    names: Object.fromEntries(fighting.map((c) => [c.id, c.name])),
    pcs: fighting.filter((c) => c.playerOwned).map((c) => c.id),
    out: ask.combatants.filter((c) => c.out).map((c) => c.name),
    round: ask.round,
    resumed,
  };
}
