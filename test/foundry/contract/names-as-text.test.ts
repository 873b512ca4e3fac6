import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { format } from "../../fakes/handlebars-env.js";
import { escapeHTML } from "../../fakes/foundry-notifications.js";
import { installCardFoundry } from "../cards/card-client.js";
import { FakeGame } from "../../fakes/foundry-game.js";

// A name a user typed (an actor's, a token's, a combatant's, an item's) shows as text wherever a player sees it.
// Foundry v13 draws a notification's message as HTML, only sanitised, and escapes the values of its `format` option
// alone (client/applications/ui/notifications.mjs, Notifications#notify). A chat message's `content` and `flavor` are
// HTML too (templates/sidebar/chat-message.hbs draws both with {{{ }}}; common/documents/chat-message.mjs: HTMLFields).
const EVIL = "<img src=x onerror=alert(1)>";
const TEXT = escapeHTML(EVIL);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

describe("a notification never formats its own message", () => {
  it("every ui.notifications call in src/foundry passes a key, and its values as {format: data}", () => {
    // A formatted message would reach v13 as HTML with the values unescaped.
    const formatsItself = /ui\.notifications\??\.\w+\(\s*(?:game\.i18n\??\.format|localise)\(/g;
    const found = sources("src/foundry").flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(formatsItself)].map((m) => `${file}: ${m[0].replace(/\s+/g, " ")}`),
    );
    expect(found).toEqual([]);
  });
});

describe("a card's dice message says its actors' names as text", () => {
  beforeAll(() => {
    installCardFoundry();
    const foundry = (globalThis as unknown as { foundry: Record<string, unknown> }).foundry;
    foundry.utils = { ...(foundry.utils as object), escapeHTML };
    const actor = (id: string) => ({ id, name: id === "evil" ? EVIL : "Goblin", items: { contents: [] } });
    const game = new FakeGame({
      i18n: { format: (k: string, d?: Record<string, string>) => format(k, d ?? {}), localize: (k: string) => k },
      actors: [actor("evil"), actor("gob")],
    });
    Object.assign(globalThis, { game });
  });

  it("an attack card's dice flavour", async () => {
    const { gmCardContext } = await import("../../../src/foundry/cards/gm-card-context.js");
    expect(gmCardContext.flavor("evil", "gob")).toBe(`${TEXT} attacks Goblin`);
  });

  it("a move card's dice flavour", async () => {
    const { moveDiceFlavor } = await import("../../../src/foundry/move-cards/register-move-cards.js");
    expect(moveDiceFlavor({ kind: "fall", clause: "SEC-13", mover: "t", height: 2 }, EVIL)).toBe(`${TEXT} falls`);
  });
});

describe("the turn order's dice message says its combatants' names as text", () => {
  it("a step's dice flavour names its combatant as text", async () => {
    const foundry = (globalThis as unknown as { foundry: Record<string, unknown> }).foundry;
    foundry.utils = { ...(foundry.utils as object), escapeHTML };
    const { diceFlavor } = await import("../../../src/foundry/combat/requests/turn-client.js");
    const combat = { id: "f", type: "teams", combatants: { get: () => ({ name: EVIL, hidden: false }) } };
    const game = new FakeGame({
      i18n: { format: (k: string, d?: Record<string, string>) => format(k, d ?? {}), localize: (k: string) => k },
    });
    const flavor = diceFlavor(combat as never, { type: "endTurn", combatant: "a1" }, game);
    expect(flavor).toContain(TEXT);
    expect(flavor).not.toContain("<img");
  });
});
