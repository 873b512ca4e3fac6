import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { EN, LANGUAGES, fragmentDifferences, fragments, readLanguage } from "./fakes/lang.js";

// A refusal shown to a user must not show a raw "{name}": every placeholder in a refusal's English
// text has to be filled by every place in src/ that raises that refusal.
const en = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
const text = (key: string): string | undefined => {
  let n: unknown = en;
  for (const p of key.split(".")) n = n && typeof n === "object" ? (n as Record<string, unknown>)[p] : undefined;
  return typeof n === "string" ? n : undefined;
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

interface Site {
  readonly key: string;
  readonly where: string;
  /** Placeholder names the call passes, or null when the data is not an object literal (not checkable). */
  readonly names: readonly string[] | null;
}

/** Every refuse("Key", reason, clause?, data?) call with a literal key. */
export function refusalSites(file: string, source: string): Site[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const out: Site[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "refuse") {
      const [k, , , data] = node.arguments;
      if (k && ts.isStringLiteralLike(k)) {
        const key = k.text.startsWith("FRAY.") ? k.text : `FRAY.Refusal.${k.text}`;
        let names: string[] | null = [];
        if (data) {
          names = ts.isObjectLiteralExpression(data)
            ? data.properties.some((p) => ts.isSpreadAssignment(p))
              ? null
              : data.properties.map((p) =>
                  p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : "?",
                )
            : null;
        }
        out.push({ key, where: `${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`, names });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe("refusal texts", () => {
  const sites = files("src").flatMap((f) => refusalSites(f, readFileSync(f, "utf8")));

  it("finds the refusals raised in src/", () => {
    expect(sites.length).toBeGreaterThan(50);
  });

  it("every placeholder in a refusal's text is filled at every call site", () => {
    const broken: string[] = [];
    for (const s of sites) {
      const t = text(s.key);
      if (t === undefined || s.names === null) continue;
      const wanted = [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      const missing = wanted.filter((w) => !s.names?.includes(w));
      if (missing.length) broken.push(`${s.key} at ${s.where} lacks ${missing.join(", ")}`);
    }
    expect(broken).toEqual([]);
  });

  it("the checker sees a missing placeholder (so the test above can fail)", () => {
    const [site] = refusalSites("probe.ts", 'refuse("NotYourTurn", "r", "X-01", { id: "a" });');
    expect(site).toEqual({ key: "FRAY.Refusal.NotYourTurn", where: "probe.ts:1", names: ["id"] });
  });
});

// A translation that drops or renames a placeholder shows "{name}" raw, or loses the value: every language listed in
// system.json keeps, key by key, English's placeholders, Handlebars expressions and HTML tags.
describe("placeholders in every language", () => {
  for (const l of LANGUAGES) {
    it(`${l.name} (${l.lang}) has English's placeholders in every key`, () => {
      const strings = readLanguage(l.path);
      expect(strings, l.path).not.toBeNull();
      expect(fragmentDifferences(EN, strings ?? {})).toEqual([]);
    });
  }

  it("fragments are placeholders once each, Handlebars expressions and HTML tags, in any order", () => {
    expect(fragments("{a} hits {b}; {a} again")).toEqual(["{a}", "{b}"]);
    expect(fragments('<b>{{localize "X"}}</b> {n}')).toEqual(["</b>", "<b>", "{n}", '{{localize "X"}}']);
    expect(fragments("no placeholders")).toEqual([]);
  });

  it("the checker names a key whose translation lost or renamed a placeholder (so the test above can fail)", () => {
    const en = { "FRAY.A": "{name} loses {amount} HP", "FRAY.B": "Round {round}", "FRAY.C": "<b>{x}</b>" };
    const other = { "FRAY.A": "{name} perd {montant} PV", "FRAY.B": "Round", "FRAY.C": "{x}" };
    expect(fragmentDifferences(en, other)).toEqual([
      "FRAY.A: en {amount} {name}, other {montant} {name}",
      "FRAY.B: en {round}, other (none)",
      "FRAY.C: en </b> <b> {x}, other {x}",
    ]);
    expect(fragmentDifferences(en, { ...en, "FRAY.A": "{amount} PV perdus par {name}" })).toEqual([]);
  });
});
