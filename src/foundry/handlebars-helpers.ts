import { theGame, type GamePort } from "./game/game-port.js";
/** Handlebars helpers of Fray's own, registered at init. */
export function registerHandlebarsHelpers(game: Pick<GamePort, "i18n"> = theGame()): void {
  // {{frayFormat key data}}: format a localised string with every value of a data object, which
  // Foundry's {{localize}} can only take one named argument at a time.
  // A value that is itself one of Fray's keys ("FRAY.Tracker.Someone") is localised first: game.i18n.format
  // fills placeholders with values as they are.
  Handlebars.registerHelper("frayFormat", (key: unknown, data: unknown) =>
    typeof key === "string"
      ? game.i18n.format(
          key,
          stringValues(data, (k) => game.i18n.localize(k)),
        )
      : "",
  );
}

export function stringValues(data: unknown, localize: (key: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  if (data && typeof data === "object")
    for (const [k, v] of Object.entries(data))
      out[k] = typeof v === "string" && v.startsWith("FRAY.") ? localize(v) : String(v);
  return out;
}
