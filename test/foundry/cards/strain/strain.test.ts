import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AttackEvent } from "../../../../src/core/attack/pipeline.js";
import type { StrainAttackCommand, StrainAttackState } from "../../../../src/core/attack/strain/index.js";
import { scriptedRoller, type Roller } from "../../../../src/core/shared/roller.js";
import type {
  AttackChoice,
  CardActor,
  CardItem,
  CardLine,
  CardRole,
  CardView,
} from "../../../../src/foundry/cards/attack-ruleset.js";
import { defencesAgainst, strainAttackCard as card } from "../../../../src/foundry/cards/strain/index.js";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { strainCharacter } from "../../../../src/foundry/data/specs/index.js";
import { SAMPLE_ACTORS, sampleItemsFor, mergeData } from "../../../../tools/sample-data.js";
import { EN } from "../../../fakes/lang.js";
// The card's strings: lang/en.json with the card's own file laid over it, as the integrator merges them.
function flatten(node: Record<string, unknown>, prefix = "", out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(node)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out[key] = v;
    else if (v && typeof v === "object") flatten(v as Record<string, unknown>, key, out);
  }
  return out;
}
const STRINGS: Readonly<Record<string, string>> = {
  ...EN,
  ...flatten(JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>),
};
/** A line in English as frayFormat renders it; fails on a missing key, a value key or an unfilled placeholder. */
function english(key: string, data: Readonly<Record<string, string | number>> = {}): string {
  const text = STRINGS[key];
  expect(text, `missing ${key}`).toBeTypeOf("string");
  const out = text!.replace(/\{(\w+)\}/g, (_, name: string) => {
    expect(data, `${key} needs {${name}}`).toHaveProperty(name);
    const v = data[name]!;
    if (typeof v === "string" && v.startsWith("FRAY.")) {
      expect(STRINGS[v], `missing ${v}`).toBeTypeOf("string");
      return STRINGS[v]!;
    }
    return String(v);
  });
  expect(out).not.toMatch(/\{\w+\}/);
  return out;
}
const say = (l: CardLine): string => english(l.key, l.data);
const sayAll = (v: CardView): string[] => [say(v.title), ...v.lines.map(say), ...(v.outcome ? [say(v.outcome)] : [])];

// The sample strain character (Alice, tools/sample-data.ts) with her sample Art and ability, and a fresh target.
const SAMPLE = SAMPLE_ACTORS.find((a) => a.type === "strain-character")!;
const ITEMS: CardItem[] = sampleItemsFor("strain-character").map((s, n) => ({
  id: `item${n}`,
  name: s.name,
  type: s.type,
  system: s.system,
}));
const ABILITY = ITEMS.find((i) => i.type === "strain-ability")!;
const ART = ITEMS.find((i) => i.type === "strain-art")!;

function actor(
  id: string,
  name: string,
  over: Record<string, unknown> = {},
  items: CardItem[] = [],
  base = initialData(strainCharacter.fields),
): CardActor {
  return { id, name, type: "strain-character", system: mergeData(base, over), items };
}
const alice = (over: Record<string, unknown> = {}, items = ITEMS) =>
  actor("alice", SAMPLE.name, over, items, SAMPLE.system);
const bram = (over: Record<string, unknown> = {}) =>
  actor("bram", "Bram", over, [{ id: "bramAxe", name: "Bram's axe", type: "strain-ability", system: ABILITY.system }]);
const ability = (system: Record<string, unknown>, id = "ab"): CardItem => ({
  id,
  name: "Mind spike",
  type: "strain-ability",
  system: { ...(ABILITY.system as Record<string, unknown>), ...system },
});

function choice(
  over: Partial<AttackChoice> = {},
  options: Record<string, unknown> = { defence: "resilience" },
): AttackChoice {
  return { attacker: alice(), target: bram(), itemId: ABILITY.id, options, ...over };
}

function opened(c: AttackChoice) {
  const o = card.open(c);
  if (!o.ok) throw new Error(`${o.key}: ${o.reason}`);
  return o.state;
}

interface Played {
  readonly state: StrainAttackState;
  readonly events: readonly AttackEvent[];
  /** The view and the legal commands with their roles at each step, from the opening to the end. */
  readonly steps: readonly { step: string; view: CardView; roles: Record<string, CardRole> }[];
}

/** Open the card and click through every step the engine offers, as the card would. */
function play(c: AttackChoice, roller: Roller, stopAt: string | null = null): Played {
  const o = opened(c);
  const started = card.engine.start(o.setup, roller);
  if (!started.ok) throw new Error(started.reason);
  let state = started.state;
  const events: AttackEvent[] = [...started.events];
  for (const cmd of o.opening) {
    const r = card.engine.apply(state, cmd, roller);
    if (!r.ok) throw new Error(r.reason);
    state = r.state;
    events.push(...r.events);
  }
  const steps: { step: string; view: CardView; roles: Record<string, CardRole> }[] = [];
  for (;;) {
    const legal = card.engine.legal(state);
    const roles = Object.fromEntries(legal.map((cmd) => [cmd.type, card.roleFor(cmd, state)]));
    steps.push({ step: state.step, view: card.view(state, events), roles });
    if (legal.length === 0 || state.step === stopAt) break;
    const r = card.engine.apply(state, legal[0]!, roller);
    if (!r.ok) throw new Error(r.reason);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events, steps };
}

const ev = (events: readonly AttackEvent[], type: string) =>
  events.find((e) => e.type === type) as Record<string, unknown> | undefined;

/** Every path of a change exists in a new strain-character's data. */
function expectModelPaths(changes: Readonly<Record<string, unknown>>): void {
  const data = initialData(strainCharacter.fields);
  for (const path of Object.keys(changes)) {
    let node: unknown = data;
    for (const p of path.split(".")) {
      expect(node && typeof node === "object" && p in node, `${path} in the data model`).toBe(true);
      node = (node as Record<string, unknown>)[p];
    }
    expect(typeof node, path).toBe(typeof changes[path]);
  }
}

describe("strain attack card: opening", () => {
  it(
    "opens from the sample character's Art and ability: the core's characters keyed by actor " +
      "id, no opening command",
    () => {
      const o = opened(choice());
      expect(o.opening).toEqual([]);
      expect(o.setup.attacker).toMatchObject({
        id: "alice",
        arts: { [ART.name]: 2 },
        resilience: 1,
        evasion: 2,
        fatigueLoad: 2,
        fatigueTolerance: 3,
        stressLoad: 2,
        wounds: 1,
        stance: "Guarded",
        removed: false,
      });
      expect(o.setup.target).toMatchObject({ id: "bram", fatigueLoad: 0, fatigueTolerance: 3, statuses: {} });
      expect(o.setup).toMatchObject({
        kind: "physical",
        art: ART.name,
        defence: "resilience",
        deals: "fatigue",
        instances: 1,
        ranged: true,
        finisher: true,
        card: { attacker: "Alice", target: "Bram", item: ABILITY.name },
      });
      expect(card.attackItems).toEqual(["strain-ability"]);
      expect(card.engine.start(o.setup, scriptedRoller([])).ok).toBe(true);
    },
  );

  it("STR-36 an ability of no Art is a Basic Attack", () => {
    expect(opened(choice({ attacker: alice({}, [ART, ability({ art: "" })]), itemId: "ab" })).setup.art).toBe("basic");
  });

  it("STR-37 the target is offered the defences the attack kind allows", () => {
    expect(defencesAgainst(ABILITY)).toEqual(["resilience", "evasion"]);
    expect(defencesAgainst(ability({ attack: "mental" }))).toEqual(["resolve", "evasion"]);
    expect(defencesAgainst(ART)).toBeNull();
  });

  it("STR-42 STR-48 STR-44 the declaration's numbers come from the options", () => {
    const items = [ART, ability({ tags: ["overexert"] })];
    const o = opened(
      choice(
        { attacker: alice({}, items), itemId: "ab" },
        { defence: "evasion", adjacentEnemies: 2, cover: true, overexert: 1, boons: 1, banes: 2 },
      ),
    );
    expect(o.setup).toMatchObject({
      defence: "evasion",
      adjacentEnemies: 2,
      cover: true,
      overexert: 1,
      boons: 1,
      banes: 2,
      ranged: false,
    });
  });

  const refusals: [string, () => AttackChoice, string][] = [
    ["another actor's item", () => choice({ itemId: "bramAxe" }), "FRAY.Refusal.UnknownItem"],
    ["a missing item", () => choice({ itemId: "nothing" }), "FRAY.Refusal.UnknownItem"],
    ["no item", () => choice({ itemId: null }), "FRAY.Refusal.NoAttackItem"],
    ["an Art, not an ability", () => choice({ itemId: ART.id }), "FRAY.Refusal.NotAnAttackItem"],
    [
      "an ability that is no Attack",
      () => choice({ attacker: alice({}, [ART, ability({ attack: "none" })]), itemId: "ab" }),
      "FRAY.Refusal.NotAnAttackItem",
    ],
    [
      "an ability with junk data",
      () => choice({ attacker: alice({}, [ART, { ...ability({}), system: "junk" }]), itemId: "ab" }),
      "FRAY.Refusal.NotAnAttackItem",
    ],
    ["junk attacker data", () => choice({ attacker: { ...alice(), system: "junk" } }), "FRAY.Refusal.InvalidCombatant"],
    [
      "a target's Load that is not a number",
      () => choice({ target: bram({ fatigue: { load: "two" } }) }),
      "FRAY.Refusal.InvalidCombatant",
    ],
    [
      "an actor of another rule set",
      () => choice({ target: { ...bram(), type: "teams-character" } }),
      "FRAY.Refusal.InvalidCombatant",
    ],
    ["an attack on oneself", () => choice({ target: alice() }), "FRAY.Refusal.CannotAttackSelf"],
    ["STR-38 no defence chosen", () => choice({}, {}), "FRAY.Refusal.DefenceNotChosen"],
    [
      "STR-37 Resolve against a Physical attack",
      () => choice({}, { defence: "resolve" }),
      "FRAY.Refusal.DefenceNotAllowed",
    ],
    [
      "STR-44 Overexert from an ability without it",
      () => choice({}, { defence: "resilience", overexert: 1 }),
      "FRAY.Refusal.OverexertNotAllowed",
    ],
    [
      "STR-42 a negative count of adjacent enemies",
      () => choice({}, { defence: "resilience", adjacentEnemies: -1 }),
      "FRAY.Refusal.NegativeValue",
    ],
    [
      "STR-36 an Art the attacker does not have",
      () => choice({ attacker: alice({}, [ABILITY]) }),
      "FRAY.Refusal.UnknownArt",
    ],
    [
      "STR-61 an Incapacitated attacker",
      () => choice({ attacker: alice({ statuses: { incapacitated: true } }) }),
      "FRAY.Refusal.AttackerIncapacitated",
    ],
    [
      "STR-64 a target removed by three Wounds",
      () => choice({ target: bram({ wounds: 3 }) }),
      "FRAY.Refusal.TargetRemoved",
    ],
  ];
  for (const [what, make, key] of refusals) {
    it(`${what.replace(/^((?:STR-\d+ )*)/, "$1refuses ")} (${key.split(".").pop()}), in English`, () => {
      const r = card.open(make());
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.key).toBe(key);
      english(r.key, r.data ?? {});
    });
  }
});

describe("strain attack card: roles", () => {
  it("the attacker's owner rolls, the target's owner reacts, the GM applies and takes anything else", () => {
    const state = opened(choice()) as unknown as StrainAttackState;
    const role = (type: string) => card.roleFor({ type } as StrainAttackCommand, state);
    expect([role("roll"), role("rollDamage"), role("react"), role("skipReaction"), role("apply")]).toEqual([
      "attacker",
      "attacker",
      "target",
      "target",
      "gm",
    ]);
    expect([role("declare"), role("undo"), role("__proto__")]).toEqual(["gm", "gm", "gm"]);
  });
});

describe("strain attack card: a whole attack", () => {
  // Alice's Pinning shot (Way of the Reed +2) at Bram, who chose Resilience (+0): attack 5+4+2 = 11, defence 2+1 = 3.
  const hit = () => play(choice(), scriptedRoller([5, 4, 2, 1]));

  it("STR-40 a failed Resilience defence: the card's steps, roles, English lines and the pipeline's numbers", () => {
    const { steps, events } = hit();
    expect(steps.map((s) => [s.step, s.roles])).toEqual([
      ["rollToHit", { roll: "attacker" }],
      ["damage", { rollDamage: "attacker" }],
      ["apply", { apply: "gm" }],
      ["done", {}],
    ]);
    const text = steps.map((s) => sayAll(s.view));
    expect(text[0]).toEqual([
      "Alice attacks Bram with Pinning shot",
      "Bram defends with Resilience against this Physical attack (Way of the Reed).",
    ]);
    expect(steps[0]!.view.outcome).toBeNull();
    const toHit = ev(events, "toHitRolled")!;
    expect(toHit.comparison).toEqual({ total: 11, against: 3, margin: 8 });
    expect(text[1]).toEqual([
      "Alice attacks Bram with Pinning shot",
      "Bram defends with Resilience against this Physical attack (Way of the Reed).",
      "Alice's attack (2d6+2): 5, 4 +2 = 11, against Resilience 3",
      "Bram's Resilience (2d6): 2, 1 = 3",
      "Hit: Resilience fails, the effect is taken",
    ]);
    expect(steps[1]!.view.lines.filter((l) => l.dice).map((l) => l.key)).toEqual([
      "FRAY.Card.Strain.AttackRoll",
      "FRAY.Card.Strain.DefenceRoll",
    ]);
    expect(text[2]).toContain("The attack deals 1 Fatigue: +1 Fatigue Load.");
    expect(text[2]).toContain("Applying: Bram's Fatigue Load goes from 0 to 1.");
    expect(text[3]).toContain("Bram's Fatigue Load went from 0 to 1.");
  });

  it("STR-55 the apply plan writes the pipeline's damageApplied.after at the data model's paths", () => {
    const { state, events } = hit();
    const applied = ev(events, "damageApplied")!;
    const plan = card.applyPlan(state, events);
    expect(plan).toEqual({
      actors: [{ actorId: "bram", changes: { "fatigue.load": 1, "stress.load": 0 } }],
      statuses: [],
      dropped: [],
    });
    expect(plan.actors[0]!.changes).toEqual({
      "fatigue.load": (applied.after as Record<string, number>).fatigueLoad,
      "stress.load": (applied.after as Record<string, number>).stressLoad,
    });
    expectModelPaths(plan.actors[0]!.changes);
  });

  it("the apply plan is empty until the attack is applied", () => {
    const { state, events } = play(choice(), scriptedRoller([5, 4, 2, 1]), "apply");
    expect(state.step).toBe("apply");
    expect(card.applyPlan(state, events)).toEqual({ actors: [], statuses: [], dropped: [] });
  });

  it("the card's names survive the state stored as JSON", () => {
    const { state, events } = hit();
    const stored = JSON.parse(JSON.stringify(state)) as StrainAttackState;
    expect(say(card.view(stored, events).title)).toBe("Alice attacks Bram with Pinning shot");
  });

  it("STR-40 Resolve against a Mental attack: Stress, and the plan writes the Stress Load", () => {
    const items = [ART, ability({ attack: "mental", deals: "stress", tags: [] })];
    const { state, events, steps } = play(
      choice({ attacker: alice({}, items), itemId: "ab" }, { defence: "resolve" }),
      scriptedRoller([6, 6, 1, 1]),
    );
    expect(sayAll(steps[2]!.view)).toContain("Applying: Bram's Stress Load goes from 0 to 1.");
    const plan = card.applyPlan(state, events);
    expect(plan.actors).toEqual([{ actorId: "bram", changes: { "fatigue.load": 0, "stress.load": 1 } }]);
    expectModelPaths(plan.actors[0]!.changes);
  });

  it("STR-40 a successful defence: a miss, nothing to apply", () => {
    const { state, events, steps } = play(choice(), scriptedRoller([1, 1, 6, 6]));
    expect(steps.map((s) => s.step)).toEqual(["rollToHit", "apply", "done"]);
    expect(sayAll(steps[1]!.view)).toEqual(
      expect.arrayContaining(["Applying changes nothing.", "Miss: Resilience holds, the effect is avoided"]),
    );
    expect(card.applyPlan(state, events)).toEqual({ actors: [], statuses: [], dropped: [] });
  });

  it(
    "STR-41 an Evasion that succeeds avoids the effect but gives +1 Vulnerable (the text's outcomes, from " +
      "the defender's side)",
    () => {
      // Evasion +0 with its +1 Boon: three dice, two highest kept: 6+5 = 11 against 5+4+2 = 11, a tie to the defender.
      const { state, events, steps } = play(choice({}, { defence: "evasion" }), scriptedRoller([5, 4, 6, 5, 1]));
      const text = sayAll(steps[1]!.view);
      expect(text).toContain("Bram's Evasion (3d6kh2): 6, 5, [1] = 11");
      expect(text).toContain("Miss: Evaded, the effect is avoided but +1 Vulnerable");
      expect(text).toContain("Bram will have 1 Vulnerable.");
      const plan = card.applyPlan(state, events);
      expect(plan.actors).toEqual([{ actorId: "bram", changes: { "statuses.vulnerable": 1 } }]);
      expectModelPaths(plan.actors[0]!.changes);
    },
  );

  it("STR-43 STR-60 STR-61 a Finisher against an Exhausted target: the Incapacity Roll to come, then the drop", () => {
    // Bram at Fatigue 3/3 with a Stance; the hit makes him Exhausted (4 > 3). Incapacity Roll: 1+1+0 = 2, needing 5.
    const target = bram({ fatigue: { load: 3 }, stance: "Rooted" });
    const { state, events, steps } = play(choice({ target }), scriptedRoller([5, 4, 2, 1, 1, 1]));
    const before = sayAll(steps[2]!.view);
    expect(before).toContain(
      "Bram will be Exhausted: +1 Bane on offensive rolls, an Incapacity Roll after each Action.",
    );
    const rolled = ev(events, "incapacityRolled")!;
    expect((rolled.comparison as { against: number }).against).toBe(5);
    expect(before).toContain(
      "Bram then makes an Incapacity Roll (Finisher against an Exhausted target): 2d6, needing 5 or more.",
    );
    expect(before.some((t) => t.includes("is Incapacitated"))).toBe(false);
    const after = sayAll(steps[3]!.view);
    expect(after).toContain(
      "Bram's Incapacity Roll (Finisher against an Exhausted target, 2d6): 1, 1 = 2, needing 5: failed.",
    );
    expect(after).toContain("Bram is Incapacitated: the Stance Rooted ends, Fatigue Tolerance 2, Fatigue Load 3.");
    const plan = card.applyPlan(state, events);
    expect(plan.actors).toEqual([
      {
        actorId: "bram",
        changes: {
          "fatigue.load": 3,
          "stress.load": 0,
          "statuses.incapacitated": true,
          stance: "",
          "fatigue.tolerance": 2,
        },
      },
    ]);
    expectModelPaths(plan.actors[0]!.changes);
    // Incapacitated is the field written above; the token's icon follows it, so the plan sets no status.
    expect(plan.statuses).toEqual([]);
    expect(plan.dropped).toEqual([{ actorId: "bram", how: "unable" }]);
  });

  it(
    "STR-44 STR-59 Overexert Stress is taken before the roll; an Exhausted attacker rolls for " +
      "Incapacity after its Action",
    () => {
      const items = [ART, ability({ tags: ["overexert"] })];
      // Alice at Fatigue 4/3 is Exhausted: +1 Bane (three dice, two lowest kept) and an Incapacity Roll after the
      // attack.
      const attacker = alice({ fatigue: { load: 4 } }, items);
      const { state, events, steps } = play(
        choice({ attacker, itemId: "ab" }, { defence: "resilience", overexert: 2 }),
        scriptedRoller([6, 6, 5, 1, 1, 6, 6]),
      );
      expect(sayAll(steps[0]!.view)).toContain("Alice Overexerts: +2 Stress before the roll (Stress Load 2 → 4).");
      expect(sayAll(steps[0]!.view)).toContain(
        "Alice is now Frayed: +1 Bane on defensive rolls, a Panic Roll at the start of each turn.",
      );
      expect(sayAll(steps[1]!.view)).toContain("Alice's attack (3d6kl2+2): 6, [6], 5 +2 = 13, against Resilience 2");
      expect(sayAll(steps[2]!.view)).toContain(
        "Alice then makes an Incapacity Roll (Exhausted after an Action): 2d6+1, needing 5 or more.",
      );
      const plan = card.applyPlan(state, events);
      expect(plan.actors).toContainEqual({ actorId: "alice", changes: { "stress.load": 4, "fatigue.load": 4 } });
      for (const a of plan.actors) expectModelPaths(a.changes);
      expect(plan.dropped).toEqual([]);
    },
  );

  it("STR-61 an Incapacitated target cannot defend: the effect lands", () => {
    const { steps } = play(choice({ target: bram({ statuses: { incapacitated: true } }) }), scriptedRoller([1, 1]));
    const text = sayAll(steps[1]!.view);
    expect(text).toContain("Bram is Incapacitated and cannot defend.");
    expect(text).toContain("Hit: No defence, the effect is taken");
  });
});
