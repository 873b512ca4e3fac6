/**
 * The few parts of the Quench module's API (Mocha + Chai inside Foundry) that Fray's batches use.
 * Declared here rather than installed: `@ethaks/fvtt-quench` is not among the packages this project
 * may install, and these shapes are all Fray needs. Quench docs: registerBatch(key, fn, { displayName }).
 */

/** `this` inside a Mocha test or hook written as `function () {}`. */
export interface MochaContext {
  timeout(ms: number): void;
  skip(): never;
}

export type MochaFn = (this: MochaContext) => void | Promise<void>;

/** The Chai `assert` methods the batches call. */
export interface QuenchAssert {
  (value: unknown, message?: string): void;
  ok(value: unknown, message?: string): void;
  isTrue(value: unknown, message?: string): void;
  isFalse(value: unknown, message?: string): void;
  isNull(value: unknown, message?: string): void;
  isNotNull(value: unknown, message?: string): void;
  equal(actual: unknown, expected: unknown, message?: string): void;
  strictEqual(actual: unknown, expected: unknown, message?: string): void;
  notStrictEqual(actual: unknown, expected: unknown, message?: string): void;
  deepEqual(actual: unknown, expected: unknown, message?: string): void;
  lengthOf(value: { readonly length: number }, length: number, message?: string): void;
  include(haystack: string | readonly unknown[], needle: unknown, message?: string): void;
  fail(message?: string): never;
}

// Quench hands a batch mocha's free functions, which a batch takes apart: they are properties, not methods.
export interface QuenchBatchContext {
  describe: (title: string, fn: (this: unknown) => void) => void;
  it: (title: string, fn: MochaFn) => void;
  before: (fn: MochaFn) => void;
  after: (fn: MochaFn) => void;
  beforeEach: (fn: MochaFn) => void;
  afterEach: (fn: MochaFn) => void;
  assert: QuenchAssert;
}

export interface QuenchBatchOptions {
  displayName?: string;
  preSelected?: boolean;
}

export interface Quench {
  registerBatch(key: string, fn: (context: QuenchBatchContext) => void, options?: QuenchBatchOptions): void;
}

/**
 * Hooks as a plain string-keyed bus, for hooks Foundry's types do not list (`quenchReady`, Fray's own
 * `fray.*` hooks): the batch listens to them without merging new names into the Foundry types.
 */
interface LooseHooks {
  on(hook: string, fn: (...args: never[]) => unknown): number;
  once(hook: string, fn: (...args: never[]) => unknown): number;
  off(hook: string, id: number): void;
}

export const looseHooks = (): LooseHooks => Hooks;
