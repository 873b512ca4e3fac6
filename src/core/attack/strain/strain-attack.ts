import { rollBoonBane, type BoonBaneReading } from "../../dice/boon-bane.js";
import { finish } from "../../dice/dice-roll.js";
import { applied, refuse, type Outcome } from "../../shared/outcome.js";
import type { Roller } from "../../shared/roller.js";
import {
  advance,
  compare,
  requireInteger,
  requireNonNegativeInteger,
  requireStep,
  type AttackEvent,
  type AttackPipeline,
  type AttackStateBase,
  stepCommands,
} from "../pipeline.js";
import { addStacks, artModifier, checkCharacter, isExhausted, isFrayed, stacks, type StrainCharacter } from "./character.js";
import {
  DEFAULT_STRAIN_CONTEST,
  defenceEffect,
  defenceResult,
  type Defence,
  type DefenceResult,
  type StrainContestOptions,
} from "./contest.js";
import { addLoad, incapacityRoll } from "./loads.js";

export interface StrainAttackOptions extends StrainContestOptions {
  /** What Boon and Bane do (STR-41 silent). Default "keepTwo". */
  readonly boonBane: BoonBaneReading;
}

export const DEFAULT_STRAIN_ATTACK_OPTIONS: StrainAttackOptions = { ...DEFAULT_STRAIN_CONTEST, boonBane: "keepTwo" };

/** The declare command. The defender's choice of defence comes with it (STR-38: chosen before the roll). */
export interface StrainAttackSetup {
  readonly attacker: StrainCharacter;
  readonly target: StrainCharacter;
  readonly kind: "physical" | "mental";
  /** The Art granting the attack, or "basic" for a Basic Attack (STR-36). */
  readonly art: string;
  readonly defence: Defence;
  readonly deals: "fatigue" | "stress";
  /** Instances of Fatigue or Stress the attack deals; each is +1 Load (STR-55). */
  readonly instances: number;
  readonly ranged: boolean;
  readonly finisher: boolean;
  /** Enemies adjacent to the attacker: +1 Bane each on a Ranged attack (STR-42). */
  readonly adjacentEnemies: number;
  /** The target has Cover: +1 Bane (STR-48). */
  readonly cover: boolean;
  /** Stress the attacker takes by Overexerting, declared here, before any roll (STR-44). */
  readonly overexert: number;
  /** Boons and Banes from abilities. */
  readonly boons: number;
  readonly banes: number;
  readonly options?: Partial<StrainAttackOptions>;
}

export interface StrainAttackState extends AttackStateBase {
  readonly options: StrainAttackOptions;
  readonly setup: Omit<StrainAttackSetup, "attacker" | "target" | "options">;
  readonly attackerData: StrainCharacter;
  readonly targetData: StrainCharacter;
  readonly attackTotal: number | null;
  readonly result: DefenceResult | null;
}

export type StrainAttackCommand =
  | { readonly type: "roll" }
  | { readonly type: "react"; readonly reaction: string }
  | { readonly type: "rollDamage" }
  | { readonly type: "apply" };

type Result = Outcome<StrainAttackState, AttackEvent>;

/** STR-37: which defences an attack kind allows. */
export function allowedDefences(kind: "physical" | "mental"): readonly Defence[] {
  return kind === "physical" ? ["resilience", "evasion"] : ["resolve", "evasion"];
}

/** Net Boons on the attack roll: Exhausted (STR-58), Ranged next to enemies (STR-42), Cover (STR-48). */
export function attackNet(
  attacker: StrainCharacter,
  s: Pick<StrainAttackSetup, "boons" | "banes" | "ranged" | "adjacentEnemies" | "cover">,
): number {
  return s.boons - s.banes - (isExhausted(attacker) ? 1 : 0) - (s.ranged ? s.adjacentEnemies : 0) - (s.cover ? 1 : 0);
}

/** Net Boons on the defence roll: Evasion's +1 Boon unless Vulnerable (STR-41), Frayed +1 Bane (STR-56). */
export function defenceNet(target: StrainCharacter, defence: Defence): number {
  return (defence === "evasion" && stacks(target, "vulnerable") === 0 ? 1 : 0) - (isFrayed(target) ? 1 : 0);
}

export function defenceModifier(target: StrainCharacter, defence: Defence): number {
  return defence === "resilience" ? target.resilience : defence === "resolve" ? target.resolve : target.evasion;
}

function start(setup: StrainAttackSetup): Result {
  if (!setup || typeof setup !== "object") return refuse("MalformedAttack", "the attack declaration is missing");
  const bad =
    checkCharacter(setup.attacker, "attacker") ??
    checkCharacter(setup.target, "target") ??
    requireNonNegativeInteger(setup.instances, "instances", "STR-55") ??
    requireNonNegativeInteger(setup.adjacentEnemies, "adjacentEnemies", "STR-42") ??
    requireNonNegativeInteger(setup.overexert, "overexert", "STR-44") ??
    requireNonNegativeInteger(setup.boons, "boons") ??
    requireNonNegativeInteger(setup.banes, "banes");
  if (bad) return bad;
  const a = setup.attacker;
  if (a.removed || a.incapacitated) {
    return refuse("AttackerIncapacitated", `${a.id} is Incapacitated and cannot act`, "STR-61", { name: a.id });
  }
  if (setup.target.removed)
    return refuse("TargetRemoved", `${setup.target.id} has been removed from combat`, "STR-64", { name: setup.target.id });
  if (setup.kind !== "physical" && setup.kind !== "mental") return refuse("MalformedAttack", "an attack is Physical or Mental", "STR-37");
  if (!allowedDefences(setup.kind).includes(setup.defence)) {
    return refuse("DefenceNotAllowed", `a ${setup.kind} attack cannot be defended with ${String(setup.defence)}`, "STR-37", {
      kind: setup.kind,
      defence: String(setup.defence),
    });
  }
  if (artModifier(a, setup.art) === null)
    return refuse("UnknownArt", `${a.id} has no Art ${setup.art}`, "STR-36", { name: a.id, art: setup.art });
  const options = { ...DEFAULT_STRAIN_ATTACK_OPTIONS, ...(setup.options ?? {}) };
  const bad2 = requireInteger(options.evasionCriticalMargin, "evasionCriticalMargin");
  if (bad2) return bad2;
  const events: AttackEvent[] = [];
  let attacker = a;
  if (setup.overexert > 0) {
    // STR-44: the Stress is taken now, before any roll.
    const taken = addLoad(a, "stress", setup.overexert);
    if (!taken.ok) return taken;
    attacker = taken.state;
    events.push({ type: "overexerted", combatant: a.id, stress: setup.overexert, clause: "STR-44" }, ...taken.events);
  }
  const { attacker: _a, target: _t, options: _o, ...rest } = setup;
  const state: StrainAttackState = {
    step: "rollToHit",
    attacker: a.id,
    target: setup.target.id,
    options,
    setup: rest,
    attackerData: attacker,
    targetData: setup.target,
    attackTotal: null,
    result: null,
  };
  events.unshift({
    type: "attackDeclared",
    attacker: a.id,
    target: setup.target.id,
    detail: { kind: setup.kind, art: setup.art, defence: setup.defence, deals: setup.deals, instances: setup.instances },
  });
  events.push({ type: "stepChanged", from: "declare", to: "rollToHit" });
  return applied(state, events);
}

function roll(state: StrainAttackState, roller: Roller): Result {
  const s = state.setup;
  const a = state.attackerData;
  const t = state.targetData;
  // STR-45: Cover protects against Physical Attacks only.
  const net = attackNet(a, { ...s, cover: s.cover && s.kind === "physical" });
  const attack = rollBoonBane(roller, net > 0 ? net : 0, net < 0 ? -net : 0, artModifier(a, s.art) ?? 0, state.options.boonBane);
  const events: AttackEvent[] = [];
  let result: DefenceResult;
  let defenceTotal: number;
  if (t.incapacitated) {
    // STR-61 ruling: an Incapacitated character cannot act, so it cannot defend; the effect lands.
    result = "failure";
    defenceTotal = 0;
    events.push({ type: "defenceSkipped", combatant: t.id, reason: "incapacitated", clause: "STR-61" });
  } else {
    const dn = defenceNet(t, s.defence);
    const defence = rollBoonBane(roller, dn > 0 ? dn : 0, dn < 0 ? -dn : 0, defenceModifier(t, s.defence), state.options.boonBane);
    defenceTotal = defence.total;
    result = defenceResult(s.defence, defence.total, attack.total, state.options);
    events.push({ type: "defenceRolled", combatant: t.id, defence: s.defence, roll: defence });
  }
  const effect = defenceEffect(s.defence, result);
  events.push({
    type: "toHitRolled",
    roll: attack,
    comparison: compare(attack.total, defenceTotal),
    outcome: effect.takesEffect ? "hit" : "miss",
  });
  events.push({
    type: "defenceResult",
    combatant: t.id,
    defence: s.defence,
    result,
    takesEffect: effect.takesEffect,
    vulnerable: effect.vulnerable,
  });
  // STR-39: defending is the only reaction, made before the roll, so the reaction window is skipped.
  const next = { ...state, attackTotal: attack.total, result };
  return applied(advance(next, effect.takesEffect ? "damage" : "apply", events), events);
}

function rollDamage(state: StrainAttackState): Result {
  const n = state.setup.instances;
  // STR-55: no dice; each instance is +1 Load.
  const roll = finish(`${n} ${state.setup.deals}`, [], n);
  const events: AttackEvent[] = [{ type: "damageRolled", roll, amount: n, parts: { [state.setup.deals]: n } }];
  return applied(advance(state, "apply", events), events);
}

function apply(state: StrainAttackState, roller: Roller): Result {
  const s = state.setup;
  const result = state.result ?? "failure";
  const effect = defenceEffect(s.defence, result);
  const events: AttackEvent[] = [];
  let t = state.targetData;
  if (effect.takesEffect) {
    const loaded = addLoad(t, s.deals, s.instances);
    if (!loaded.ok) return loaded;
    events.push({
      type: "damageApplied",
      combatant: t.id,
      amount: s.instances,
      before: { fatigueLoad: t.fatigueLoad, stressLoad: t.stressLoad },
      after: { fatigueLoad: loaded.state.fatigueLoad, stressLoad: loaded.state.stressLoad },
    });
    events.push(...loaded.events);
    t = loaded.state;
  }
  if (effect.vulnerable > 0) {
    t = addStacks(t, "vulnerable", effect.vulnerable);
    events.push({ type: "statusGained", combatant: t.id, status: "vulnerable", stacks: stacks(t, "vulnerable"), clause: "STR-41" });
  }
  // STR-43: Finisher against an Exhausted target: Incapacity Roll right after the attack resolves.
  if (s.finisher && isExhausted(t) && !t.incapacitated) {
    const r = incapacityRoll(t, roller, "finisher");
    if (r.ok) {
      t = r.state;
      events.push(...r.events);
    }
  }
  // STR-59: an Exhausted attacker makes an Incapacity Roll after its Action.
  let a = state.attackerData;
  if (isExhausted(a)) {
    const r = incapacityRoll(a, roller, "afterAction");
    if (r.ok) {
      a = r.state;
      events.push(...r.events);
    }
  }
  const done = advance({ ...state, targetData: t, attackerData: a }, "done", events);
  events.push({ type: "attackEnded", outcome: effect.takesEffect ? "hit" : "miss" });
  return applied(done, events);
}

function applyCommand(state: StrainAttackState, command: StrainAttackCommand, roller: Roller): Result {
  if (!state || typeof state !== "object" || !command || typeof command !== "object")
    return refuse("MalformedCommand", "the attack state or command is missing");
  switch (command.type) {
    case "roll":
      return requireStep(state, "rollToHit") ?? roll(state, roller);
    case "react":
      return refuse("DefenceAlreadyChosen", "the defender chooses its defence before the attack is rolled, with the declaration", "STR-38");
    case "rollDamage":
      return requireStep(state, "damage") ?? rollDamage(state);
    case "apply":
      return requireStep(state, "apply") ?? apply(state, roller);
    default:
      return refuse("UnknownCommand", `unknown attack command ${String((command as { type: unknown }).type)}`);
  }
}

function legal(state: StrainAttackState): StrainAttackCommand[] {
  return stepCommands(state.step);
}

/** The strain attack: 2d6 + Art against 2d6 + the chosen defence, with Boons and Banes (see rulings). */
export const strainAttack: AttackPipeline<StrainAttackSetup, StrainAttackState, StrainAttackCommand> = {
  id: "strain.attack",
  start: (setup) => start(setup),
  apply: applyCommand,
  legal,
};
