import type { FrayCombat } from "../combat/fray-combat.js";
import { journalOf } from "../combat/fight/journal.js";
import { isTurnCommand, type TurnCommand } from "../combat/fight/turn-command.js";

/** A control of the rendered tracker that carries a core command, as the GM's click would send it. */
export interface OfferedControl {
  readonly command: TurnCommand;
  readonly button: HTMLElement;
}

/** How long one click may take to come back as an update and a re-render. */
const CLICK_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Wait until `ok()` holds, polling; throw, naming `what`, when it has not after `ms`. */
export async function until(what: string, ok: () => boolean, ms = CLICK_TIMEOUT_MS): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * Foundry's hooks the fights batch counts, by combat id: updateCombat (every write), combatRound (a new round, with
 * v13's options: those without `worldTime` are counted apart) and combatTurnChange (each turn or round change).
 */
export class CombatWatch {
  readonly #updates = new Map<string, number>();
  readonly #rounds = new Map<string, number>();
  readonly #oldOptions = new Map<string, number>();
  readonly #changes = new Map<string, number>();
  #ids: [string, number][] = [];

  updates = (combatId: string): number => this.#updates.get(combatId) ?? 0;
  rounds = (combatId: string): number => this.#rounds.get(combatId) ?? 0;
  /** combatRound calls whose options lack v13's `worldTime` (issue 25, divergence 9). */
  oldOptions = (combatId: string): number => this.#oldOptions.get(combatId) ?? 0;
  changes = (combatId: string): number => this.#changes.get(combatId) ?? 0;

  watch(): void {
    const bump = (counts: Map<string, number>, id: string | null) => id && counts.set(id, (counts.get(id) ?? 0) + 1);
    this.#ids.push(["updateCombat", Hooks.on("updateCombat", (combat) => void bump(this.#updates, combat.id))]);
    this.#ids.push([
      "combatRound",
      Hooks.on("combatRound", (combat, _data, options) => {
        bump(this.#rounds, combat.id);
        if (!("worldTime" in (options as object))) bump(this.#oldOptions, combat.id);
      }),
    ]);
    this.#ids.push(["combatTurnChange", Hooks.on("combatTurnChange", (combat) => void bump(this.#changes, combat.id))]);
  }

  unwatch(): void {
    for (const [hook, id] of this.#ids) Hooks.off(hook as "updateCombat", id);
    this.#ids = [];
  }
}

/**
 * The GM's hands on the sidebar combat tracker (ui.combat) showing one combat: the controls it renders, and a click
 * that waits for the update it causes and for the tracker's re-render of it before anything reads the DOM again.
 */
export class TrackerTable {
  constructor(
    readonly combat: FrayCombat,
    readonly watch: CombatWatch,
  ) {}

  /** Open the combat tab and show this combat in it, as the GM picking it would. */
  async show(): Promise<void> {
    ui.combat.activate();
    ui.combat.viewed = this.combat as unknown as Combat.Stored;
    await ui.combat.render({ force: true });
  }

  revision = (): number => journalOf(this.combat)?.revision ?? -1;

  /** The revision the tracker's part was last rendered at (absent before the fight starts). */
  renderedRevision(): number | null {
    const shown = this.#root().querySelector<HTMLElement>(".fray-tracker[data-revision]")?.dataset.revision;
    return shown === undefined ? null : Number(shown);
  }

  /** The first control matching `selector`, e.g. the footer's Begin (`[data-action="frayBegin"]`). */
  control(selector: string): HTMLElement | null {
    return this.#root().querySelector<HTMLElement>(selector);
  }

  /** Every control carrying a core command (data-command), in the order the tracker shows them. */
  offered(): OfferedControl[] {
    const out: OfferedControl[] = [];
    for (const button of this.#root().querySelectorAll<HTMLElement>("[data-command]")) {
      let command: unknown = null;
      try {
        command = JSON.parse(button.dataset.command ?? "");
      } catch {
        throw new Error(`a control carries a command that is not JSON: ${button.dataset.command ?? ""}`);
      }
      if (!isTurnCommand(command)) throw new Error(`a control carries no turn command: ${button.dataset.command ?? ""}`);
      out.push({ command, button });
    }
    return out;
  }

  /** Click a control and wait for the combat's next revision to be written, seen here, and rendered. */
  async press(button: HTMLElement, what: string): Promise<void> {
    const rev = this.revision();
    const updates = this.watch.updates(this.combat.id ?? "");
    button.click();
    await until(
      `an update of the combat after clicking ${what}`,
      () => this.watch.updates(this.combat.id ?? "") > updates && this.revision() > rev,
    );
    await until(
      `the tracker's re-render at revision ${this.revision()} after clicking ${what}`,
      () => this.renderedRevision() === this.revision(),
    );
  }

  #root(): HTMLElement {
    if (ui.combat.viewed?.id !== this.combat.id) throw new Error("the combat tracker shows another combat");
    return ui.combat.element;
  }
}
