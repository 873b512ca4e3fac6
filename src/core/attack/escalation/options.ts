/** Table options for the escalation attack rules; each default is a ruling in docs/rulings.md. */
export interface EscalationOptions {
  /** ESC-24: the round's Disrupting penalty is -3 in total ("total") or -3 on top of the -1 ("additional"). */
  readonly disruptingRoundPenalty: "total" | "additional";
  /** ESC-35: the tragedy's free critical hit also needs the attacker in the target's melee zone. */
  readonly tragedyNeedsMeleeZone: boolean;
  /** ESC-10 implies the Strength modifier adds to an attack's damage: with melee weapons (ruling). */
  readonly strengthToMeleeDamage: boolean;
  /** ESC-21: whether a critical multiplier also doubles the Fatal +16. */
  readonly fatalBonusMultiplied: boolean;
  /** ESC-26: how many wounds one healing of 6+ removes. */
  readonly woundsPerHeal: number;
}

export const DEFAULT_ESCALATION_OPTIONS: EscalationOptions = {
  disruptingRoundPenalty: "total",
  tragedyNeedsMeleeZone: true,
  strengthToMeleeDamage: true,
  fatalBonusMultiplied: false,
  woundsPerHeal: 1,
};
