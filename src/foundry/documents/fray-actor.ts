import { modelFor, typesOf } from "../data/models.js";
import { defaultBars } from "../data/token-attributes.js";
import { currentRuleset } from "../settings/ruleset.js";
import { conditionWrite, settleStatuses, touchesConditions } from "../statuses/status-effects.js";
import { drawLarge, mirrorConditions } from "../statuses/status-mirror.js";
import { CARD_WRITE } from "../cards/requests/apply-plan.js";
import { conditionsToFight, heldBefore } from "../statuses/fight-sync.js";
import { foundryFights } from "../statuses/foundry-fights.js";
import { reviewFor } from "./review-for.js";
import { reviewChangesInPlace, reviewCreation } from "./review-on-write.js";
import { theGame } from "../game/game-port.js";

type UpdateOperation = Parameters<typeof Actor.updateDocuments>[1];

/**
 * Fray's Actor: creation offers only the world rule set's actor types, and every update is reviewed
 * against the type's spec first (bad values refused or clamped, one warning each) so Foundry never
 * sees, and never throws on, a bad value.
 */
export class FrayActor extends Actor {
  static override createDialog(
    data?: Actor.CreateDialogData,
    createOptions?: Actor.Database.DialogCreateOptions,
    options?: Actor.CreateDialogOptions,
  ): Promise<Actor.Stored | null | undefined> {
    const types = typesOf("Actor", currentRuleset());
    // fvtt-types 13.345 inverts its hasTypeData test and types `types` as never for documents with subtypes;
    // Foundry v13 reads `options.types` as the whitelist of offered subtypes.
    return super.createDialog(data, createOptions, { ...options, types } as unknown as Actor.CreateDialogOptions);
  }

  /** `actor.update(...)`, including a token's synthetic actor, whose changes go to its delta. */
  override update(
    data: Actor.UpdateData | undefined,
    operation?: Actor.Database.UpdateOperation,
  ): Promise<this | undefined> {
    return super.update(reviewFor("Actor", this, data), operation);
  }

  /**
   * Bulk updates of world actors by code (`Actor.updateDocuments`): each change is reviewed against the actor it
   * names. A synthetic token actor (parent set) shares its id with the world actor but not its data, so it is left
   * to the `update` above; compendium documents are not loaded here and pass to Foundry's validation.
   */
  static override updateDocuments(
    updates: Actor.UpdateData[] | undefined,
    operation?: UpdateOperation,
  ): Promise<Actor.Implementation[]> {
    const world = !operation?.pack && !operation?.parent;
    const reviewed = world
      ? updates?.map((u) => reviewFor("Actor", theGame().actors.get(String((u as { _id?: unknown })._id)), u))
      : updates;
    return super.updateDocuments(reviewed, operation);
  }
  /** The review again, where every update path passes (review-on-write.ts). */
  protected override async _preUpdate(...args: Parameters<Actor["_preUpdate"]>) {
    reviewChangesInPlace("Actor", this, args[0]);
    // The held conditions' values before the write, kept with the update: a step the fight refuses puts them back.
    (args[1] as { frayHeld?: unknown }).frayHeld = heldBefore(this, args[0]);
    return super._preUpdate(...args);
  }

  /**
   * A new actor's data is reviewed too (created values obey the same bounds as edited ones), and its prototype token
   * shows the type's bars (health, endurance, HP, Fatigue) unless the creation data chose others.
   */
  protected override async _preCreate(...args: Parameters<Actor["_preCreate"]>) {
    const system = reviewCreation("Actor", this.type, (args[0] as { system?: unknown }).system);
    if (system) this.updateSource({ system });
    const meta = modelFor("Actor", this.type);
    const bars = meta ? defaultBars(meta, (this._source as { prototypeToken?: unknown }).prototypeToken) : null;
    if (bars) this.updateSource({ prototypeToken: bars });
    return super._preCreate(...args);
  }

  /**
   * A condition's status effect (token HUD, a card, a macro) writes the condition's field, reviewed as any edit; the
   * icon then follows the field. Foundry's own statuses ("dead") stay plain effects.
   */
  override async toggleStatusEffect(statusId: string, options?: Actor.ToggleStatusEffectOptions) {
    const write = conditionWrite(this.type, this.system, statusId, options?.active);
    if (!write) return super.toggleStatusEffect(statusId, options);
    if (options?.overlay) drawLarge(this, statusId);
    await this.update({ [`system.${write.path}`]: write.value });
    await this.mirrorConditions();
    const effect = this.effects.find((e) => e.statuses.size === 1 && e.statuses.has(statusId));
    return effect ?? false;
  }

  /**
   * Put the token's status icons in step with the condition fields (Foundry's own toggle adds or removes each icon).
   * A status the world does not offer (an actor of another rule set's type) keeps its field and gets no icon: Foundry's
   * toggle would throw on it.
   */
  mirrorConditions(): Promise<void> {
    const offered = new Set(CONFIG.statusEffects.map((s) => s.id));
    return mirrorConditions(this, (id, active, large) =>
      offered.has(id) ? super.toggleStatusEffect(id, { active, overlay: large }) : Promise.resolve(),
    );
  }

  /** A pass started after a write is not awaited by anyone: a failure (a lost connection) is logged, not thrown. */
  #mirrorLater(): void {
    this.mirrorConditions().catch((error: unknown) => console.error("Fray | status icons not updated", error));
  }

  /** `actor.statuses` tells a condition's status exactly when its field is on, whatever effects the actor carries. */
  override applyActiveEffects(): void {
    super.applyActiveEffects();
    settleStatuses(this.type, this.system, this.statuses);
  }

  /** The writer's client puts the icons in step after a condition changed (the sheet, a card, the HUD, a macro). */
  protected override _onUpdate(...args: Parameters<Actor["_onUpdate"]>): void {
    super._onUpdate(...args);
    const [changed, options, userId] = args;
    if (userId !== theGame().user.id) return;
    if (touchesConditions(this.type, changed)) this.#mirrorLater();
    // A card's apply tells the fight itself: sending its writes again would be refused as stale.
    if ((options as unknown as Record<string, unknown>)[CARD_WRITE] === true) return;
    const before = (options as { frayHeld?: Record<string, unknown> }).frayHeld ?? {};
    conditionsToFight(this, changed, before, foundryFights).catch((error: unknown) =>
      console.error("Fray | condition not sent to the fight", error),
    );
  }

  protected override _onCreate(...args: Parameters<Actor["_onCreate"]>): void {
    super._onCreate(...args);
    if (args[2] === theGame().user.id) this.#mirrorLater();
  }
}
