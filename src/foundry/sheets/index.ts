export { actorSheetFor, FrayActorSheet } from "./fray-actor-sheet.js";
export { FrayItemSheet, itemSheetFor } from "./fray-item-sheet.js";
export { registerSheets } from "./register-sheets.js";
export { sheetView, type InputView, type SheetView } from "./sheet-context.js";
