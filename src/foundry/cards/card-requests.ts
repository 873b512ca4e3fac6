/**
 * The names of the attack card's requests, apart from their handlers: the clients that send them (the sheet, the
 * card's buttons) need only the names, and the handlers, which only the active GM runs, load on the first request.
 */
export const ATTACK_OPEN_REQUEST = "attackOpen";
export const ATTACK_STEP_REQUEST = "attackStep";
export const ATTACK_CIRCUMSTANCES_REQUEST = "attackCircumstances";
export const ATTACK_ANSWER_REQUEST = "attackAnswer";
