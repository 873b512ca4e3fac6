import { FrayCombat } from "../combat/fray-combat.js";
import { requestTurn } from "../combat/queries.js";
import { isTurnCommand } from "../combat/turn-command.js";
import { authorise } from "../combat/turn-request.js";
import { trackerContext, type TrackerCombatant } from "./tracker-context.js";

import CombatTracker = foundry.applications.sidebar.tabs.CombatTracker;
import ApplicationV2 = foundry.applications.api.ApplicationV2;

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
      frayUndo: FrayCombatTracker.#onUndo,
    },
  };

  static override PARTS = {
    ...CoreTracker.PARTS,
    tracker: { template: "systems/fray/templates/combat/tracker.hbs" },
  };

  protected override async _preparePartContext(partId: string, context: ApplicationV2.RenderContextOf<this>, options: RO) {
    const base = await super._preparePartContext(partId, context, options);
    const combat = this.viewed;
    if (partId !== "tracker" || !(combat instanceof FrayCombat)) return base;
    const journal = combat.journal;
    const mode = combat.mode;
    if (!journal || !mode) return base;
    const user = game.user;
    const combatants: TrackerCombatant[] = combat.combatants.contents.map((c) => ({
      id: c.id ?? "",
      name: c.name ?? "",
      img: c.img ?? "",
      side: "",
      hidden: c.hidden,
      owned: c.isOwner,
      defeated: c.isDefeated,
    }));
    const sides = (journal.setup as { combatants?: { id: string; side?: string; team?: string; faction?: string }[] }).combatants ?? [];
    const sideOf = new Map(sides.map((s) => [s.id, s.side ?? s.team ?? s.faction ?? ""]));
    const withSides = combatants.map((c) => ({ ...c, side: sideOf.get(c.id) ?? "" }));
    const fray = trackerContext({
      view: mode.engine.view(journal.state),
      legal: mode.engine.legal(journal.state),
      combatants: withSides,
      sideLabels: combat.sideLabels(),
      isGM: user.isGM,
      grouped: mode.grouped,
      revision: journal.revision,
      canUndo: journal.log.length > 0,
      mayIssue: (command) => authorise((id) => sideOf.get(id) ?? null, mode, journal, combat, user, command) === null,
    });
    // Banner values that are themselves keys ("someone") are localised here, once.
    const data = Object.fromEntries(
      Object.entries(fray.banner.data).map(([k, v]) => [k, typeof v === "string" && v.startsWith("FRAY.") ? game.i18n.localize(v) : v]),
    );
    return Object.assign(base, { ...fray, banner: { ...fray.banner, data } });
  }

  /** Act, Pass, Delay, End Turn: the button carries the core command; shift-click by a GM is an override, announced in chat. */
  static async #onCommand(this: FrayCombatTracker, event: PointerEvent, target: HTMLElement): Promise<void> {
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
      const who = command.combatant ? combat.combatants.get(command.combatant)?.name : command.side;
      await ChatMessage.create({
        content: game.i18n.format("FRAY.Tracker.GmOverride", { action: game.i18n.localize(`FRAY.Tracker.Command.${command.type}`), name: who ?? "" }),
        speaker: { alias: game.user.name },
      });
    }
  }

  static async #onUndo(this: FrayCombatTracker): Promise<void> {
    const combat = this.viewed;
    if (combat instanceof FrayCombat) await requestTurn(combat, { type: "undo" });
  }
}
