// The odds worker's message protocol, tested on its pure handler and on the client with a fake Worker behind it.
import { describe, expect, it } from "vitest";
import { OddsClient } from "../../../src/foundry/odds/odds-client.js";
import { isOddsRequest } from "../../../src/foundry/odds/odds-protocol.js";
import { simulate, type SimInput, type SimReport } from "../../../src/sim/index.js";
import { fakeWorker, workerDouble } from "./worker-harness.js";

const INPUT = { ruleset: "teams", seed: 21, fights: 300, detail: true } as SimInput;

describe("the odds worker's handler", () => {
  it("plays a run in slices, posting progress after each, and ends with simulate()'s report for the same input", () => {
    const w = workerDouble();
    w.send({ type: "run", id: 7, input: INPUT });
    // The first slice ran at once; the rest wait for the event loop, so a cancel could come in between.
    expect(w.posted.filter((m) => m.type === "progress")).toHaveLength(1);
    expect(w.queue).toHaveLength(1);
    w.drain();
    const progress = w.posted.filter((m) => m.type === "progress");
    expect(progress.length).toBeGreaterThan(2);
    const played = progress.map((m) => (m.type === "progress" ? m.played : -1));
    expect(played).toEqual([...played].sort((x, y) => x - y));
    expect(played[played.length - 1]).toBe(300);
    expect(progress.every((m) => m.type === "progress" && m.total === 300 && m.id === 7)).toBe(true);
    const done = w.posted[w.posted.length - 1]!;
    expect(done.type).toBe("done");
    expect((done as { report: SimReport }).report).toEqual(simulate(INPUT));
  });

  it("gives the same report however the slices fall (a slow clock, a fast one): a seed reproduces the result", () => {
    const reports = [2, 10, 25].map((tick) => {
      const w = workerDouble(tick);
      w.send({ type: "run", id: 1, input: INPUT });
      w.drain();
      return { report: (w.posted[w.posted.length - 1] as { report: SimReport }).report, slices: w.posted.length - 1 };
    });
    expect(new Set(reports.map((r) => r.slices)).size).toBe(3);
    expect(reports[1]!.report).toEqual(reports[0]!.report);
    expect(reports[2]!.report).toEqual(reports[0]!.report);
  });

  it("stops a cancelled run before its next slice and says so, with no result", () => {
    const w = workerDouble();
    w.send({ type: "run", id: 3, input: INPUT });
    w.send({ type: "cancel", id: 3 });
    w.drain();
    expect(w.posted.map((m) => m.type)).toEqual(["progress", "cancelled"]);
    expect(w.queue).toHaveLength(0);
  });

  it("a cancel names its run: another run goes on", () => {
    const w = workerDouble();
    w.send({ type: "run", id: 1, input: INPUT });
    w.send({ type: "run", id: 2, input: { ...INPUT, fights: 40 } });
    w.send({ type: "cancel", id: 1 });
    w.drain();
    expect(w.posted.filter((m) => m.id === 1).map((m) => m.type)).toEqual(["progress", "cancelled"]);
    expect(w.posted.filter((m) => m.id === 2).at(-1)?.type).toBe("done");
  });

  it("answers bad input with the simulator's refusal, and ignores messages that are not requests", () => {
    const w = workerDouble();
    w.send({ type: "run", id: 4, input: { ruleset: "chess", seed: 1, fights: 10 } });
    expect(w.posted).toEqual([
      {
        type: "refused",
        id: 4,
        refusal: expect.objectContaining({ key: "FRAY.Refusal.SimUnknownRuleset" }) as unknown,
      },
    ]);
    for (const junk of [
      null,
      3,
      "run",
      { type: "run", id: "5", input: INPUT },
      { type: "run", id: 5 },
      { type: "explode", id: 6 },
    ]) {
      expect(isOddsRequest(junk)).toBe(false);
      w.send(junk);
    }
    expect(w.posted).toHaveLength(1);
  });
});

describe("the tracker's odds client, with a fake Worker", () => {
  it("reports progress and resolves with the worker's report", async () => {
    const worker = fakeWorker(20);
    const client = new OddsClient(() => worker);
    const seen: [number, number][] = [];
    const outcome = await client.run(INPUT, (played, total) => seen.push([played, total]));
    expect(outcome).toEqual({ kind: "done", report: simulate(INPUT) });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toEqual([300, 300]);
    expect(client.running).toBe(false);
    client.close();
    expect(worker.terminated).toBe(true);
  });

  it("cancel settles the run at once as cancelled, tells the worker, and drops its late answers", async () => {
    const worker = fakeWorker(20);
    const client = new OddsClient(() => worker);
    let progressAfterCancel = 0;
    let cancelled = false;
    const running = client.run(INPUT, () => {
      if (cancelled) progressAfterCancel++;
    });
    await new Promise((r) => setTimeout(r, 5));
    client.cancel();
    cancelled = true;
    expect(await running).toEqual({ kind: "cancelled" });
    await new Promise((r) => setTimeout(r, 20));
    expect(worker.sent).toContainEqual({ type: "cancel", id: 1 });
    expect(progressAfterCancel).toBe(0);
    client.close();
  });

  it(
    "a new run cancels the one under way; only the new " + "one resolves with a report, and one worker serves both",
    async () => {
      let made = 0;
      const worker = fakeWorker(20);
      const client = new OddsClient(() => (made++, worker));
      const first = client.run(INPUT);
      const second = client.run({ ...INPUT, fights: 50 });
      expect(await first).toEqual({ kind: "cancelled" });
      const out = await second;
      expect(out.kind === "done" && out.report.fights).toBe(50);
      expect(made).toBe(1);
      client.close();
    },
  );
});
