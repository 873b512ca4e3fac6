/**
 * Foundry v13's dice as far as Fray uses them, behaving as v13's client/dice does (roll.mjs, terms/*.mjs): a term's
 * `formula` is its expression, `Roll.getFormula` joins them, `Roll.fromTerms` takes evaluated terms and computes the
 * total from their totals (operators included), a `Die`'s total counts its active results (or their `count`), a pool
 * keeps its active results, `toJSON`/`fromData` round-trip, and `new Roll("1dN").evaluate()` rolls the next scripted
 * face (what a fulfilment method or Dice So Nice would give). Roll messages: `applyRollMode` and who sees their
 * numbers (`isRollContentVisible`), as client/documents/chat-message.mjs does.
 */
import { shown } from "../../src/core/shared/shown.js";

type Data = Record<string, unknown>;

export interface FakeResult {
  result: number;
  active: boolean;
  discarded?: boolean;
  success?: boolean;
  count?: number;
}

export class FakeRollTerm {
  options: Data;
  _evaluated = false;
  static SERIALIZE_ATTRIBUTES: readonly string[] = [];
  constructor({ options = {} }: { options?: Data } = {}) {
    this.options = options;
  }
  get expression(): string {
    throw new Error("a term must give its expression");
  }
  get flavor(): string {
    return typeof this.options.flavor === "string" ? this.options.flavor : "";
  }
  get formula(): string {
    return this.flavor ? `${this.expression}[${this.flavor}]` : this.expression;
  }
  get total(): number | string | undefined {
    return undefined;
  }
  toJSON(): Data {
    const data: Data = {
      class: this.constructor.name.replace(/^Fake/, ""),
      options: this.options,
      evaluated: this._evaluated,
    };
    for (const a of (this.constructor as typeof FakeRollTerm).SERIALIZE_ATTRIBUTES)
      data[a] = (this as unknown as Data)[a];
    return data;
  }
  static fromData(data: Data): FakeRollTerm {
    const cls = TERMS[String(data.class)] ?? FakeDie;
    return cls._fromData(data);
  }
  static _fromData(data: Data): FakeRollTerm {
    const term = new (this as unknown as new (d: Data) => FakeRollTerm)(data);
    term._evaluated = (data.evaluated as boolean | undefined) ?? true;
    return term;
  }
}

export class FakeDie extends FakeRollTerm {
  number: number;
  faces: number;
  modifiers: string[];
  results: FakeResult[];
  static override SERIALIZE_ATTRIBUTES = ["number", "faces", "modifiers", "results"];
  /** The faces the next evaluations show, in order. */
  static faces: number[] = [];
  constructor({ number = 1, faces = 6, modifiers = [], results = [], options = {} }: Data) {
    super({ options: options as Data });
    this.number = number as number;
    this.faces = faces as number;
    this.modifiers = modifiers as string[];
    this.results = results as FakeResult[];
    if (this.results.length) this._evaluated = true;
  }
  override get expression(): string {
    return `${this.number}d${this.faces}${this.modifiers.join("")}`;
  }
  override get total(): number | undefined {
    if (!this._evaluated) return undefined;
    return this.results.reduce((t, r) => (r.active ? t + (r.count !== undefined ? r.count : r.result) : t), 0);
  }
  evaluate(): void {
    for (let i = 0; i < this.number; i++) {
      const v = FakeDie.faces.shift();
      if (v === undefined || v < 1 || v > this.faces) throw new Error(`no scripted d${this.faces}`);
      this.results.push({ result: v, active: true });
    }
    this._evaluated = true;
  }
}

export class FakeNumericTerm extends FakeRollTerm {
  number: number;
  static override SERIALIZE_ATTRIBUTES = ["number"];
  constructor({ number, options = {} }: Data) {
    super({ options: options as Data });
    this.number = Number(number);
  }
  override get expression(): string {
    return String(this.number);
  }
  override get total(): number {
    return this.number;
  }
}

export class FakeOperatorTerm extends FakeRollTerm {
  operator: string;
  static override SERIALIZE_ATTRIBUTES = ["operator"];
  constructor({ operator, options = {} }: Data) {
    super({ options: options as Data });
    this.operator = operator as string;
    this._evaluated = true;
  }
  override get expression(): string {
    return ` ${this.operator} `;
  }
  override get total(): string {
    return ` ${this.operator} `;
  }
}

export class FakePoolTerm extends FakeRollTerm {
  terms: string[];
  modifiers: string[];
  rolls: FakeRoll[];
  results: FakeResult[];
  static override SERIALIZE_ATTRIBUTES = ["terms", "modifiers", "rolls", "results"];
  constructor({ terms = [], modifiers = [], rolls = [], results = [], options = {} }: Data) {
    super({ options: options as Data });
    this.terms = terms as string[];
    this.modifiers = modifiers as string[];
    this.rolls = rolls as FakeRoll[];
    this.results = results as FakeResult[];
    if (this.rolls.length && this.results.length) this._evaluated = true;
  }
  static override _fromData(data: Data): FakeRollTerm {
    data.rolls = ((data.rolls as Data[] | undefined) ?? []).map((r) =>
      r instanceof FakeRoll ? r : FakeRoll.fromData(r),
    );
    return super._fromData(data);
  }
  get dice(): FakeDie[] {
    return this.rolls.flatMap((r) => r.dice);
  }
  override get expression(): string {
    return `{${this.terms.join(",")}}${this.modifiers.join("")}`;
  }
  override get total(): number | undefined {
    if (!this._evaluated) return undefined;
    return this.results.reduce((t, r) => (r.active ? t + (r.count !== undefined ? r.count : r.result) : t), 0);
  }
  override toJSON(): Data {
    const data = super.toJSON();
    data.rolls = this.rolls.map((r) => r.toJSON());
    return data;
  }
}

const TERMS: Record<string, typeof FakeRollTerm> = {
  Die: FakeDie,
  NumericTerm: FakeNumericTerm,
  OperatorTerm: FakeOperatorTerm,
  PoolTerm: FakePoolTerm,
};

export class FakeRoll {
  data: Data;
  options: Data;
  terms: FakeRollTerm[];
  _formula: string;
  _evaluated = false;
  _total: number | undefined;
  _dice: FakeDie[] = [];
  constructor(formula: string, data: Data = {}, options: Data = {}) {
    this.data = data;
    this.options = options;
    // Only the plain `NdX` the tray draws is parsed here; fromTerms and fromData put their own terms in.
    const m = /^(\d+)d(\d+)$/.exec(formula.trim());
    this.terms = m ? [new FakeDie({ number: Number(m[1]), faces: Number(m[2]) })] : [];
    this._formula = FakeRoll.getFormula(this.terms) || formula;
  }
  static getFormula(terms: readonly FakeRollTerm[]): string {
    return terms.map((t) => t.formula).join("");
  }
  get formula(): string {
    return FakeRoll.getFormula(this.terms);
  }
  get total(): number {
    return Number(this._total) || 0;
  }
  get dice(): FakeDie[] {
    return this._dice.concat(
      this.terms.flatMap((t) => [...((t as { dice?: FakeDie[] }).dice ?? []), ...(t instanceof FakeDie ? [t] : [])]),
    );
  }
  evaluate(): Promise<this> {
    for (const t of this.terms) if (t instanceof FakeDie && !t._evaluated) t.evaluate();
    this._evaluated = true;
    this._total = this._evaluateTotal();
    return Promise.resolve(this);
  }
  /** As Foundry: the terms' totals joined and evaluated as arithmetic. */
  _evaluateTotal(): number {
    const expression = this.terms.map((t) => t.total).join(" ");
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- as Foundry's Roll.safeEval, on the terms' numbers
    const total = (Function(`"use strict"; return (${expression});`) as () => unknown)();
    if (typeof total !== "number" || !Number.isFinite(total)) throw new Error(`non-numeric total for ${this.formula}`);
    return total;
  }
  toJSON(): Data {
    return {
      class: "Roll",
      options: this.options,
      dice: this._dice,
      formula: this._formula,
      terms: this.terms.map((t) => t.toJSON()),
      total: this._total,
      evaluated: this._evaluated,
    };
  }
  static fromData(data: Data): FakeRoll {
    if (data.class && data.class !== "Roll")
      throw new Error(`Unable to recreate ${shown(data.class)} instance from provided data`);
    const roll = new FakeRoll(
      String(data.formula),
      (data.data as Data | undefined) ?? {},
      (data.options as Data | undefined) ?? {},
    );
    roll.terms = (data.terms as Data[]).map((t) => FakeRollTerm.fromData(t));
    if ((data.evaluated as boolean | undefined) ?? true) {
      roll._total = data.total as number;
      roll._evaluated = true;
    }
    return roll;
  }
  static fromTerms(terms: FakeRollTerm[], options: Data = {}): FakeRoll {
    if (!terms.every((t) => t instanceof FakeRollTerm))
      throw new Error("All provided terms must be RollTerm instances");
    const allEvaluated = terms.every((t) => t._evaluated);
    const noneEvaluated = terms.every((t) => !t._evaluated || t instanceof FakeOperatorTerm);
    if (!(allEvaluated || noneEvaluated))
      throw new Error("You can only call Roll.fromTerms with terms all evaluated or none");
    const roll = new this(this.getFormula(terms), {}, options);
    roll.terms = terms;
    roll._evaluated = allEvaluated;
    if (allEvaluated) roll._total = roll._evaluateTotal();
    return roll;
  }
}

/** What `foundry.dice.terms` holds, for the code that reads it. */
export const fakeDiceTerms = {
  RollTerm: FakeRollTerm,
  Die: FakeDie,
  NumericTerm: FakeNumericTerm,
  OperatorTerm: FakeOperatorTerm,
  PoolTerm: FakePoolTerm,
};

/** A user as a roll message's visibility reads it. */
export interface ChatUser {
  readonly id: string;
  readonly isGM: boolean;
}

/**
 * v13's `ChatMessage.applyRollMode(chatData, rollMode)` (client/documents/chat-message.mjs), with the creating
 * client's user and the world's users made explicit: public whispers to nobody, self to the creating user, private and
 * blind to the GMs unless the data already names recipients; `blind` is set for a blind roll only.
 */
export function applyRollMode(chatData: Data, rollMode: string, creator: ChatUser, users: readonly ChatUser[]): Data {
  const named = Array.isArray(chatData.whisper) && chatData.whisper.length > 0 ? (chatData.whisper as string[]) : null;
  chatData.whisper =
    rollMode === "publicroll"
      ? []
      : rollMode === "selfroll"
        ? [creator.id]
        : (named ?? users.filter((u) => u.isGM).map((u) => u.id));
  chatData.blind = rollMode === "blindroll";
  return chatData;
}

/**
 * Whether `viewer` sees a roll message's numbers, as v13's `ChatMessage#isContentVisible` decides for a message with
 * rolls: with no whisper, everyone; else the whispered users, and its author unless it is blind. Others see
 * "<author> rolled privately" (`#renderRollContent`). `author` is the user whose client created the message.
 */
export function isRollContentVisible(
  message: { readonly whisper?: unknown; readonly blind?: unknown },
  viewer: string,
  author: string,
): boolean {
  const whisper = Array.isArray(message.whisper) ? (message.whisper as string[]) : [];
  const isBlind = whisper.length > 0 && message.blind === true;
  if (whisper.length > 0) return whisper.includes(viewer) || (viewer === author && !isBlind);
  return true;
}
