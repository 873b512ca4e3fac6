/** Where each type's sheet template lives (paths as Foundry serves them). Pure. */
export const SYSTEM_PATH = "systems/fray";

export function sheetTemplate(documentName: "Actor" | "Item", type: string): string {
  return `${SYSTEM_PATH}/templates/${documentName === "Actor" ? "actor" : "item"}/${type}.hbs`;
}
