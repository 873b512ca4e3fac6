import type { UserLike } from "../combat/fight/ports.js";
import {
  awaitsGm,
  takesCircumstances,
  type AttackCardData,
  type CardCommand,
  type PendingCard,
} from "./data/attack-card-data.js";
import type { AttackRuleset, CardLine, CardRole } from "./attack-ruleset.js";
import {
  circumstanceInputs,
  declaredContext,
  type CircumstanceInput,
  type DeclaredContext,
} from "./circumstance-context.js";
import type { SealedView } from "./sealed/sealed-card.js";

/** How a client without a sealed card's numbers draws it. */
export type SealedState = "shell" | "waiting" | "elsewhere";

const isBlind = (rollMode: unknown) => rollMode === "blindroll";

/**
 * The note a sealed card shows, by who looks at it and how it was rolled (`blindShell`: a blind card's, to players).
 */
export function sealedNote(
  state: SealedState | "gm" | "roller",
  rollMode: unknown,
  blindShell = "FRAY.Card.Sealed",
): string {
  if (state === "elsewhere" || state === "waiting" || state === "roller")
    return `FRAY.Card.Sealed${state[0]!.toUpperCase()}${state.slice(1)}`;
  const blind = isBlind(rollMode);
  if (state === "gm") return blind ? "FRAY.Card.SealedForGm" : "FRAY.Card.SealedPrivateForGm";
  return blind ? blindShell : "FRAY.Card.SealedPrivate";
}

/** A button on the card: its label key and data, and the command it sends (JSON). */
interface CardButton {
  readonly label: string;
  readonly data: Readonly<Record<string, string | number>>;
  readonly command: string;
}

/** What the card shows one user: lines with the dice this user may see, and the clicks this user may make. */
export interface AttackCardContext {
  readonly title: CardLine;
  readonly lines: readonly CardLine[];
  readonly outcome: CardLine | null;
  readonly buttons: readonly CardButton[];
  /** A blast's targets, one row each: the cells this user may see, and the steps named for that target alone. */
  readonly rows: readonly CardRowContext[];
  readonly canUndo: boolean;
  readonly done: boolean;
  readonly revision: number;
  /** Some dice were left out for this user (a blind or private roll). */
  readonly hidden: boolean;
  /** A question the card waits on before its attack opens: the answers this user may give (none: they wait). */
  readonly answers: readonly { readonly label: CardLine; readonly value: string }[];
  readonly waiting: boolean;
  /**
   * The circumstances control on a card not yet rolled, each with its value now: the GM's to set, the attacker's
   * owner's to declare (`declares`); none for anyone else.
   */
  readonly circumstances: readonly CircumstanceInput[];
  /** The control is a player's declaration, which the GM answers before the roll (not the GM's own setting). */
  readonly declares: boolean;
  /** A player's declared circumstances and the GM's answer; null when nobody declared. */
  readonly declared: DeclaredContext | null;
  /** The card waits for the GM's answer to declared circumstances: its steps are shown resting, and it says so. */
  readonly awaitsGm: boolean;
  /**
   * A sealed card (blind, private or self): "gm", this GM sees it and may reveal it; "roller", its roller sees it;
   * "shell", only its title; "waiting", its roller's client waits for it from the GM; "elsewhere", another GM holds it.
   */
  readonly sealed: SealedState | "gm" | "roller" | null;
  /** What the card says of its sealing (a FRAY.Card.* key), or null for a card not sealed. */
  readonly sealedNote: string | null;
  /** Range, reach and sight were not checked on a map (no scene, no tokens, a scene without a Fray space model). */
  readonly unchecked: boolean;
  /** The GM undid the attack's turn step: the card says so and offers nothing. */
  readonly voided: boolean;
}

/** A target's row as one user sees it. */
interface CardRowContext {
  readonly name: string;
  readonly cells: readonly CardLine[];
  readonly buttons: readonly CardButton[];
}

type AnyCard = AttackRuleset<unknown, AttackCardData["journal"]["state"], CardCommand>;

/** Who the viewing user is to this card: the attacker's owner, the target's owner, both, or the GM. */
export interface Viewer {
  readonly user: UserLike;
  readonly ownsAttacker: boolean;
  readonly ownsTarget: boolean;
  /** Whether the viewer owns another actor the card names (a blast's target); none: only the attacker and target. */
  readonly owns?: (actorId: string) => boolean;
  /** Actor names by id: a line's value that is an actor id is shown as its name. */
  readonly names: Readonly<Record<string, string>>;
  /** The card's message id: the control's inputs take unique ids from it. */
  readonly messageId?: string;
}

/**
 * The card as this user sees it. A blind card's dice are the GM's alone; a GM or self roll's dice are also the
 * attacker's owner's. A button is shown only for a step this user may take (the GM's side checks again on the click).
 * `sealed`: the card is a sealed one this client holds (the GM's, or its roller's).
 */
export function attackCardContext(
  card: AnyCard,
  data: AttackCardData,
  viewer: Viewer,
  sealed = false,
): AttackCardContext {
  const state = data.journal.state;
  const view = card.view(state, data.events);
  const seesDice =
    viewer.user.isGM || data.rollMode === "publicroll" || (data.rollMode !== "blindroll" && viewer.ownsAttacker);
  const named = (line: CardLine): CardLine => ({ ...line, data: withNames(line.data, viewer.names) });
  const lines = (seesDice ? view.lines : view.lines.filter((l) => !l.dice)).map(named);
  const owns = (ref: string) =>
    ref === data.attackerId
      ? viewer.ownsAttacker
      : ref === data.targetId
        ? viewer.ownsTarget
        : (viewer.owns?.(ref) ?? false);
  // The attacker and target a step is for are the state's now (ESC-34 swaps them), as the GM's handler checks.
  const may = (role: CardRole) =>
    viewer.user.isGM ||
    (typeof role === "object"
      ? role.owners.length > 0 && role.owners.every(owns)
      : role === "attacker"
        ? owns(state.attacker)
        : role === "target" && owns(state.target));
  // A finished card offers nothing but the GM's undo (attack-request.ts refuses the rest).
  const offered = (state.step === "done" || data.voided ? [] : card.engine.legal(state)).map((c) => ({
    c,
    role: card.roleFor(c, state),
  }));
  const button = (c: CardCommand) => ({
    label: buttonLabel(c),
    data: withNames(buttonData(c), viewer.names),
    command: JSON.stringify(c),
  });
  // A step named for one target alone goes in that target's row (a blast); any other under the card.
  const rowOf = (role: CardRole) => (typeof role === "object" && role.owners.length === 1 ? role.owners[0] : undefined);
  const rows = (view.rows ?? []).map((row) => ({
    name: viewer.names[row.actor] ?? row.actor,
    cells: (seesDice ? row.cells : row.cells.filter((l) => !l.dice)).map(named),
    buttons: offered.filter((o) => rowOf(o.role) === row.actor && may(o.role)).map((o) => button(o.c)),
  }));
  const inRows = new Set((view.rows ?? []).map((r) => r.actor));
  const buttons = offered.filter((o) => !inRows.has(rowOf(o.role) ?? "") && may(o.role)).map((o) => button(o.c));
  return {
    title: named(view.title),
    lines,
    outcome: seesDice && view.outcome ? named(view.outcome) : null,
    buttons,
    rows,
    // As it opened, a card that spent a turn step can still be undone: its undo gives the step back.
    canUndo: viewer.user.isGM && !data.voided && (data.journal.length > data.openingSteps || data.spent !== undefined),
    done: state.step === "done",
    revision: data.journal.revision,
    hidden: !seesDice && [...view.lines, ...(view.rows ?? []).flatMap((r) => r.cells)].some((l) => l.dice),
    answers: [],
    waiting: false,
    unchecked: data.map === "unchecked",
    voided: data.voided === true,
    sealed: sealed ? (viewer.user.isGM ? "gm" : "roller") : null,
    sealedNote: sealed
      ? data.hidden
        ? "FRAY.Card.HiddenForGm"
        : sealedNote(viewer.user.isGM ? "gm" : "roller", data.rollMode)
      : null,
    ...circumstancesFor(card, data, viewer, may("attacker")),
  };
}

/**
 * The circumstances part of a card for one viewer: the GM sets them; the attacker's owner declares them (and waits for
 * the GM's answer); everyone sees what was declared and how the GM answered.
 */
function circumstancesFor(
  card: AnyCard,
  data: AttackCardData,
  viewer: Viewer,
  attacks: boolean,
): Pick<AttackCardContext, "circumstances" | "declares" | "declared" | "awaitsGm"> {
  const list = card.circumstances ?? [];
  const open = takesCircumstances(data) && (viewer.user.isGM || attacks);
  const by = data.declared ? (viewer.names[data.declared.by] ?? data.declared.by) : "";
  return {
    circumstances: open ? circumstanceInputs(list, data, viewer.messageId ?? "") : [],
    declares: open && !viewer.user.isGM,
    declared: declaredContext(list, data, by, viewer.user.isGM),
    awaitsGm: awaitsGm(data),
  };
}

/** A card waiting for an answer (strain's defence): the question, and the answers if this user is the one asked. */
export function pendingCardContext(pending: PendingCard, viewer: Viewer): AttackCardContext {
  const { question } = pending.pending;
  const { role } = question;
  const asked =
    viewer.user.isGM ||
    (typeof role === "object"
      ? role.owners.length > 0 && role.owners.every((ref) => viewer.owns?.(ref) ?? false)
      : role === "attacker"
        ? viewer.ownsAttacker
        : role === "target" && viewer.ownsTarget);
  return {
    title: { ...question.prompt, data: withNames(question.prompt.data, viewer.names) },
    lines: [],
    outcome: null,
    buttons: [],
    rows: [],
    canUndo: false,
    done: false,
    revision: -1,
    hidden: false,
    answers: asked ? question.answers.map((a) => ({ label: a.label, value: a.value })) : [],
    waiting: !asked,
    unchecked: pending.map === "unchecked",
    sealed: null,
    sealedNote: null,
    circumstances: [],
    declares: false,
    declared: null,
    awaitsGm: false,
    voided: false,
  };
}

/**
 * A sealed card as a client without its numbers draws it: the title alone, and who holds the roll. `elsewhere`: a GM
 * whose client does not hold it (another GM is the active one, or this browser lost it); `waiting`: its roller's
 * client, before the GM's copy arrives.
 */
export function sealedCardContext(
  view: SealedView,
  viewer: Viewer,
  state: SealedState,
  rollMode: string,
): AttackCardContext {
  return {
    title: { ...view.title, data: withNames(view.title.data, viewer.names) },
    lines: [],
    outcome: null,
    buttons: [],
    rows: [],
    canUndo: false,
    done: false,
    revision: view.revision,
    hidden: false,
    answers: [],
    waiting: false,
    unchecked: false,
    sealed: state,
    sealedNote: sealedNote(state, rollMode),
    circumstances: [],
    declares: false,
    declared: null,
    awaitsGm: false,
    voided: false,
  };
}

/** Reactions the pipelines offer, each with its own words ("Parry with {item}"); any other reads "React: {detail}". */
const REACTIONS = new Set([
  "dodge",
  "parry",
  "block",
  "fortify",
  "resist",
  "intercept",
  "freeHit",
  "counter",
  "hide",
  "guard",
]);

/** A button's label key: a reaction by its name, a yes/no answer by its value, any other step by its type. */
function buttonLabel(command: CardCommand): string {
  if (command.type === "react")
    return REACTIONS.has(String(command.reaction))
      ? `FRAY.Card.Button.react.${String(command.reaction)}`
      : "FRAY.Card.Button.react.other";
  const flag = Object.values(command).find((v) => typeof v === "boolean");
  return typeof flag === "boolean"
    ? `FRAY.Card.Button.${command.type}.${flag ? "yes" : "no"}`
    : `FRAY.Card.Button.${command.type}`;
}

/** What sets a button apart from its siblings (the reaction's name...), for its label. */
function buttonData(command: CardCommand): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(command))
    if (k !== "type" && (typeof v === "string" || typeof v === "number")) out[k] = v;
  const detail = Object.values(out).join(" · ");
  return { ...out, detail };
}

function withNames(
  data: Readonly<Record<string, string | number>>,
  names: Readonly<Record<string, string>>,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(data))
    out[k] = typeof v === "string" && Object.hasOwn(names, v) ? (names[v] as string) : v;
  return out;
}
