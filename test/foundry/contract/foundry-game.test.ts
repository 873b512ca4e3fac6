import { describe, expect, it } from "vitest";
import { FakeGame } from "../../fakes/foundry-game.js";

// The fake game behaves as v13's (client/documents/collections/users.mjs, client/helpers/client-settings.mjs).
describe("the fake game, as v13's", () => {
  const gm = (id: string, role?: number) => ({ id, name: id, isGM: true, ...(role ? { role } : {}) });

  it("names as active GM the connected GM of highest role, then of lowest id", () => {
    const game = new FakeGame({ users: [gm("zed"), gm("amy", 3), gm("bob"), { id: "pat", isGM: false }] });
    expect(game.users.activeGM?.id).toBe("bob");
  });

  it("names no active GM when no GM is connected", () => {
    const game = new FakeGame({ users: [gm("amy"), { id: "pat", isGM: false }], active: ["pat"] });
    expect(game.users.activeGM).toBeNull();
    expect(new FakeGame({ users: [gm("amy"), gm("bob")], active: ["bob"] }).users.activeGM?.id).toBe("bob");
  });

  it("counts this client's user among the users", () => {
    const game = new FakeGame({ user: gm("amy"), users: [{ id: "pat", isGM: false }] });
    expect(game.users.get("amy")).toBe(game.user);
    expect(game.users.activeGM).toBe(game.user);
  });

  it("gives a stored setting, else its registered default, and throws for an unregistered one", async () => {
    const game = new FakeGame({ settings: { "core.rollMode": "gmroll" } });
    expect(game.settings.get("core", "rollMode")).toBe("gmroll");
    game.settings.register("fray", "ruleset", { default: "teams" });
    expect(game.settings.get("fray", "ruleset")).toBe("teams");
    await game.settings.set("fray", "ruleset", "sections");
    expect(game.settings.get("fray", "ruleset")).toBe("sections");
    expect(() => game.settings.get("fray", "nothing")).toThrow(/not a registered game setting/);
  });

  it("gives undefined for an unknown id, and the viewed combat as game.combat", () => {
    const combat = { id: "c1" };
    const game = new FakeGame({ combats: [combat], combat });
    expect(game.combats.get("c2")).toBeUndefined();
    expect(game.combat).toBe(combat);
    expect([...game.combats]).toEqual([combat]);
  });
});
