import type { MoveCardData } from "../../../src/foundry/move-cards/move-card-data.js";

/** A rolled SEC-13 fall, not yet applied: the move cards' tests and `npm run screenshots` draw the same cards. */
export const FALL_CARD: MoveCardData = {
  effect: { kind: "fall", clause: "SEC-13", mover: "t", height: 2 },
  sceneId: "s1",
  moverRef: "ilsa",
  byRef: "",
  rollMode: "publicroll",
  outcome: { kind: "fall", damage: 7, dice: [3, 4] },
  applied: null,
  taken: null,
};

/**
 * A failed STR-26 descent roll, rolled when the move was checked: +1 Slowed and +1 Dazed, the move cut short (STR-28).
 */
export const DESCENT_CARD: MoveCardData = {
  ...FALL_CARD,
  effect: {
    kind: "descent",
    clause: "STR-26",
    mover: "t",
    levels: 3,
    skill: "reflex",
    modifier: 0,
    speed: 4,
    spent: 4,
    speedLoss: 1,
    roll: { result: "failure", total: 5, opposition: 9 },
    stopped: "STR-28",
  },
  outcome: { kind: "descent", result: "failure", total: 5, opposition: 9, slowed: 1, dazed: 1 },
};

/** An ESC-39 free hit offered to the enemy ("gob") whose melee zone the mover left. */
export const FREE_HIT_OFFER: MoveCardData = {
  ...FALL_CARD,
  effect: { kind: "free-hit", clause: "ESC-39", mover: "t", by: "e", why: "left-melee-zone" },
  byRef: "gob",
  outcome: null,
};

/** A FAC-23 opportunity attack offered to the Thug ("thug"): the mover's move stopped where it left the Thug's zone. */
export const OPPORTUNITY_OFFER: MoveCardData = {
  ...FALL_CARD,
  effect: { kind: "opportunity-attack", clause: "FAC-23", mover: "t", by: "e", stopped: "FAC-23" },
  byRef: "thug",
  outcome: null,
};

/** A SEC-15 climb Move 2 up a Height 3 border: one check up, one without progress; the climber holds on at 1 of 3. */
export const CLIMB_CARD: MoveCardData = {
  ...FALL_CARD,
  effect: {
    kind: "climb",
    clause: "SEC-15",
    mover: "t",
    border: "a|b",
    height: 3,
    climbed: 1,
    checks: [
      { result: 6, dm: 2, success: true },
      { result: 3, dm: 5, success: false },
    ],
  },
  outcome: null,
};
