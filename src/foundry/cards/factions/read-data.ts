import { valueAt } from "../../../core/shared/guards.js";
import { refuse, type Refusal } from "../../../core/shared/outcome.js";
import { DIE_SIZES } from "../../data/field-spec.js";

/**
 * Reading a sheet's system data without trusting it: each reader gives the value at a spec's field path, or stops
 * the reading with a refusal naming the document and the field. The paths are the spec's field names
 * (specs/factions-*.ts).
 */
type Read<T> = { readonly ok: true; readonly value: T } | Refusal;

/** Thrown by a reader, caught by `reading`: the refusal of the first bad field. */
class BadField extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason);
  }
}

/** Run readers; the first bad field becomes the answer. */
export function reading<T>(read: () => T): Read<T> {
  try {
    return { ok: true, value: read() };
  } catch (e) {
    if (e instanceof BadField) return e.refusal;
    throw e;
  }
}

/** Stop the reading with a refusal. */
export function stop(refusal: Refusal): never {
  throw new BadField(refusal);
}

/** The value at a dotted path of a system object, or undefined. */

/** A reader bound to one document: `key` is the refusal to give and `name` the document's name in it. */
export class DataReader {
  constructor(
    private readonly system: unknown,
    private readonly key: string,
    private readonly name: string,
  ) {}

  private bad(path: string): never {
    return stop(
      refuse(this.key, `${this.name}: ${path} is missing or not valid`, undefined, { name: this.name, field: path }),
    );
  }

  /** A whole number of zero or more (stats, health, armour). */
  count(path: string): number {
    const v = valueAt(this.system, path);
    return typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : this.bad(path);
  }

  /** A flag; a missing one is its spec's initial false. */
  flag(path: string): boolean {
    const v = valueAt(this.system, path);
    if (v === undefined) return false;
    return typeof v === "boolean" ? v : this.bad(path);
  }

  text(path: string, choices?: readonly string[]): string {
    const v = valueAt(this.system, path);
    return typeof v === "string" && (!choices || choices.includes(v)) ? v : this.bad(path);
  }

  /** A die field ("d8") as its number of sides. */
  die(path: string): number {
    const v = valueAt(this.system, path);
    return typeof v === "string" && (DIE_SIZES as readonly string[]).includes(v) ? Number(v.slice(1)) : this.bad(path);
  }
}
