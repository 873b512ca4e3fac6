import type { AttackEvent, AttackStateBase } from "../../core/attack/pipeline.js";
import type { Outcome } from "../../core/shared/outcome.js";
import type { RulesetId } from "../../core/rulesets.js";
import type { Engine } from "../../core/shared/engine.js";

/**
 * What each rule set gives the attack card (docs/architecture.md, "cards"): how an attack opens from the sheets'
 * data, who may take each step, what the card says in the rule set's words, and what applying it writes. Pure: it
 * reads plain data and returns plain data, so it is tested without Foundry, and no rule lives here (the pipeline in
 * src/core/attack/<ruleset> decides; this only translates).
 */

/** An actor as an attack reads it: plain data copied from the document, never the live document. */
export interface CardActor {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
  readonly items: readonly CardItem[];
}

export interface CardItem {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
}

/** What the attacker chose: who attacks whom with which item, and the rule set's own choices (aim, kind, bonus...). */
export interface AttackChoice {
  readonly attacker: CardActor;
  readonly target: CardActor;
  /** The weapon, spell or action item; null for an unarmed or item-less attack where the rule set has one. */
  readonly itemId: string | null;
  readonly options: Readonly<Record<string, unknown>>;
  /**
   * The other actors the options name by ref (`AttackRuleset.namedActors`: a blast's other targets), read by the GM.
   */
  readonly others?: readonly CardActor[];
}

/**
 * An attack ready to run: the pipeline's setup (its combatants are keyed by actor id), and the commands the card
 * records at once when it opens (the declaration), in order.
 */
export interface AttackOpening<Setup, Command> {
  readonly setup: Setup;
  readonly opening: readonly Command[];
}

/**
 * One line of the card: a FRAY.* key and its values. `dice`: it shows a roll, so a blind roll hides it from players.
 */
export interface CardLine {
  readonly key: string;
  readonly data: Readonly<Record<string, string | number>>;
  readonly dice?: boolean;
}

/** What the card shows now, in the rule set's words. */
export interface CardView {
  /** "Alric attacks the Goblin with a Spear". */
  readonly title: CardLine;
  /** The roll with its breakdown against the number to reach, the reaction, the damage, what applying will do. */
  readonly lines: readonly CardLine[];
  /** "Hit", "Critical", "Free hit owed", "Counter"...; null while nothing is decided. */
  readonly outcome: CardLine | null;
  /** One row per target of an attack on several (a blast): its actor, and its reaction's and damage's lines. */
  readonly rows?: readonly CardRow[];
}

/** A target's row: the actor (shown by name), what it did and what it takes; a cell may show dice (`CardLine.dice`). */
export interface CardRow {
  readonly actor: string;
  readonly cells: readonly CardLine[];
}

/**
 * Whose click a step waits on: the attacker's owner, the target's, the GM's, or the owner of every actor named (a
 * blast's target reacting for itself; `owners` empty: nobody but the GM).
 */
export type CardRole = "attacker" | "target" | "gm" | { readonly owners: readonly string[] };

/**
 * A choice someone other than the attacker makes before the attack can open (strain's defence, STR-38): the card waits
 * for it, then opens with `options[option]` set to the answer.
 */
export interface CardQuestion {
  readonly role: CardRole;
  readonly option: string;
  readonly prompt: CardLine;
  readonly answers: readonly { readonly value: string; readonly label: CardLine }[];
}

/** What applying the attack writes: changes to actors' system data (paths under `system.`), and the fight's news. */
export interface ApplyPlan {
  readonly actors: readonly { readonly actorId: string; readonly changes: Readonly<Record<string, unknown>> }[];
  /** Token status effects to set or clear (Foundry's `statuses`: "prone", "unconscious", "dead"...). */
  readonly statuses: readonly { readonly actorId: string; readonly status: string; readonly active: boolean }[];
  /** Actors that dropped out of the fight: the turn order is told (setAble false, or remove when dead). */
  readonly dropped: readonly { readonly actorId: string; readonly how: "unable" | "out" }[];
  /** Changes to actors' items (a shield worn by a block, a weapon dropped...), as paths under the item's `system.`. */
  readonly items?: readonly {
    readonly actorId: string;
    readonly itemId: string;
    readonly changes: Readonly<Record<string, unknown>>;
  }[];
  /** Items the attack destroyed (a broken weapon, shield or armour): deleted from their actor. */
  readonly destroyed?: readonly { readonly actorId: string; readonly itemId: string }[];
}

/**
 * A circumstance the GM may set on a card before it is rolled: a key of the pipeline's options (a dotted path for a
 * nested one, "sight.attackerSeesTarget"), a yes/no flag, a count of zero or more, or a bonus that may be negative.
 * Its label is `FRAY.Card.Circumstance.<key>`.
 */
export interface Circumstance {
  readonly key: string;
  readonly kind: "flag" | "count" | "bonus";
  /** The value the pipeline takes when the option is left out (false or 0 when absent). */
  readonly initial?: boolean | number;
  /** The largest count or bonus a card takes (a bonus's least is its negative); CIRCUMSTANCE_LIMIT when absent. */
  readonly max?: number;
}

/** No table sets a count or a bonus beyond this: a huge value is a forged one, refused (docs/cards.md). */
export const CIRCUMSTANCE_LIMIT = 10;

export interface AttackRuleset<
  Setup = unknown,
  State extends AttackStateBase = AttackStateBase,
  Command extends { readonly type: string } = { readonly type: string },
> {
  readonly ruleset: RulesetId;
  readonly engine: Engine<Setup, State, Command, AttackEvent> & { legal(state: State): Command[] };
  /** Item types that make an attack from the sheet (weapons, spells...). */
  readonly attackItems: readonly string[];
  /** Whether this item of one of those types makes an attack (a strain Stance does not); every one does when absent. */
  attacksWith?(item: CardItem): boolean;
  /** The circumstances the GM may set on a card not yet rolled (from the pipeline's options type); none when absent. */
  readonly circumstances?: readonly Circumstance[];
  /**
   * The refs of actors the options name beyond attacker and target (a blast's targets): the GM gives them as `others`.
   */
  namedActors?(options: Readonly<Record<string, unknown>>): readonly string[];
  /** Every actor the card's state names beyond attacker and target (shown by name, owned for their steps). */
  actorsOf?(state: State): readonly string[];
  /** What must be asked before `open`, when the attacker's choice lacks it; null when nothing is. */
  ask?(choice: AttackChoice): CardQuestion | null;
  /** The attack from the sheets' data, or a refusal saying why it cannot be made (no such item, not a weapon...). */
  open(choice: AttackChoice): Outcome<AttackOpening<Setup, Command>, never>;
  /** Who may send a command now: the attacker's owner rolls, the target's owner reacts, the GM applies. */
  roleFor(command: Command, state: State): CardRole;
  /** What the card shows after these events (all the attack's events so far, oldest first). */
  view(state: State, events: readonly AttackEvent[]): CardView;
  /** What applying writes, read from the state after `apply` and its events. */
  applyPlan(state: State, events: readonly AttackEvent[]): ApplyPlan;
}
