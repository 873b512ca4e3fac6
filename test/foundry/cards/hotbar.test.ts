import { describe, expect, it } from "vitest";
import { attackMacroCommand } from "../../../src/foundry/cards/hotbar-attacks.js";

describe("an attack item dragged to the hotbar", () => {
  it("becomes a macro that attacks with that item through the system's API, its UUID quoted as data", () => {
    expect(attackMacroCommand("Actor.abc.Item.def")).toBe('await game.system.api.attackWith("Actor.abc.Item.def");');
    // A UUID with quotes or a closing parenthesis stays one string argument: no code of its own.
    const odd = attackMacroCommand('x"); alert("y');
    expect(odd).toBe('await game.system.api.attackWith("x\\"); alert(\\"y");');
  });
});
