import { isOfferedEffect, type MoveEffect } from "../../core/space/move-effects.js";
import type { MoveCardAction, MoveCardData } from "./move-card-data.js";
import { sealedNote, type SealedState } from "../cards/attack-card-context.js";

/** One line of the card in the rule text's words: a `FRAY.MoveCard.*` key and its values. */
interface MoveCardLine {
  readonly key: string;
  readonly data: Readonly<Record<string, string | number>>;
}

/** Who looks at the card: the GM applies and undoes; the enemy's owner takes the offer. Names by actor ref. */
interface MoveCardViewer {
  readonly isGM: boolean;
  readonly ownsBy: boolean;
  readonly names: Readonly<Record<string, string>>;
  /** A sealed card (a fall or descent rolled privately or blind): how this client holds it (as attack cards). */
  readonly sealed?: SealedState | "gm" | "roller" | null;
}

interface MoveCardContext {
  readonly title: MoveCardLine;
  readonly lines: readonly MoveCardLine[];
  readonly buttons: readonly { readonly action: MoveCardAction; readonly label: string }[];
  /** What the card says of its sealing (a FRAY.* key), or null. */
  readonly note: string | null;
}

/** The outcome's lines: the fall's damage and dice, or the descent's contest and the Statuses a failure gives. */
function outcomeLines(data: MoveCardData): MoveCardLine[] {
  const o = data.outcome;
  if (!o) return [];
  if (o.kind === "fall")
    return [{ key: "FRAY.MoveCard.FallDamage", data: { damage: o.damage, dice: o.dice.join(", ") } }];
  const lines: MoveCardLine[] = [
    { key: `FRAY.MoveCard.Descent.${o.result}`, data: { total: o.total, opposition: o.opposition } },
  ];
  if (o.slowed > 0) lines.push({ key: "FRAY.MoveCard.Slowed", data: { n: o.slowed } });
  if (o.dazed > 0) lines.push({ key: "FRAY.MoveCard.Dazed", data: { n: o.dazed } });
  return lines;
}

/**
 * SEC-15: a climb's checks (rolled when the move was checked), then where the climber is: at the top, or holding on.
 */
function climbLines(e: Extract<MoveEffect, { kind: "climb" }>, mover: string): MoveCardLine[] {
  const lines: MoveCardLine[] = e.checks.map((c) => ({
    key: c.success ? "FRAY.MoveCard.ClimbCheck.success" : "FRAY.MoveCard.ClimbCheck.failure",
    data: { result: c.result, dm: c.dm },
  }));
  if (e.climbed >= e.height) lines.push({ key: "FRAY.MoveCard.ClimbTop", data: { mover } });
  else lines.push({ key: "FRAY.MoveCard.ClimbHolds", data: { mover, climbed: e.climbed, height: e.height } });
  return lines;
}

/**
 * What one user sees of a move card: its title in the text's words (a fall, a descent roll, a free hit or an
 * opportunity attack offered), the dice's outcome, and exactly the buttons the GM's handler would accept from them.
 */
export function moveCardContext(data: MoveCardData, viewer: MoveCardViewer): MoveCardContext {
  const mover = viewer.names[data.moverRef] ?? "";
  const by = viewer.names[data.byRef] ?? "";
  const e = data.effect;
  const title: MoveCardLine =
    e.kind === "fall"
      ? { key: "FRAY.MoveCard.Fall", data: { mover, height: e.height } }
      : e.kind === "descent"
        ? {
            key: "FRAY.MoveCard.DescentRoll",
            data: { mover, levels: e.levels, skill: `FRAY.MoveCard.Skill.${e.skill}` },
          }
        : e.kind === "climb"
          ? { key: "FRAY.MoveCard.Climb", data: { mover, height: e.height } }
          : e.kind === "free-hit"
            ? { key: `FRAY.MoveCard.FreeHit.${e.why}`, data: { mover, by } }
            : { key: "FRAY.MoveCard.OpportunityAttack", data: { mover, by } };
  const lines = e.kind === "climb" ? climbLines(e, mover) : [...outcomeLines(data)];
  // STR-28/STR-19/FAC-23: the move was cut short here, before where it was dragged.
  if ((e.kind === "descent" || e.kind === "opportunity-attack") && e.stopped)
    lines.push({ key: `FRAY.MoveCard.Stopped.${e.stopped}`, data: { mover } });
  // The rule by its name and the section of its text: players have no clause catalogue (FRAY.Rule.<clause>).
  lines.push({
    key: "FRAY.Rule.Cite",
    data: { name: `FRAY.Rule.${e.clause}.Name`, section: `FRAY.Rule.${e.clause}.Section` },
  });
  if (data.applied) lines.push({ key: "FRAY.MoveCard.Applied", data: {} });
  if (data.taken) lines.push({ key: "FRAY.MoveCard.Taken", data: { by } });
  if (data.declined) lines.push({ key: "FRAY.MoveCard.Declined", data: { by, mover } });
  const buttons: { action: MoveCardAction; label: string }[] = [];
  const rolled = e.kind === "fall" || e.kind === "descent";
  if (rolled && viewer.isGM && data.outcome && !data.applied)
    buttons.push({ action: "apply", label: "FRAY.MoveCard.Apply" });
  if (rolled && viewer.isGM && data.applied) buttons.push({ action: "undo", label: "FRAY.MoveCard.Undo" });
  if (isOfferedEffect(e) && !data.taken && !data.declined && (viewer.isGM || viewer.ownsBy)) {
    buttons.push({
      action: "take",
      label: e.kind === "free-hit" ? "FRAY.MoveCard.TakeFreeHit" : "FRAY.MoveCard.TakeOpportunityAttack",
    });
    buttons.push({ action: "decline", label: "FRAY.MoveCard.Decline" });
  }
  const sealed = viewer.sealed ?? null;
  if (sealed === "gm") buttons.push({ action: "reveal", label: "FRAY.Card.Reveal" });
  const note =
    sealed === "gm" && data.hidden
      ? "FRAY.MoveCard.HiddenForGm"
      : sealed
        ? sealedNote(sealed, data.rollMode, "FRAY.MoveCard.SealedBlind")
        : null;
  return { title, lines, buttons, note };
}

/**
 * What a GM's client that does not hold a hidden token's card draws (its shell names nobody): that there is one, and
 * that it is asked for (`elsewhere`, as a sealed card's).
 */
export function hiddenShellContext(state: SealedState): MoveCardContext {
  return {
    title: { key: "FRAY.MoveCard.Hidden", data: {} },
    lines: [],
    buttons: [],
    note: sealedNote(state, "blindroll"),
  };
}
