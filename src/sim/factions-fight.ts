import { quickFactionsAttack, saves, type FactionsCharacter } from "../core/attack/factions/index.js";
import type { TurnOrderEngine } from "../core/index.js";
import type { Refusal, Roller } from "../core/shared/index.js";
import {
  canTakeTurn,
  factionInPlay,
  factionsEngine,
  type FactionsCommand,
  type FactionsSetup,
  type FactionsState,
} from "../core/turn-order/factions/index.js";
import { pickTarget } from "./pick-target.js";
import { winnerOf } from "./winner-of.js";
import { engineRefused, nobodyUp } from "./refusals.js";
import type { FightResult, SimTactics } from "./types.js";

/**
 * One factions fight. One zone, everyone nearby and aware: melee attacks hit automatically (FAC-25) with no
 * WIT save, no reactions, no stunts. Turn order: factionsEngine; party a started the fight and holds the
 * initiative (FAC-05) and always chooses itself to go first (FAC-04). The faction up never passes while a
 * member can act (it passes only when nobody can, which the engine does itself); its first member in party
 * order takes the turn and spends the main action on an Attack (FAC-25). 0 health incapacitates (ruling of
 * the attack module) and the simulator takes the character out: no final blows. Morale (FAC-53..55):
 * each character due makes a WIT save; a failure retreats.
 */
export function factionsFight(
  a: readonly FactionsCharacter[],
  b: readonly FactionsCharacter[],
  roller: Roller,
  tactics: SimTactics,
  cap: number,
  engine: TurnOrderEngine<FactionsSetup, FactionsState, FactionsCommand> = factionsEngine,
): FightResult | Refusal {
  const units: FactionsCharacter[] = [...a, ...b];
  const n = units.length;
  const na = a.length;
  const index: Record<string, number> = {};
  for (let i = 0; i < n; i++) index[(units[i] as FactionsCharacter).id] = i;
  // What a fight changes of a character, by unit index; the character sheets themselves are never copied
  // (the attack reads only their weapon and armour). Copying a sheet on every hit was a fifth of the fight.
  const health: number[] = units.map((u) => u.health);
  const incapacitated: boolean[] = units.map((u) => u.incapacitated);
  const started = engine.start(
    {
      factions: ["a", "b"],
      initiative: "a",
      combatants: units.map((u, i) => ({ id: u.id, faction: i < na ? "a" : "b", wit: u.wit, health: u.health, maxHealth: u.health })),
      options: { passIsFinal: false, fastSlow: false, declarationSeconds: null, reactAfterActing: false, ambushUsesFirstTurn: false },
    },
    roller,
  );
  if (!started.ok) return engineRefused("factions", "start", started);
  let s: FactionsState = started.state;
  const standing = (i: number): boolean => {
    const u = units[i] as FactionsCharacter;
    const m = s.members[u.id];
    return !incapacitated[i] && !u.dead && m !== undefined && !m.out && !m.retreated;
  };
  const score = (i: number): number => health[i] as number;
  const send = (cmd: FactionsCommand): Refusal | null => {
    const o = engine.apply(s, cmd, roller);
    if (!o.ok) return engineRefused("factions", cmd.type, o);
    s = o.state;
    return null;
  };
  // Whoever comes in incapacitated, dead or at 0 health is out of the fight from the start.
  for (let i = 0; i < n && s.phase !== "ended"; i++) {
    const u = units[i] as FactionsCharacter;
    if (!u.incapacitated && !u.dead && u.health > 0) continue;
    const gone = send({ type: "remove", combatant: u.id });
    if (gone) return gone;
  }
  while (s.phase !== "ended") {
    if (s.round > cap) return { winner: null, rounds: cap };
    if (s.phase === "morale") {
      // FAC-54/55: the group WIT save, one save per character due; the first due answers first.
      const id = s.moraleDue[0];
      if (id === undefined) return nobodyUp("factions", s.round);
      const u = units[index[id] ?? -1];
      const pass = !tactics.morale || u === undefined || saves(roller, u.wit);
      const bad = send({ type: "morale", combatant: id, result: pass ? "pass" : "retreat" });
      if (bad) return bad;
      continue;
    }
    if (s.choosingFirst) {
      const first = factionInPlay(s, s.holder) ? s.holder : s.holder === "a" ? "b" : "a";
      const bad = send({ type: "chooseFirst", side: first });
      if (bad) return bad;
      continue;
    }
    const up = s.up;
    if (up === null) return nobodyUp("factions", s.round);
    // The faction's first member in party order who can take a turn (party a is faction a, b is b).
    let me = -1;
    for (let i = up === "a" ? 0 : na, to = up === "a" ? na : n; i < to; i++) {
      const m = s.members[(units[i] as FactionsCharacter).id];
      if (m && canTakeTurn(s, m)) {
        me = i;
        break;
      }
    }
    if (me < 0) return nobodyUp("factions", s.round);
    const id = (units[me] as FactionsCharacter).id;
    const bad = send({ type: "act", combatant: id });
    if (bad) return bad;
    const t = me < na ? pickTarget(tactics.target, na, n, standing, score) : pickTarget(tactics.target, 0, na, standing, score);
    if (t >= 0) {
      const spent = send({ type: "spend", combatant: id, action: "Attack" });
      if (spent) return spent;
      const target = units[t] as FactionsCharacter;
      const dealt = quickFactionsAttack(roller, units[me] as FactionsCharacter, target);
      if (dealt > 0) {
        const had = health[t] as number;
        const left = had > dealt ? had - dealt : 0;
        health[t] = left;
        incapacitated[t] = left === 0;
        // The engine keeps health for morale (FAC-53); at 0 the character is out of this fight.
        const hurt = send(
          left === 0 ? { type: "remove", combatant: target.id } : { type: "setHealth", combatant: target.id, health: left, byEnemy: true },
        );
        if (hurt) return hurt;
      }
    }
    if ((s.phase as string) !== "ended" && s.acting === id) {
      const bad2 = send({ type: "endTurn", combatant: id });
      if (bad2) return bad2;
    }
  }
  return { winner: winnerOf(s.result?.victors ?? []), rounds: s.round };
}
