import { refuse, type Refusal } from "../shared/outcome.js";

/** Escalation's action economy: what a turn grants and what each action may pay for (ESC-05..11, ESC-42, ESC-47). */

export interface EscalationActions {
  /** Attack Actions. */
  readonly aa: number;
  /** Move Actions. */
  readonly ma: number;
  /** Bonus Actions. */
  readonly ba: number;
}

/** ESC-05: a turn = 1 AA, 1 MA, 2 BA. */
export const FULL_TURN: EscalationActions = { aa: 1, ma: 1, ba: 2 };
export const NO_ACTIONS: EscalationActions = { aa: 0, ma: 0, ba: 0 };

export type EscalationUse =
  | "attack"
  | "castTime"
  | "pickUp"
  | "drawOrSheathe"
  | "talk"
  | "standUp"
  | "disengage"
  | "move"
  | "toggleSpell"
  | "boostDamage"
  | "boostHit"
  | "boostDodge"
  | "boostMove"
  | "extraAttack";

/** How a use is paid: one action, the two substitutions, or a spell/ability that grants it (ESC-43). */
export type EscalationPayment = "AA" | "MA" | "BA" | "2BA" | "MA+2BA" | "granted";

interface PaymentRule {
  readonly cost: EscalationActions;
  readonly uses: readonly EscalationUse[];
  readonly clause: string;
}

export const PAYMENTS: Readonly<Record<EscalationPayment, PaymentRule>> = {
  AA: {
    cost: { aa: 1, ma: 0, ba: 0 },
    clause: "ESC-06",
    uses: ["attack", "castTime", "pickUp", "drawOrSheathe", "talk", "standUp", "disengage"],
  },
  MA: {
    cost: { aa: 0, ma: 1, ba: 0 },
    clause: "ESC-07",
    uses: ["move", "castTime", "pickUp", "drawOrSheathe", "talk", "standUp"],
  },
  BA: {
    cost: { aa: 0, ma: 0, ba: 1 },
    clause: "ESC-08",
    uses: [
      "pickUp",
      "drawOrSheathe",
      "talk",
      "toggleSpell",
      "standUp",
      "boostDamage",
      "boostHit",
      "boostDodge",
      "boostMove",
    ],
  },
  "2BA": { cost: { aa: 0, ma: 0, ba: 2 }, clause: "ESC-11", uses: ["disengage"] },
  "MA+2BA": { cost: { aa: 0, ma: 1, ba: 2 }, clause: "ESC-10", uses: ["extraAttack"] },
  granted: { cost: NO_ACTIONS, clause: "ESC-43", uses: ["disengage"] },
};

export const USES: readonly EscalationUse[] = [
  "attack",
  "castTime",
  "pickUp",
  "drawOrSheathe",
  "talk",
  "standUp",
  "disengage",
  "move",
  "toggleSpell",
  "boostDamage",
  "boostHit",
  "boostDodge",
  "boostMove",
  "extraAttack",
];
export const PAYMENT_NAMES = Object.keys(PAYMENTS) as EscalationPayment[];

/*
 * The uses and payments by place, for isUse, isPayment and pay, which run for every action paid: a switch on the
 * names costs a fraction of a Set's or a Map's lookup (bench/diary.md). ranked-economy.test.ts holds the switches to
 * USES and PAYMENTS.
 */
/** The place of `x` in USES, -1 when it is no use. */
export function useIndex(x: unknown): number {
  switch (x) {
    case "attack":
      return 0;
    case "castTime":
      return 1;
    case "pickUp":
      return 2;
    case "drawOrSheathe":
      return 3;
    case "talk":
      return 4;
    case "standUp":
      return 5;
    case "disengage":
      return 6;
    case "move":
      return 7;
    case "toggleSpell":
      return 8;
    case "boostDamage":
      return 9;
    case "boostHit":
      return 10;
    case "boostDodge":
      return 11;
    case "boostMove":
      return 12;
    case "extraAttack":
      return 13;
    default:
      return -1;
  }
}

/** The place of `x` in PAYMENT_NAMES, -1 when it is no payment. */
export function paymentIndex(x: unknown): number {
  switch (x) {
    case "AA":
      return 0;
    case "MA":
      return 1;
    case "BA":
      return 2;
    case "2BA":
      return 3;
    case "MA+2BA":
      return 4;
    case "granted":
      return 5;
    default:
      return -1;
  }
}

/** Each payment's rule, by its place in PAYMENT_NAMES. */
const RULE_AT: readonly PaymentRule[] = PAYMENT_NAMES.map((p) => PAYMENTS[p]);
/** Whether payment p pays for use u, at p * USES.length + u (ESC-06..11, ESC-43, from PAYMENTS). */
const PAYS_FOR: readonly boolean[] = PAYMENT_NAMES.flatMap((p) => USES.map((u) => PAYMENTS[p].uses.includes(u)));

export function isUse(x: unknown): x is EscalationUse {
  return useIndex(x) >= 0;
}

export function isPayment(x: unknown): x is EscalationPayment {
  return paymentIndex(x) >= 0;
}

export function isActions(x: unknown): x is EscalationActions {
  if (typeof x !== "object" || x === null) return false;
  const a = x as Record<string, unknown>;
  return [a.aa, a.ma, a.ba].every((v) => typeof v === "number" && Number.isInteger(v) && v >= 0);
}

/**
 * Every count a turn can have left or owe (ESC-05: 0..1 AA, 0..1 MA, 0..2 BA), made once: the records are read only,
 * so paying for an action or starting a turn answers one of these instead of a new record each time.
 */
const WITHIN_TURN: readonly EscalationActions[] = [];
for (let aa = 0; aa <= 1; aa++)
  for (let ma = 0; ma <= 1; ma++)
    for (let ba = 0; ba <= 2; ba++) (WITHIN_TURN as EscalationActions[]).push({ aa, ma, ba });

/** The actions record of these counts: a shared one for a count within a turn's, else a new one. */
function actions(aa: number, ma: number, ba: number): EscalationActions {
  if ((aa === 0 || aa === 1) && (ma === 0 || ma === 1) && (ba === 0 || ba === 1 || ba === 2))
    return WITHIN_TURN[aa * 6 + ma * 3 + ba] as EscalationActions;
  return { aa, ma, ba };
}

export function minus(a: EscalationActions, b: EscalationActions): EscalationActions {
  return actions(a.aa - b.aa, a.ma - b.ma, a.ba - b.ba);
}

export function plus(a: EscalationActions, b: EscalationActions): EscalationActions {
  return actions(a.aa + b.aa, a.ma + b.ma, a.ba + b.ba);
}

/** What is left after paying `use` with `pay` from `left`, or why not. */
export function pay(
  left: EscalationActions,
  use: EscalationUse,
  payment: EscalationPayment,
): EscalationActions | Refusal {
  const p = paymentIndex(payment);
  const rule = RULE_AT[p] as PaymentRule;
  const u = useIndex(use);
  if (u < 0 || PAYS_FOR[p * USES.length + u] !== true) {
    return refuse("CannotPayWith", `${payment} cannot pay for ${use}`, rule.clause, { action: use, payment });
  }
  const after = minus(left, rule.cost);
  if (after.aa < 0 || after.ma < 0 || after.ba < 0) {
    return refuse("NoActionsLeft", `not enough actions left this turn to pay ${payment} for ${use}`, "ESC-05", {
      action: use,
      payment,
    });
  }
  return after;
}

/** ESC-42: Free Hit Slots = Agility modifier + 1, none when that is 0 or less. */
export function freeHitSlots(agility: number): number {
  return Math.max(0, agility + 1);
}

export type EscalationBoost = "damage" | "hit" | "dodge" | "move";

/** ESC-09: the four boosts a Bonus Action may buy. */
export function boostOf(use: EscalationUse): EscalationBoost | null {
  switch (use) {
    case "boostDamage":
      return "damage";
    case "boostHit":
      return "hit";
    case "boostDodge":
      return "dodge";
    case "boostMove":
      return "move";
    default:
      return null;
  }
}

export interface EscalationBoosts {
  readonly damage: number;
  readonly hit: number;
  readonly dodge: number;
  readonly move: number;
}

export const NO_BOOSTS: EscalationBoosts = { damage: 0, hit: 0, dodge: 0, move: 0 };

/** ESC-07: a Move Action moves 6 spaces unless something says otherwise. */
export const BASE_MOVE = 6;

/**
 * Spaces one Move Action covers. ESC-12 ruling: any number of halving conditions (sneaking, swimming,
 * climbing, carrying maximum capacity) halve once, rounding down; ESC-09 boosts add 2 spaces each after halving.
 */
export function moveSpaces(base: number, halvingConditions: number, moveBoosts: number): number {
  const halved = halvingConditions > 0 ? Math.floor(base / 2) : base;
  return Math.max(0, halved) + 2 * Math.max(0, moveBoosts);
}
