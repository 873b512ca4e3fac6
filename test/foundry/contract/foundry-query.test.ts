import { describe, expect, it } from "vitest";
import { FakeQueryServer } from "../../fakes/foundry-query.js";

// The query fake against v13: client/documents/user.mjs (User#query), client/documents/collections/users.mjs
// (#handleUserQuery) and the server's relay (dist/components/activity.mjs, which applies the timeout).
describe("the query fake behaves as Foundry v13's user queries", () => {
  it(
    "a handler's undefined answer arrives as undefined: the " + "result went through the socket, nothing made it null",
    async () => {
      const server = new FakeQueryServer();
      server.connect("gm").ask = () => null;
      server.connect("player").ask = () => undefined;
      expect(await server.query("gm", "player", "ask", {}, { timeout: 100 })).toBeUndefined();
    },
  );

  it(
    "a handler that throws rejects the query with its message only (the error itself stays on " +
      "the answering client)",
    async () => {
      const server = new FakeQueryServer();
      server.connect("gm").ask = () => null;
      const thrown = new Error("no such card");
      server.connect("player").ask = () => {
        throw thrown;
      };
      const answer = server.query("gm", "player", "ask", {}, { timeout: 100 });
      await expect(answer).rejects.toThrow("no such card");
      await expect(answer).rejects.not.toBe(thrown);
    },
  );

  it(
    "a recipient without the handler never answers: with " + "a timeout the server rejects the query as timed out",
    async () => {
      const server = new FakeQueryServer();
      server.connect("gm").ask = () => null;
      server.connect("player");
      await expect(server.query("gm", "player", "ask", {}, { timeout: 100 })).rejects.toThrow(
        "operation has timed out",
      );
    },
  );

  it("the sender's own CONFIG.queries must hold the name, and the recipient must be connected", async () => {
    const server = new FakeQueryServer();
    server.connect("gm");
    server.connect("player").ask = () => 1;
    await expect(server.query("gm", "player", "ask", {})).rejects.toThrow("User query 'ask' is not registered");
    server.connect("gm").ask = () => 1;
    await expect(server.query("gm", "nobody", "ask", {})).rejects.toThrow("User [nobody] is not active");
  });
});
