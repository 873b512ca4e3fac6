/** The sealed cards' digest, the viewers' inbox and the GM's answer to a request: one lazy chunk (sealed-seal.ts). */
export { sealCard } from "./sealed-digest.js";
export { SealedInbox } from "./sealed-inbox.js";
export { handleSealedRequest, type SealedRequestContext } from "./sealed-request.js";
