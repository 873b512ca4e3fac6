import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { stringValues } from "../../src/foundry/handlebars-helpers.js";

/**
 * Real Handlebars with the few helpers Fray's templates use from Foundry v13, backed by lang/en.json. Read from v13's
 * `client/applications/handlebars.mjs` (`initialize` registers `localize`, `eq`, `selectOptions`; `loadTemplates`
 * and `getTemplate` register each template as a partial named by its path) and `client/helpers/localization.mjs`
 * (`Localization#localize` gives the key itself when it has no string; `Localization#format` replaces every `{name}`
 * with the value as it is, so a missing value prints "undefined").
 */
const en = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;

export function lookup(key: string): string | undefined {
  let node: unknown = en;
  for (const part of key.split("."))
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/** Localization#format as v13 writes it: every `{...}` is replaced by the data's value, whatever it is. */
export function format(key: string, data: Readonly<Record<string, unknown>>): string {
  return (lookup(key) ?? key).replace(/{[^}]+}/g, (k) => String(data[k.slice(1, -1)]));
}

export function createHandlebars(): typeof Handlebars {
  const hb = Handlebars.create();
  // v13's {{localize}}: game.i18n.localize with no hash, else game.i18n.format with the hash.
  hb.registerHelper("localize", (key: unknown, options: { hash?: Record<string, unknown> }) => {
    const text = String(key);
    const hash = options?.hash ?? {};
    return Object.keys(hash).length ? format(text, hash) : (lookup(text) ?? text);
  });
  hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
  // v13's {{selectOptions}} for a record of value -> label: labels localised only with localize=true, and an option
  // selected when its value equals the selected value as a string.
  hb.registerHelper(
    "selectOptions",
    (choices: Record<string, string>, options: { hash: { selected?: unknown; localize?: boolean } }) => {
      const { selected, localize = false } = options.hash;
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the fake compares a selection as its text
      const values = selected === undefined || selected === null ? [] : [String(selected)];
      const html = Object.entries(choices)
        .map(([v, l]) => {
          const label = localize ? (lookup(l) ?? l) : l;
          const selected = values.includes(v) ? " selected" : "";
          return `<option value="${hb.escapeExpression(v)}"${selected}>${hb.escapeExpression(label)}</option>`;
        })
        .join("");
      return new hb.SafeString(html);
    },
  );
  // Fray's own helper (src/foundry/handlebars-helpers.ts): game.i18n.format, here backed by lang/en.json.
  hb.registerHelper("frayFormat", (key: unknown, data: unknown) =>
    typeof key === "string"
      ? format(
          key,
          stringValues(data, (k) => lookup(k) ?? k),
        )
      : "",
  );
  // Foundry's loadTemplates registers every preloaded template as a partial named by its path.
  for (const file of templateFiles("templates")) hb.registerPartial(`systems/fray/${file}`, readFileSync(file, "utf8"));
  return hb;
}

/** Compile one shipped template, e.g. "templates/actor/teams-character.hbs". */
export function compile(hb: typeof Handlebars, path: string): Handlebars.TemplateDelegate {
  return hb.compile(readFileSync(path, "utf8"), { strict: false });
}

export function render(templatePath: string, context: unknown): string {
  const hb = createHandlebars();
  return hb.compile(readFileSync(templatePath, "utf8"), { strict: false })(context);
}

function templateFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? templateFiles(p) : p.endsWith(".hbs") ? [p] : [];
  });
}
