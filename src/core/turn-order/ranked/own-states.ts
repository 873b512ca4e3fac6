import { trustedStates } from "../../shared/trusted.js";

/** The ranked states this engine made itself (shared/trusted.ts); deliberately not exported by index.ts. */
export const OWN_STATES = trustedStates();
