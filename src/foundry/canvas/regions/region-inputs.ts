import { isRecord } from "../../../core/shared/guards.js";
import type { BORDER_KINDS } from "./region-data.js";
import { readSectionData } from "./region-data.js";

/**
 * What Foundry's Region behaviour form draws for the two fields that name other regions (SEC-01 borders, FAC-06
 * neighbours), so a GM picks regions by name instead of typing their ids. Pure: the fields (region-fields.ts) hand
 * these to Foundry's own inputs.
 */

/** A region of the scene being edited, as the form offers it. */
export interface RegionChoice {
  readonly id: string;
  readonly name: string;
}

interface RegionOption {
  readonly value: string;
  readonly label: string;
}

/**
 * The regions to pick from: the scene's, by name (sorted; a name two share gets its id), then each stored id the scene
 * does not have, shown as its id, so saving the form keeps what it cannot name.
 */
export function regionOptions(regions: readonly RegionChoice[], stored: readonly string[]): RegionOption[] {
  const seen = new Map<string, number>();
  for (const r of regions) seen.set(r.name, (seen.get(r.name) ?? 0) + 1);
  const named = regions
    .filter((r) => r.id !== "")
    .map((r) => ({ value: r.id, label: (seen.get(r.name) ?? 0) > 1 || r.name === "" ? `${r.name} (${r.id})` : r.name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const known = new Set(named.map((o) => o.value));
  const unknown = [...new Set(stored)]
    .filter((id) => id !== "" && !known.has(id))
    .map((id) => ({ value: id, label: id }));
  return [...named, ...unknown];
}

/** The ids a set field holds: Foundry gives the form its stored array, an initialised model holds a Set. */
export function storedIds(value: unknown): string[] {
  const list: unknown[] = value instanceof Set ? [...(value as Set<unknown>)] : Array.isArray(value) ? value : [];
  return list.filter((v): v is string => typeof v === "string" && v !== "");
}

/** One row of the borders input: a region of the scene, and the border marked to it ("" when none). */
interface BorderRow {
  readonly neighbour: string;
  readonly label: string;
  readonly kind: "" | (typeof BORDER_KINDS)[number];
  readonly height: number | null;
}

/** One row per region to pick from, holding the border stored to it, if any. */
export function borderRows(stored: unknown, regions: readonly RegionChoice[]): BorderRow[] {
  const marks = readSectionData({ borders: stored }).borders;
  return regionOptions(
    regions,
    marks.map((m) => m.neighbour),
  ).map(({ value, label }) => {
    const mark = marks.find((m) => m.neighbour === value);
    return { neighbour: value, label, kind: mark?.kind ?? "", height: mark?.height ?? null };
  });
}

/** The words of the borders input, localised by the caller. */
export interface BorderLabels {
  readonly region: string;
  readonly kind: string;
  readonly none: string;
  readonly soft: string;
  readonly hard: string;
  readonly height: string;
  /** Shown in an empty Height: the difference of the two sections' Heights is used. */
  readonly heightPlaceholder: string;
  readonly noRegions: string;
}

const escape = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * SEC-01 on a gridless scene: a table of the scene's regions, each with its border (none, soft or hard) and its
 * Height going there. Every row is posted as `<name>.<i>.neighbour|kind|height`; Foundry turns the numbered rows
 * into an array (ArrayField#_cast) and the field drops the rows with no border (submittedMarks).
 */
export function bordersHtml(name: string, rows: readonly BorderRow[], t: BorderLabels): string {
  if (rows.length === 0) return `<p class="hint fray-borders">${escape(t.noRegions)}</p>`;
  const option = (value: string, label: string, kind: string) =>
    `<option value="${value}"${value === kind ? " selected" : ""}>${escape(label)}</option>`;
  const body = rows.map((r, i) => {
    const at = `${escape(name)}.${i}`;
    const kinds = option("", t.none, r.kind) + option("soft", t.soft, r.kind) + option("hard", t.hard, r.kind);
    return (
      `<tr><td>${escape(r.label)}<input type="hidden" name="${at}.neighbour" value="${escape(r.neighbour)}"></td>` +
      `<td><select name="${at}.kind" aria-label="${escape(t.kind)}">${kinds}</select></td>` +
      `<td><input type="number" name="${at}.height" step="1" data-dtype="Number" value="${r.height ?? ""}"` +
      ` placeholder="${escape(t.heightPlaceholder)}" aria-label="${escape(t.height)}"></td></tr>`
    );
  });
  const head =
    `<thead><tr><th>${escape(t.region)}</th><th>${escape(t.kind)}</th>` + `<th>${escape(t.height)}</th></tr></thead>`;
  return `<table class="fray-borders">${head}<tbody>${body.join("")}</tbody></table>`;
}

/**
 * The marks a submitted borders table holds: the form posts one row per region, so a row with no border (or no
 * region) is left out; an empty Height is no Height (the difference of the two sections' Heights).
 */
export function submittedMarks(rows: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const row of rows) {
    if (!isRecord(row)) continue;
    const { neighbour, kind, height } = row;
    if (typeof neighbour !== "string" || neighbour.trim() === "" || typeof kind !== "string" || kind === "") continue;
    out.push({ neighbour, kind, height: height === "" || height === undefined ? null : height });
  }
  return out;
}
