/** Where each type's sheet template and the shared partials live (paths as Foundry serves them). Pure. */
export const SYSTEM_PATH = "systems/fray";

export const SHEET_PARTIALS = [
  `${SYSTEM_PATH}/templates/actor/parts/header.hbs`,
  `${SYSTEM_PATH}/templates/actor/parts/field.hbs`,
  `${SYSTEM_PATH}/templates/actor/parts/derived.hbs`,
  `${SYSTEM_PATH}/templates/actor/parts/items.hbs`,
] as const;

export function sheetTemplate(documentName: "Actor" | "Item", type: string): string {
  return `${SYSTEM_PATH}/templates/${documentName === "Actor" ? "actor" : "item"}/${type}.hbs`;
}
