import type { RulesetId } from "../../core/rulesets.js";
import type { FieldSpecs } from "./field-spec.js";
import type { MoverSpec } from "./mover-spec.js";

/** A step that brings stored data written by an older schema version up to `to`. Pure. */
interface Migration {
  readonly to: number;
  readonly describe: string;
  migrate(source: Record<string, unknown>): Record<string, unknown>;
}

/** How a sheet shows one derived yes/no value as a badge (sheets/view/sheet-states.ts). */
interface BadgeSpec {
  /**
   * The badge shows while the value equals this (default true): escalation's canDodge shows as "Cannot dodge" when
   * false.
   */
  readonly when?: boolean;
  /** Its label key, FRAY.Derived.<Key> unless given. */
  readonly label?: string;
  /** How loud it is: danger (out of the fight, or about to be), warning (a penalty to mind), info (worth knowing). */
  readonly tone?: "danger" | "warning" | "info";
}

/**
 * A text field whose sheet input is a select of values found elsewhere: the sides of the actor's current combat,
 * or the names of its own items of one type whose `field` equals `equals` (strain's Stance from its stance abilities).
 */
export type PickSpec =
  | { readonly from: "combatSides" }
  | { readonly from: "items"; readonly type: string; readonly field: string; readonly equals: string };

/**
 * A condition a token shows as a status effect (Foundry's token HUD and icons). The field at `path` (a flag, or a
 * count that is on above 0) is the truth; the icon mirrors it (docs/architecture.md, "Conditions"). The status id is
 * the field's key, its name the field's label.
 */
export interface StatusSpec {
  readonly path: string;
  /** An icon Foundry v13 ships (`icons/svg/...`). */
  readonly img: string;
}

/** A group a token bar can show although the rule text names its parts otherwise: Fatigue is a Load of a Tolerance. */
interface BarShape {
  readonly value: string;
  readonly max: string;
}

/** An actor's item as `derive` reads it: its type and its system data, unchecked (an old item may lack a field). */
export interface DeriveItem {
  readonly type: string;
  readonly system?: unknown;
}

/**
 * Everything Fray registers about one data model type, as plain data: registration, the schema,
 * migrations, derived values and the sheet all read it. Pure: testable without Foundry.
 */
export interface ModelMetadata<Doc extends "Actor" | "Item" = "Actor" | "Item"> {
  readonly documentName: Doc;
  readonly type: string;
  readonly ruleset: RulesetId;
  /** Bumped with every change to `fields` that needs a migration; stored with the data. */
  readonly schemaVersion: number;
  readonly fields: FieldSpecs;
  readonly migrations: readonly Migration[];
  /** The fields the combat tracker's row shows (what the rule set checks every turn), by key; actors only. */
  readonly tracked?: readonly string[];
  /** How the rule set's characters move: its movement actions and the fields movement reads; one actor type each. */
  readonly mover?: MoverSpec;
  /** Conditions shown as token status effects, mirrored from these fields; actors only. */
  readonly statuses?: readonly StatusSpec[];
  /**
   * The token bars (bar1, bar2) a new actor of this type starts with, by field key: a pool, or a group in `barShapes`.
   */
  readonly bars?: readonly string[];
  /** Groups given the `{ value, max }` a token bar reads, as derived keys (never stored); actors only. */
  readonly barShapes?: Readonly<Record<string, BarShape>>;
  /**
   * Values computed from the stored data (harmed, bloodied, free hit slots, ...), never stored. An actor's are also
   * given its items (armour's damage reduction, a talent's rule); an item's get none.
   */
  derive?(system: Readonly<Record<string, unknown>>, items?: readonly DeriveItem[]): Record<string, unknown>;
  /** Derived yes/no values whose badge differs from the default (shown when true, FRAY.Derived.<Key>, a warning). */
  readonly badges?: Readonly<Record<string, BadgeSpec>>;
  /** Items: the fields and derived values an actor's item row shows as its key numbers, in order. */
  readonly summary?: readonly string[];
  /** Text fields whose input is a select of values found elsewhere, by field key. */
  readonly picks?: Readonly<Record<string, PickSpec>>;
}

/** Run every migration newer than the stored version, in order; returns the data at the current version. */
export function migrateSource(meta: ModelMetadata, source: Record<string, unknown>): Record<string, unknown> {
  const stored = typeof source.schemaVersion === "number" ? source.schemaVersion : 0;
  let data = source;
  for (const m of [...meta.migrations].sort((a, b) => a.to - b.to)) {
    if (m.to > stored && m.to <= meta.schemaVersion) data = { ...m.migrate(data), schemaVersion: m.to };
  }
  return data;
}
