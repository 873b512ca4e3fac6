import { GRANTED_MOVE_WINDOWS } from "../../economy/sections.js";
import { refuse, type Refusal } from "../../shared/outcome.js";
import type { Fields, Schema } from "../../shared/schema.js";
import { shown } from "../../shared/shown.js";
import { SECTIONS_ORDERS, type SectionsOptions } from "./types.js";

/**
 * The rulings a table may change, as the text reads literally; apart from the engine so a settings page reads them
 * without it.
 */
export const DEFAULT_SECTIONS_OPTIONS: SectionsOptions = { order: "sides", grantedMoveWindow: "anytime" };

/** The options as a setup gives them and the state keeps them. */
export const SECTIONS_OPTIONS: Schema = {
  fields: {
    order: { oneOf: SECTIONS_ORDERS },
    grantedMoveWindow: { oneOf: GRANTED_MOVE_WINDOWS },
  } satisfies Fields<SectionsOptions>,
};

/**
 * A setup's options over the defaults (its other fields left out), or the refusal that names the one a table cannot
 * pick.
 */
export function readOptions(x: unknown): SectionsOptions | Refusal {
  if (x === undefined) return DEFAULT_SECTIONS_OPTIONS;
  if (typeof x !== "object" || x === null) return refuse("BadOptions", "options must be an object");
  const o = x as Record<string, unknown>;
  const order = o.order ?? DEFAULT_SECTIONS_OPTIONS.order;
  const grantedMoveWindow = o.grantedMoveWindow ?? DEFAULT_SECTIONS_OPTIONS.grantedMoveWindow;
  if (!(SECTIONS_ORDERS as readonly unknown[]).includes(order)) {
    return refuse("BadOptions", `order must be "sides", "fixed" or "popcorn", not "${shown(order)}"`);
  }
  if (!(GRANTED_MOVE_WINDOWS as readonly unknown[]).includes(grantedMoveWindow)) {
    return refuse(
      "BadOptions",
      `grantedMoveWindow must be "anytime" or "drawToDiscard", not "${shown(grantedMoveWindow)}"`,
    );
  }
  return {
    order: order as SectionsOptions["order"],
    grantedMoveWindow: grantedMoveWindow as SectionsOptions["grantedMoveWindow"],
  };
}
