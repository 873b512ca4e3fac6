import { refuse, type Refusal } from "../../core/shared/outcome.js";
import { MAX_SEED } from "../../sim/index.js";
import { cardActor } from "../cards/data/card-actor.js";
import type { FrayCombat } from "../combat/fray-combat.js";
import { ruleOptionsFor } from "../settings/rule-options.js";
import { currentRuleset, SYSTEM_ID } from "../settings/ruleset.js";
import { oddsAskFor, type CombatReading } from "./combat-odds.js";
import { OddsClient, startOddsWorker, type OddsOutcome, type WorkerLike } from "./odds-client.js";
import { DEFAULT_FIGHTS, FIGHT_CHOICES, oddsPanel, type OddsPanel, type OddsState } from "./odds-context.js";
import { oddsJob } from "./odds-job.js";
import { oddsResult } from "./odds-result.js";
import { theGame, type GamePort } from "../game/game-port.js";

const IDLE: OddsState = { kind: "idle" };

/** What the GM typed into the panel before asking: the seed (blank for a random one) and the number of fights. */
interface OddsAskInputs {
  readonly seed: string;
  readonly fights: string;
}

/** What the controller needs of the tracker: re-render its part, and show progress without re-rendering. */
interface OddsView {
  readonly render: () => void;
  readonly progress: (played: number, total: number) => void;
}

/**
 * The GM's odds for the tracker: asks the worker, keeps the state the panel shows, for one combat at a time. Lives
 * only in the GM's client: nothing of it is stored in the combat, so no player receives any of it.
 */
export class OddsController {
  private state: OddsState = IDLE;
  private combatId: string | null = null;
  private seed = "";
  private fights = DEFAULT_FIGHTS;
  /** Counts the runs asked for: only the latest one's outcome is shown. */
  private runs = 0;
  private readonly client: OddsClient;

  constructor(makeWorker: () => WorkerLike = startOddsWorker) {
    this.client = new OddsClient(makeWorker);
  }

  /** The panel for the combat the tracker shows (the idle panel for any other than the one asked about). */
  panel(combatId: string | null): OddsPanel {
    return oddsPanel(combatId !== null && combatId === this.combatId ? this.state : IDLE, this.seed, this.fights);
  }

  /** The GM changed the seed or the number of fights in the panel: shown again after a re-render. */
  remember(field: string, value: string): void {
    if (field === "seed") this.seed = value.trim();
    else if (field === "fights" && FIGHT_CHOICES.includes(Number(value))) this.fights = Number(value);
  }

  /** What the tracker part's context gets: the panel for a GM, and for anyone else no key at all. */
  partContext(isGM: boolean, combatId: string | null): { oddsPanel?: OddsPanel } {
    return isGM ? { oddsPanel: this.panel(combatId) } : {};
  }

  /** Play the odds of `reading` (the combat as it is now) in the worker, then show them. */
  async run(combatId: string, reading: CombatReading | Refusal, asked: OddsAskInputs, view: OddsView): Promise<void> {
    this.client.cancel();
    const run = ++this.runs;
    this.combatId = combatId;
    const fights = Number(asked.fights);
    this.fights = FIGHT_CHOICES.includes(fights) ? fights : DEFAULT_FIGHTS;
    const seed = seedFrom(asked.seed);
    if (typeof seed !== "number") return this.show(seed, view);
    this.seed = String(seed);
    // Each actor is read for the simulator by its rule set's reader (members/).
    const job = "ok" in reading ? reading : oddsJob(oddsAskFor(reading, seed, this.fights));
    if ("ok" in job) return this.show(job, view);
    this.state = { kind: "running", played: 0, total: this.fights };
    view.render();
    let outcome: OddsOutcome;
    try {
      outcome = await this.client.run(job.input, (played, total) => {
        this.state = { kind: "running", played, total };
        view.progress(played, total);
      });
    } catch (e) {
      // No worker could be made here (a browser without module workers): said in the panel, never thrown at the table.
      outcome = {
        kind: "refused",
        refusal: refuse("FRAY.Odds.Refusal.NoWorker", `the odds worker could not start: ${String(e)}`),
      };
    }
    // A newer run took over: it shows its own outcome.
    if (run !== this.runs) return;
    if (outcome.kind === "done") this.state = { kind: "done", result: oddsResult(job, outcome.report) };
    else if (outcome.kind === "refused") this.state = refusedState(outcome.refusal);
    else this.state = IDLE;
    view.render();
  }

  cancel(): void {
    this.client.cancel();
  }

  private show(refusal: Refusal, view: OddsView): void {
    this.state = refusedState(refusal);
    view.render();
  }
}

function refusedState(r: Refusal): OddsState {
  return { kind: "refused", key: r.key, data: r.data ?? {} };
}

/** The seed the GM typed, or a random one for a blank box; a refusal for anything else. */
export function seedFrom(typed: string, random: () => number = Math.random): number | Refusal {
  const t = typed.trim();
  if (t === "") return Math.floor(random() * 2 ** 31);
  const n = /^\d+$/.test(t) ? Number(t) : Number.NaN;
  return Number.isInteger(n) && n <= MAX_SEED
    ? n
    : refuse("SimBadSeed", `the seed must be a whole number from 0 to ${MAX_SEED}, got ${t}`, undefined, { value: t });
}

/** The tracker's combat as the odds read it, in a Foundry world. */
export function readCombat(combat: FrayCombat, game: Pick<GamePort, "settings"> = theGame()): CombatReading | Refusal {
  const mode = combat.mode;
  if (!mode) return refuse("FRAY.Odds.Refusal.NoTurnOrder", "the combat has no Fray turn order");
  return {
    ruleset: currentRuleset(game),
    mode,
    journal: combat.journal,
    start: combat.startOptions,
    worldOptions: ruleOptionsFor(mode.id, (key) => game.settings.get(SYSTEM_ID, key)),
    sideLabels: combat.sideLabels(),
    combatants: combat.combatantSources().map((source) => {
      const actor = source.id === null ? null : combat.combatants.get(source.id)?.actor;
      return { source, actor: actor && source.id ? cardActor(actor, source.id) : null };
    }),
  };
}
