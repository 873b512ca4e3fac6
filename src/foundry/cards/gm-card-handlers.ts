// The active GM's handlers of the attack card's requests, loaded with the first request (register-cards.ts).
export { handleAttackOpen } from "./attack-open.js";
export { handleAttackStep } from "./attack-request.js";
export { handleAttackCircumstances } from "./attack-circumstances.js";
export { handleAttackAnswer } from "./attack-answer.js";
