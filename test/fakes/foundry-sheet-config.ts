/**
 * Foundry v13's sheet registry, as `client/applications/apps/document-sheet-config.mjs` does it:
 * - `registerSheet(documentClass, scope, sheetClass, options)` names the sheet `${scope}.${sheetClass.name}` and,
 * before
 *   `game.ready`, keeps it pending;
 * - `initializeSheets()` registers the pending sheets (`#registerSheet`): a type's sheet is its default when the
 *   world setting `core.sheetClasses` names it, else, when the setting names nothing for the type, when it asked
 *   `makeDefault`; then it applies the setting (`updateDefaultSheets`);
 * - `updateDefaultSheets(setting)` makes a sheet the default only when the setting names a registered one;
 * - `getSheetClassesForSubType` answers the first default, else the first sheet that may be one.
 * The element id of a document sheet is `${sheetClass.name}-${document.uuid}` with dots as dashes
 * (`DocumentSheetV2#_initializeApplicationOptions`): `elementId` builds it.
 */
export interface SheetEntry {
  readonly id: string;
  readonly label: string;
  readonly cls: { readonly name: string };
  readonly canBeDefault: boolean;
  readonly canConfigure: boolean;
  default: boolean;
}

interface Pending {
  readonly documentName: string;
  readonly id: string;
  readonly label: string;
  readonly sheetClass: { readonly name: string };
  readonly types: readonly string[];
  readonly makeDefault: boolean;
}

export type SheetSetting = Record<string, Record<string, string>>;

export class FakeSheetConfig {
  /** CONFIG[documentName].sheetClasses: type -> sheet id -> entry. */
  readonly sheetClasses: Record<string, Record<string, Record<string, SheetEntry>>> = {};
  readonly #pending: Pending[] = [];
  ready = false;

  /** `setting()` is the world's `core.sheetClasses`, read when Foundry reads it. */
  constructor(readonly setting: () => SheetSetting) {}

  registerSheet(
    documentClass: { readonly documentName: string },
    scope: string,
    sheetClass: { readonly name: string },
    options: { types?: readonly string[]; makeDefault?: boolean; label?: string } = {},
  ): void {
    const id = `${scope}.${sheetClass.name}`;
    const entry = {
      documentName: documentClass.documentName,
      id,
      label: options.label ?? id,
      sheetClass,
      types: options.types ?? [],
      makeDefault: options.makeDefault ?? false,
    };
    if (this.ready) this.#register(entry);
    else this.#pending.push(entry);
  }

  initializeSheets(): void {
    for (const p of this.#pending.splice(0)) this.#register(p);
    this.updateDefaultSheets(this.setting());
  }

  updateDefaultSheets(setting: SheetSetting = {}): void {
    for (const [documentName, defaults] of Object.entries(setting)) {
      for (const [type, sheetId] of Object.entries(defaults)) {
        if (!sheetId) continue;
        const sheets = Object.values(this.sheetClasses[documentName]?.[type] ?? {});
        if (sheets.some((s) => s.id === sheetId)) for (const s of sheets) s.default = s.id === sheetId;
      }
    }
  }

  getSheetClassesForSubType(
    documentName: string,
    type: string,
  ): { defaultClass: string | undefined; sheetClasses: string[] } {
    let defaultClass: string | undefined;
    const defaults: string[] = [];
    for (const cfg of Object.values(this.sheetClasses[documentName]?.[type] ?? {})) {
      if (cfg.default && !defaultClass) defaultClass = cfg.id;
      if (cfg.canConfigure && cfg.canBeDefault) defaults.push(cfg.id);
    }
    return { defaultClass: defaultClass ?? defaults[0], sheetClasses: defaults };
  }

  #register(p: Pending): void {
    const classes = (this.sheetClasses[p.documentName] ??= {});
    for (const t of p.types) {
      const existingDefault = this.setting()[p.documentName]?.[t];
      const isDefault = existingDefault ? existingDefault === p.id : p.makeDefault;
      classes[t] ??= {};
      if (isDefault) for (const s of Object.values(classes[t])) s.default = false;
      classes[t][p.id] = {
        id: p.id,
        label: p.label,
        cls: p.sheetClass,
        canBeDefault: true,
        canConfigure: true,
        default: isDefault,
      };
    }
  }
}

/** A document sheet's element id, as DocumentSheetV2 builds it from its class name and the document's UUID. */
export const elementId = (sheetClass: { readonly name: string }, uuid: string): string =>
  `${sheetClass.name}-${uuid.replaceAll(".", "-")}`;
