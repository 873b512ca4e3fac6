// The names a token's requests travel under, for the mover's client; the active GM's handlers (move-request.ts,
// let-go-request.ts) load with the first request it is sent.

/** The request name token moves travel under on Fray's request channel. */
export const MOVE_REQUEST = "move";

/** The request name a climber's "let go" travels under (SEC-21). */
export const LET_GO_REQUEST = "letGo";

/** Foundry's own action for a GM placing a token anywhere (no cost, no walls): the GM's alone. */
export const DISPLACE = "displace";
