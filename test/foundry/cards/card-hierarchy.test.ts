import { describe, expect, it } from "vitest";
import {
  attackCardContext,
  type AttackCardContext,
  type Viewer,
} from "../../../src/foundry/cards/attack-card-context.js";
import type { AttackCardData } from "../../../src/foundry/cards/data/attack-card-data.js";
import { ATTACK_CARDS } from "../../../src/foundry/rulesets/index.js";
import { CARD_SCRIPTS, playCard, type CardScript } from "../../../tools/card-shots.js";
import { render } from "../../fakes/handlebars-env.js";

// Issue 28, the card's hierarchy: every card of every rule set, at every step, sealed and revealed, as the GM, the
// attacker's owner, the target's owner and an observer see it. The step a user takes is the card's one filled
// control; the outcome is a result, not a button; no line echoes itself ("1d6: 3 = 3").

type Who = "gm" | "attacker" | "target" | "observer";
const WHO: readonly Who[] = ["gm", "attacker", "target", "observer"];

function viewerOf(script: CardScript, who: Who): Viewer {
  const names: Record<string, string> = {};
  for (const actor of [script.choice.attacker, script.choice.target]) {
    names[actor.id] = actor.name;
    for (const i of actor.items) names[i.id] = i.name;
  }
  return {
    user: { id: who, name: who, isGM: who === "gm" },
    ownsAttacker: who === "attacker",
    ownsTarget: who === "target",
    names,
    messageId: "m1",
  };
}

/** Every card the scripts reach, each as each user sees it: public, then blind (sealed) and blind revealed. */
async function everyCard(): Promise<{ name: string; context: AttackCardContext; html: string }[]> {
  const out: { name: string; context: AttackCardContext; html: string }[] = [];
  for (const script of CARD_SCRIPTS) {
    const card = ATTACK_CARDS[script.ruleset] as never;
    const kinds: [string, readonly { after: string | null; data: AttackCardData }[], boolean][] = [
      ["public", await playCard(script), false],
      ["blind", await playCard(script, "blindroll"), true],
    ];
    const revealed = kinds[1]![1].map((s) => ({ ...s, data: { ...s.data, rollMode: "publicroll" as const } }));
    kinds.push(["revealed", revealed, false]);
    for (const [kind, stages, sealed] of kinds)
      for (const stage of stages)
        for (const who of WHO) {
          // A blind card's numbers are the GM's alone: its players' clients draw its shell (sealed-card.ts).
          if (sealed && who !== "gm") continue;
          const context = attackCardContext(card, stage.data, viewerOf(script, who), sealed);
          out.push({
            name: `${script.ruleset} ${kind} ${stage.after ?? "opened"} as ${who}`,
            context,
            html: render("templates/chat/attack-card.hbs", context),
          });
        }
  }
  return out;
}

/** Handlebars' escapes ("=" is drawn as "&#x3D;"), read back as the characters a user sees. */
const ENTITIES: Record<string, string> = {
  "&#x3D;": "=",
  "&#x27;": "'",
  "&quot;": '"',
  "&lt;": "<",
  "&gt;": ">",
  "&#x60;": "`",
  "&amp;": "&",
};

/** The card's text as a user reads it, without its markup, line by line. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "\n")
    .replace(/&#x3D;|&#x27;|&quot;|&lt;|&gt;|&#x60;|&amp;/g, (e) => ENTITIES[e] ?? e)
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");

// Drawn once for both tests: some 400 cards.
const drawn = everyCard();

describe("issue 28: the card's hierarchy", () => {
  it("no line echoes itself: a lone die shows its result once, and every placeholder is filled", async () => {
    const cards = await drawn;
    expect(cards.length).toBeGreaterThan(100);
    const echoes = cards.flatMap((c) =>
      text(c.html)
        .filter(
          (l) =>
            /(?:^|[:(,] )(\d+)(?: \(d\d+\))? = \1(?!\d)/.test(l) ||
            /: (\d+); \1 damage/.test(l) ||
            /[{}]|FRAY\./.test(l),
        )
        .map((l) => `${c.name}: ${l}`),
    );
    expect(echoes).toEqual([]);
  });

  it("the step a user may take is the card's one filled control; the outcome is a result, never a button", async () => {
    for (const { name, context, html } of await drawn) {
      const primaries = html.match(/<button[^>]*class="fray-button is-primary"[^>]*>/g) ?? [];
      const steps = context.buttons.length + context.rows.reduce((n, r) => n + r.buttons.length, 0);
      expect(primaries.length, name).toBe(steps);
      for (const b of primaries) expect(b, name).toContain("data-fray-card-command");
      // Undo, Reveal and the circumstances' submit are quiet controls.
      expect(html, name).not.toMatch(/class="fray-button is-primary fray-card-(?:undo|reveal)"/);
      if (context.outcome) {
        expect(html, name).toMatch(/<p class="fray-card-outcome" role="status">[^<]+<\/p>/);
        // The outcome comes before the steps: a result read, then the next click.
        const at = html.indexOf("fray-card-outcome");
        const step = html.indexOf("is-primary");
        if (step >= 0) expect(at, name).toBeLessThan(step);
      }
    }
  });
});
