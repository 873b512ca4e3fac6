import { currentRuleset } from "../settings/ruleset.js";
import { manifestOf } from "../rulesets/index.js";
import { startAttack } from "./start-attack.js";
import { theGame, type GamePort } from "../game/game-port.js";

/** The macro an attack item becomes on the hotbar: it attacks the user's target with that item. */
export function attackMacroCommand(itemUuid: string): string {
  return `await game.system.api.attackWith(${JSON.stringify(itemUuid)});`;
}

/** A hotbar macro's attack: the item (by UUID) of an actor the user owns, against the one token they target. */
export async function attackWith(itemUuid: string): Promise<void> {
  const item = await fromUuid(itemUuid as `Item.${string}`);
  const actor = item instanceof Item && item.parent instanceof Actor ? item.parent : null;
  if (!actor || !item?.id) {
    ui.notifications.warn("FRAY.Card.ItemGone", { localize: true });
    return;
  }
  await startAttack(actor, item.id);
}

/** Dragging an attack item of an actor onto the hotbar makes (or reuses) its attack macro. */
export function registerHotbarAttacks(): void {
  Hooks.on("hotbarDrop", (bar, data, slot) => {
    // v13 calls this hook before it checks the lock (client/applications/ui/hotbar.mjs): a locked bar takes nothing.
    if ((bar as { locked?: unknown }).locked === true) return;
    const uuid = (data as { type?: unknown; uuid?: unknown }).uuid;
    if ((data as { type?: unknown }).type !== "Item" || typeof uuid !== "string") return;
    // Not strict: a compendium actor's item cannot be read at once, and v13 throws for it. Such an actor stands on no
    // scene and attacks nobody: its item is left to Foundry's own macro.
    const item = fromUuidSync(uuid as `Item.${string}`, { strict: false }) as unknown as {
      id?: string | null;
      type?: string;
      system?: unknown;
      name?: string;
      img?: string | null;
      parent?: unknown;
    } | null;
    if (!item?.type || !item.parent) return;
    const card = manifestOf(currentRuleset()).attackCard;
    // An item that makes no attack (a Stance, a movement card) is left to Foundry's own macro.
    const attacks =
      card.attacksWith?.({ id: item.id ?? "", name: item.name ?? "", type: item.type, system: item.system }) ?? true;
    if (!card.attackItems.includes(item.type) || !attacks) return;
    void assignAttackMacro(uuid, item.name ?? "", item.img ?? null, slot);
    // The drop is handled: Foundry makes no macro of its own for it.
    return false;
  });
}

async function assignAttackMacro(
  uuid: string,
  name: string,
  img: string | null,
  slot: number,
  game: Pick<GamePort, "macros" | "user"> = theGame(),
): Promise<void> {
  const command = attackMacroCommand(uuid);
  const existing = game.macros.find((m) => m.command === command && m.isOwner);
  const macro = existing ?? (await Macro.create({ name, type: "script", command, ...(img ? { img } : {}) }));
  if (macro) await game.user.assignHotbarMacro(macro, slot);
}
