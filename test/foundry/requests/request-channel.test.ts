import { describe, expect, it } from "vitest";
import { deny } from "../../../src/foundry/requests/request-answer.js";
import { FRAY_SOCKET, RequestChannel } from "../../../src/foundry/requests/request-channel.js";
import { FakeSocketServer } from "../../fakes/foundry-socket.js";

/** A GM, two players and an observer on one fake server; the handler records who Foundry says sent each request. */
function table(gmConnected = true) {
  const server = new FakeSocketServer();
  let activeGm: string | null = gmConnected ? "gm" : null;
  const channel = (id: string, timeoutMs = 200) => {
    const c = new RequestChannel(server.env(id, () => activeGm, timeoutMs));
    c.listen();
    return c;
  };
  const gm = channel("gm");
  const alice = channel("alice");
  const bob = channel("bob");
  const seen: { payload: unknown; sender: string }[] = [];
  gm.register("echo", (payload, sender) => Promise.resolve((seen.push({ payload, sender }), { ok: true, sender })));
  return { server, gm, alice, bob, seen, setActiveGm: (id: string | null) => (activeGm = id), channel };
}

describe("the request channel (system socket, sender from Foundry's server)", () => {
  it(
    "a player's request reaches the active GM, whose handler " + "learns the sender from the server, not the payload",
    async () => {
      const { alice, seen } = table();
      const answer = await alice.send("echo", { userId: "gm", senderId: "gm", n: 1 });
      expect(answer).toEqual({ ok: true, sender: "alice" });
      expect(seen).toEqual([{ payload: { userId: "gm", senderId: "gm", n: 1 }, sender: "alice" }]);
    },
  );

  it(
    "the GM's own request is handled on the GM's client, " + "with the GM as sender, and nothing goes on the socket",
    async () => {
      const { gm, server, seen } = table();
      expect(await gm.send("echo", {})).toEqual({ ok: true, sender: "gm" });
      expect(seen.map((s) => s.sender)).toEqual(["gm"]);
      expect(server.log).toEqual([]);
    },
  );

  it("with no GM connected a request is refused at once with a localised reason", async () => {
    const { alice, server } = table(false);
    expect(await alice.send("echo", {})).toMatchObject({ ok: false, key: "FRAY.Refusal.NoGm" });
    expect(server.log).toEqual([]);
  });

  it("a GM who never answers: the request times out with a refusal instead of hanging", async () => {
    const { alice, server } = table();
    server.disconnect("gm");
    expect(await alice.send("echo", {})).toMatchObject({ ok: false, key: "FRAY.Refusal.GmUnreachable" });
  });

  it("the reply is addressed to the sender alone: another player's client resolves nothing with it", async () => {
    const { alice, server } = table();
    await alice.send("echo", {});
    const replies = server.log.filter((m) => (m.message as { kind: string }).kind === "reply");
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ event: FRAY_SOCKET, from: "gm", message: { to: "alice" } });
  });

  it("a forged reply from another player is ignored; the GM's real answer still arrives", async () => {
    const { alice, server, gm } = table();
    gm.register("slow", async () => (await new Promise((r) => setTimeout(r, 20)), { ok: true, real: true }));
    const bobSocket = server.connect("mallory");
    const pending = alice.send("slow", {});
    // Mallory guesses the request id and answers first, pretending to be the GM.
    bobSocket.emit(FRAY_SOCKET, { kind: "reply", id: "alice-1", to: "alice", answer: { ok: true, real: false } });
    expect(await pending).toEqual({ ok: true, real: true });
  });

  it("a request addressed to someone else, or reaching a GM who is not the active one, is not handled", async () => {
    const { server, seen, setActiveGm, channel } = table();
    channel("gm2");
    const mallory = server.connect("mallory");
    mallory.emit(FRAY_SOCKET, { kind: "request", id: "x", to: "alice", name: "echo", payload: {} });
    setActiveGm("gm2");
    mallory.emit(FRAY_SOCKET, { kind: "request", id: "y", to: "gm", name: "echo", payload: {} });
    await server.flush();
    expect(seen).toEqual([]);
  });

  it("junk on the socket (not an object, no id, unknown kind, prototype keys) is ignored without a throw", async () => {
    const { server, seen } = table();
    const mallory = server.connect("mallory");
    for (const junk of [
      null,
      3,
      "x",
      [],
      {},
      { kind: "request" },
      { kind: "nope", id: "1", to: "gm" },
      JSON.parse('{"__proto__":{"polluted":1},"kind":"request","id":"z","to":"gm","name":"__proto__"}'),
    ]) {
      mallory.emit(FRAY_SOCKET, junk);
    }
    await server.flush();
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("an unknown request name and a handler that throws are answered with refusals, not silence", async () => {
    const { alice, gm } = table();
    gm.register("boom", () => Promise.reject(new Error("bug")));
    expect(await alice.send("nothing", {})).toMatchObject({ ok: false, key: "FRAY.Refusal.BadRequest" });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...a: unknown[]) => void errors.push(a);
    try {
      expect(await alice.send("boom", {})).toMatchObject({ ok: false, key: "FRAY.Refusal.RequestFailed" });
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });

  it("a refusal travels back whole, key and data included", async () => {
    const { alice, gm } = table();
    gm.register("no", () => Promise.resolve(deny("StaleRevision", "old", { expected: 1, actual: 2 })));
    expect(await alice.send("no", {})).toEqual({
      ok: false,
      key: "FRAY.Refusal.StaleRevision",
      reason: "old",
      data: { expected: 1, actual: 2 },
    });
  });
});

describe("a request that reaches a GM whose client is still loading (v13 buffers socket events until ready)", () => {
  /** A GM reloading (its channel listening since init, its game not ready), Alice ready, and what the GM handled. */
  function reloading() {
    const server = new FakeSocketServer();
    const gm = new RequestChannel(server.env("gm", () => "gm", 1_000, { loading: true }));
    gm.listen();
    const seen: string[] = [];
    gm.register("echo", (_payload, sender) => Promise.resolve((seen.push(sender), { ok: true, sender })));
    const alice = new RequestChannel(server.env("alice", () => "gm", 1_000));
    alice.listen();
    return { server, seen, alice };
  }

  it("arriving after the GM's documents exist, it is handled once, at ready, and answered once", async () => {
    const { server, seen, alice } = reloading();
    server.setUp("gm");
    const answer = alice.send("echo", { n: 1 });
    await server.flush();
    expect(seen, "handled live before ready").toEqual([]);
    server.ready("gm");
    expect(await answer).toEqual({ ok: true, sender: "alice" });
    await server.flush();
    expect(seen).toEqual(["alice"]);
    expect(server.log.filter((m) => (m.message as { kind: string }).kind === "reply")).toHaveLength(1);
  });

  it("arriving while game.user is still null, it throws nothing and is handled once, at ready", async () => {
    const { server, seen, alice } = reloading();
    const answer = alice.send("echo", { n: 2 });
    await server.flush();
    server.setUp("gm");
    server.ready("gm");
    expect(await answer).toEqual({ ok: true, sender: "alice" });
    await server.flush();
    expect(seen).toEqual(["alice"]);
  });
});

describe(
  "a user connected twice (v13's server relays to every " + "other connection, the sender's own tabs included)",
  () => {
    /** The GM in two tabs, both listening and able to answer, Alice in two tabs, and which GM tab handled what. */
    function twoTabs() {
      const server = new FakeSocketServer();
      const open = (id: string) => {
        const c = new RequestChannel(server.env(id, () => "gm", 1_000));
        c.listen();
        return c;
      };
      const gmTabs = [open("gm"), open("gm")];
      const seen: { tab: number; n: unknown }[] = [];
      gmTabs.forEach((c, i) =>
        c.register("echo", (payload, sender) =>
          Promise.resolve((seen.push({ tab: i, n: payload }), { ok: true, sender })),
        ),
      );
      return { server, gmTabs, seen, alice: [open("alice"), open("alice")] };
    }

    it("a GM with two tabs handles each player request once, in one tab, and answers it once", async () => {
      const { server, seen, alice } = twoTabs();
      const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => alice[n % 2]!.send("echo", n)));
      await server.flush();
      expect(answers.every((a) => a.ok)).toBe(true);
      expect(seen.map((s) => s.n).sort((a, b) => Number(a) - Number(b))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(server.log.filter((m) => (m.message as { kind: string }).kind === "reply")).toHaveLength(10);
    });

    it("the GM's own request, from either tab, is handled in that tab alone", async () => {
      const { server, seen, gmTabs } = twoTabs();
      await gmTabs[1]!.send("echo", "own");
      await server.flush();
      expect(seen).toEqual([{ tab: 1, n: "own" }]);
    });

    it("when one GM tab closes, the other answers the next requests", async () => {
      const { server, seen, alice } = twoTabs();
      server.disconnect("gm", 1);
      expect(await alice[0]!.send("echo", "after")).toMatchObject({ ok: true });
      expect(seen).toEqual([{ tab: 1, n: "after" }]);
    });

    it(
      "a forged or replayed go-ahead (another player naming a GM tab, the sender's own again) has " +
        "nothing handled twice",
      async () => {
        const { server, seen, gmTabs, alice } = twoTabs();
        const senders: string[] = [];
        for (const c of gmTabs)
          c.register("who", (_p, sender) => Promise.resolve((senders.push(sender), { ok: true })));
        await alice[0]!.send("who", {});
        const sent = server.log.filter((l) => l.from === "alice").map((l) => l.message as Record<string, unknown>);
        const [again, mallory] = [server.connect("alice"), server.connect("mallory")];
        for (const m of sent) {
          again.emit(FRAY_SOCKET, m);
          // Mallory names each GM tab for Alice's request: it is not hers to start.
          if (m.kind !== "request") for (const tab of ["gm#1", "gm#2"]) mallory.emit(FRAY_SOCKET, { ...m, tab });
        }
        await server.flush();
        expect(senders).toEqual(["alice"]);
        expect(seen).toEqual([]);
      },
    );
  },
);
