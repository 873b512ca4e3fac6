/**
 * Real Handlebars with the few helpers Foundry provides that Fray's templates use (localize, selectOptions,
 * eq), and Fray's partials registered under the paths Foundry gives them, so tests render the shipped
 * templates exactly as written.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { EN } from "./lang.js";

export const LANG: Readonly<Record<string, string>> = EN;

export function makeHandlebars(): typeof Handlebars {
  const hb = Handlebars.create();
  // Foundry's localize returns the key itself when no translation exists.
  hb.registerHelper("localize", (key: unknown) => (typeof key === "string" ? (LANG[key] ?? key) : ""));
  hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
  hb.registerHelper("selectOptions", (choices: Record<string, string>, options: { hash: { selected?: string } }) => {
    const html = Object.entries(choices)
      .map(([v, l]) => `<option value="${hb.escapeExpression(v)}"${v === options.hash.selected ? " selected" : ""}>${hb.escapeExpression(LANG[l] ?? l)}</option>`)
      .join("");
    return new hb.SafeString(html);
  });
  const partsDir = "templates/actor/parts";
  for (const f of readdirSync(partsDir)) {
    hb.registerPartial(`systems/fray/templates/actor/parts/${f}`, readFileSync(join(partsDir, f), "utf8"));
  }
  return hb;
}

/** Compile one shipped template, e.g. "templates/actor/teams-character.hbs". */
export function compile(hb: typeof Handlebars, path: string): Handlebars.TemplateDelegate {
  return hb.compile(readFileSync(path, "utf8"), { strict: false });
}
