// What a move card's buttons send, for every client; the active GM's handler (move-card-request.ts) loads with the
// first request it is sent.

/** The request name a move card's buttons travel under on Fray's request channel. */
export const MOVE_CARD_REQUEST = "moveCard";

/** What a move card's button asks: apply the dice's outcome, undo that, take or decline the offered attack, or reveal a sealed card. */
export const MOVE_CARD_ACTIONS = ["apply", "undo", "take", "decline", "reveal"] as const;
export type MoveCardAction = (typeof MOVE_CARD_ACTIONS)[number];
