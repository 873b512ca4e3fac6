import type { Refusal, Roller } from "../core/shared/index.js";

/**
 * A run's memo of its fights' first state (sim-run.ts gives each run one, in its extras): every fight of a run starts
 * from the same parties, options and engine, so the engine's start, whose checks and copies were a tenth of a short
 * fight, runs once. Only a start that drew no die is kept (one that rolls, e.g. a faction's initiative at random,
 * must draw afresh each fight), and only for the very engine and party lists it was made for. The state kept is the
 * engine's own and is never changed: each fight's fast run works on a copy of it.
 */
export class FirstStates {
  private engine: unknown = null;
  private a: unknown = null;
  private b: unknown = null;
  private kept: unknown = null;
  private planA: unknown = null;
  private planB: unknown = null;
  private planned: unknown = null;

  /**
   * What every fight of `a` against `b` derives from the parties alone (the commands naming each member: plain data
   * the engines only read), made once a run by `make`.
   */
  plan<T>(a: unknown, b: unknown, make: () => T): T {
    if (this.planned !== null && a === this.planA && b === this.planB) return this.planned as T;
    const p = make();
    this.planA = a;
    this.planB = b;
    this.planned = p;
    return p;
  }

  /**
   * start's outcome for a fresh fight of `a` against `b` on `engine`: the kept state, or start itself (kept if it drew
   * no die).
   */
  of<State>(
    engine: unknown,
    a: unknown,
    b: unknown,
    roller: Roller,
    start: (roller: Roller) => { readonly ok: true; readonly state: State } | Refusal,
  ): { readonly ok: true; readonly state: State } | Refusal {
    if (this.kept !== null && engine === this.engine && a === this.a && b === this.b)
      return { ok: true, state: this.kept as State };
    let drawn = 0;
    const counting: Roller = { die: (sides) => (drawn++, roller.die(sides)), state: () => roller.state() };
    const o = start(counting);
    if (o.ok && drawn === 0) {
      this.engine = engine;
      this.a = a;
      this.b = b;
      this.kept = o.state;
    }
    return o;
  }
}
