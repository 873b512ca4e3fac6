import type { TurnOrderView } from "../../core/turn-order/types.js";
import type { TurnCommand } from "../combat/fight/turn-command.js";
import { commandLabel, type Namer } from "./command-label.js";
import { sideTones } from "./side-marks.js";
import { budgetChips } from "./turn-budget.js";

export type {
  TrackerCombatant,
  TrackerButton,
  TrackerRow,
  MoralePrompt,
  TrackerGroup,
  FrayTrackerContext,
  TrackerInput,
} from "./tracker-types.js";
import type {
  TrackerCombatant,
  TrackerButton,
  TrackerRow,
  MoralePrompt,
  TrackerGroup,
  FrayTrackerContext,
  TrackerInput,
} from "./tracker-types.js";

const STATUS_LABEL: Readonly<Record<string, string>> = {
  ready: "FRAY.Tracker.Status.Ready",
  acting: "FRAY.Tracker.Status.Acting",
  acted: "FRAY.Tracker.Status.Acted",
  delayed: "FRAY.Tracker.Status.Delayed",
  passed: "FRAY.Tracker.Status.Passed",
  unable: "FRAY.Tracker.Status.Unable",
  out: "FRAY.Tracker.Status.Out",
};

const BUTTONS: Readonly<
  Record<string, { action: TrackerButton["action"]; label: string; data: Record<string, never> }>
> = {
  act: { action: "frayAct", label: "FRAY.Tracker.Act", data: {} },
  delay: { action: "frayDelay", label: "FRAY.Tracker.Delay", data: {} },
  endTurn: { action: "frayEndTurn", label: "FRAY.Tracker.EndTurn", data: {} },
};

/** Commands with a place of their own in the tracker: the row's main buttons, the side's, the morale prompts. */
const PLACED = new Set(["act", "delay", "endTurn", "pass", "chooseFirst", "morale", "rollMorale"]);

/**
 * What the tracker shows this user, from the core's view and legal commands. Pure.
 * Players never receive a hidden combatant: not its row, its name in the banner, nor a count.
 */
export function trackerContext(full: TrackerInput): FrayTrackerContext {
  // A button's command that names a hidden combatant (a delay to just after them) would put its id in a player's
  // page: players are offered only commands that name no one hidden.
  const hiddenIds = new Set(full.combatants.filter((c) => c.hidden).map((c) => c.id));
  const input =
    full.isGM || hiddenIds.size === 0 ? full : { ...full, legal: full.legal.filter((c) => !namesAny(c, hiddenIds)) };
  const { view, isGM } = input;
  const visible = input.combatants.filter((c) => isGM || !c.hidden);
  const byId = new Map(input.combatants.map((c) => [c.id, c]));
  const visibleIds = new Set(visible.map((c) => c.id));
  const ordered = [
    ...view.order.filter((id) => visibleIds.has(id)),
    ...visible.map((c) => c.id).filter((id) => !view.order.includes(id)),
  ];
  const names: Namer = {
    combatant: (id) => {
      const c = byId.get(id);
      return !c ? id : c.hidden && !isGM ? "" : c.name;
    },
    side: (id) => (Object.hasOwn(input.sideLabels, id) ? (input.sideLabels[id] as string) : id),
    ...(input.across ? { across: input.across } : {}),
    ...(input.between ? { between: input.between } : {}),
  };
  // Tones from the sides this user sees rows of: a hidden side takes no tone a player could count.
  const tones = sideTones(
    [...Object.keys(view.sides), ...visible.map((c) => c.side)].filter((s) => visible.some((c) => c.side === s)),
  );
  const marks = { names, tones };
  const rows = ordered.map((id) => rowFor(input, byId, marks, byId.get(id) as TrackerCombatant));
  const fight = controls(input, names, (c) => c.combatant === undefined && c.side === undefined);
  return {
    fray: true,
    round: view.round,
    phaseLabel: phaseLabel(view),
    phase: view.phase,
    banner: { key: view.banner.key, data: bannerData(view.banner.data ?? {}, byId, input.sideLabels, isGM) },
    groups: groupsFor(input, rows, names),
    grouped: input.grouped,
    isGM,
    canUndo: isGM && input.canUndo,
    ended: view.ended,
    revision: input.revision,
    // Only the GM records morale; players see the round waiting in the banner.
    morale: isGM ? moralePrompts(input, byId) : [],
    fight,
    gmTools: (isGM && input.canUndo) || fight.length > 0,
  };
}

function rowFor(
  input: TrackerInput,
  byId: ReadonlyMap<string, TrackerCombatant>,
  { names, tones }: { readonly names: Namer; readonly tones: ReadonlyMap<string, string> },
  c: TrackerCombatant,
): TrackerRow {
  const { view, isGM } = input;
  const mine = (cmd: TurnCommand): boolean => cmd.combatant === c.id && !PLACED.has(cmd.type);
  const more = controls(input, names, (cmd) => mine(cmd) && !isDrastic(cmd));
  const drastic = controls(input, names, (cmd) => mine(cmd) && isDrastic(cmd));
  const ranked = view.ranking && (isGM || c.owned) && Object.hasOwn(view.ranking.by, c.id) ? view.ranking : undefined;
  const status = view.status[c.id] ?? (c.defeated ? "out" : "ready");
  const delays = input.legal.filter((cmd) => cmd.type === "delay" && cmd.combatant === c.id && input.mayIssue(cmd));
  return {
    ...c,
    status,
    // While the round waits for its morale checks nobody is delayed or ready: everyone waits for the GM.
    statusLabel:
      view.phase === "morale" && status !== "out"
        ? "FRAY.Tracker.Status.WaitingForMorale"
        : (STATUS_LABEL[status] ?? STATUS_LABEL.ready ?? ""),
    acting: view.acting === c.id,
    budget: view.acting === c.id ? budgetChips(view.budget) : [],
    buttons: buttonsFor(input, c.id),
    delayTargets:
      delays.length > 1
        ? delays.map((cmd) => {
            const after = typeof cmd.after === "string" ? byId.get(cmd.after) : undefined;
            // Each case its own key: a key passed as a format value would reach the player untranslated.
            const [label, data]: [string, Record<string, string>] = !after
              ? ["FRAY.Tracker.DelayToEnd", {}]
              : after.hidden && !isGM
                ? ["FRAY.Tracker.DelayAfterSomeone", {}]
                : ["FRAY.Tracker.DelayAfter", { name: after.name }];
            return { action: "frayDelay" as const, label, data, command: JSON.stringify(cmd) };
          })
        : [],
    more,
    drastic,
    hasMenu: more.length + drastic.length > 0,
    blocking: blockingOf(view, c.id, names),
    climbing: climbingOf(view, c.id, names),
    sideMark: { label: names.side(c.side), tone: tones.get(c.side) ?? "" },
    rank: ranked ? { label: ranked.key, value: ranked.by[c.id] ?? 0 } : null,
  };
}

/** SEC-16: the climb the combatant holds on to, as its row says it ("Climbing to the Dais: 1 of 2"). */
function climbingOf(view: TurnOrderView, id: string, names: Namer): TrackerRow["climbing"] {
  const c = view.climbs?.find((x) => x.climber === id);
  return c ? { section: names.across?.(c.border, c.from) ?? c.to, climbed: c.climbed, height: c.height } : null;
}

/** SEC-42: where the combatant's Block stands, as its row says it ("Blocks the border to the Gate"). */
function blockingOf(view: TurnOrderView, id: string, names: Namer): string | null {
  const b = view.blocks?.find((x) => x.blocker === id);
  return b ? (names.across?.(b.border, b.from) ?? b.border) : null;
}

function buttonsFor(input: TrackerInput, id: string): TrackerButton[] {
  const out: TrackerButton[] = [];
  for (const command of input.legal) {
    const b = Object.hasOwn(BUTTONS, command.type) ? BUTTONS[command.type] : undefined;
    if (!b || command.combatant !== id || !input.mayIssue(command)) continue;
    // One Delay button: the first place the core accepts (the tracker's menu offers the others).
    if (out.some((x) => x.action === b.action)) continue;
    out.push({ ...b, command: JSON.stringify(command) });
  }
  return out;
}

/** The morale checks the GM records at the end of a round (FAC-53..55), one prompt per character. */
function moralePrompts(input: TrackerInput, byId: ReadonlyMap<string, TrackerCombatant>): MoralePrompt[] {
  const morale: MoralePrompt[] = [];
  const view = input.view as {
    moraleFailed?: readonly { combatant: string; roll: number }[];
    wit?: Readonly<Record<string, number>>;
  };
  for (const cmd of input.legal) {
    if ((cmd.type !== "morale" && cmd.type !== "rollMorale") || typeof cmd.combatant !== "string") continue;
    const id = cmd.combatant;
    let prompt = morale.find((m) => m.id === id);
    if (!prompt) {
      const who = byId.get(id);
      const failure = view.moraleFailed?.find((f) => f.combatant === id);
      const wit = view.wit && Object.hasOwn(view.wit, id) ? (view.wit[id] ?? 0) : 0;
      const failed = failure ? { roll: failure.roll, wit } : null;
      prompt = { id, name: who?.name ?? id, resources: who?.resources ?? [], roll: null, failed, results: [] };
      morale.push(prompt);
    }
    const wit = view.wit && Object.hasOwn(view.wit, id) ? (view.wit[id] ?? 0) : 0;
    const button: TrackerButton =
      cmd.type === "rollMorale"
        ? { action: "frayGm", label: "FRAY.Tracker.Morale.Roll", data: { wit }, command: JSON.stringify(cmd) }
        : {
            action: "frayGm",
            label: `FRAY.Tracker.Morale.${String(cmd.result)}`,
            data: {},
            command: JSON.stringify(cmd),
          };
    if (cmd.type === "rollMorale") (prompt as { roll: TrackerButton | null }).roll = button;
    else (prompt.results as TrackerButton[]).push(button);
  }
  return morale;
}

function groupsFor(input: TrackerInput, rows: readonly TrackerRow[], names: Namer): TrackerGroup[] {
  const { view, isGM } = input;
  const sides = input.grouped ? [...new Set([...Object.keys(view.sides), ...rows.map((r) => r.side)])] : ["all"];
  return sides
    .map((side) => {
      const mine = input.grouped ? rows.filter((r) => r.side === side) : rows;
      const pass = input.legal.find((c) => c.type === "pass" && c.side === side && input.mayIssue(c));
      const first = input.legal.find((c) => c.type === "chooseFirst" && c.side === side && input.mayIssue(c));
      return {
        side,
        label: Object.hasOwn(input.sideLabels, side) ? (input.sideLabels[side] as string) : side,
        tone: mine.find((r) => r.side === side)?.sideMark.tone ?? "",
        // Counted from what this user may see, so a hidden member never shows up as a number; none while the round
        // waits for its morale checks (nobody acts then).
        remaining:
          view.phase === "morale"
            ? null
            : mine.filter((r) => r.status === "ready" || r.status === "delayed" || r.status === "acting").length,
        passed: view.sides[side]?.passed ?? false,
        choosing: view.choosing === side,
        rows: mine,
        pass: pass
          ? { action: "frayPass" as const, label: "FRAY.Tracker.Pass", data: {}, command: JSON.stringify(pass) }
          : null,
        chooseFirst: first
          ? {
              action: "frayChooseFirst" as const,
              label: "FRAY.Tracker.ChooseFirst",
              data: {},
              command: JSON.stringify(first),
            }
          : null,
        more: controls(input, names, (c) => c.side === side && c.combatant === undefined && !PLACED.has(c.type)),
      };
    })
    .filter((g) => g.rows.length > 0 || isGM);
}

/** A control for each legal command `where` picks that this user may send, labelled by command-label.ts. */
function controls(input: TrackerInput, names: Namer, where: (c: TurnCommand) => boolean): TrackerButton[] {
  const out: TrackerButton[] = [];
  for (const command of input.legal) {
    if (!where(command) || !input.mayIssue(command)) continue;
    out.push({ action: "frayCommand", ...commandLabel(command, names), command: JSON.stringify(command) });
  }
  return out;
}

/**
 * A step that takes a combatant out of the action, kept apart from the turn's routine steps so it is not hit by
 * mistake.
 */
function isDrastic(command: TurnCommand): boolean {
  return (
    command.type === "remove" || command.type === "surrender" || (command.type === "setAble" && command.able === false)
  );
}

function namesAny(command: TurnCommand, ids: ReadonlySet<string>): boolean {
  return Object.values(command).some((v) => typeof v === "string" && ids.has(v));
}

/**
 * Phases a GM must keep in sight while someone acts in them (TEAM surprise, STR Round Zero, FAC ambush, fast, slow,
 * morale).
 */
const NAMED_PHASES = new Set(["surprise", "roundZero", "ambush", "fast", "slow", "morale"]);

function phaseLabel(view: TurnOrderView): FrayTrackerContext["phaseLabel"] {
  if (!NAMED_PHASES.has(view.phase)) return null;
  const fat = (view as { fat?: unknown }).fat;
  return { key: `FRAY.Tracker.Phase.${view.phase}`, data: typeof fat === "number" ? { fat } : {} };
}

/**
 * Why a fight ended, as the engines say it: each has words in FRAY.Banner.Reason (a GM's own outcome is shown as
 * typed).
 */
const END_REASONS = new Set([
  "sideDefeated",
  "sideDown",
  "endCombat",
  "victory",
  "draw",
  "lastTeam",
  "lastFaction",
  "oneSideLeft",
]);

/** Banner values name combatants and sides by id: show names, and never a hidden combatant's to a player. */
function bannerData(
  data: Readonly<Record<string, string | number>>,
  byId: ReadonlyMap<string, TrackerCombatant>,
  sideLabels: Readonly<Record<string, string>>,
  isGM: boolean,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(data)) {
    if (typeof v !== "string") {
      out[k] = v;
      continue;
    }
    const c = byId.get(v);
    if (k === "reason" && END_REASONS.has(v)) out[k] = `FRAY.Banner.Reason.${v}`;
    else if (c) out[k] = c.hidden && !isGM ? "FRAY.Tracker.Someone" : c.name;
    else out[k] = Object.hasOwn(sideLabels, v) ? (sideLabels[v] as string) : v;
  }
  return out;
}
