import { formatData } from "../i18n.js";
import { dealing } from "../../core/shared/dealing.js";
import { openJournal } from "../../core/shared/journal.js";
import { foundryDiceTray } from "../dice/foundry-dice-tray.js";
import { ruleOptionsFor } from "../settings/rule-options.js";
import { currentRuleset, SYSTEM_ID } from "../settings/ruleset.js";
import { turnOrder, updateForJournal } from "./combat-update.js";
import { rosterFrom, type CombatantSource } from "./combat-roster.js";
import { dispatchFrayHooks } from "./fray-hooks.js";
import { COMBAT_MODES, MODE_FOR_RULESET } from "./modes.js";
import { DISPOSITION_SIDES, dispositionSideIds, type RosterEntry } from "./roster.js";
import { currentJournal, journalOf, readFight, type StoredFight } from "./journal.js";
import { damagedRecord, repairFight, type RepairHow } from "./repair-fight.js";
import { currentRollMode, requestTurn } from "./turn-client.js";

/**
 * Fray's Combat: its turn order is the rules core's, kept in system.journal and written only by the
 * active GM. Foundry's own round/turn buttons are routed to core commands so nothing bypasses it.
 */
export class FrayCombat extends Combat {
  /** The turn order in force: the one the fight started with, else the GM's pick, else the combat's type. */
  get mode() {
    const started = journalOf(this)?.engine;
    const picked = (this.system as { start?: { mode?: string } }).start?.mode;
    const id = started ?? (picked || this.type);
    return Object.hasOwn(COMBAT_MODES, id) ? COMBAT_MODES[id] : undefined;
  }

  get startOptions(): { mode: string; sideOrder: string[]; surprise: string[]; initiators: string[] } {
    const s = (this.system as { start?: Partial<Record<"mode" | "sideOrder" | "surprise" | "initiators", unknown>> }).start ?? {};
    const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
    return {
      mode: typeof s.mode === "string" ? s.mode : "",
      sideOrder: list(s.sideOrder),
      surprise: list(s.surprise),
      initiators: list(s.initiators),
    };
  }

  /** The fight's journal, its state rebuilt from the log when an earlier version of Fray stored it in another shape. */
  get journal() {
    const stored = journalOf(this);
    const mode = this.mode;
    return stored && mode ? currentJournal(mode, stored) : stored;
  }

  /** What system.journal holds, read without trusting it: a damaged fight is shown to the GM, not taken for "not started". */
  get storedFight(): StoredFight {
    return readFight(this.system);
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
    if (!COMBAT_MODES[this.type]) this.updateSource({ type: MODE_FOR_RULESET[currentRuleset()] as Combat.SubType });
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
    for (const d of new Set(modes.flatMap((m) => dispositionSideIds(m.sides)))) out[d] = game.i18n.localize(`FRAY.Side.${d}`);
    return out;
  }

  override async startCombat(): Promise<this> {
    const mode = this.mode;
    if (!mode) return super.startCombat();
    if (!game.user.isGM) {
      ui.notifications.warn("FRAY.Refusal.GmOnly", { localize: true });
      return this;
    }
    const roster = this.roster();
    const seed = Math.floor(Math.random() * 2 ** 31);
    const ruleOptions = ruleOptionsFor(mode.id, (key) => game.settings.get(SYSTEM_ID, key as "ruleset"));
    const setup = mode.buildSetup(roster, { ...this.startOptions, ruleOptions });
    // The opening's dice (strain's 2d6 initiative, ties, the factions' holder) are Foundry's Rolls, shown in chat.
    const cup = foundryDiceTray.cup();
    const { outcome: opened } = await dealing(
      (dice) => openJournal(mode.engine, setup, seed, dice),
      (sides) => cup.draw(sides),
    );
    if (!opened.ok) {
      ui.notifications.error(game.i18n.format(opened.key, formatData(opened.data)) || opened.reason);
      return this;
    }
    const update = updateForJournal(mode, opened.state, [{ type: "combatStarted" }, ...opened.events], this);
    // Foundry's own start hook, as super.startCombat fires it: on this client, before the update.
    Hooks.callAll("combatStart", this, { round: update.round as number, turn: (update.turn as number | null) ?? 0 });
    await this.update(update, { fray: { revision: 0 } } as Combat.Database.UpdateOperation);
    const flavor = game.i18n.format("FRAY.Dice.Flavor", {
      mode: game.i18n.localize(`FRAY.Combat.Mode.${this.type}`),
      step: game.i18n.localize("FRAY.Dice.Opening"),
    });
    await cup.show({ flavor, rollMode: currentRollMode(), userId: game.user.id });
    return this;
  }

  /** The GM repairs a damaged stored fight (tracker-context shows what is wrong and offers this). */
  async repairFight(how: RepairHow): Promise<void> {
    const mode = this.mode ?? COMBAT_MODES[this.type];
    const stored = (this.system as { journal?: unknown }).journal;
    if (!game.user.isGM || !mode || this.storedFight.kind !== "damaged") return;
    const repair = repairFight(mode, stored, how, Math.floor(Math.random() * 2 ** 31));
    if (!repair.ok) {
      ui.notifications.error(repair.key, { localize: true });
      return;
    }
    const update = { ...updateForJournal(mode, repair.journal, repair.events, this), ...damagedRecord(stored) };
    await this.update(update as Combat.UpdateData, { fray: { revision: repair.journal.revision } } as Combat.Database.UpdateOperation);
    ui.notifications.info(
      game.i18n.format("FRAY.Tracker.Damaged.Repaired", { kept: String(repair.kept), dropped: String(repair.dropped) }),
    );
  }

  /** Foundry's "next turn" ends the acting combatant's turn through the core. */
  override async nextTurn(): Promise<this> {
    const acting = this.frayView?.acting;
    if (!this.mode || !acting) return this.mode ? this : super.nextTurn();
    await requestTurn(this, { type: "endTurn", combatant: acting });
    return this;
  }

  /** Foundry's "previous turn" is the GM's undo. */
  override async previousTurn(): Promise<this> {
    if (!this.mode) return super.previousTurn();
    await requestTurn(this, { type: "undo" });
    return this;
  }

  /** Foundry's initiative rolls (and rollAll, rollNPC, which call it): the turn order rolls its own when the fight begins. */
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
    const turns = super.setupTurns();
    const view = this.frayView;
    if (!view) return turns;
    const ids = turnOrder(
      view.order,
      turns.map((c) => c.id ?? ""),
    );
    this.turns = ids.map((id) => this.combatants.get(id)).filter((c): c is Combatant.Implementation => !!c);
    return this.turns;
  }

  protected override _onUpdate(...args: Parameters<Combat["_onUpdate"]>): void {
    const [changed, options] = args;
    if ("system" in changed) this.setupTurns();
    super._onUpdate(...args);
    dispatchFrayHooks(Hooks, this, changed, options);
  }
}

/** Combatant#group is the group document once prepared, its id in raw source. */
function groupIdOf(group: unknown): string | null {
  if (typeof group === "string") return group || null;
  const id = (group as { id?: unknown } | null | undefined)?.id;
  return typeof id === "string" ? id : null;
}
