import { copyCombatant, resolveTeamsAttack, type TeamsCombatant } from "../core/attack/teams/index.js";
import type { TurnOrderEngine } from "../core/index.js";
import type { Refusal, Roller } from "../core/shared/index.js";
import { canTakeTurn, teamsEngine, type TeamsCommand, type TeamsSetup, type TeamsState } from "../core/turn-order/teams/index.js";
import { pickTarget } from "./pick-target.js";
import { winnerOf } from "./winner-of.js";
import { engineRefused, nobodyUp } from "./refusals.js";
import type { FightResult, SimTactics } from "./types.js";

/**
 * One teams fight. Party a started it (TEAM-03) and b is attacked (TEAM-04); no surprise.
 * Everyone is within reach (no grid: no Move, no misfire neighbours). Turn order: teamsEngine; the team
 * up picks its first member in party order who may act (TEAM-07). Each turn spends `attacksPerTurn`
 * actions on Attack (TEAM-18), the engine counting them for the multiple attack penalty (TEAM-54).
 * The fortify to stay conscious (TEAM-67) is sent to the engine as the target's reaction, and the engine's
 * refreshed reaction (TEAM-35) comes back to the attack data when a turn starts.
 * A character knocked unconscious or killed leaves the fight: nobody resuscitates in these tactics.
 */
export function teamsFight(
  a: readonly TeamsCombatant[],
  b: readonly TeamsCombatant[],
  roller: Roller,
  tactics: SimTactics,
  cap: number,
  engine: TurnOrderEngine<TeamsSetup, TeamsState, TeamsCommand> = teamsEngine,
): FightResult | Refusal {
  // Copied once by the attack code's literal, so every combatant the fight handles has one shape.
  const units: TeamsCombatant[] = [];
  for (const c of a) units.push(copyCombatant(c));
  for (const c of b) units.push(copyCombatant(c));
  const n = units.length;
  const na = a.length;
  const started = engine.start(
    {
      initiative: ["a", "b"],
      combatants: units.map((u, i) => ({ id: u.id, team: i < na ? "a" : "b", stamina: u.stamina, focus: u.focus })),
    },
    roller,
  );
  if (!started.ok) return engineRefused("teams", "start", started);
  let s: TeamsState = started.state;
  const standing = (i: number): boolean => (units[i] as TeamsCombatant).condition === "active";
  const score = (i: number): number => (units[i] as TeamsCombatant).endurance + (units[i] as TeamsCombatant).health;
  const send = (cmd: TeamsCommand): Refusal | null => {
    const o = engine.apply(s, cmd, roller);
    if (!o.ok) return engineRefused("teams", cmd.type, o);
    s = o.state;
    return null;
  };
  // Whoever comes in unconscious or dead is out of the fight from the start.
  for (let i = 0; i < n && s.phase !== "ended"; i++) {
    if (standing(i)) continue;
    const gone = send({ type: "remove", combatant: (units[i] as TeamsCombatant).id });
    if (gone) return gone;
  }
  const attacks = Math.max(0, Math.min(3, Math.floor(tactics.attacksPerTurn)));
  while (s.phase !== "ended") {
    if (s.round > cap) return { winner: null, rounds: cap };
    const up = s.up;
    if (up === null) return nobodyUp("teams", s.round);
    // The roster lists the combatants in setup order, which is the order of `units`.
    let me = -1;
    for (let i = 0; i < n; i++) {
      const m = s.members[s.roster[i] as string];
      if (m && m.team === up && canTakeTurn(s, m)) {
        me = i;
        break;
      }
    }
    if (me < 0) return nobodyUp("teams", s.round);
    const id = (units[me] as TeamsCombatant).id;
    const bad = send({ type: "act", combatant: id });
    if (bad) return bad;
    // TEAM-35: the engine gives the reaction back at the start of the turn; the attack data follows it.
    const reactions = s.members[id]?.reactions ?? 0;
    if ((units[me] as TeamsCombatant).reactions !== reactions) {
      const refreshed = copyCombatant(units[me] as TeamsCombatant);
      refreshed.reactions = reactions;
      units[me] = refreshed;
    }
    for (let k = 0; k < attacks && s.acting === id; k++) {
      const t = me < na ? pickTarget(tactics.target, na, n, standing, score) : pickTarget(tactics.target, 0, na, standing, score);
      if (t < 0) break;
      // TEAM-54: the engine's count of attacks made before this one sets the penalty.
      const before = s.members[id]?.attacks ?? 0;
      const spent = send({ type: "spend", combatant: id, action: "Attack" });
      if (spent) return spent;
      let attacker = units[me] as TeamsCombatant;
      if (attacker.attacksThisRound !== before) {
        const counted = copyCombatant(attacker);
        counted.attacksThisRound = before;
        attacker = counted;
      }
      const r = resolveTeamsAttack(attacker, units[t] as TeamsCombatant, roller);
      const was = units[t] as TeamsCombatant;
      units[me] = r.attacker;
      units[t] = r.target;
      // TEAM-67: the resolver's fortify to stay conscious is the target's reaction (1 stamina): the engine spends it too.
      if (r.target.reactions < was.reactions) {
        const reacted = send({ type: "react", combatant: r.target.id, reaction: "Fortify" });
        if (reacted) return reacted;
      }
      // TEAM-69/70: unconscious or dead, the target is out of this fight; TEAM-01 may end it.
      if (r.target.condition !== "active") {
        const gone = send({ type: "remove", combatant: r.target.id });
        if (gone) return gone;
      }
    }
    if ((s.phase as string) !== "ended" && s.acting === id) {
      const bad2 = send({ type: "endTurn", combatant: id });
      if (bad2) return bad2;
    }
  }
  return { winner: winnerOf(s.result?.victors ?? []), rounds: s.round };
}
