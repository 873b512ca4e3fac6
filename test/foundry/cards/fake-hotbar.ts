/*
 * A drop on Foundry v13's hotbar, as far as an attack item's drop goes. Read from v13's own code:
 * - `client/applications/ui/hotbar.mjs`, `#onDragDrop`: it calls the `hotbarDrop` hook first, then returns if a handler
 *   returned false, then returns if the bar is locked (`locked`: the core setting `hotbarLock`), then gets the dropped
 *   document (`fromDropData`) and makes its own macro for it (`_createDocumentSheetToggle` for an Item) and assigns it;
 * - `client/helpers/hooks.mjs`, `Hooks.call` and `#call`: each handler runs in a try/catch; a throw is logged as an
 *   error (`Hooks.onError`) and the next handler runs; a handler returning false stops the call, which returns false;
 * - `client/utils/helpers.mjs`, `fromUuidSync`: a UUID naming an embedded document in a compendium throws, unless
 *   `strict` is false, when it gives null; a world document's embedded one is found in its parent.
 * It supplies nothing Foundry does not: no macro when the bar is locked, no document a UUID does not name.
 */

type Handler = (...args: unknown[]) => unknown;

/** A macro as Macro.create gives it back. */
export interface FakeMacro {
  readonly id: string;
  readonly name: string;
  readonly command: string;
  readonly isOwner: boolean;
}

/** An item as a UUID names it: its parent actor (null for a world item) and its fields. */
export interface FakeDropItem {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
  readonly img: string | null;
  readonly uuid: string;
  readonly parent: unknown;
}

export class FakeHotbarWorld {
  /** The core setting hotbarLock. */
  locked = false;
  readonly macros: FakeMacro[] = [];
  /** Each macro assigned, and its slot (a string, as the hotbar's `li.dataset.slot` gives it). */
  readonly assigned: { readonly macro: FakeMacro; readonly slot: unknown }[] = [];
  /** What Hooks.onError logged: a handler's throw. */
  readonly errors: unknown[] = [];
  readonly #handlers = new Map<string, Handler[]>();
  readonly #items = new Map<string, FakeDropItem>();

  /** Items by UUID: a world actor's ("Actor.a.Item.i") or a compendium actor's ("Compendium.p.q.Actor.a.Item.i"). */
  add(item: FakeDropItem): void {
    this.#items.set(item.uuid, item);
  }

  readonly hooks = {
    on: (hook: string, fn: Handler): number => {
      this.#handlers.set(hook, [...(this.#handlers.get(hook) ?? []), fn]);
      return this.#handlers.get(hook)!.length;
    },
    call: (hook: string, ...args: unknown[]): boolean => {
      for (const fn of this.#handlers.get(hook) ?? []) {
        let result: unknown;
        try {
          result = fn(...args);
        } catch (error) {
          this.errors.push(error);
        }
        if (result === false) return false;
      }
      return true;
    },
  };

  /** fromUuidSync(uuid, {strict}). */
  readonly fromUuidSync = (uuid: string, { strict = true }: { strict?: boolean } = {}): FakeDropItem | null => {
    const parts = uuid.split(".");
    const embedded = parts[0] === "Compendium" ? parts.length > 5 : parts.length > 2;
    if (parts[0] === "Compendium" && embedded) {
      if (!strict) return null;
      throw new Error(
        `fromUuidSync was invoked on UUID '${uuid}' which references an Embedded Document and cannot be ` +
          `retrieved synchronously.`,
      );
    }
    return this.#items.get(uuid) ?? null;
  };

  /** Macro.create(data): a script macro this user owns. */
  readonly createMacro = (data: { name: string; command: string }): Promise<FakeMacro> => {
    const macro = { id: `macro${this.macros.length + 1}`, name: data.name, command: data.command, isOwner: true };
    this.macros.push(macro);
    return Promise.resolve(macro);
  };

  /** game.user.assignHotbarMacro(macro, slot). */
  readonly assign = (macro: FakeMacro, slot: unknown): Promise<void> => {
    this.assigned.push({ macro, slot });
    return Promise.resolve();
  };

  /** The hotbar's #onDragDrop of `data` on slot `slot`. */
  async drop(data: Record<string, unknown>, slot: string): Promise<void> {
    if (this.hooks.call("hotbarDrop", this, data, slot) === false) return;
    if (this.locked) return;
    // Item.fromDropData reads the UUID with fromUuid, which also finds a compendium actor's item.
    const doc = typeof data.uuid === "string" ? this.#items.get(data.uuid) : undefined;
    if (!doc) return;
    const macro = await this.createMacro({
      name: `Display ${doc.name}`,
      command: `await foundry.applications.ui.Hotbar.toggleDocumentSheet("${doc.uuid}");`,
    });
    await this.assign(macro, slot);
  }
}
