/**
 * A triggered effect waiting to resolve: whose it is, their initiative, and the effects it sets off
 * in turn when it resolves.
 */
export interface TriggeredEffect {
  readonly id: string;
  readonly owner: string;
  readonly initiative: number;
  readonly sets: readonly TriggeredEffect[];
}

/** STR-53: effects from one common trigger, in initiative order from the top down (stable for ties). */
export function byInitiative(effects: readonly TriggeredEffect[]): TriggeredEffect[] {
  return effects
    .map((e, i) => ({ e, i }))
    .sort((a, b) => b.e.initiative - a.e.initiative || a.i - b.i)
    .map((x) => x.e);
}

/**
 * The order in which effects finish resolving. STR-54: an effect set off by another interrupts it and
 * resolves first, last-in-first-out, so the one that set it off finishes after; STR-53 orders siblings.
 */
export function resolutionOrder(common: readonly TriggeredEffect[]): string[] {
  const out: string[] = [];
  // An explicit stack: each frame finishes after everything it set off.
  const stack: { e: TriggeredEffect; expanded: boolean }[] = [];
  for (const e of byInitiative(common).reverse()) stack.push({ e, expanded: false });
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.expanded || top.e.sets.length === 0) {
      stack.pop();
      out.push(top.e.id);
      continue;
    }
    top.expanded = true;
    for (const child of byInitiative(top.e.sets).reverse()) stack.push({ e: child, expanded: false });
  }
  return out;
}
