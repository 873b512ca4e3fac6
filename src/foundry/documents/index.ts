export { FrayActor } from "./fray-actor.js";
export { FrayItem } from "./fray-item.js";
export { registerDocuments } from "./register-documents.js";
export { reviewFor } from "./review-for.js";
export { warnProblems } from "./warn-problems.js";
