// Issue 28: reading a stored fight must cost the same at any length. A GM's turn request at 100 and at 10,000
// commands (teams, 20 combatants), through the real handler on a combat whose update merges into its stored data, and
// the read alone: again on the same data, and first on a fresh copy (Foundry prepares one after every update).
import { openJournal, record } from "../src/core/shared/journal.js";
import { currentFight, type AnyJournal } from "../src/foundry/combat/fight/journal.js";
import { COMBAT_MODES } from "../src/foundry/rulesets/index.js";
import type { CombatLike, CombatantLike, UserLike } from "../src/foundry/combat/fight/ports.js";
import type { RosterEntry } from "../src/foundry/combat/fight/roster.js";
import type { TurnCommand } from "../src/foundry/combat/fight/turn-command.js";
import { handleTurnRequest, type TurnRequestContext } from "../src/foundry/combat/requests/turn-request.js";
import { medianMs, type BenchFigure } from "./measure.js";

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
 * An update's keys set into the stored data: a dotted path reaches in, "==" replaces, "-=" deletes. Foundry merges an
 * update into the document's source (common/data/fields.mjs, ObjectField#_updateDiff) and then prepares its data
 * afresh (ObjectField#initialize deep-clones it): the "fresh copy" figures below are that first read.
 */
function merge(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = target;
  for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
  const key = parts.at(-1)!;
  if (key.startsWith("-=")) delete node[key.slice(2)];
  else if (key.startsWith("==")) node[key.slice(2)] = value;
  else node[key] = value;
}

/** A combat whose update merges into its system data in place, as the tests' fake combat does. */
function combatOf(journal: AnyJournal): CombatLike & { system: Record<string, unknown> } {
  const member: CombatantLike = { id: "x", name: "x", hidden: false, testUserPermission: () => true };
  const combat = {
    id: "fight",
    type: "teams",
    round: 1,
    turn: null,
    started: true,
    system: { journal: structuredClone(journal), events: [], revision: journal.revision } as Record<string, unknown>,
    combatants: { get: () => member, contents: [member] },
    update: async (data: Record<string, unknown>) => {
      for (const [k, v] of Object.entries(data)) if (k.startsWith("system.")) merge(combat.system, k.slice(7), v);
    },
  };
  return combat;
}

async function requestMs(length: number, requests: number): Promise<number> {
  const combat = combatOf(played(length));
  const ctx: TurnRequestContext = { combat: () => combat, user: () => gm, mode: (id) => COMBAT_MODES[id] };
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const j = combat.system.journal as AnyJournal;
    const payload = { combatId: "fight", command: next(j), revision: j.revision };
    const t0 = performance.now();
    const answer = await handleTurnRequest(ctx, payload, "gm");
    times.push(performance.now() - t0);
    if (!answer.ok) throw new Error(answer.reason);
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
    const fresh = Array.from({ length: 60 }, () => structuredClone(system));
    let k = 0;
    out.push(
      { name: `a GM's turn request at ${label} commands (median)`, value: request[length], unit: "ms" },
      {
        name: `read the stored fight again at ${label} commands (median)`,
        value: medianMs(() => currentFight(mode, system), 400, 50),
        unit: "ms",
      },
      {
        name: `read a fresh copy first at ${label} commands (median)`,
        value: medianMs(() => currentFight(mode, fresh[k++ % fresh.length]), 50, 10),
        unit: "ms",
      },
    );
  }
  out.push({
    name: "a request at 10,000 commands over one at 100",
    value: request[10_000]! / request[100]!,
    unit: "x",
  });
  return out;
}
