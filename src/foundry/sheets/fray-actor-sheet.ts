import { modelFor, typesOf } from "../data/models.js";
import { manifestOf } from "../rulesets/index.js";
import type { AttackRuleset } from "../cards/attack-ruleset.js";
import type { AttackFilter } from "./view/item-rows.js";
import { startAttack } from "../cards/start-attack.js";
import { playCard } from "../combat/requests/play-card-client.js";
import { reviewFor } from "../documents/review-for.js";
import { currentRuleset } from "../settings/ruleset.js";
import { combatSidesFor } from "./view/combat-sides.js";
import { editPortrait } from "./edit-portrait.js";
import { enrichedFields } from "./enrich-fields.js";
import { tagsFromForm } from "./form-tags.js";
import { sheetView } from "./view/sheet-context.js";
import {
  ACTOR_SHEET_SIZE,
  ACTOR_TABS,
  actorParts,
  partContext,
  partTemplates,
  TAB_GROUP,
} from "./view/sheet-layout.js";

import type { DeepPartial } from "fvtt-types/utils";

import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import HandlebarsParts = foundry.applications.api.HandlebarsApplicationMixin;
import FormDataExtended = foundry.applications.ux.FormDataExtended;
import { theGame } from "../game/game-port.js";

const { HandlebarsApplicationMixin } = foundry.applications.api;

type DropItem = (event: DragEvent, item: Item.Implementation) => Promise<Item.Implementation | null>;

/**
 * The one sheet of every Fray actor type: inputs built from the type's spec (sheet-context.ts) in three tabs
 * (sheet-layout.ts): the fight tab is the type's own template, leading with what its rule set checks every turn; the
 * items tab lists every item with its key numbers, Attack, Play, edit and delete buttons; the notes tab is a rich-text
 * editor. The header shows the states that hold as badges. Items dropped on the sheet are accepted only from the
 * world's rule set, and every submit is reviewed before Foundry validates it. Foundry names the sheet and its windows
 * after the class (fray.FrayActorSheet, FrayActorSheet-Actor-<id>): one named class, whatever the type.
 */
// The three generics re-declared and passed to the mixin result: without them tsc crawls and fails (toolchain.md).
export class FrayActorSheet<
  RC extends ActorSheetV2.RenderContext = ActorSheetV2.RenderContext,
  C extends ActorSheetV2.Configuration = ActorSheetV2.Configuration,
  RO extends ActorSheetV2.RenderOptions = ActorSheetV2.RenderOptions,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RC, C, RO> {
  static override TABS = ACTOR_TABS;

  static override DEFAULT_OPTIONS = {
    classes: ["fray", "fray-sheet", "fray-actor-sheet"],
    position: { ...ACTOR_SHEET_SIZE },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      editPortrait: FrayActorSheet.#onEditPortrait,
      createItem: FrayActorSheet.#onCreateItem,
      editItem: FrayActorSheet.#onEditItem,
      deleteItem: FrayActorSheet.#onDeleteItem,
      attackWith: FrayActorSheet.#onAttackWith,
      playCard: FrayActorSheet.#onPlayCard,
    },
  };

  /** The parts of this actor's type: its own fight tab (sheet-layout.ts). */
  protected override _configureRenderParts(
    _options: HandlebarsParts.RenderOptions,
  ): Record<string, HandlebarsParts.HandlebarsTemplatePart> {
    return actorParts(this.actor.type);
  }

  /** Those parts' templates and partials, loaded before a render (once): the class has no static PARTS to preload. */
  protected override async _preRender(
    context: DeepPartial<ApplicationV2.RenderContextOf<this>>,
    options: DeepPartial<ApplicationV2.RenderOptionsOf<this>>,
  ): Promise<void> {
    await super._preRender(context, options);
    await foundry.applications.handlebars.loadTemplates(partTemplates(actorParts(this.actor.type)));
  }

  protected override async _prepareContext(options: DeepPartial<RO> & { isFirstRender: boolean }): Promise<RC> {
    const context = await super._prepareContext(options);
    const actor = this.actor;
    const meta = modelFor("Actor", actor.type);
    const system = actor.system as unknown as Record<string, unknown>;
    // The rule set's attack card gives the Attack buttons, to the actor's owners.
    const card = meta && actor.isOwner ? manifestOf(meta.ruleset).attackCard : undefined;
    const fray = meta
      ? sheetView(meta, system, {
          idPrefix: this.id,
          editable: this.isEditable,
          items: actor.items.contents.map((i) => ({
            id: i.id ?? "",
            name: i.name ?? "",
            img: i.img,
            type: i.type,
            system: i.system as unknown as Record<string, unknown>,
          })),
          ...attackFilter(card),
          plays: actor.isOwner,
          combatSides: Object.values(meta.picks ?? {}).some((p) => p.from === "combatSides")
            ? combatSidesFor(actor)
            : [],
          enriched: await enrichedFields(meta.fields, system, actor),
        })
      : null;
    // Foundry prepares a single tab group itself; asked for here too so the context never depends on that.
    const tabs = this._prepareTabs(TAB_GROUP);
    return Object.assign(context, { fray, actor, editable: this.isEditable, rootId: this.id, tabs });
  }

  /** Each tab's part gets its own tab (active or not), as Foundry's tabbed sheets do. */
  protected override async _preparePartContext(
    partId: string,
    context: ApplicationV2.RenderContextOf<this>,
    options: DeepPartial<RO>,
  ): Promise<ApplicationV2.RenderContextOf<this>> {
    return partContext(partId, await super._preparePartContext(partId, context, options));
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
    const meta = modelFor("Actor", this.actor.type);
    return reviewFor("Actor", this.actor, meta ? tagsFromForm(meta.fields, submitted) : submitted);
  }

  /**
   * Foundry v13's ActorSheetV2 creates (or sorts) a dropped item here; Fray first turns away item types of
   * another rule set. fvtt-types 13.345 does not declare the method, hence no `override` and the typed lookup.
   */
  protected async _onDropItem(event: DragEvent, item: Item.Implementation): Promise<Item.Implementation | null> {
    if (!typesOf("Item", currentRuleset()).includes(item.type)) {
      ui.notifications?.warn("FRAY.Sheet.WrongRulesetItem", {
        format: { type: theGame().i18n.localize(`TYPES.Item.${item.type}`) },
      });
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

  /** Play this card in the actor's started fight: its Phase is spent and the Move it grants is the turn's (SEC-06). */
  static async #onPlayCard(this: FrayActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#itemOf(target);
    if (item?.id) await playCard(this.actor, item.id);
  }

  #itemOf(target: HTMLElement): Item.Implementation | undefined {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    return id ? this.actor.items.get(id) : undefined;
  }
}

/** Item rows get an Attack button (for the actor's owners) when the rule set's card attacks with them. */
function attackFilter(card: AttackRuleset | undefined): AttackFilter {
  if (!card) return { attackItems: [] };
  return {
    attackItems: card.attackItems,
    ...(card.attacksWith ? { attacksWith: (i) => card.attacksWith?.(i) ?? true } : {}),
  };
}
