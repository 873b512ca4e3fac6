// Issue 28: reading a stored fight must cost the same at any length. A GM's turn request at 100 and at 10,000
// commands (teams, 20 combatants), through the real handler on a combat that prepares its data afresh after each
// update as Foundry does, and the read alone: again on the same data, and first after a step.
//
// Foundry's preparation deep-clones the whole journal, and at 10,000 commands that clone's garbage and cache misses
// slow whatever runs next, Fray's code or not. So the request at 100 is also timed on a combat whose preparation
// clones as much data as at 10,000 (a ballast beside the journal): side by side, the two differ only in Fray's work.
import { openJournal, record } from "../src/core/shared/journal.js";
import { sourceChange } from "../src/foundry/combat/fight/checked-chunks.js";
import { currentFight, type AnyJournal } from "../src/foundry/combat/fight/journal.js";
import { updateSource } from "../test/fakes/foundry-update-diff.js";
import { COMBAT_MODES } from "../src/foundry/rulesets/index.js";
import type { CombatLike, CombatantLike, UserLike } from "../src/foundry/combat/fight/ports.js";
import type { RosterEntry } from "../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../src/foundry/combat/fight/turn-command.js";
import { handleTurnRequest, type TurnRequestContext } from "../src/foundry/combat/requests/turn-request.js";
import { medianMs, type BenchFigure } from "./measure.js";
import { gmTurnHands } from "../test/foundry/combat/gm-turn-hands.js";

const mode = COMBAT_MODES.teams!;
const ids = Array.from({ length: 20 }, (_, i) => `${i < 10 ? "a" : "b"}${i}`);
const roster: RosterEntry[] = ids.map((id) => ({ id, name: id, side: id[0]!, hidden: false, stats: { stamina: 2 } }));
const gm: UserLike = { id: "gm", name: "GM", isGM: true };

/** The next step of a fight that never ends: the first act or end of turn the engine offers. */
function next(j: AnyJournal): TurnCommand {
  return mode.engine.legal(j.state).find((c) => c.type === "act" || c.type === "endTurn") as TurnCommand;
}

function played(length: number): AnyJournal {
  const opened = openJournal(mode.engine, mode.buildSetup(roster, { sideOrder: ["a", "b"] }), 5);
  if (!opened.ok) throw new Error(opened.reason);
  let j = opened.state;
  for (let i = 0; i < length; i++) {
    const r = record(mode.engine, j, next(j));
    if (!r.ok) throw new Error(r.reason);
    j = r.state;
  }
  return j;
}

/**
 * A combat as Foundry keeps one: an update is committed to its source (the fakes' `updateSource`, after
 * common/abstract/data.mjs) and its system data is then prepared afresh from it, a deep clone with the combat as its
 * `parent` (TypeDataField and ObjectField `initialize`), through Fray's `sourceChange` as FrayCombat runs it. The
 * preparation is Foundry's work, not the request's: `prepare` runs it between two timed requests.
 */
function combatOf(
  journal: AnyJournal,
  /** Data the preparation clones as well, untouched by the request: to prepare as much data as a longer fight. */
  ballast: unknown = null,
): CombatLike & { system: Record<string, unknown>; prepare(): void; ballast: unknown } {
  const member: CombatantLike = { id: "x", name: "x", hidden: false, testUserPermission: () => true };
  const source: Record<string, unknown> = {
    system: { journal: structuredClone(journal), events: [], revision: journal.revision },
  };
  let pending: Record<string, unknown>[] = [];
  const combat = {
    id: "fight",
    type: "teams",
    round: 1,
    turn: null,
    started: true,
    system: {} as Record<string, unknown>,
    combatants: { get: () => member, contents: [member] },
    update: (data: Record<string, unknown>) => Promise.resolve(void pending.push(data)),
    ballast: null as unknown,
    prepare: () => {
      const updates = pending;
      pending = [];
      combat.ballast = structuredClone(ballast);
      sourceChange(combat, () => {
        const diff = updates.reduce<Record<string, unknown>>((d, u) => ({ ...d, ...updateSource(source, u) }), {});
        combat.system = Object.defineProperty(structuredClone(source.system) as Record<string, unknown>, "parent", {
          value: combat,
        });
        return diff;
      });
    },
  };
  combat.prepare();
  return combat;
}

async function requestMs(length: number, requests: number, ballast: unknown = null): Promise<number> {
  const combat = combatOf(played(length), ballast);
  const ctx: TurnRequestContext = {
    combat: () => combat,
    user: () => gm,
    mode: (id) => COMBAT_MODES[id],
    ...gmTurnHands(),
  };
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const j = combat.system.journal as AnyJournal;
    const payload = { combatId: "fight", command: next(j), revision: j.revision };
    const t0 = performance.now();
    const answer = await handleTurnRequest(ctx, payload, "gm");
    times.push(performance.now() - t0);
    if (!answer.ok) throw new Error(answer.reason);
    combat.prepare();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/**
 * The first read of a combat's data prepared afresh after a GM's step (the chunk it wrote, and only it, read again).
 */
async function readAfterStepMs(length: number, samples: number): Promise<number> {
  const combat = combatOf(played(length));
  const ctx: TurnRequestContext = {
    combat: () => combat,
    user: () => gm,
    mode: (id) => COMBAT_MODES[id],
    ...gmTurnHands(),
  };
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const j = combat.system.journal as AnyJournal;
    await handleTurnRequest(ctx, { combatId: "fight", command: next(j), revision: j.revision }, "gm");
    combat.prepare();
    const t0 = performance.now();
    currentFight(mode, combat.system);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export default async function (): Promise<BenchFigure[]> {
  const out: BenchFigure[] = [];
  const request: Record<number, number> = {};
  for (const length of [100, 10_000]) {
    const label = length.toLocaleString("en");
    request[length] = await requestMs(length, 300);
    const system = { journal: played(length) };
    out.push(
      { name: `a GM's turn request at ${label} commands (median)`, value: request[length], unit: "ms" },
      {
        name: `read the stored fight again at ${label} commands (median)`,
        value: medianMs(() => currentFight(mode, system), 400, 50),
        unit: "ms",
      },
      {
        name: `read after a step, on data prepared afresh, at ${label} commands (median)`,
        value: await readAfterStepMs(length, 60),
        unit: "ms",
      },
    );
  }
  // Side by side: the request at 100 on a combat preparing as much data as at 10,000, then the one at 10,000.
  const padded = await requestMs(100, 300, played(10_000 - 100));
  const long = await requestMs(10_000, 300);
  out.push(
    { name: "a request at 10,000 commands over one at 100", value: request[10_000]! / request[100]!, unit: "x" },
    { name: "a GM's turn request at 100 commands, preparing as much as at 10,000 (median)", value: padded, unit: "ms" },
    { name: "a GM's turn request at 10,000 commands, side by side (median)", value: long, unit: "ms" },
    { name: "a request at 10,000 commands over one at 100, preparing as much", value: long / padded, unit: "x" },
  );
  return out;
}
