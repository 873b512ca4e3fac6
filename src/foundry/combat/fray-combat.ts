import { formatData } from "../i18n.js";
import { dealing } from "../../core/shared/dealing.js";
import { openJournal } from "../../core/shared/journal.js";
import { foundryDiceTray } from "../dice/foundry-dice-tray.js";
import { ruleOptionsFor } from "../settings/rule-options.js";
import { currentRuleset, SYSTEM_ID } from "../settings/ruleset.js";
import { turnOrder, updateForJournal } from "./turns/combat-update.js";
import { rosterFrom, type CombatantSource } from "./fight/combat-roster.js";
import { dispatchFrayHooks } from "./turns/fray-hooks.js";
import { COMBAT_MODES, combatModeOf, manifestOf } from "../rulesets/index.js";
import type { CombatMode } from "./fight/combat-mode.js";
import { DISPOSITION_SIDES, dispositionSideIds, type RosterEntry } from "./fight/roster.js";
import { sourceChange } from "./fight/checked-chunks.js";
import { currentFight, journalOf, readFight, type StoredFight } from "./fight/journal.js";
import { damagedRecord, repairFight, type RepairHow } from "./fight/repair-fight.js";
import { currentRollMode, requestTurn } from "./requests/turn-client.js";
import { runTurnEvents, type TurnEventHost } from "./turns/turn-events.js";
import { theGame } from "../game/game-port.js";

/**
 * Fray's Combat: its turn order is the rules core's, kept in system.journal and written only by the
 * active GM. Foundry's own round/turn buttons are routed to core commands so nothing bypasses it.
 */
export class FrayCombat extends Combat {
  /** The direction of the update being read (-1: the GM's undo went back), for the turn events it causes. */
  #direction = 1;

  /** The id of the turn order in force: the one the fight started with, else the GM's pick, else the combat's type. */
  get modeId(): string {
    const started = journalOf(this)?.engine;
    const picked = (this.system as { start?: { mode?: string } }).start?.mode;
    return started ?? (picked || this.type);
  }

  /** The turn order in force with its engine (sides, rounds, setup); undefined when it is none of Fray's. */
  get mode(): CombatMode | undefined {
    return combatModeOf(this.modeId);
  }

  get startOptions(): { mode: string; sideOrder: string[]; surprise: string[]; initiators: string[] } {
    const s =
      (this.system as { start?: Partial<Record<"mode" | "sideOrder" | "surprise" | "initiators", unknown>> }).start ??
      {};
    const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
    return {
      mode: typeof s.mode === "string" ? s.mode : "",
      sideOrder: list(s.sideOrder),
      surprise: list(s.surprise),
      initiators: list(s.initiators),
    };
  }

  /**
   * The fight's journal, rebuilt from the log when an earlier version of Fray stored it in another shape; null before
   * the start or when damaged.
   */
  get journal() {
    const fight = this.storedFight;
    return fight.kind === "sound" ? fight.journal : null;
  }

  /**
   * What system.journal holds, read without trusting it: a damaged fight is shown to the GM, not taken for "not
   * started". An older shape whose log no longer replays is damaged too (journal.ts).
   */
  get storedFight(): StoredFight {
    const mode = this.mode;
    return mode ? currentFight(mode, this.system) : readFight(this.system);
  }

  /** The core's view of the fight, or null before it starts. */
  get frayView() {
    const j = this.journal;
    return j && this.mode ? this.mode.engine.view(j.state) : null;
  }

  protected override async _preCreate(...args: Parameters<Combat["_preCreate"]>) {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    // A new combat takes the world rule set's mode; the GM may pick another before it starts.
    if (!combatModeOf(this.type)) this.updateSource({ type: manifestOf(currentRuleset()).combat.id as Combat.SubType });
  }

  combatantSources(): CombatantSource[] {
    return this.combatants.contents.map((c) => ({
      id: c.id,
      name: c.name,
      hidden: c.hidden,
      groupId: groupIdOf(c.group),
      disposition: c.token?.disposition ?? null,
      defeated: c.isDefeated,
      playerOwned: c.hasPlayerOwner,
      actorSystem: c.actor?.system ?? null,
    }));
  }

  /** Who fights on which side, as the turn order in force names a side a token's disposition gives. */
  roster(): RosterEntry[] {
    return rosterFrom(this.combatantSources(), this.mode?.sides);
  }

  /**
   * Sides as shown: CombatantGroup names, then the disposition sides by their labels: the turn order's own (what the
   * GM's setup offers), or, with `every`, those of any turn order (a fight started with another's names still reads).
   */
  sideLabels(every = false): Record<string, string> {
    const out: Record<string, string> = {};
    for (const g of this.groups) if (g.id) out[g.id] = g.name ?? g.id;
    const modes = every ? Object.values(COMBAT_MODES) : [this.mode ?? { sides: DISPOSITION_SIDES }];
    for (const d of new Set(modes.flatMap((m) => dispositionSideIds(m.sides))))
      out[d] = theGame().i18n.localize(`FRAY.Side.${d}`);
    return out;
  }

  override async startCombat(): Promise<this> {
    const mode = this.mode;
    if (!mode) return super.startCombat();
    const game = theGame();
    if (!game.user.isGM) {
      ui.notifications.warn("FRAY.Refusal.GmOnly", { localize: true });
      return this;
    }
    const roster = this.roster();
    const seed = Math.floor(Math.random() * 2 ** 31);
    const ruleOptions = ruleOptionsFor(mode.id, (key) => game.settings.get(SYSTEM_ID, key));
    const setup = mode.buildSetup(roster, { ...this.startOptions, ruleOptions });
    // The opening's dice (strain's 2d6 initiative, ties, the factions' holder) are Foundry's Rolls, shown in chat.
    const cup = foundryDiceTray.cup();
    const { outcome: opened } = await dealing(
      (dice) => openJournal(mode.engine, setup, seed, dice),
      (sides) => cup.draw(sides),
    );
    if (!opened.ok) {
      ui.notifications.error(opened.key, { format: formatData(opened.data) });
      return this;
    }
    const update = updateForJournal(mode, opened.state, [{ type: "combatStarted" }, ...opened.events], this);
    // Foundry's own start sound and hook, as super.startCombat plays and fires them: on this client, before the update.
    this._playCombatSound("startEncounter");
    Hooks.callAll("combatStart", this, { round: update.round as number, turn: (update.turn as number | null) ?? 0 });
    await this.update(update, { fray: { revision: 0 } } as Combat.Database.UpdateOperation);
    const flavor = game.i18n.format("FRAY.Dice.Flavor", {
      mode: game.i18n.localize(`FRAY.Combat.Mode.${this.type}`),
      step: game.i18n.localize("FRAY.Dice.Opening"),
    });
    const unheld = mode.openingDice;
    await cup.show(
      { flavor, rollMode: currentRollMode(game), userId: game.user.id, ...(unheld ? { unheld } : {}) },
      opened.events,
    );
    return this;
  }

  /** The GM repairs a damaged stored fight (tracker-context shows what is wrong and offers this). */
  async repairFight(how: RepairHow): Promise<void> {
    const stored = (this.system as { journal?: unknown }).journal;
    if (!theGame().user.isGM || this.storedFight.kind !== "damaged") return;
    // A damaged journal may name no engine: the combat's own type then.
    const mode = this.mode ?? combatModeOf(this.type);
    if (!mode) {
      ui.notifications.warn("FRAY.Refusal.UnknownMode", { localize: true });
      return;
    }
    const repair = repairFight(mode, stored, how, Math.floor(Math.random() * 2 ** 31));
    if (!repair.ok) {
      ui.notifications.error(repair.key, { localize: true });
      return;
    }
    const update = { ...updateForJournal(mode, repair.journal, repair.events, this), ...damagedRecord(stored) };
    await this.update(update, { fray: { revision: repair.journal.revision } } as Combat.Database.UpdateOperation);
    ui.notifications.info("FRAY.Tracker.Damaged.Repaired", {
      format: { kept: String(repair.kept), dropped: String(repair.dropped) },
    });
  }

  /** Foundry's "next turn" ends the acting combatant's turn through the core. */
  override async nextTurn(): Promise<this> {
    if (!this.mode) return super.nextTurn();
    const acting = this.frayView?.acting;
    if (!acting) return this;
    await requestTurn(this, { type: "endTurn", combatant: acting });
    return this;
  }

  /** Foundry's "previous turn" is the GM's undo. */
  override async previousTurn(): Promise<this> {
    if (!this.mode) return super.previousTurn();
    await requestTurn(this, { type: "undo" });
    return this;
  }

  /**
   * Foundry's initiative rolls (and rollAll, rollNPC, which call it): the turn order rolls its own when the fight
   * begins.
   */
  override async rollInitiative(...args: Parameters<Combat["rollInitiative"]>): Promise<this> {
    if (!this.mode) return super.rollInitiative(...args);
    ui.notifications.info("FRAY.Tracker.InitiativeFromRules", { localize: true });
    return this;
  }

  override async nextRound(): Promise<this> {
    if (!this.mode) return super.nextRound();
    ui.notifications.info("FRAY.Tracker.RoundsFollowRules", { localize: true });
    return this;
  }

  override async previousRound(): Promise<this> {
    if (!this.mode) return super.previousRound();
    await requestTurn(this, { type: "undo" });
    return this;
  }

  /** Foundry's turns follow the core's order, so Combat.turn names the acting combatant. */
  override setupTurns(): Combatant.Implementation[] {
    const first = !this.previous;
    const turns = super.setupTurns();
    if (!this.frayView) return turns;
    this.turns = frayOrder(this, turns);
    // Foundry's setupTurns read the acting combatant from its own initiative order: read it again from the rules'.
    this.current = this._getCurrentState();
    if (first) this.previous = this.current;
    return this.turns;
  }

  /** Between turns nobody acts: nobody is next up (Foundry's `turns[turn + 1]` would read `turns[1]`). */
  override get nextCombatant(): Combatant.Implementation | undefined {
    if (this.turn === null && this.#isFrayFight()) return undefined;
    return super.nextCombatant;
  }

  /**
   * Every change of the source (a write on any client, a `_preCreate`) prepares the data afresh: the stored fight's
   * chunks the difference names are checked again on their next read, and only those (checked-chunks.ts).
   */
  override updateSource(...args: Parameters<Combat["updateSource"]>): ReturnType<Combat["updateSource"]> {
    return sourceChange(this, () => super.updateSource(...args));
  }

  protected override _onUpdate(...args: Parameters<Combat["_onUpdate"]>): void {
    const [changed, options] = args;
    // Foundry's own _onUpdate compares the state before and after the update (Combat#current): the turns take the
    // rules' new order first, but `current` is left for Foundry to read, so it sees the change and who had the turn.
    if ("system" in changed && this.frayView)
      this.turns = frayOrder(this, this.turns.length ? this.turns : this.combatants.contents);
    this.#direction = (options as { direction?: unknown }).direction === -1 ? -1 : 1;
    try {
      super._onUpdate(...args);
    } finally {
      this.#direction = 1;
    }
    dispatchFrayHooks(Hooks, this, changed, options);
  }

  /**
   * Foundry's turn events for a Fray fight: the combatant whose turn ends, the round that ends and starts, the
   * combatant whose turn starts, run by the active GM (turn-lifecycle.ts says why Foundry's own walk cannot be used);
   * then Foundry's combatTurnChange hook on every client, as Foundry fires it.
   */
  protected override async _manageTurnEvents(): Promise<void> {
    if (!this.#isFrayFight()) return super._manageTurnEvents();
    if (!this.started) return;
    const { current, previous } = this;
    // Copied before the events run: the next update rewrites Combat#previous in place.
    const [from, to, direction] = [{ ...(previous ?? current) }, { ...current }, this.#direction];
    if (theGame().user.isActiveGM) await runTurnEvents(this as unknown as TurnEventHost, from, to, direction);
    Hooks.callAll("combatTurnChange", this, previous ?? current, current);
  }

  /** A fight under Fray's rules, started or stored damaged (not one before its start, nor another system's). */
  #isFrayFight(): boolean {
    return !!this.mode && this.storedFight.kind !== "none";
  }
}

/**
 * The combat's turns in the rules' order: the engine's display order, then anyone it does not list, as `base` has them.
 */
function frayOrder(combat: FrayCombat, base: readonly Combatant.Implementation[]): Combatant.Implementation[] {
  const ids = turnOrder(
    combat.frayView?.order ?? [],
    base.map((c) => c.id ?? ""),
  );
  return ids.map((id) => combat.combatants.get(id)).filter((c): c is Combatant.Implementation => !!c);
}

/** Combatant#group is the group document once prepared, its id in raw source. */
function groupIdOf(group: unknown): string | null {
  if (typeof group === "string") return group || null;
  const id = (group as { id?: unknown } | null | undefined)?.id;
  return typeof id === "string" ? id : null;
}
