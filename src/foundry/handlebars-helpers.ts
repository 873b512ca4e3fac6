/** Handlebars helpers of Fray's own, registered at init. */
export function registerHandlebarsHelpers(): void {
  // {{frayFormat key data}}: format a localised string with every value of a data object, which
  // Foundry's {{localize}} can only take one named argument at a time.
  Handlebars.registerHelper("frayFormat", (key: unknown, data: unknown) =>
    typeof key === "string" ? game.i18n.format(key, stringValues(data)) : "",
  );
}

export function stringValues(data: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (data && typeof data === "object") for (const [k, v] of Object.entries(data)) out[k] = String(v);
  return out;
}
