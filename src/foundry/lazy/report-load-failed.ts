import type { LoadFailed } from "./lazy-registry.js";

/**
 * A rule set's code could not be fetched (the server went away, a stale cache after an update): told once per load, in
 * the console with the error and on screen in words, because nothing that needs it will run until the page reloads.
 */
export const reportLoadFailed: LoadFailed = (what, id, error) => {
  console.error(`Fray | could not load the ${what} "${id}"`, error);
  ui.notifications?.error("FRAY.Lazy.LoadFailed", { format: { what: game.i18n.localize(`FRAY.Lazy.What.${what}`), id } });
};
