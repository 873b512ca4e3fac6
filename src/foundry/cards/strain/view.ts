import type { AttackEvent } from "../../../core/attack/pipeline.js";
import { strainAttack } from "../../../core/attack/strain/engine.js";
import type { StrainAttackState } from "../../../core/attack/strain/types.js";
import type { CardLine, CardView } from "../attack-ruleset.js";
import { effectLine, effectLines } from "./effect-lines.js";
import { probeRoller } from "./probe-roller.js";
import { cardNames, nameOf } from "./setup.js";
import { breakdown, isRoll, line, num, word } from "./words.js";

type Ev = AttackEvent & Readonly<Record<string, unknown>>;

function declared(state: StrainAttackState): CardLine {
  const s = state.setup;
  return line("Declared", {
    name: cardNames(state).target,
    defence: word("Defence", s.defence),
    kind: word("Kind", s.kind),
    art: s.art === "basic" ? word("Art", "basic") : s.art,
  });
}

function overexerted(state: StrainAttackState, e: Ev, events: readonly AttackEvent[]): CardLine {
  const added = events.find((x): x is Ev => x.type === "loadAdded" && (x as Ev).combatant === e.combatant);
  const before = num((added?.before as { stressLoad?: unknown } | undefined)?.stressLoad);
  const after = num((added?.after as { stressLoad?: unknown } | undefined)?.stressLoad);
  return line("Overexerted", { name: nameOf(state, e.combatant), stress: num(e.stress), before, after });
}

/** The attack roll against the defence roll (STR-39..41), each with its dice, modifier and total. */
function rolls(state: StrainAttackState, e: Ev, events: readonly AttackEvent[]): CardLine[] {
  const out: CardLine[] = [];
  const against = num((e.comparison as { against?: unknown }).against);
  if (isRoll(e.roll))
    out.push(
      line(
        "AttackRoll",
        {
          name: cardNames(state).attacker,
          ...breakdown(e.roll),
          defence: word("Defence", state.setup.defence),
          against,
        },
        true,
      ),
    );
  for (const x of events as readonly Ev[]) {
    if (x.type === "defenceRolled" && isRoll(x.roll)) {
      out.push(
        line(
          "DefenceRoll",
          { name: nameOf(state, x.combatant), defence: word("Defence", String(x.defence)), ...breakdown(x.roll) },
          true,
        ),
      );
    } else if (x.type === "defenceSkipped") out.push(line("DefenceSkipped", { name: nameOf(state, x.combatant) }));
  }
  return out;
}

function damage(e: Ev, state: StrainAttackState): CardLine {
  const amount = num(e.amount);
  if (amount === 0) return line("NoLoad");
  return line("Damage", { amount, deals: word("Deals", state.setup.deals), load: word("Load", state.setup.deals) });
}

/** The lines of the events so far, in the order they happened (the defence roll shown under the attack roll). */
function eventLines(state: StrainAttackState, events: readonly AttackEvent[]): CardLine[] {
  const out: CardLine[] = [];
  for (const event of events) {
    const e = event as Ev;
    if (e.type === "attackDeclared") out.push(declared(state));
    else if (e.type === "overexerted") out.push(overexerted(state, e, events));
    else if (e.type === "toHitRolled") out.push(...rolls(state, e, events));
    else if (e.type === "damageRolled") out.push(damage(e, state));
    else {
      const l = effectLine(state, e, "Did");
      if (l) out.push(l);
    }
  }
  return out;
}

/** What applying will do: the apply step run on a copy with a probe roller; only what no die decides is shown. */
function preview(state: StrainAttackState): CardLine[] {
  const r = strainAttack.apply(state, { type: "apply" }, probeRoller());
  return r.ok ? effectLines(state, r.events, "Will") : [];
}

/** The defence's result in the rule set's words, under the pipeline's hit or miss. */
function outcome(events: readonly AttackEvent[]): CardLine | null {
  const toHit = events.find((e): e is Ev => e.type === "toHitRolled");
  if (!toHit) return null;
  const skipped = events.some((e) => e.type === "defenceSkipped");
  const result = events.find((e): e is Ev => e.type === "defenceResult");
  const name = skipped || !result ? "incapacitated" : `${String(result.defence)}.${String(result.result)}`;
  return line(`Outcome.${toHit.outcome === "hit" ? "hit" : "miss"}`, { result: word("Result", name) });
}

export function view(state: StrainAttackState, events: readonly AttackEvent[]): CardView {
  const names = cardNames(state);
  const lines = eventLines(state, events);
  if (state.step === "apply") lines.push(...preview(state));
  return {
    title: line("Title", { attacker: names.attacker, target: names.target, item: names.item }),
    lines,
    outcome: outcome(events),
  };
}
