import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { moveCardContext } from "../src/foundry/move-cards/move-card-context.js";
import type { MoveCardData } from "../src/foundry/move-cards/move-card-data.js";
import { render } from "./fakes/handlebars-env.js";
import { DESCENT_CARD, FALL_CARD, FREE_HIT_OFFER } from "./foundry/move-cards/move-card-samples.js";

// Issue 29, "Cards speak the table's language": a player reads a rule cited by its name and the section of its text,
// never by an id of the clause catalogue, which the zip does not ship. The ids stay in code and tests.

const CLAUSE_ID = /\b(SEC|ESC|TEAM|STR|FAC)-\d+/;
type Tree = { [key: string]: string | Tree };
const LANGS = ["en", "fr"].map((lang) => ({
  lang,
  tree: JSON.parse(readFileSync(`lang/${lang}.json`, "utf8")) as Tree,
}));

function strings(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "string" ? [[`${prefix}${k}`, v]] : strings(v, `${prefix}${k}.`),
  );
}

function templates(dir = "templates"): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? templates(p) : p.endsWith(".hbs") ? [p] : [];
  });
}

const at = (tree: Tree, key: string): unknown =>
  key.split(".").reduce<unknown>((n, k) => (n as Tree | undefined)?.[k], tree);

/**
 * Every clause a move card can cite (core/space/move-effects.ts): falls, climbs, descents, free hits, opportunity
 * attacks.
 */
const MOVE_CARD_CLAUSES = ["SEC-13", "SEC-15", "SEC-20", "SEC-21", "STR-26", "STR-29", "ESC-39", "FAC-23"];

describe("player-facing strings cite rules by name", () => {
  it.each(LANGS.map((l) => [l.lang, l.tree] as const))("no string of lang/%s.json shows a clause id", (_, tree) => {
    const shown = strings(tree).filter(([, text]) => CLAUSE_ID.test(text));
    expect(shown).toEqual([]);
  });

  it("no template shows a clause id outside its comments", () => {
    for (const file of templates()) {
      const shown = readFileSync(file, "utf8").replace(/\{\{!--[\s\S]*?--\}\}|\{\{![\s\S]*?\}\}/g, "");
      expect(shown.match(CLAUSE_ID)?.[0], file).toBeUndefined();
    }
  });

  it.each(LANGS.map((l) => [l.lang, l.tree] as const))(
    "lang/%s.json names every rule a move card cites, and its section",
    (_, tree) => {
      for (const clause of MOVE_CARD_CLAUSES) {
        expect(at(tree, `FRAY.Rule.${clause}.Name`), clause).toBeTypeOf("string");
        expect(at(tree, `FRAY.Rule.${clause}.Section`), clause).toBeTypeOf("string");
      }
    },
  );

  it("SEC-13 STR-26 ESC-39 a move card ends with the rule's name and the section of its text", () => {
    const drawn = (data: MoveCardData) =>
      render("templates/chat/move-card.hbs", moveCardContext(data, { isGM: true, ownsBy: false, names: {} }));
    expect(drawn(FALL_CARD)).toContain("Rule: Falling (“The Battle Map”)");
    expect(drawn(DESCENT_CARD)).toContain("Rule: Descending 2 or more levels (“Combat Flow”)");
    expect(drawn(FREE_HIT_OFFER)).toContain("Rule: Free hits (“Free Hits/Free Hit Slots (FHS)”)");
    for (const card of [FALL_CARD, DESCENT_CARD, FREE_HIT_OFFER]) expect(drawn(card)).not.toMatch(CLAUSE_ID);
  });
});
