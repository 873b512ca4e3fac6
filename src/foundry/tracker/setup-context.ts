import type { StartOptions } from "../combat/fight/combat-mode.js";
import { sideTones } from "./side-marks.js";

/** A combatant in the GM's pre-start setup. */
export interface SetupCombatant {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly side: string;
  readonly hidden: boolean;
  /** The roster's statistics (roster.ts), for the number the order will rank it by. */
  readonly stats?: Readonly<Record<string, number | boolean | string | undefined>>;
}

interface SetupContext {
  readonly setup: true;
  readonly isGM: boolean;
  readonly mode: string;
  readonly modes: readonly { readonly id: string; readonly label: string; readonly selected: boolean }[];
  readonly grouped: boolean;
  readonly initiators: boolean;
  /** The sides' surprise boxes are shown (setupOptionsFor). */
  readonly surprise: boolean;
  /** What the GM does on this mode's setup screen, in its own words (`FRAY.Setup.Hint.<mode>`). */
  readonly hint: string;
  readonly sides: readonly {
    readonly id: string;
    readonly label: string;
    /** The side's tone, as its rows will carry it in the fight (side-marks.ts). */
    readonly tone: string;
    /** A side with nobody on it yet (a new CombatantGroup): shown to the GM so combatants can be dragged onto it. */
    readonly empty: boolean;
    readonly surprise: boolean;
    readonly first: boolean;
    readonly last: boolean;
    readonly rows: readonly (SetupCombatant & {
      readonly initiator: boolean;
      /** What the order will rank it by (ESC-01 Agility, STR-02 the Initiative added to 2d6), for the GM; else null. */
      readonly rank: { readonly label: string; readonly value: string } | null;
      readonly choices: readonly { id: string; label: string; selected: boolean }[];
    })[];
  }[];
}

/**
 * The GM's setup before a fight starts: which turn order, the sides in initiative order, who has
 * surprise, who started the fight by attacking, and who is on which side. Players see the roster
 * only (hidden combatants left out) until the GM starts. Pure.
 */
export function setupContext(
  input: Omit<SetupOptions, "surprise" | "rankBy"> & {
    /** Absent: no number is shown. */
    readonly rankBy?: SetupOptions["rankBy"];
    /** Absent: the boxes show wherever sides are grouped. */
    readonly surprise?: boolean;
    readonly mode: string;
    readonly modes: readonly string[];
    readonly combatants: readonly SetupCombatant[];
    readonly sideLabels: Readonly<Record<string, string>>;
    /** The CombatantGroups: an empty one is still a side the GM can move combatants to. */
    readonly groups?: readonly string[];
    readonly start: StartOptions;
    readonly isGM: boolean;
  },
): SetupContext {
  const visible = input.combatants.filter((c) => input.isGM || !c.hidden);
  const present = [...new Set(visible.map((c) => c.side))];
  const given = (input.start.sideOrder ?? []).filter((s) => present.includes(s));
  const order = [...given, ...present.filter((s) => !given.includes(s))];
  const allSides = [...new Set([...order, ...Object.keys(input.sideLabels)])];
  // Empty groups come last, for the GM only; they have no place in the initiative order until someone joins them.
  const empty = input.isGM && input.grouped ? (input.groups ?? []).filter((g) => !order.includes(g)) : [];
  const shown = [...order, ...empty];
  const tones = sideTones(shown);
  return {
    setup: true,
    isGM: input.isGM,
    mode: input.mode,
    modes: input.modes.map((id) => ({ id, label: `FRAY.Combat.Mode.${id}`, selected: id === input.mode })),
    grouped: input.grouped,
    initiators: input.initiators,
    surprise: input.surprise ?? input.grouped,
    hint: `FRAY.Setup.Hint.${input.mode}`,
    sides: shown.map((side, i) => ({
      id: side,
      label: input.sideLabels[side] ?? side,
      tone: tones.get(side) ?? "",
      empty: i >= order.length,
      surprise: input.start.surprise?.includes(side) ?? false,
      first: i === 0,
      last: i >= order.length - 1,
      rows: visible
        .filter((c) => c.side === side)
        .map((c) => ({
          ...c,
          initiator: input.start.initiators?.includes(c.id) ?? false,
          rank: input.isGM ? rankOf(input.rankBy ?? null, c) : null,
          choices: allSides.map((s) => ({ id: s, label: input.sideLabels[s] ?? s, selected: s === side })),
        })),
    })),
  };
}

/** What a combatant dragged in the setup carries: its id, marked as Fray's so other drops are ignored. */
const SETUP_DRAG = "FraySetupCombatant";

export function setupDragData(combatantId: string): string {
  return JSON.stringify({ type: SETUP_DRAG, id: combatantId });
}

/** The combatant id a setup drag carries, or null for anything else dropped there (an actor, an item, text). Pure. */
export function readSetupDrag(text: string): string | null {
  try {
    const d = JSON.parse(text) as { type?: unknown; id?: unknown } | null;
    return d?.type === SETUP_DRAG && typeof d.id === "string" ? d.id : null;
  } catch {
    return null;
  }
}

/** Move a side one place up (-1) or down (+1) in the initiative order. Pure. */
export function moveSide(order: readonly string[], side: string, by: -1 | 1): string[] {
  const out = [...order];
  const i = out.indexOf(side);
  const j = i + by;
  if (i < 0 || j < 0 || j >= out.length) return out;
  [out[i], out[j]] = [out[j] as string, out[i] as string];
  return out;
}

/** Add or remove an id from a list. Pure. */
export function toggle(list: readonly string[], id: string): string[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

/**
 * What the setup panel offers for a turn order: the sides to order and drag, surprise, the ranked order's initiators.
 */
interface SetupOptions {
  readonly grouped: boolean;
  /** ESC-02: the GM ticks who started the fight by attacking (the ranked order places them last). */
  readonly initiators: boolean;
  /** TEAM-14, FAC-51: the GM ticks the sides with surprise; the other turn orders read none. */
  readonly surprise: boolean;
  /** The statistic the order ranks by, its label, and whether it is a modifier shown signed; null where none ranks. */
  readonly rankBy: { readonly stat: string; readonly label: string; readonly signed: boolean } | null;
}

/** ESC-01: the ranked order goes by Agility; STR-02: the rolled order adds the Initiative modifier to 2d6. */
const RANK_BY: Readonly<Record<string, SetupOptions["rankBy"]>> = {
  ranked: { stat: "agility", label: "FRAY.Rank.Agility", signed: false },
  rolled: { stat: "initiative", label: "FRAY.Rank.Initiative", signed: true },
};

/** The setup options of a turn order: only what its setup reads is offered. */
export function setupOptionsFor(mode: { readonly id: string; readonly grouped: boolean }): SetupOptions {
  return {
    grouped: mode.grouped,
    initiators: mode.id === "ranked",
    surprise: mode.id === "teams" || mode.id === "factions",
    rankBy: RANK_BY[mode.id] ?? null,
  };
}

/** The number a setup row shows: the statistic the order ranks by, a modifier with its sign ("+2"). Pure. */
function rankOf(by: SetupOptions["rankBy"], c: SetupCombatant): { label: string; value: string } | null {
  if (!by) return null;
  const v = c.stats?.[by.stat];
  const n = typeof v === "number" && Number.isFinite(v) ? v : 0;
  return { label: by.label, value: by.signed && n >= 0 ? `+${n}` : String(n) };
}
