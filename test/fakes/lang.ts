import { readFileSync } from "node:fs";

/*
 * Languages as Foundry v13 loads them, read from `client/helpers/localization.mjs`: `#getTranslations` takes each
 * language system.json lists for the chosen `lang`, `#loadTranslationFile` expands the file's dotted keys
 * (`foundry.utils.expandObject`) and merges it; `localize` finds a key by its dotted path, falls back to English,
 * then shows the key itself.
 */

/** A language as system.json lists it, and as Foundry reads it from there. */
export interface Language {
  readonly lang: string;
  readonly name: string;
  readonly path: string;
}

/** Every language system.json declares (Foundry offers exactly these in its language setting). */
export const LANGUAGES: readonly Language[] = (
  JSON.parse(readFileSync("system.json", "utf8")) as { languages: Language[] }
).languages;

/** A language file read and flattened, or null when it cannot be read as a JSON object. */
export function readLanguage(path: string): Record<string, unknown> | null {
  try {
    const tree = JSON.parse(readFileSync(path, "utf8")) as unknown;
    return tree && typeof tree === "object" && !Array.isArray(tree) ? flatten(tree as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A nested language tree flattened to "FRAY.Refusal.NotYourTurn" keys, as Foundry's localisation reads it. Leaves
 * that are not strings are kept as they are, so a check can name them: Foundry would show them as raw keys.
 */
export function flatten(
  node: Record<string, unknown>,
  prefix = "",
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const [k, v] of Object.entries(node)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object" && !Array.isArray(v)) flatten(v as Record<string, unknown>, key, out);
    else out[key] = v;
  }
  return out;
}

/** lang/en.json flattened: every key the code and templates name, the reference every other language follows. */
export const EN: Readonly<Record<string, string>> = flatten(
  JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>,
) as Record<string, string>;

/** Keys English has that the other language lacks, and keys it has that English does not. */
export function keyDifferences(
  en: Readonly<Record<string, unknown>>,
  other: Readonly<Record<string, unknown>>,
): { missing: string[]; extra: string[] } {
  return {
    missing: Object.keys(en).filter((k) => !(k in other)),
    extra: Object.keys(other).filter((k) => !(k in en)),
  };
}

/** Keys whose value is not a string with something in it (Foundry would show the empty text or the raw key). */
export function emptyOrNotText(strings: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(strings)
    .filter(([, v]) => typeof v !== "string" || v.trim() === "")
    .map(([k]) => k);
}

/**
 * What a translation must carry over unchanged: the `{name}` placeholders game.i18n.format fills (each name once,
 * order free), the Handlebars `{{…}}` expressions and the HTML tags (each as often as in English, order free).
 */
export function fragments(text: string): string[] {
  const handlebars = [...text.matchAll(/\{\{[^{}]*\}\}/g)].map((m) => m[0]);
  const rest = text.replace(/\{\{[^{}]*\}\}/g, "");
  const placeholders = [...new Set([...rest.matchAll(/\{([^{}]+)\}/g)].map((m) => `{${m[1] as string}}`))];
  const tags = [...rest.matchAll(/<\/?[a-zA-Z][\w-]*/g)].map((m) => `${m[0]}>`);
  return [...placeholders, ...handlebars, ...tags].sort();
}

/** Every key present in both whose fragments differ, as "key: en {a} {b}, other {a}". */
export function fragmentDifferences(
  en: Readonly<Record<string, unknown>>,
  other: Readonly<Record<string, unknown>>,
): string[] {
  const out: string[] = [];
  for (const [k, e] of Object.entries(en)) {
    const o = other[k];
    if (typeof e !== "string" || typeof o !== "string") continue;
    const want = fragments(e).join(" ");
    const got = fragments(o).join(" ");
    if (want !== got) out.push(`${k}: en ${want || "(none)"}, other ${got || "(none)"}`);
  }
  return out;
}
