import { FrayCombat } from "../combat/fray-combat.js";
import { authorise } from "../combat/requests/authority.js";
import { inFight, removeCommand } from "../combat/removals/in-fight.js";
import { sidesOf } from "../combat/fight/journal.js";
import { isTurnCommand } from "../combat/fight/turn-command.js";
import { requestTurn } from "../combat/requests/turn-client.js";
import { modelFor } from "../data/models.js";
import { trackedResources } from "./tracked-resources.js";
import { trackerContext, type TrackerCombatant } from "./tracker-context.js";
import { moveSide, readSetupDrag, setupContext, setupDragData, setupOptionsFor, toggle } from "./setup-context.js";
import { blockOffers } from "../canvas/blocks/tracker-blocks.js";
import { OddsController, readCombat } from "../odds/odds-controller.js";
import { COMBAT_MODES, combatModeOf } from "../rulesets/index.js";
import { frayEntryOptions, type MenuEntry } from "./entry-options.js";

import CombatTracker = foundry.applications.sidebar.tabs.CombatTracker;
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import DragDrop = foundry.applications.ux.DragDrop;
import { theGame } from "../game/game-port.js";

const CoreTracker = CombatTracker as unknown as { PARTS: Record<string, { template: string }> };

/**
 * The v13 combat tracker with Fray's tracker part: sides, whose choice it is, and only the buttons
 * the core says are legal for this user. Every click becomes a request to the active GM.
 */
export class FrayCombatTracker<
  RC extends CombatTracker.RenderContext = CombatTracker.RenderContext,
  C extends CombatTracker.Configuration = CombatTracker.Configuration,
  RO extends CombatTracker.RenderOptions = CombatTracker.RenderOptions,
> extends CombatTracker<RC, C, RO> {
  static override DEFAULT_OPTIONS = {
    actions: {
      frayAct: FrayCombatTracker.#onCommand,
      frayPass: FrayCombatTracker.#onCommand,
      frayDelay: FrayCombatTracker.#onCommand,
      frayEndTurn: FrayCombatTracker.#onCommand,
      frayChooseFirst: FrayCombatTracker.#onCommand,
      frayGm: FrayCombatTracker.#onCommand,
      frayCommand: FrayCombatTracker.#onCommand,
      frayUndo: FrayCombatTracker.#onUndo,
      fraySideUp: FrayCombatTracker.#onMoveSide,
      fraySideDown: FrayCombatTracker.#onMoveSide,
      frayNewSide: FrayCombatTracker.#onNewSide,
      frayRepair: FrayCombatTracker.#onRepair,
      frayBegin: FrayCombatTracker.#onBegin,
      frayEnd: FrayCombatTracker.#onEnd,
      frayOdds: FrayCombatTracker.#onOdds,
      frayOddsCancel: FrayCombatTracker.#onOddsCancel,
    },
  };

  /** The GM's encounter odds: kept in this client only, never in the combat's data. */
  #odds: OddsController | null = null;

  static override PARTS = {
    ...CoreTracker.PARTS,
    tracker: { template: "systems/fray/templates/combat/tracker-part.hbs" },
    // Foundry's next/previous turn and round buttons would bypass the rules: Fray's footer has Begin and End only.
    footer: { template: "systems/fray/templates/combat/footer.hbs" },
  };

  protected override async _preparePartContext(
    partId: string,
    context: ApplicationV2.RenderContextOf<this>,
    options: RO,
  ) {
    const { user, i18n } = theGame();
    const base = await super._preparePartContext(partId, context, options);
    const combat = this.viewed;
    if (partId === "footer") {
      const started = combat instanceof FrayCombat && combat.storedFight.kind !== "none";
      return Object.assign(base, {
        frayFooter: { begin: user.isGM && !!combat && !started, end: user.isGM && !!combat },
      });
    }
    if (partId !== "tracker" || !(combat instanceof FrayCombat)) return base;
    const mode = combat.mode;
    if (!mode) return base;
    const journal = combat.journal;
    const stored = combat.storedFight;
    if (stored.kind === "damaged") return Object.assign(base, { damaged: { ...stored, isGM: user.isGM } });
    if (!journal) {
      const setup = setupContext({
        mode: mode.id,
        modes: Object.keys(COMBAT_MODES),
        ...setupOptionsFor(mode),
        combatants: combat.roster().map((r) => ({
          id: r.id,
          name: r.name,
          img: combat.combatants.get(r.id)?.img ?? "",
          side: r.side,
          hidden: r.hidden,
          stats: r.stats,
        })),
        sideLabels: combat.sideLabels(),
        groups: combat.groups.contents.map((g) => g.id ?? "").filter((id) => id !== ""),
        start: combat.startOptions,
        isGM: user.isGM,
      });
      return Object.assign(base, setup, this.#oddsFor(combat));
    }
    const sides = sidesOf(journal);
    const withSides = rowsOf(combat).map((c) => ({ ...c, side: sides.get(c.id) ?? "" }));
    const view = mode.engine.view(journal.state);
    // SEC-42: a sections fight offers a Block per border of the blocker's section, named by the section beyond.
    const legal = mode.engine.legal(journal.state);
    const offers = mode.id === "sections" ? blockOffers(combat, legal) : null;
    const fray = trackerContext({
      view,
      legal: offers?.legal ?? legal,
      ...(offers ? { across: offers.across, between: offers.between } : {}),
      combatants: withSides,
      sideLabels: combat.sideLabels(true),
      isGM: user.isGM,
      grouped: mode.grouped,
      revision: journal.revision,
      canUndo: journal.length > 0,
      mayIssue: (command) =>
        authorise({
          combat,
          user,
          command,
          sides,
          view: () => view,
          held: (id) => mode.engine.held(journal.state, id),
        }) === null,
    });
    // Banner values that are themselves keys ("someone") are localised here, once.
    const data = Object.fromEntries(
      Object.entries(fray.banner.data).map(([k, v]) => [
        k,
        typeof v === "string" && v.startsWith("FRAY.") ? i18n.localize(v) : v,
      ]),
    );
    return Object.assign(base, { ...fray, banner: { ...fray.banner, data } }, this.#oddsFor(combat));
  }

  /** The odds panel, for the GM alone: a player's context has no key for it at all. */
  #oddsFor(combat: FrayCombat): ReturnType<OddsController["partContext"]> {
    const game = theGame();
    if (!game.user.isGM) return {};
    return this.#oddsController().partContext(true, combat.id);
  }

  /** This tracker's odds controller, made with the GM's first look at the odds. */
  #oddsController(): OddsController {
    this.#odds ??= new OddsController();
    return this.#odds;
  }

  /** The GM asks for the odds: the fights run in the worker; the panel shows progress, then the result. */
  static async #onOdds(this: FrayCombatTracker): Promise<void> {
    const game = theGame();
    const combat = this.viewed;
    if (!(combat instanceof FrayCombat) || !game.user.isGM || !combat.id) return;
    const value = (name: string): string =>
      this.element.querySelector<HTMLInputElement>(`[data-fray-odds="${name}"]`)?.value ?? "";
    const odds = this.#oddsController();
    await odds.run(
      combat.id,
      readCombat(combat),
      { seed: value("seed"), fights: value("fights") },
      {
        render: () => void this.render({ parts: ["tracker"] }),
        progress: (played, total) => {
          // Only the bar and its words change: the rest of the tracker stays as it is while the fights run.
          const bar = this.element.querySelector<HTMLProgressElement>("[data-fray-odds-progress]");
          if (bar) bar.value = played;
          const text = this.element.querySelector("[data-fray-odds-progress-text]");
          if (text)
            text.textContent = game.i18n.format("FRAY.Odds.Played", { played: String(played), total: String(total) });
        },
      },
    );
  }

  static #onOddsCancel(this: FrayCombatTracker): void {
    this.#odds?.cancel();
  }

  /**
   * Act, Pass, Delay, End Turn: the button carries the core command; shift-click by a GM is an override, announced in
   * chat.
   */
  static async #onCommand(this: FrayCombatTracker, event: PointerEvent, target: HTMLElement): Promise<void> {
    const game = theGame();
    const combat = this.viewed;
    if (!(combat instanceof FrayCombat)) return;
    let command: unknown;
    try {
      command = JSON.parse(target.dataset.command ?? "");
    } catch {
      command = null;
    }
    if (!isTurnCommand(command)) return;
    const answer = await requestTurn(combat, command);
    if (answer.ok && event.shiftKey && game.user.isGM) {
      // The chat line reaches every player: a hidden combatant is "someone" there too.
      const c = command.combatant ? combat.combatants.get(command.combatant) : undefined;
      const side = command.side ?? "";
      const who = c
        ? c.hidden
          ? game.i18n.localize("FRAY.Tracker.Someone")
          : c.name
        : (combat.sideLabels(true)[side] ?? side);
      // A message's content is HTML: the label and the name go in as text.
      const { escapeHTML } = foundry.utils;
      await ChatMessage.create({
        content: game.i18n.format("FRAY.Tracker.GmOverride", {
          // The control's own label, as the GM read it.
          action: escapeHTML(target.textContent?.trim() ?? command.type),
          name: escapeHTML(who ?? ""),
        }),
        speaker: { alias: game.user.name },
      });
    }
  }

  /**
   * Foundry's frame listener reads any change inside a combatant's row as an initiative (`_onUpdateInitiative`).
   * Fray's own inputs (a combatant's side, the initiator box, the odds) are none: only Foundry's reach it.
   */
  protected override _onUpdateInitiative(event: Event): void {
    const target = event.target as { closest?: (selector: string) => unknown } | null;
    if (target?.closest?.(".fray")) return;
    return super._onUpdateInitiative(event);
  }

  /** The combatant rows' menu: in a Fray fight, a combatant leaves through the turn order (entry-options.ts). */
  protected override _getEntryContextOptions(): ReturnType<CombatTracker<RC, C, RO>["_getEntryContextOptions"]> {
    const game = theGame();
    const entries = super._getEntryContextOptions() as unknown as MenuEntry<HTMLElement>[];
    const fight = (): FrayCombat | null => (inFight(this.viewed) ? this.viewed : null);
    const removal = (id: string) => {
      const combat = fight();
      const command = combat && game.user.isGM ? removeCommand(combat, id) : null;
      return combat && command ? { combat, command } : null;
    };
    return frayEntryOptions(entries, {
      fray: () => this.viewed instanceof FrayCombat && !!this.viewed.mode,
      fighting: () => fight() !== null,
      mayRemove: (id) => removal(id) !== null,
      remove: (id) => {
        const r = removal(id);
        return r ? requestTurn(r.combat, r.command) : undefined;
      },
    });
  }

  /** The GM's setup choices before the start are plain combat data the GM writes directly. */
  protected override async _onRender(...args: Parameters<CombatTracker<RC, C, RO>["_onRender"]>): Promise<void> {
    const game = theGame();
    await super._onRender(...args);
    const combat = this.viewed;
    // The seed and fights the GM picks for the odds are kept across re-renders (another user's click re-renders).
    for (const input of this.element.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-fray-odds]"))
      input.addEventListener("change", () => this.#odds?.remember(input.dataset.frayOdds ?? "", input.value));
    if (!(combat instanceof FrayCombat) || combat.journal || !game.user.isGM) return;
    for (const input of this.element.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-fray-setup]")) {
      input.addEventListener("change", () => void onSetupChange(combat, input));
    }
    // Dragging a combatant onto another side does what picking that side in its list does (the list stays, for the
    // keyboard).
    new DragDrop({
      dragSelector: "[data-fray-drag]",
      dropSelector: "[data-fray-drop]",
      permissions: { dragstart: () => game.user.isGM, drop: () => game.user.isGM },
      callbacks: {
        dragstart: (event) => {
          const id = closest(event, "[data-fray-drag]")?.dataset.combatantId;
          if (id) event.dataTransfer?.setData("text/plain", setupDragData(id));
        },
        dragenter: (event) => closest(event, "[data-fray-drop]")?.classList.add("fray-drop-target"),
        dragleave: (event) => closest(event, "[data-fray-drop]")?.classList.remove("fray-drop-target"),
        drop: (event) => {
          const target = closest(event, "[data-fray-drop]");
          target?.classList.remove("fray-drop-target");
          const id = readSetupDrag(event.dataTransfer?.getData("text/plain") ?? "");
          const side = target?.dataset.side;
          if (id && side) void assignSide(combat, id, side);
        },
      },
    }).bind(this.element);
  }

  static async #onMoveSide(this: FrayCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const game = theGame();
    const combat = this.viewed;
    const side = target.dataset.side;
    if (!(combat instanceof FrayCombat) || !side || !game.user.isGM) return;
    const present = [...new Set(combat.roster().map((r) => r.side))];
    const current = [
      ...combat.startOptions.sideOrder.filter((s) => present.includes(s)),
      ...present.filter((s) => !combat.startOptions.sideOrder.includes(s)),
    ];
    await combat.update({
      system: { start: { sideOrder: moveSide(current, side, target.dataset.action === "fraySideUp" ? -1 : 1) } },
    });
  }

  static async #onNewSide(this: FrayCombatTracker): Promise<void> {
    const game = theGame();
    const combat = this.viewed;
    if (!(combat instanceof FrayCombat) || !game.user.isGM) return;
    const name = game.i18n.format("FRAY.Setup.NewSideName", { n: String(combat.groups.size + 1) });
    await combat.createEmbeddedDocuments("CombatantGroup", [{ name }]);
  }

  /** The GM rebuilds a damaged fight from its log, or restarts it from its setup. */
  static async #onRepair(this: FrayCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = this.viewed;
    const how = target.dataset.how;
    if (combat instanceof FrayCombat && (how === "rebuild" || how === "restart")) await combat.repairFight(how);
  }

  static async #onBegin(this: FrayCombatTracker): Promise<void> {
    await this.viewed?.startCombat();
  }

  static async #onEnd(this: FrayCombatTracker): Promise<void> {
    await this.viewed?.endCombat();
  }

  static async #onUndo(this: FrayCombatTracker): Promise<void> {
    const combat = this.viewed;
    if (combat instanceof FrayCombat) await requestTurn(combat, { type: "undo" });
  }
}

async function onSetupChange(combat: FrayCombat, input: HTMLInputElement | HTMLSelectElement): Promise<void> {
  const start = combat.startOptions;
  switch (input.dataset.fraySetup) {
    case "mode":
      if (combatModeOf(input.value)) await combat.update({ system: { start: { mode: input.value } } });
      return;
    case "surprise":
      await combat.update({ system: { start: { surprise: toggle(start.surprise, input.dataset.side ?? "") } } });
      return;
    case "initiator":
      await combat.update({
        system: { start: { initiators: toggle(start.initiators, input.dataset.combatantId ?? "") } },
      });
      return;
    case "side":
      await assignSide(combat, input.dataset.combatantId ?? "", input.value);
      return;
  }
}

/** The element of `selector` the drag event happened in (the event's own target may be a child: an image, a name). */
function closest(event: DragEvent, selector: string): HTMLElement | null {
  return event.target instanceof Element ? event.target.closest<HTMLElement>(selector) : null;
}

/**
 * Put a combatant on a side before the start: a CombatantGroup, or a disposition side, which means "no group" (the
 * token's disposition decides again).
 */
async function assignSide(combat: FrayCombat, combatantId: string, side: string): Promise<void> {
  const group = combat.groups.get(side) ? side : null;
  await combat.combatants.get(combatantId)?.update({ group });
}

/** Each combatant as a tracker row shows it, before its side is known. */
function rowsOf(combat: FrayCombat): TrackerCombatant[] {
  return combat.combatants.contents.map((c) => ({
    id: c.id ?? "",
    name: c.name ?? "",
    img: c.img ?? "",
    side: "",
    hidden: c.hidden,
    owned: c.isOwner,
    defeated: c.isDefeated,
    // An actor's numbers are for its owners and the GM; other players see the row without them.
    resources: c.isOwner
      ? trackedResources(c.actor ? modelFor("Actor", c.actor.type) : undefined, c.actor?.system)
      : [],
  }));
}
