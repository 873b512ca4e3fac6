import { modelFor, typesOf, type ACTOR_MODELS } from "../data/models.js";
import { attackCardFor } from "../cards/attack-cards.js";
import { startAttack } from "../cards/start-attack.js";
import { reviewFor } from "../documents/review-for.js";
import { currentRuleset } from "../settings/ruleset.js";
import { editPortrait } from "./edit-portrait.js";
import { sheetView } from "./sheet-context.js";
import { SHEET_PARTIALS, sheetTemplate } from "./template-paths.js";

import type { DeepPartial } from "fvtt-types/utils";

import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;
import FormDataExtended = foundry.applications.ux.FormDataExtended;

const { HandlebarsApplicationMixin } = foundry.applications.api;

type DropItem = (event: DragEvent, item: Item.Implementation) => Promise<Item.Implementation | null>;

/**
 * Every Fray actor sheet: inputs built from the type's spec (sheet-context.ts), each type with its own
 * template, an items list with edit and delete buttons, items dropped on the sheet accepted only from the
 * world's rule set, and every submit reviewed before Foundry validates it.
 */
// The three generics re-declared and passed to the mixin result: without them tsc crawls and fails (toolchain.md).
export class FrayActorSheet<
  RC extends ActorSheetV2.RenderContext = ActorSheetV2.RenderContext,
  C extends ActorSheetV2.Configuration = ActorSheetV2.Configuration,
  RO extends ActorSheetV2.RenderOptions = ActorSheetV2.RenderOptions,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RC, C, RO> {
  static override DEFAULT_OPTIONS = {
    classes: ["fray", "fray-sheet", "fray-actor-sheet"],
    position: { width: 640, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      editPortrait: FrayActorSheet.#onEditPortrait,
      createItem: FrayActorSheet.#onCreateItem,
      editItem: FrayActorSheet.#onEditItem,
      deleteItem: FrayActorSheet.#onDeleteItem,
      attackWith: FrayActorSheet.#onAttackWith,
    },
  };

  protected override async _prepareContext(options: DeepPartial<RO> & { isFirstRender: boolean }): Promise<RC> {
    const context = await super._prepareContext(options);
    const actor = this.actor;
    const meta = modelFor("Actor", actor.type);
    const fray = meta
      ? sheetView(meta, actor.system as unknown as Record<string, unknown>, {
          idPrefix: this.id,
          editable: this.isEditable,
          items: actor.items.contents.map((i) => ({ id: i.id ?? "", name: i.name ?? "", img: i.img, type: i.type })),
          attackItems: actor.isOwner ? (attackCardFor(meta.ruleset)?.attackItems ?? []) : [],
        })
      : null;
    return Object.assign(context, { fray, actor, editable: this.isEditable, rootId: this.id });
  }

  /** The review of the submit path: refuse or clamp bad values before Foundry's own validation throws on them. */
  protected override _processFormData(event: SubmitEvent | null, form: HTMLFormElement, formData: FormDataExtended): object {
    return reviewFor("Actor", this.actor, super._processFormData(event, form, formData));
  }

  /**
   * Foundry v13's ActorSheetV2 creates (or sorts) a dropped item here; Fray first turns away item types of
   * another rule set. fvtt-types 13.345 does not declare the method, hence no `override` and the typed lookup.
   */
  protected async _onDropItem(event: DragEvent, item: Item.Implementation): Promise<Item.Implementation | null> {
    if (!typesOf("Item", currentRuleset()).includes(item.type)) {
      ui.notifications?.warn(
        game.i18n?.format("FRAY.Sheet.WrongRulesetItem", { type: game.i18n.localize(`TYPES.Item.${item.type}`) }) ?? "",
      );
      return null;
    }
    const parent = (ActorSheetV2.prototype as unknown as { _onDropItem?: DropItem })._onDropItem;
    return parent ? parent.call(this, event, item) : null;
  }

  static async #onEditPortrait(this: FrayActorSheet): Promise<void> {
    if (this.isEditable) await editPortrait(this.actor, this.position);
  }

  /** Create an item on this actor; FrayItem.createDialog offers only the world rule set's item types. */
  static async #onCreateItem(this: FrayActorSheet): Promise<void> {
    if (this.isEditable) await Item.implementation.createDialog({}, { parent: this.actor });
  }

  static async #onEditItem(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#itemOf(target);
    await item?.sheet?.render(true);
  }

  static async #onDeleteItem(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#itemOf(target);
    if (item && this.isEditable) await item.deleteDialog();
  }

  /** Attack the user's target with this item: the attack card opens in chat (cards/start-attack.ts). */
  static async #onAttackWith(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#itemOf(target);
    if (item?.id) await startAttack(this.actor, item.id);
  }

  #itemOf(target: HTMLElement): Item.Implementation | undefined {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    return id ? this.actor.items.get(id) : undefined;
  }
}

/** The sheet of one actor type: the shared behaviour with that type's own template. */
export function actorSheetFor(meta: (typeof ACTOR_MODELS)[number]) {
  return class extends FrayActorSheet {
    static override PARTS = {
      sheet: {
        template: sheetTemplate("Actor", meta.type),
        templates: [sheetTemplate("Actor", meta.type), ...SHEET_PARTIALS],
        scrollable: [""],
      },
    };
  };
}
