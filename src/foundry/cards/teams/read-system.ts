import { isRecord, isWholeNumber } from "../../../core/shared/guards.js";
import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import { shown } from "../../../core/shared/shown.js";
import { DIE_SIZES } from "../../data/field-spec.js";

/**
 * Reading one document's system data without trusting it: each read names the spec's field path, and the first
 * field that is not what the spec says stops the reading with a refusal naming the document and the field.
 */
export class SystemReader {
  #refusal: Refusal | null = null;

  constructor(
    private readonly system: unknown,
    private readonly name: string,
  ) {}

  /** The first bad field's refusal, or null when every read found what the spec describes. */
  get refusal(): Refusal | null {
    return this.#refusal;
  }

  private at(path: string): unknown {
    let v: unknown = this.system;
    for (const k of path.split(".")) v = isRecord(v) && Object.hasOwn(v, k) ? v[k] : undefined;
    return v;
  }

  private bad(path: string, value: unknown): void {
    this.#refusal ??= refuse("TeamsCardBadData", `${this.name}: ${path} is ${shown(value)}`, undefined, {
      name: this.name,
      field: path,
      value: shown(value),
    });
  }

  /** A whole number (a count, a modifier); `min` as the spec's. */
  whole(path: string, min = Number.NEGATIVE_INFINITY): number {
    const v = this.at(path);
    if (isWholeNumber(v) && v >= min) return v;
    this.bad(path, v);
    return Math.max(0, min);
  }

  /** A pool `{ value, max }`: the value, and the max it never exceeds. */
  pool(path: string): { value: number; max: number } {
    const value = this.whole(`${path}.value`, 0);
    const max = this.whole(`${path}.max`, 0);
    if (value > max) this.bad(`${path}.value`, value);
    return { value, max };
  }

  /** A die ("d6") as its number of sides; `null` for the blank a skill may be left at. */
  die(path: string, allowNone = false): number | null {
    const v = this.at(path);
    if (allowNone && v === "") return null;
    if (typeof v === "string" && (DIE_SIZES as readonly string[]).includes(v)) return Number(v.slice(1));
    this.bad(path, v);
    return null;
  }

  flag(path: string): boolean {
    const v = this.at(path);
    if (typeof v === "boolean") return v;
    this.bad(path, v);
    return false;
  }

  /** A tags field: a list of strings from `choices`. */
  tags<T extends string>(path: string, choices: readonly T[]): readonly T[] {
    const v = this.at(path);
    if (Array.isArray(v) && v.every((t) => typeof t === "string" && (choices as readonly string[]).includes(t)))
      return v as T[];
    this.bad(path, v);
    return [];
  }

  /** A text field with a closed list of choices. */
  choice<T extends string>(path: string, choices: readonly T[]): T {
    const v = this.at(path);
    if (typeof v === "string" && (choices as readonly string[]).includes(v)) return v as T;
    this.bad(path, v);
    return choices[0] as T;
  }
}
