import { afterEach, describe, expect, it, vi } from "vitest";
import { loadedCardRuleset } from "../../../src/foundry/cards/card-registry.js";
import { withCard } from "../../../src/foundry/cards/with-card.js";

/** The active GM's world, as much of it as the wrapper reads: the chat log and the world's rule set. */
function world(messages: Record<string, { system: unknown }>, ruleset = "teams") {
  vi.stubGlobal("game", {
    messages: { get: (id: string) => messages[id] },
    settings: { get: (_scope: string, key: string) => (key === "ruleset" ? ruleset : undefined) },
  });
}

describe("a card request whose rule set's card loads on demand", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("loads the card its message names before the GM's handler reads it", async () => {
    world({ m1: { system: { ruleset: "factions" } } });
    const seen: unknown[] = [];
    const answer = await withCard({ messageId: "m1" }, async () => {
      seen.push(loadedCardRuleset("factions")?.ruleset);
      return { ok: true };
    });
    expect(answer).toEqual({ ok: true });
    expect(seen).toEqual(["factions"]);
  });

  it("an attack being opened (no message yet) loads the world's card", async () => {
    world({}, "escalation");
    const handle = vi.fn(async () => ({ ok: true as const, revision: 0 }));
    await withCard({ attackerId: "a", targetId: "b" }, handle);
    expect(handle).toHaveBeenCalledTimes(1);
    expect(loadedCardRuleset("escalation")?.ruleset).toBe("escalation");
  });

  it("a card that cannot load refuses the request in words, and the handler never runs", async () => {
    world({ m1: { system: { ruleset: "strain" } } });
    const handle = vi.fn(async () => ({ ok: true as const }));
    const answer = await withCard({ messageId: "m1" }, handle, () => Promise.reject(new Error("404")));
    expect(answer).toMatchObject({ ok: false, key: "FRAY.Refusal.RulesFailed" });
    expect(handle).not.toHaveBeenCalled();
  });

  it("a message naming no rule set Fray has loads nothing and leaves the refusal to the handler", async () => {
    world({ m1: { system: { ruleset: "chess" } } });
    const load = vi.fn(async () => undefined);
    const answer = await withCard(
      { messageId: "m1" },
      async () => ({ ok: false, key: "FRAY.Refusal.UnknownRuleset", reason: "no card" }),
      load,
    );
    expect(load).not.toHaveBeenCalled();
    expect(answer).toMatchObject({ key: "FRAY.Refusal.UnknownRuleset" });
  });
});
