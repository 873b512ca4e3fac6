import type { AttackEvent, AttackStateBase } from "../../../core/attack/pipeline.js";
import { dealing, type DrawDie } from "../../../core/shared/dealing.js";
import { isRecord } from "../../../core/shared/guards.js";
import { commandsOf, openJournal, record, replay, undo, type Journal } from "../../../core/shared/journal.js";
import type { Outcome } from "../../../core/shared/outcome.js";
import type { RollMode } from "../../dice/dice-tray.js";
import type { AttackChoice, AttackRuleset, CardQuestion, Circumstance } from "../attack-ruleset.js";

/** A pipeline command as a card carries it: the rule set's command, its shape checked by the pipeline. */
export interface CardCommand {
  readonly type: string;
  readonly [key: string]: unknown;
}

type CardJournal = Journal<unknown, AttackStateBase, CardCommand>;

/** What an applied card wrote, so that the GM's undo can put it back: each changed path's value before. */
export interface AppliedRecord {
  readonly actors: readonly { readonly actorId: string; readonly before: Readonly<Record<string, unknown>> }[];
  readonly statuses: readonly { readonly actorId: string; readonly status: string; readonly active: boolean }[];
  readonly items?: readonly {
    readonly actorId: string;
    readonly itemId: string;
    readonly before: Readonly<Record<string, unknown>>;
  }[];
  /** Items applying deleted, each as its whole source data, so that the undo creates it again with its id. */
  readonly destroyed?: readonly { readonly actorId: string; readonly data: Readonly<Record<string, unknown>> }[];
  /** The fights told of a defeat (setAble, remove): each step names the card, and the card's undo gives it back. */
  readonly fight?: readonly CardSpent[];
}

/**
 * ChatMessage.system of an attack card: the rule set, who attacks whom with what, the attack pipeline's journal (so a
 * step is recorded, undone and replayed exactly as a turn is), every event so far for the card to show, and what
 * applying wrote. Only the active GM writes it, through the attack request.
 */
export interface AttackCardData {
  readonly ruleset: string;
  readonly attackerId: string;
  readonly targetId: string;
  readonly itemId: string | null;
  /** The roll mode the attack was made with: a blind or private card hides its dice from those it hides them from. */
  readonly rollMode: RollMode;
  readonly journal: CardJournal;
  readonly events: readonly AttackEvent[];
  readonly applied: AppliedRecord | null;
  /** How many commands opened the card (its declaration): undo goes back no further. */
  readonly openingSteps: number;
  /**
   * The options the attack was opened with (the map's facts, the GM's circumstances): the GM's control starts from
   * them.
   */
  readonly options?: Readonly<Record<string, unknown>>;
  /** Whether range, reach and sight were checked on a scene's map; "unchecked" cards say so. */
  readonly map?: CardMap;
  /**
   * The options that are not the map's (the GM's circumstances, an answer to the card's question): a change of
   * circumstances reads the map again and puts these on top. Missing on cards opened before it was kept.
   */
  readonly given?: Readonly<Record<string, unknown>>;
  /** Where the map was read when the card opened (the GM's reading of the request): it is read there again. */
  readonly place?: MapPlace;
  /** The user who made the attack: a private or self roll's card is theirs to see (sealed-card.ts). */
  readonly roller?: string;
  /**
   * Opened by an offer of a token the GM hides (move-cards/): the whole card is on the GMs' clients, its message a
   * shell naming nobody (sealed-card.ts, hiddenAttackShell), until the GM reveals it.
   */
  readonly hidden?: boolean;
  /** The circumstances the attacker's owner declared, and the GM's answer: the card rolls nothing while it waits. */
  readonly declared?: Declared | null;
  /** In a started fight, the turn step the attack spent (the fight's log names the card in it). */
  readonly spent?: CardSpent;
  /** The GM undid the attack's turn step: the card offers nothing, and what it applied was taken back. */
  readonly voided?: boolean;
  /** Reactions taken on the card that spent a fight's step (FAC-14, ESC-42): where, and the card's length after. */
  readonly turnSteps?: readonly CardTurnStep[];
}

/**
 * A player's declared circumstances (advantage, Boons, flanking...): what they said, who said it, and the GM's answer.
 * "awaiting": nothing is rolled until the GM confirms or changes them; "trusted": the world setting skipped the GM.
 */
export interface Declared {
  readonly by: string;
  readonly values: Readonly<Record<string, boolean | number>>;
  readonly answer: DeclaredAnswer;
}

type DeclaredAnswer = "awaiting" | "confirmed" | "changed" | "trusted";

export const DECLARED_ANSWERS: readonly DeclaredAnswer[] = ["awaiting", "confirmed", "changed", "trusted"];

/** Whether the card waits for the GM's answer to a player's declared circumstances (nothing is rolled until then). */
export function awaitsGm(data: Pick<AttackCardData, "declared">): boolean {
  return data.declared?.answer === "awaiting";
}

export type CardMap = "checked" | "unchecked";

/** A fight step a reaction on the card spent, and the card's journal length once that reaction was taken. */
interface CardTurnStep extends CardSpent {
  readonly at: number;
}

/** Where a card's attack spent its turn step (requests/attack-turn.ts): the card's undo gives it back there. */
export interface CardSpent {
  readonly combatId: string;
  readonly combatant: string;
}

/** A scene and the two tokens on it, by id; any of them left out is the GM's own pick (map/attack-map.ts). */
export interface MapPlace {
  readonly sceneId?: string;
  readonly attackerTokenId?: string;
  readonly targetTokenId?: string;
}

type AnyCard = AttackRuleset<unknown, CardJournal["state"], CardCommand>;

/**
 * Open the card: start the pipeline and record the opening commands (the declaration). Each step's dice come from
 * `draw` (Foundry's Rolls) when given, one at a time as the step asks, or else from the seed.
 */
export async function openAttackCard(
  card: AnyCard,
  choice: AttackChoice,
  rollMode: RollMode,
  seed: number,
  draw?: DrawDie,
): Promise<Outcome<AttackCardData, AttackEvent>> {
  const opening = card.open(choice);
  if (!opening.ok) return opening;
  const withDice = async <T>(step: (dice?: readonly number[]) => Outcome<T, AttackEvent>) =>
    draw ? (await dealing(step, draw)).outcome : step();
  const opened = await withDice((dice) => openJournal(card.engine, opening.state.setup, seed, dice));
  if (!opened.ok) return opened;
  let journal = opened.state;
  const events: AttackEvent[] = [...opened.events];
  for (const command of opening.state.opening) {
    const from = journal;
    const next = await withDice((dice) => record(card.engine, from, command, undefined, dice));
    if (!next.ok) return next;
    journal = next.state;
    events.push(...next.events);
  }
  const data: AttackCardData = {
    ruleset: card.ruleset,
    attackerId: choice.attacker.id,
    targetId: choice.target.id,
    itemId: choice.itemId,
    rollMode,
    journal,
    events,
    applied: null,
    openingSteps: journal.length,
    options: choice.options,
  };
  return { ok: true, state: data, events };
}

/** One step of the card (a click), with the dice rolled for it; the GM's undo takes the last one back. */
export function stepAttackCard(
  card: AnyCard,
  data: AttackCardData,
  command: CardCommand,
  dice?: readonly number[],
): Outcome<AttackCardData, AttackEvent> {
  if (command.type === "undo") {
    if (data.journal.length <= data.openingSteps)
      return { ok: false, key: "FRAY.Refusal.NothingToUndo", reason: "the card is as it opened" };
    const back = undo(card.engine, data.journal);
    if (!back.ok) return back;
    // The events shown are those of the steps kept: an attack is a handful of steps, replayed from its start.
    const again = replay(card.engine, back.state.setup, back.state.seed, commandsOf(back.state), back.state.dealt);
    if (!again.ok) return again;
    return { ok: true, state: { ...data, journal: back.state, events: again.events, applied: null }, events: [] };
  }
  const next = record(card.engine, data.journal, command, undefined, dice);
  if (!next.ok) return next;
  return {
    ok: true,
    state: { ...data, journal: next.state, events: [...data.events, ...next.events] },
    events: next.events,
  };
}

/** Whether the GM may still set a card's circumstances: nothing taken since it opened (no roll), a step still open. */
export function takesCircumstances(data: AttackCardData): boolean {
  return (
    data.journal.length === data.openingSteps &&
    data.journal.state.step !== "done" &&
    data.applied === null &&
    !data.voided
  );
}

/** A circumstance's value in a card's options (a dotted key read in its group), else the value the pipeline takes. */
export function circumstanceValue(c: Circumstance, options: Readonly<Record<string, unknown>>): boolean | number {
  const [head, tail] = c.key.split(".", 2) as [string, string | undefined];
  const group = Object.hasOwn(options, head) ? options[head] : undefined;
  const stored = tail === undefined ? group : isRecord(group) && Object.hasOwn(group, tail) ? group[tail] : undefined;
  const fallback = c.initial ?? (c.kind === "flag" ? false : 0);
  return c.kind === "flag"
    ? typeof stored === "boolean"
      ? stored
      : fallback
    : typeof stored === "number"
      ? stored
      : fallback;
}

/** Read a stored card without trusting it: any shape that is not a card's is null. */
export function readAttackCard(system: unknown): AttackCardData | null {
  if (!isRecord(system) || typeof system.ruleset !== "string" || typeof system.attackerId !== "string") return null;
  if (typeof system.targetId !== "string" || !isRecord(system.journal) || !Array.isArray(system.events)) return null;
  if (typeof system.openingSteps !== "number") return null;
  const j = system.journal;
  if (!isRecord(j.log) || !isRecord(j.checkpoints) || typeof j.length !== "number" || typeof j.revision !== "number")
    return null;
  return system as unknown as AttackCardData;
}

/** A card waiting for an answer before its attack opens (AttackRuleset.ask): who attacks whom, and the question. */
export interface PendingCard {
  readonly ruleset: string;
  readonly attackerId: string;
  readonly targetId: string;
  readonly itemId: string | null;
  readonly rollMode: RollMode;
  readonly map?: CardMap;
  readonly given?: Readonly<Record<string, unknown>>;
  readonly place?: MapPlace;
  readonly roller?: string;
  readonly spent?: CardSpent;
  readonly pending: { readonly question: CardQuestion; readonly options: Readonly<Record<string, unknown>> };
}

export function readPendingCard(system: unknown): PendingCard | null {
  if (!isRecord(system) || typeof system.ruleset !== "string" || typeof system.attackerId !== "string") return null;
  if (typeof system.targetId !== "string" || !isRecord(system.pending)) return null;
  const { question, options } = system.pending;
  if (
    !isRecord(question) ||
    !Array.isArray(question.answers) ||
    typeof question.option !== "string" ||
    !isRecord(options)
  )
    return null;
  return system as unknown as PendingCard;
}
