import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { stringValues } from "../../src/foundry/handlebars-helpers.js";

/**
 * Real Handlebars with the few helpers Fray's templates use from Foundry, backed by lang/en.json:
 * `localize` looks the key up and fills {placeholders} from the hash, as game.i18n.format does.
 */
const en = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;

export function lookup(key: string): string | undefined {
  let node: unknown = en;
  for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

export function createHandlebars(): typeof Handlebars {
  const hb = Handlebars.create();
  hb.registerHelper("localize", (key: unknown, options: { hash?: Record<string, unknown> }) => {
    const text = typeof key === "string" ? (lookup(key) ?? key) : String(key);
    const hash = options?.hash ?? {};
    // As Foundry's {{localize key name=value}}: game.i18n.format, which fills in values as they are (a key stays a key).
    return text.replace(/\{(\w+)\}/g, (m, name: string) => {
      const v = hash[name];
      return v === undefined || v === null ? m : String(v);
    });
  });
  hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
  hb.registerHelper("selectOptions", (choices: Record<string, string>, options: { hash: { selected?: string } }) => {
    const html = Object.entries(choices)
      .map(
        ([v, l]) =>
          `<option value="${hb.escapeExpression(v)}"${v === options.hash.selected ? " selected" : ""}>${hb.escapeExpression(lookup(l) ?? l)}</option>`,
      )
      .join("");
    return new hb.SafeString(html);
  });
  // Fray's own helper (src/foundry/handlebars-helpers.ts), here backed by lang/en.json like localize.
  hb.registerHelper("frayFormat", (key: unknown, data: unknown) => {
    const text = typeof key === "string" ? (lookup(key) ?? key) : "";
    const values = stringValues(data, (k) => lookup(k) ?? k);
    return text.replace(/\{(\w+)\}/g, (m, name: string) => values[name] ?? m);
  });
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
