import type { DeepPartial } from "fvtt-types/utils";
import { modelFor } from "../data/models.js";
import { reviewFor } from "../documents/review-for.js";
import { editPortrait } from "./edit-portrait.js";
import { enrichedFields } from "./enrich-fields.js";
import { tagsFromForm } from "./form-tags.js";
import { sheetView } from "./view/sheet-context.js";
import { ITEM_SHEET_SIZE, itemParts, partTemplates, sheetSize } from "./view/sheet-layout.js";

import ApplicationV2 = foundry.applications.api.ApplicationV2;
import DocumentSheetV2 = foundry.applications.api.DocumentSheetV2;
import HandlebarsParts = foundry.applications.api.HandlebarsApplicationMixin;
import ItemSheetV2 = foundry.applications.sheets.ItemSheetV2;
import FormDataExtended = foundry.applications.ux.FormDataExtended;

const { HandlebarsApplicationMixin } = foundry.applications.api;

/**
 * The one sheet of every Fray item type: inputs built from the type's spec, each type with its own template (one part,
 * no tabs) and window size, its states as badges, tags as checkbox groups, the description in the rich-text editor;
 * submits reviewed. Foundry names the sheet and its windows after the class (fray.FrayItemSheet,
 * FrayItemSheet-Item-<id>).
 */
// The three generics re-declared and passed to the mixin result: without them tsc crawls and fails (toolchain.md).
// fvtt-types 13.345 does not export ItemSheetV2's namespace, so its generics are spelled through DocumentSheetV2.
export class FrayItemSheet<
  RC extends DocumentSheetV2.RenderContext<Item.Implementation> = DocumentSheetV2.RenderContext<Item.Implementation>,
  C extends DocumentSheetV2.Configuration<Item.Implementation> = DocumentSheetV2.Configuration<Item.Implementation>,
  RO extends DocumentSheetV2.RenderOptions = DocumentSheetV2.RenderOptions,
> extends HandlebarsApplicationMixin(ItemSheetV2)<RC, C, RO> {
  static override DEFAULT_OPTIONS = {
    classes: ["fray", "fray-sheet", "fray-item-sheet"],
    position: { ...ITEM_SHEET_SIZE },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { editPortrait: FrayItemSheet.#onEditPortrait },
  };

  /** The window opens at its type's size (sheet-layout.ts) unless the caller asks for another. */
  protected override _initializeApplicationOptions(options: DeepPartial<C>): C {
    const type: unknown = options.document?.type;
    const meta = modelFor("Item", typeof type === "string" ? type : "");
    return super._initializeApplicationOptions(
      meta ? { ...options, position: { ...sheetSize(meta), ...options.position } } : options,
    );
  }

  /** The one part of this item's type: its own template. */
  protected override _configureRenderParts(
    _options: HandlebarsParts.RenderOptions,
  ): Record<string, HandlebarsParts.HandlebarsTemplatePart> {
    return itemParts(this.item.type);
  }

  /** That part's template and partials, loaded before a render (once): the class has no static PARTS to preload. */
  protected override async _preRender(
    context: DeepPartial<ApplicationV2.RenderContextOf<this>>,
    options: DeepPartial<ApplicationV2.RenderOptionsOf<this>>,
  ): Promise<void> {
    await super._preRender(context, options);
    await foundry.applications.handlebars.loadTemplates(partTemplates(itemParts(this.item.type)));
  }

  static async #onEditPortrait(this: FrayItemSheet): Promise<void> {
    if (this.isEditable) await editPortrait(this.item, this.position);
  }

  protected override async _prepareContext(options: DeepPartial<RO> & { isFirstRender: boolean }): Promise<RC> {
    const context = await super._prepareContext(options);
    const item = this.item;
    const meta = modelFor("Item", item.type);
    const system = item.system as unknown as Record<string, unknown>;
    const fray = meta
      ? sheetView(meta, system, {
          idPrefix: this.id,
          editable: this.isEditable,
          enriched: await enrichedFields(meta.fields, system, item),
        })
      : null;
    return Object.assign(context, { fray, item, editable: this.isEditable, rootId: this.id });
  }

  /**
   * The review of the submit path: checkbox groups become tag lists, then bad values are refused or clamped before
   * Foundry's own validation throws on them.
   */
  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: FormDataExtended,
  ): object {
    const submitted = super._processFormData(event, form, formData);
    const meta = modelFor("Item", this.item.type);
    return reviewFor("Item", this.item, meta ? tagsFromForm(meta.fields, submitted) : submitted);
  }
}
