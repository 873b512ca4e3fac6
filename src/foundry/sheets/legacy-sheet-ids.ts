import { isRecord } from "../../core/shared/guards.js";
import { theGame, type GamePort } from "../game/game-port.js";

/**
 * Foundry names a sheet `${scope}.${sheetClass.name}` (v13 DocumentSheetConfig.registerSheet). Fray's sheets were
 * once anonymous classes, so a world may have stored their choice as "fray.": as a type's default (the world
 * setting core.sheetClasses) or as one document's own sheet (flags.core.sheetClass). v13 ignores an id it does not
 * know: the document then opens its type's default, and a type whose stored default is unknown has none until set.
 */
const LEGACY_SHEET_ID = "fray.";

/** The new id of each document name's Fray sheet: { Actor: "fray.FrayActorSheet", Item: "fray.FrayItemSheet" }. */
export type SheetIds = Readonly<Record<string, string>>;

/** The world's default sheets with every "fray." replaced by the new id of its document's sheet; null when none was. */
function renamedDefaults(setting: unknown, ids: SheetIds): Record<string, Record<string, string>> | null {
  if (!isRecord(setting)) return null;
  let renamed = false;
  const out: Record<string, Record<string, string>> = {};
  for (const [documentName, types] of Object.entries(setting)) {
    if (!isRecord(types) || documentName === "__proto__") continue;
    out[documentName] = {};
    for (const [type, id] of Object.entries(types)) {
      if (typeof id !== "string" || type === "__proto__") continue;
      const next = id === LEGACY_SHEET_ID && Object.hasOwn(ids, documentName) ? ids[documentName]! : id;
      renamed ||= next !== id;
      out[documentName][type] = next;
    }
  }
  return renamed ? out : null;
}

/** A document as the rename reads it: its id and flags. */
interface FlaggedDoc {
  readonly id: string | null;
  readonly flags?: unknown;
}

/** The updates that point each document's own sheet choice of "fray." at `id`. */
function renamedFlags(docs: readonly FlaggedDoc[], id: string): { _id: string; "flags.core.sheetClass": string }[] {
  const chose = (d: FlaggedDoc) =>
    isRecord(d.flags) && isRecord(d.flags.core) && d.flags.core.sheetClass === LEGACY_SHEET_ID;
  return docs.filter((d) => d.id !== null && chose(d)).map((d) => ({ _id: d.id!, "flags.core.sheetClass": id }));
}

/**
 * A world that chose Fray's earlier, anonymous sheets ("fray.") keeps Fray's sheets: every client makes them the
 * default again at once, and the active GM rewrites the stored choices so the next load needs nothing.
 */
export async function renameLegacySheetIds(
  ids: SheetIds,
  game: Pick<GamePort, "settings" | "user" | "actors" | "items"> = theGame(),
): Promise<void> {
  const setting = renamedDefaults(game.settings.get("core", "sheetClasses"), ids);
  // v13 has DocumentSheetConfig.updateDefaultSheets; fvtt-types 13.345 does not declare it.
  const config = foundry.applications.apps.DocumentSheetConfig as unknown as {
    updateDefaultSheets(setting: object): void;
  };
  if (setting) config.updateDefaultSheets(setting);
  if (!game.user.isActiveGM) return;
  if (setting) await game.settings.set("core", "sheetClasses", setting);
  const actors = game.actors.contents;
  const worldActors = renamedFlags(actors, ids.Actor!);
  if (worldActors.length > 0) await Actor.updateDocuments(worldActors);
  const worldItems = renamedFlags(game.items.contents, ids.Item!);
  if (worldItems.length > 0) await Item.updateDocuments(worldItems);
  for (const actor of actors) {
    const owned = renamedFlags(actor.items.contents, ids.Item!);
    if (owned.length > 0) await actor.updateEmbeddedDocuments("Item", owned);
  }
}
