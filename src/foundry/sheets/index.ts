export { FrayActorSheet } from "./fray-actor-sheet.js";
export { FrayItemSheet } from "./fray-item-sheet.js";
export { registerSheets } from "./register-sheets.js";
export { sheetView, type InputView, type SheetView } from "./view/sheet-context.js";
